package dump

import (
	"context"

	"github.com/justbash/justbash/commands"

	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// xxdRun is the configuration of one xxd invocation.
type xxdRun struct {
	cols, group       int
	colsSet, groupSet bool
	limit, seek, add  int64
	plain, include    bool
	upper, bits       bool
	revert, autoskip  bool
	little            bool
	relSeek, negSeek  bool // -s +N (from the current position), -s -N (from the end)
	name              string
	c                 *commands.Context
}

func runXxd(ctx context.Context, c *commands.Context) int {
	if len(c.Args) == 2 && c.Args[1] == "--help" {
		// vim's xxd prints this on stderr with status 1, as for any
		// argument it does not know; a sole --help is answered as help.
		return writeXxdHelp(c)
	}
	x := &xxdRun{limit: -1, c: c}
	files, status := x.args(c, c.Args[1:])
	if status >= 0 {
		return status
	}
	status = 0
	if st := x.check(c); st >= 0 {
		return st
	}
	if len(files) > 2 {
		fmt.Fprint(c.Stderr, xxdUsage)
		return 1
	}
	in, name := "-", ""
	if len(files) > 0 {
		in = files[0]
		if in != "-" {
			name = in
		}
	}
	r, err := c.OpenInput(in)
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.Name(), in, commands.ErrText(err))
		return 2
	}
	defer r.Close()
	var w io.Writer = c.Stdout
	if len(files) == 2 && files[1] != "-" {
		f, err := c.OpenWrite(files[1], os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.Name(), files[1], commands.ErrText(err))
			return 3
		}
		defer f.Close()
		w = f
	}
	out := commands.NewOut(w)
	src := io.Reader(commands.NewCtxReader(ctx, r))
	if !x.revert {
		var under io.Reader = r
		if in == "-" {
			under = c.In() // a redirected file can seek
		}
		if src, err = x.seekInput(under, src); err != nil {
			c.Errorf("%s", err)
			return 4
		}
	}
	if x.revert {
		err = x.reverse(out, src)
	} else {
		err = x.dump(out, src, name)
	}
	if st, ok := c.LimitStatus(err); ok {
		out.Flush()
		return st
	}
	if err != nil && ctx.Err() == nil {
		c.Errorf("%s", commands.ErrText(err))
		status = 2
	}
	return c.FinishOut(out, status)
}

// check validates the options once all are read, as xxd does: columns
// within 1..256 (unbounded for -p and -i), a power-of-two group with -e,
// and a revertible dump type with -r.
func (x *xxdRun) check(c *commands.Context) int {
	if x.revert && (x.bits || x.little || x.include) {
		c.Errorf("Sorry, cannot revert this type of hexdump")
		return 255
	}
	if x.revert {
		return -1
	}
	x.defaults()
	if x.cols < 1 || !x.plain && !x.include && x.cols > 256 {
		c.Errorf("invalid number of columns (max. 256).")
		return 1
	}
	if st, ok := c.LimitStatus(c.CheckString(4 * int64(x.cols))); ok {
		return st
	}
	if x.little && x.group&(x.group-1) != 0 {
		c.Errorf("number of octets per group must be a power of 2 with -e.")
		return 1
	}
	return -1
}

// seekInput applies -s: on a seekable input an absolute offset may pass
// the end and -N counts from it; a stream is read forward, and ending
// before the offset (or -N at all) is xxd's "Sorry, cannot seek.". The
// offset reached is where the addresses start.
func (x *xxdRun) seekInput(r io.Reader, src io.Reader) (io.Reader, error) {
	if x.seek == 0 && !x.negSeek && x.relSeek {
		return src, nil
	}
	//lint:ignore ST1005 xxd's message, printed as the tool words it
	errSeek := errors.New("Sorry, cannot seek.")
	if sk, ok := r.(io.Seeker); ok {
		whence, off := io.SeekStart, x.seek
		switch {
		case x.relSeek:
			whence = io.SeekCurrent
			if x.negSeek {
				off = -off
			}
		case x.negSeek:
			whence, off = io.SeekEnd, -off
		}
		pos, err := sk.Seek(off, whence)
		if err == nil {
			x.seek = pos
			return src, nil
		}
		if x.negSeek {
			return nil, errSeek
		}
	} else if x.negSeek {
		return nil, errSeek
	}
	n, err := io.CopyN(io.Discard, src, x.seek)
	if err != nil || n < x.seek {
		return nil, errSeek
	}
	return src, nil
}

// defaults fills in the column and group sizes of the chosen mode.
func (x *xxdRun) defaults() {
	switch {
	case x.plain && !x.colsSet:
		x.cols = 30
	case x.include && !x.colsSet:
		x.cols = 12
	case x.bits && !x.colsSet:
		x.cols = 6
	case !x.colsSet || x.cols == 0:
		x.cols = 16
	}
	switch {
	case x.bits && !x.groupSet:
		x.group = 1
	case x.little && !x.groupSet:
		x.group = 4
	case !x.groupSet:
		x.group = 2
	}
	if x.group < 1 || x.group > x.cols {
		x.group = x.cols
	}
}

func (x *xxdRun) hex(b byte) string {
	if x.upper {
		return fmt.Sprintf("%02X", b)
	}
	return fmt.Sprintf("%02x", b)
}

// dump reads the input in lines of cols bytes and prints them.
func (x *xxdRun) dump(out *bufio.Writer, r io.Reader, name string) error {
	if x.limit >= 0 {
		r = io.LimitReader(r, x.limit)
	}
	if x.include {
		return x.dumpC(out, r, name)
	}
	off := max(x.seek, 0) + x.add
	buf := make([]byte, x.cols)
	zeroRun := 0
	for {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			x.writeLine(out, off, buf[:n], &zeroRun)
			off += int64(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func writeXxdHelp(c *commands.Context) int {
	if _, err := io.WriteString(c.Stdout, xxdUsage); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}
