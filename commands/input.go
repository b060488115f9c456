package commands

import (
	"bufio"
	"context"
	"github.com/justbash/justbash/commands/internal/quote"
	"io"

	"github.com/justbash/justbash/commands/internal/boundio"
)

// inputFunc consumes one input. It returns false to stop processing the
// remaining inputs (a write to stdout failed, the context ended).
type inputFunc func(name string, r io.Reader) bool

// EachInput opens every operand in turn ("-" is standard input; no operand
// means standard input) and hands it to fn. Open errors are reported as
// coreutils do, "cmd: name: reason" with the name quoted when it needs
// it, and make the status 1.
func (c *Context) EachInput(ctx context.Context, names []string, fn inputFunc) int {
	return c.eachInput(ctx, names, quote.Name, fn)
}

// EachInputPlain is EachInput for the tools that print a name as it is
// (util-linux's column and rev).
func (c *Context) EachInputPlain(ctx context.Context, names []string, fn inputFunc) int {
	return c.eachInput(ctx, names, func(s string) string { return s }, fn)
}

func (c *Context) eachInput(ctx context.Context, names []string, show func(string) string, fn inputFunc) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	status := 0
	for _, name := range names {
		if ctx.Err() != nil {
			return 1
		}
		r, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("%s: %s", show(name), ErrText(err))
			status = 1
			continue
		}
		cont := fn(name, CtxReader{ctx, r})
		r.Close()
		if !cont {
			return 1
		}
	}
	return status
}

// ctxReader ends a read loop once the context is cancelled, so commands
// that stream an endless input stop promptly.
type CtxReader struct {
	ctx context.Context
	r   io.Reader
}

// NewCtxReader returns a reader that fails with ctx's error once ctx is
// done, checked before every read.
func NewCtxReader(ctx context.Context, r io.Reader) CtxReader { return CtxReader{ctx: ctx, r: r} }

func (r CtxReader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	return r.r.Read(p)
}

// newOut buffers output; bufio.Writer keeps the first write error, so a
// closed pipe is seen by every later write.
func NewOut(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, 32*1024) }

// lineReader reads lines including their terminator, streaming.
func LineReader(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 64*1024) }

// eachLine calls fn for every line of r (terminator removed, noEOL set on a
// last line without one). fn returns false to stop; the result is the read
// error, if any, other than EOF.
//
// A line longer than boundio.DefaultMaxReadBytes ends the loop with a
// limit error (an endless line: /dev/zero); eachLineMax takes the bound.
func EachLine(r *bufio.Reader, sep byte, fn func(line []byte, noEOL bool) bool) error {
	return EachLineMax(r, sep, 0, fn)
}

// eachLineMax is eachLine with lines bounded by max bytes (0: default).
func EachLineMax(r *bufio.Reader, sep byte, max int64, fn func(line []byte, noEOL bool) bool) error {
	if max <= 0 {
		max = boundio.DefaultMaxReadBytes
	}
	for {
		line, err := r.ReadSlice(sep)
		if err == bufio.ErrBufferFull {
			// Long line: accumulate the rest, within the bound.
			buf := append([]byte(nil), line...)
			for err == bufio.ErrBufferFull {
				if int64(len(buf)) > max {
					return boundio.ReadLimit(max)
				}
				line, err = r.ReadSlice(sep)
				buf = append(buf, line...)
			}
			line = buf
		}
		if len(line) > 0 {
			noEOL := line[len(line)-1] != sep
			if !noEOL {
				line = line[:len(line)-1]
			}
			if !fn(line, noEOL) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readLine is bufio's ReadBytes bounded by max bytes (0: the default),
// so a line without end (/dev/zero) fails with a limit error instead of
// growing without bound. On a limit, the bytes read so far are dropped.
func ReadLine(r *bufio.Reader, sep byte, max int64) ([]byte, error) {
	if max <= 0 {
		max = boundio.DefaultMaxReadBytes
	}
	line, err := r.ReadSlice(sep)
	if err != bufio.ErrBufferFull {
		return append([]byte(nil), line...), err
	}
	buf := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		if int64(len(buf)) > max {
			return nil, boundio.ReadLimit(max)
		}
		line, err = r.ReadSlice(sep)
		buf = append(buf, line...)
	}
	return buf, err
}
