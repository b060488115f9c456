package workerproc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
)

// Process is a started worker and the connection to it.
type Process struct {
	*Conn
	cmd    *exec.Cmd
	stderr tailBuffer
	// stderrDone is closed when the worker's stderr ends: it exited.
	stderrDone chan struct{}
	once       sync.Once
	dead       chan struct{}
	why        string
}

// Start runs argv with exactly env as its environment (nil: an empty
// one, so no secret of the parent's leaks in) and connects to it; calls
// the worker makes go to h.
func Start(argv, env []string, h Handler) (*Process, error) {
	if len(argv) == 0 {
		return nil, errors.New("workerproc: no worker command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append([]string{}, env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	p := &Process{cmd: cmd, dead: make(chan struct{}), stderrDone: make(chan struct{})}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting a worker: %w", err)
	}
	// A worker speaks only within a call: its frames are read by the
	// callers waiting for replies (see Conn).
	p.Conn = newOnDemandConn(out, in, h)
	go func() {
		_, _ = io.Copy(&p.stderr, errPipe)
		close(p.stderrDone)
		// The worker exited (its stderr ends with it), maybe while no
		// call was reading its stdout: read that to its end, so that
		// the connection ends and the process is reaped.
		p.Conn.peerGone()
	}()
	go func() {
		// The stream's end is the worker's: reap it.
		<-p.Conn.Done()
		p.Kill("")
	}()
	return p, nil
}

// Kill stops the worker once, recording why ("" when it died by itself),
// and waits for it to be reaped.
func (p *Process) Kill(why string) {
	p.once.Do(func() {
		p.why = why
		_ = p.cmd.Process.Kill()
		// Wait closes the stderr pipe: first the worker's last words.
		<-p.stderrDone
		_ = p.cmd.Wait()
		close(p.dead)
	})
	<-p.dead
}

// Pid is the worker's process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Dead is closed once the worker is reaped.
func (p *Process) Dead() <-chan struct{} { return p.dead }

// Stderr is the head and tail of what the worker wrote on stderr.
func (p *Process) Stderr() string { return p.stderr.String() }

// OutOfMemory tells whether the worker died for lack of memory (its
// address-space cap): the Go runtime's last words say so.
func (p *Process) OutOfMemory() bool {
	tail := p.stderr.String()
	for _, s := range []string{"out of memory", "cannot allocate memory", "failed to allocate", "address space"} {
		if strings.Contains(tail, s) { // the last two: -race builds
			return true
		}
	}
	return false
}

// Reason says why the worker is gone: the kill's reason, or what its
// last words show.
func (p *Process) Reason() string {
	select {
	case <-p.dead:
	default:
		return "is running"
	}
	if p.why != "" {
		return p.why
	}
	tail := p.stderr.String()
	switch {
	case p.OutOfMemory():
		return "ran out of memory (over its address-space limit)"
	case strings.Contains(tail, "stack overflow"):
		return "overflowed its stack"
	case strings.Contains(tail, "panic"):
		return "crashed"
	}
	if st := p.cmd.ProcessState; st != nil {
		return "exited (" + st.String() + ")"
	}
	return "exited"
}

// FirstLine is the first line of the worker's stderr.
func (p *Process) FirstLine() string {
	msg := strings.TrimSpace(p.stderr.String())
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// LastLine is the last line of the worker's stderr.
func (p *Process) LastLine() string {
	s := strings.TrimSpace(p.stderr.String())
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// Serve makes this process a worker on stdin/stdout: calls from the
// parent go to h. It returns when the parent closes the pipe.
func Serve(h Handler) {
	<-ServeConn(os.Stdin, os.Stdout, h).Done()
}

// ServeConn is NewConn for a worker's side: when r and w are this
// process's stdin and stdout pipes, it reads and writes them through Go's
// poller (see polledStdio).
func ServeConn(r io.Reader, w io.Writer, h Handler) *Conn {
	r, w = polledStdio(r, w)
	return NewConn(r, w, h)
}

// VMSize is this process's virtual size from /proc/self/status, or
// 4 GiB when that cannot be read (not Linux).
func VMSize() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "VmSize:"); ok {
				f := strings.Fields(v)
				if n, err := strconv.ParseUint(f[0], 10, 64); err == nil && len(f) == 2 && f[1] == "kB" {
					return n << 10
				}
			}
		}
	}
	return 4 << 30
}

// tailBuffer keeps the first and the last bytes a worker wrote on stderr:
// a Go runtime's fatal error comes first, then pages of stacks.
type tailBuffer struct {
	mu   sync.Mutex
	head []byte
	buf  []byte
}

const tailMax = 8 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := tailMax - len(t.head); room > 0 {
		t.head = append(t.head, p[:min(room, len(p))]...)
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailMax {
		t.buf = t.buf[len(t.buf)-tailMax:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.buf) <= len(t.head) {
		// Everything fits in the head: the tail would repeat it.
		return string(t.head)
	}
	return string(t.head) + string(t.buf)
}
