package mcpclient

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// CommandTransport runs an MCP server as a child process and speaks
// newline-delimited JSON-RPC over its stdin and stdout. The caller builds
// Cmd (arguments, environment, directory, stderr, process group); Stdin
// and Stdout must be unset.
type CommandTransport struct {
	Cmd *exec.Cmd
	// TerminateAfter is how long Close waits for the server to exit after
	// its stdin is closed, and again after SIGTERM, before SIGKILL
	// (default 2s). With Cmd in a process group of its own, the signals
	// go to the whole group.
	TerminateAfter time.Duration
	// MaxMessage bounds one line from the server (default
	// DefaultMaxMessage); a longer one ends the connection.
	MaxMessage int
}

// Connect starts the process. It is not tied to ctx: it runs until Close.
func (t *CommandTransport) Connect(_ context.Context, r Receiver) (Conn, error) {
	cmd := t.Cmd
	if cmd == nil {
		return nil, errors.New("no command")
	}
	if cmd.Stdin != nil || cmd.Stdout != nil {
		return nil, errors.New("command's stdin or stdout already set")
	}
	// Our own pipes rather than StdinPipe/StdoutPipe: *os.File pipes take
	// write deadlines (a server that stops reading cannot block a caller
	// past its context) and need no copying goroutine in exec.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	c := &stdioConn{cmd: cmd, in: inW, out: outR, term: t.TerminateAfter, exited: make(chan struct{})}
	if c.term <= 0 {
		c.term = 2 * time.Second
	}
	max := t.MaxMessage
	if max <= 0 {
		max = DefaultMaxMessage
	}
	go c.reap()
	go c.read(r, max)
	return c, nil
}

type stdioConn struct {
	cmd  *exec.Cmd
	in   *os.File
	out  *os.File
	term time.Duration

	wmu  sync.Mutex // one message at a time on stdin
	wbuf []byte
	// dmu orders the write deadline's setting and clearing; gen counts
	// writes, so a late setter sees its write is over.
	dmu    sync.Mutex
	gen    uint64
	exited chan struct{}

	once     sync.Once
	closeErr error
}

// reap waits for the process, so it never lingers as a zombie, and then
// clears out anything it left in its process group.
func (c *stdioConn) reap() {
	_ = c.cmd.Wait()
	killGroup(c.cmd)
	close(c.exited)
}

func (c *stdioConn) read(r Receiver, max int) {
	br := bufio.NewReaderSize(c.out, 64<<10)
	for {
		line, err := readLine(br, max)
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, os.ErrClosed) {
				err = errors.New("the server closed its output")
				select {
				case <-c.exited:
					err = fmt.Errorf("the server exited (%v)", c.cmd.ProcessState)
				case <-time.After(50 * time.Millisecond):
				}
			}
			r.Lost(err)
			return
		}
		if len(line) > 0 {
			r.Receive(context.Background(), line)
		}
	}
}

// readLine returns the next line without its newline (and a trailing
// CR), in a slice of its own, failing once the line passes max bytes.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	frag, err := br.ReadSlice('\n')
	if err == nil {
		if len(frag) > max && len(trimEOL(frag)) > max {
			return nil, fmt.Errorf("message larger than %d bytes", max)
		}
		return copyLine(frag), nil
	}
	var buf []byte
	for errors.Is(err, bufio.ErrBufferFull) {
		if len(buf)+len(frag) > max {
			return nil, fmt.Errorf("message larger than %d bytes", max)
		}
		buf = append(buf, frag...)
		frag, err = br.ReadSlice('\n')
	}
	if err != nil {
		if len(buf)+len(frag) > 0 && errors.Is(err, io.EOF) {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, err
	}
	line := trimEOL(append(buf, frag...))
	if len(line) > max {
		return nil, fmt.Errorf("message larger than %d bytes", max)
	}
	return line, nil
}

func copyLine(frag []byte) []byte {
	frag = trimEOL(frag)
	return append(make([]byte, 0, len(frag)), frag...)
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

// Send writes msg and a newline. A write that ctx interrupts part-way
// leaves the stream unusable, so it closes the connection.
func (c *stdioConn) Send(ctx context.Context, msg []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.wbuf = append(append(c.wbuf[:0], msg...), '\n')
	// The deadline that interrupts the write is set by ctx's AfterFunc
	// only while this write is in progress: one that runs late (ctx ended
	// just as the write finished, as when the answer to this very request
	// came back at once and its caller was done with ctx) must not leave
	// the deadline behind for the next message.
	c.dmu.Lock()
	c.gen++
	gen := c.gen
	c.dmu.Unlock()
	stop := context.AfterFunc(ctx, func() {
		c.dmu.Lock()
		if c.gen == gen {
			_ = c.in.SetWriteDeadline(time.Unix(1, 0))
		}
		c.dmu.Unlock()
	})
	n, err := c.in.Write(c.wbuf)
	if !stop() {
		c.dmu.Lock()
		c.gen++
		_ = c.in.SetWriteDeadline(time.Time{})
		c.dmu.Unlock()
	}
	if cap(c.wbuf) > 1<<20 {
		c.wbuf = nil // do not keep a huge buffer for small messages
	}
	if err != nil {
		if n > 0 {
			go c.Close()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%w: writing to the server: %v", ErrConnectionClosed, err)
	}
	return nil
}

// Close closes the server's stdin and waits for it to exit; then SIGTERM,
// then SIGKILL.
func (c *stdioConn) Close() error {
	c.once.Do(func() {
		c.in.Close()
		if !c.waitExit(c.term) {
			terminate(c.cmd)
			if !c.waitExit(c.term) {
				kill(c.cmd)
				<-c.exited
			}
		}
		c.out.Close()
	})
	return c.closeErr
}

func (c *stdioConn) waitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c.exited:
		return true
	case <-t.C:
		return false
	}
}
