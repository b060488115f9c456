//go:build unix

package repl

import (
	"context"
	"io"
	"os"
	"syscall"
)

// terminalInput opens the terminal for one command line. It reads a
// duplicate of descriptor 0 switched to non-blocking mode, so Go's poller
// can interrupt a pending read: Ctrl-C (ctx ending) turns it into EOF, and
// release stops any reader left behind before the line editor reads the
// terminal again, so no keystroke is stolen after the command.
func terminalInput(ctx context.Context) (io.Reader, func()) {
	fd, err := syscall.Dup(int(os.Stdin.Fd()))
	if err != nil {
		return nil, func() {}
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, func() {}
	}
	f := os.NewFile(uintptr(fd), "/dev/stdin")
	stop := context.AfterFunc(ctx, func() { f.Close() })
	release := func() {
		stop()
		f.Close()
		// O_NONBLOCK belongs to the open file, shared with descriptor 0:
		// the line editor expects blocking reads again.
		syscall.SetNonblock(int(os.Stdin.Fd()), false)
	}
	return &cancelReader{f: f, ctx: ctx}, release
}

// cancelReader reports end of input, not an error, once the command was
// cancelled or finished: bash's commands see Ctrl-C as a signal, not as a
// read error to print.
type cancelReader struct {
	f   *os.File
	ctx context.Context
}

// Stat lets commands see that their input is the terminal (tool commands
// then do not wait for a request body).
func (c *cancelReader) Stat() (os.FileInfo, error) { return c.f.Stat() }

func (c *cancelReader) Read(p []byte) (int, error) {
	n, err := c.f.Read(p)
	if err != nil && err != io.EOF {
		return n, io.EOF
	}
	return n, err
}
