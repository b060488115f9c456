package sed

import (
	"bufio"
	"context"
	"io"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/boundio"
)

// errWriter remembers the first write error so the main loop can stop
// (a closed pipe ends sed the way SIGPIPE would).
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	if err != nil {
		e.err = err
	}
	return n, err
}

// output is a destination of sed text: standard output, an in-place temp
// file or a w file. missing records that the last line written lacked
// its newline (the input's last line had none), so any later write adds
// it first, as GNU sed does.
type output struct {
	ew      *errWriter
	w       *bufio.Writer
	closer  io.Closer
	missing bool
	sep     byte
	unbuf   bool
}

func newOutput(w io.Writer, closer io.Closer, sep byte, unbuf bool) *output {
	ew := &errWriter{w: w}
	return &output{ew: ew, w: bufio.NewWriterSize(ew, 64*1024), closer: closer, sep: sep, unbuf: unbuf}
}

func (o *output) fix() {
	if o.missing {
		o.w.WriteByte(o.sep)
		o.missing = false
	}
}

// line writes text plus the separator, or marks it missing when nl is
// false.
func (o *output) line(b []byte, nl bool) {
	o.fix()
	o.w.Write(b)
	if nl {
		o.w.WriteByte(o.sep)
	} else {
		o.missing = true
	}
	if o.unbuf {
		o.w.Flush()
	}
}

func (o *output) text(s string) {
	o.fix()
	o.w.WriteString(s)
	if o.unbuf {
		o.w.Flush()
	}
}

func (o *output) err() error {
	return o.ew.err
}

func (o *output) close() error {
	err := o.w.Flush()
	if o.closer != nil {
		if cerr := o.closer.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// input is the stream of lines sed reads: the files in order (or one file
// with -s/-i), with one line of look-ahead so '$' can be recognised.
type input struct {
	ctx    context.Context
	c      *commands.Context
	names  []string
	idx    int
	cur    *bufio.Reader
	closer io.Closer
	name   string // current file name ("-" for stdin)
	sep    byte
	status int

	// limitErr is set when a line passed Limits.MaxReadBytes (an endless
	// line: sed p /dev/zero); reading stops there.
	limitErr error
	// failed: a read failed; GNU sed gives up there (status 4).
	failed bool

	have   bool
	peek   []byte
	peekNL bool
}

// fill makes sure a look-ahead line is loaded if any input remains.
func (in *input) fill() {
	for !in.have && in.limitErr == nil && !in.failed {
		if in.ctx.Err() != nil {
			return
		}
		if in.cur == nil && !in.open() {
			return
		}
		line, err := in.cur.ReadSlice(in.sep)
		if err == bufio.ErrBufferFull {
			buf := append(in.peek[:0], line...)
			for err == bufio.ErrBufferFull {
				if max := in.c.Limits.ReadMax(); int64(len(buf)) > max {
					in.limitErr = boundio.ReadLimit(max)
					in.closeCur()
					return
				}
				line, err = in.cur.ReadSlice(in.sep)
				buf = append(buf, line...)
			}
			line = buf
		} else {
			line = append(in.peek[:0], line...)
		}
		if len(line) > 0 {
			in.peekNL = line[len(line)-1] == in.sep
			if in.peekNL {
				line = line[:len(line)-1]
			}
			in.peek, in.have = line, true
		}
		if err != nil {
			if err != io.EOF {
				in.c.Errorf("read error on %s: %s", in.display(), commands.ErrText(err))
				in.status, in.failed = 4, true
			}
			in.closeCur()
		}
	}
}

func (in *input) display() string {
	if in.name == "-" {
		return "stdin"
	}
	return in.name
}

// open advances to the next openable file; false when none is left.
func (in *input) open() bool {
	for in.idx < len(in.names) {
		name := in.names[in.idx]
		in.idx++
		var r io.ReadCloser
		var err error
		if name == "-" {
			r, err = io.NopCloser(in.c.Stdin), nil
			if in.c.Stdin == nil {
				r = io.NopCloser(eof{})
			}
		} else {
			r, err = in.c.OpenRead(name)
		}
		if err != nil {
			in.c.Errorf("can't read %s: %s", name, commands.ErrText(err))
			in.status = 2
			continue
		}
		in.cur, in.closer, in.name = bufio.NewReaderSize(r, 64*1024), r, name
		return true
	}
	return false
}

func (in *input) closeCur() {
	if in.closer != nil {
		in.closer.Close()
	}
	in.cur, in.closer = nil, nil
}

// next returns the next line into buf (reused) and whether it ended with
// the separator.
func (in *input) next(buf []byte) ([]byte, bool, bool) {
	in.fill()
	if !in.have {
		return buf, false, false
	}
	buf = append(buf[:0], in.peek...)
	in.have = false
	return buf, in.peekNL, true
}

// last reports whether no input line remains.
func (in *input) last() bool {
	in.fill()
	return !in.have
}

func (in *input) close() { in.closeCur() }

type eof struct{}

func (eof) Read([]byte) (int, error) { return 0, io.EOF }
