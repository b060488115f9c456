package commands

import (
	"errors"
	"io"
	"syscall"
)

// isPipeErr reports a write to a pipe whose reader has gone away.
func IsPipeErr(err error) bool {
	return errors.Is(err, io.ErrClosedPipe) || errors.Is(err, syscall.EPIPE)
}

// writeFailure reports a failed write to stdout and returns the status.
// A closed pipe ends the command quietly with 141, as SIGPIPE does in
// bash; other errors print "cmd: write error: reason" and give 1.
func (c *Context) WriteFailure(err error) int {
	if IsPipeErr(err) {
		return 141
	}
	c.Errorf("write error: %s", ErrText(err))
	return 1
}
