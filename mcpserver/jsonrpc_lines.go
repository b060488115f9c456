package mcpserver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
)

// MaxLineBytes bounds one newline-delimited JSON-RPC message on stdio. It
// is far above any real call (the HTTP transports stop at MaxBodyBytes)
// and keeps a client that never sends a newline from growing the server
// without end.
const MaxLineBytes = 32 << 20

// maxLineBytes is MaxLineBytes, lowered by tests.
var maxLineBytes = MaxLineBytes

// maxInflightLines bounds the requests of one stdio connection running at
// once; the reader waits for a slot, which pushes back on the client.
const maxInflightLines = 64

// ServeLines serves MCP over newline-delimited JSON-RPC on in and out
// until in ends or ctx is cancelled; the scope comes from ctx. Every
// request runs on its own goroutine, so that a tool call waiting for the
// client's answer to an elicitation does not stop the reader that brings
// that answer. The end of in is the client's shutdown: the requests still
// running are cancelled, and ServeLines returns once they have ended.
func (s *MCPServer) ServeLines(ctx context.Context, in io.Reader, out io.Writer, errLog io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wmu sync.Mutex
	var werr error
	write := func(_ context.Context, msg []byte) error {
		wmu.Lock()
		defer wmu.Unlock()
		if werr != nil {
			return werr
		}
		// One Write per message keeps concurrent answers whole.
		if _, err := out.Write(append(msg, '\n')); err != nil {
			werr = err
			cancel()
		}
		return werr
	}
	p := newPeer(write)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel() // before the wait: the end of input ends the calls
	defer p.close()
	sem := make(chan struct{}, maxInflightLines)
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, err := readLine(r)
		if len(line) > 0 {
			span("s.read")
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			wg.Add(1)
			go func(line []byte) {
				defer wg.Done()
				defer func() { <-sem }()
				span("s.handler")
				mctx, after := withAfterReply(ctx)
				traceMark("msg")
				if resp := s.serveMessage(mctx, p, line); resp != nil {
					_ = write(ctx, resp)
					span("s.write")
				}
				traceMark("written")
				after.run()
			}(line)
			// Let the handler start on this thread rather than wait for
			// another one to steal it while this one blocks reading stdin
			// (a blocking file), as workerproc's reader does.
			runtime.Gosched()
		}
		switch {
		case errors.Is(err, errLineTooLong):
			fmt.Fprintf(errLog, "justbash mcp: dropped a message longer than %d bytes\n", maxLineBytes)
			_ = write(ctx, errorResponse(nil, codeParseError, fmt.Sprintf("Parse error: message longer than %d bytes", maxLineBytes)))
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// serveMessage answers one message of a stream transport: a batch or a
// single message.
func (s *MCPServer) serveMessage(ctx context.Context, p *peer, msg []byte) []byte {
	if batch, ok := asBatch(msg); ok {
		return s.handleBatch(ctx, p, batch)
	}
	return s.handle(ctx, p, msg)
}

var errLineTooLong = errors.New("line too long")

// readLine returns the next line without its newline, copied (the caller
// keeps it past the next read). A line over maxLineBytes is skipped up to
// its newline and reported as errLineTooLong.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		frag, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(frag) > maxLineBytes+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, frag...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			if err == nil {
				err = errLineTooLong
			}
			return nil, err
		}
		n := len(line)
		for n > 0 && (line[n-1] == '\n' || line[n-1] == '\r') {
			n--
		}
		return line[:n], err
	}
}
