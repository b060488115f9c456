// Package closein models the end of a GNU tool that read its standard
// input: gnulib's close_stdin closes it at exit, and when the script had
// closed it (<&-) that close fails as the reads did, and the tool reports
// it last, after the read error. The wording depends on the tool, so the
// tools share one tracker and name their Style.
//
//	$ head <&-
//	head: error reading 'standard input': Bad file descriptor
//	head: -: Bad file descriptor
package closein

import (
	"context"
	"errors"
	"io"
	"syscall"

	"github.com/justbash/justbash/commands"
)

// Style is how a tool words the failed close.
type Style int

const (
	// Dash: "-: Bad file descriptor" (head, tail, wc, tac, cut, nl,
	// paste, fold, expand: close_stdin with the file name "-").
	Dash Style = iota
	// Closing: "closing standard input: Bad file descriptor" (cat).
	Closing
	// Words: "standard input: Bad file descriptor" (md5sum and sha*sum).
	Words
)

// Closed reports whether err is the failure of reading a standard input
// the script closed.
func Closed(name string, err error) bool {
	return name == "-" && errors.Is(err, syscall.EBADF)
}

// Tracker remembers whether the standard input failed as a closed one.
type Tracker struct{ closed bool }

// Note records a read or open failure of the input name.
func (t *Tracker) Note(name string, err error) {
	if Closed(name, err) {
		t.closed = true
	}
}

// Failed reports whether a closed standard input was read.
func (t *Tracker) Failed() bool { return t.closed }

// Report prints the failed close in style s if a closed standard input was
// read, and returns whether it did (the exit status is then 1).
func (t *Tracker) Report(c *commands.Context, s Style) bool {
	if !t.closed {
		return false
	}
	msg := commands.ErrText(syscall.EBADF)
	switch s {
	case Closing:
		c.Errorf("closing standard input: %s", msg)
	case Words:
		c.Errorf("standard input: %s", msg)
	default:
		c.Errorf("-: %s", msg)
	}
	return true
}

// Name is how GNU's messages name an input: its quoted "standard input"
// for "-", the name otherwise (quoting of other names is the caller's).
func Name(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// EachInput runs fn on each input as c.EachInput does, for the tools that
// word a failed read "NAME: strerror" (cut, nl, paste -s, fold, expand):
// fn returns its read error, which is reported and makes the status 1; a
// closed standard input is reported once more at the end, as its close.
func EachInput(ctx context.Context, c *commands.Context, names []string, fn func(name string, r io.Reader) error) int {
	var t Tracker
	failed := false
	status := c.EachInput(ctx, names, func(name string, r io.Reader) bool {
		if err := fn(name, r); err != nil && ctx.Err() == nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			t.Note(name, err)
			failed = true
		}
		return ctx.Err() == nil
	})
	if t.Report(c, Dash) || failed {
		status = 1
	}
	return status
}
