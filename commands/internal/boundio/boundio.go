// Package boundio is the one way commands read whole inputs: with a byte
// limit checked before the data is kept, and with the run's context checked
// between reads, so neither an endless file (/dev/zero, /dev/urandom) nor a
// stdin that never closes can outgrow the host or outlive the run.
//
// ReadAll reads a reader to its end, up to a limit. NewReader wraps a reader
// whose Read may block forever (a pipe the embedder never writes): each
// Read returns as soon as the context is cancelled — for OS pipes through a
// read deadline, for any other reader through a goroutine per read (see
// Reader for that trade-off). LimitError names the
// limit that was hit with the wording the shell uses for its own limits
// ("justbash: max read bytes exceeded (N)"), and Status gives the exit
// status that goes with it.
package boundio

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// Defaults used when a limit is zero: big enough for any real script's
// data, small enough that the host survives one command reaching it.
const (
	DefaultMaxReadBytes   int64 = 256 << 20
	DefaultMaxStringBytes int64 = 256 << 20
)

// StatusLimit is the exit status of a command stopped by a limit; the shell
// ends a run stopped by any of its limits with the same status.
const StatusLimit = 125

// Limits are the bounds a command applies to what it reads and builds.
// A zero field means the default of the same name.
type Limits struct {
	// MaxReadBytes bounds any one input a command reads whole (a file,
	// standard input, a -f script file, a line of xargs input).
	MaxReadBytes int64
	// MaxStringBytes bounds any one string a command builds from input:
	// a printf field, sed's pattern space, an awk string, a jq array.
	MaxStringBytes int64
}

// ReadMax is the effective read limit.
func (l Limits) ReadMax() int64 {
	if l.MaxReadBytes > 0 {
		return l.MaxReadBytes
	}
	return DefaultMaxReadBytes
}

// StringMax is the effective string limit.
func (l Limits) StringMax() int64 {
	if l.MaxStringBytes > 0 {
		return l.MaxStringBytes
	}
	return DefaultMaxStringBytes
}

// LimitError reports a limit that a command would have exceeded.
type LimitError struct {
	Name  string // "max read bytes", "max string bytes", ...
	Limit int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("justbash: %s exceeded (%d)", e.Name, e.Limit)
}

// ReadLimit returns the error for reading more than n bytes.
func ReadLimit(n int64) error { return &LimitError{Name: "max read bytes", Limit: n} }

// StringLimit returns the error for building a string of more than n bytes.
func StringLimit(n int64) error { return &LimitError{Name: "max string bytes", Limit: n} }

// DepthLimit returns the error for input nested more than n levels deep.
func DepthLimit(n int64) error { return &LimitError{Name: "max nesting depth", Limit: n} }

// IsLimit reports whether err is (or wraps) a LimitError.
func IsLimit(err error) bool {
	var le *LimitError
	return errors.As(err, &le)
}

// Status maps an error to an exit status: StatusLimit for a limit,
// otherwise fallback. A cancelled context gives fallback too: the shell
// reports the timeout itself.
func Status(err error, fallback int) int {
	if IsLimit(err) {
		return StatusLimit
	}
	return fallback
}

// chunk is how much ReadAll asks for at a time; the buffer grows by
// doubling but never past max+1, so the limit is checked before the
// allocation that would pass it.
const chunk = 32 << 10

// ReadAll reads r to EOF and returns the data. It fails with a LimitError
// once more than max bytes arrive (max <= 0 means DefaultMaxReadBytes), and
// with the context's error once ctx is done. ctx is checked between reads;
// a read that blocks is only interrupted if r is a NewReader.
func ReadAll(ctx context.Context, r io.Reader, max int64) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxReadBytes
	}
	buf := make([]byte, 0, min(int64(chunk), max+1))
	for {
		if err := ctx.Err(); err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			if int64(len(buf)) > max {
				return buf, ReadLimit(max)
			}
			grown := min(int64(cap(buf))*2, max+1)
			nb := make([]byte, len(buf), grown)
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > max {
			return buf[:max], ReadLimit(max)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// ReadFile opens nothing itself: it is ReadAll over an opened file, closing
// it afterwards, the shape most callers have.
func ReadFile(ctx context.Context, rc io.ReadCloser, max int64) ([]byte, error) {
	defer rc.Close()
	return ReadAll(ctx, rc, max)
}

// LimitedReader passes reads through until more than N bytes were read,
// then fails with a LimitError, so a streaming consumer that keeps what it
// reads (a decoder, a line accumulator) stays bounded.
type LimitedReader struct {
	R    io.Reader
	N    int64 // the limit
	read int64
}

func (l *LimitedReader) Read(p []byte) (int, error) {
	if l.read > l.N {
		return 0, ReadLimit(l.N)
	}
	if room := l.N + 1 - l.read; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := l.R.Read(p)
	l.read += int64(n)
	if l.read > l.N {
		return n - int(l.read-l.N), ReadLimit(l.N)
	}
	return n, err
}

// CheckString fails with a StringLimit error when a string of n bytes
// would pass max (max <= 0 means DefaultMaxStringBytes). Call it before
// allocating a size the input chose.
func CheckString(n, max int64) error {
	if max <= 0 {
		max = DefaultMaxStringBytes
	}
	if n > max || n < 0 {
		return StringLimit(max)
	}
	return nil
}
