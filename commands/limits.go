package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/justbash/justbash/commands/internal/boundio"
)

// Limits bound what a command reads and builds from its input. A zero
// field means a safe default of 256 MiB (boundio.DefaultMaxReadBytes and
// DefaultMaxStringBytes); the shell fills them from its own limits.
type Limits = boundio.Limits

// StatusLimit is the exit status of a command that a limit stopped.
const StatusLimit = boundio.StatusLimit

// ReadAll reads r to its end, bounded by Limits.MaxReadBytes and ended by
// ctx. Every command that keeps a whole input goes through it.
func (c *Context) ReadAll(ctx context.Context, r io.Reader) ([]byte, error) {
	return boundio.ReadAll(ctx, boundio.NewReader(ctx, r), c.Limits.ReadMax())
}

// ReadFile reads the named file ("-" is not special; /dev/stdin is) whole,
// like ReadAll.
func (c *Context) ReadFile(ctx context.Context, name string) ([]byte, error) {
	f, err := c.OpenRead(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return c.ReadAll(ctx, f)
}

// CheckString fails before a command builds a string of n bytes that would
// pass Limits.MaxStringBytes.
func (c *Context) CheckString(n int64) error {
	return boundio.CheckString(n, c.Limits.StringMax())
}

// IsLimit reports whether err is a limit error of this package.
func IsLimit(err error) bool { return boundio.IsLimit(err) }

// LimitStatus prints a limit error the way the shell prints its own limits
// (no command prefix: it is the sandbox talking) and returns StatusLimit.
// Any other error is left to the caller: ok is false.
func (c *Context) LimitStatus(err error) (status int, ok bool) {
	if !boundio.IsLimit(err) {
		return 0, false
	}
	var le *boundio.LimitError
	errors.As(err, &le)
	fmt.Fprintln(c.Stderr, le.Error())
	return StatusLimit, true
}

// Guarded returns a copy of c whose Stdin returns once ctx is done, even
// while the stream blocks, so a command waiting on a stdin that never
// closes ends with the run. The built-ins of this package get it from
// register; commands in their own packages call it first thing in Run.
func (c *Context) Guarded(ctx context.Context) *Context {
	if c.Stdin == nil {
		return c
	}
	cc := *c
	cc.Stdin = boundio.NewReader(ctx, c.Stdin)
	return &cc
}

// readAll is ReadAll for helpers that have no context at hand: their
// readers are already context-checked (eachInput, guarded stdin), so only
// the size bound is added here.
func (c *Context) ReadBounded(r io.Reader) ([]byte, error) {
	return boundio.ReadAll(context.Background(), r, c.Limits.ReadMax())
}

// readLimitErr is the error for an input of more than max bytes.
func ReadLimitErr(max int64) error { return boundio.ReadLimit(max) }

// checkFormatWidths refuses a format whose %-directives ask for a field
// width or precision past max bytes (0: the default string limit), before
// the formatter pads to it: date +%900000000d, stat -c %900000000n,
// seq -f %0900000000g and find -printf would otherwise build gigabytes.
// It reads every "%", flags, then digits (and "." digits).
func CheckFormatWidths(format string, max int64) error {
	if max <= 0 {
		max = boundio.DefaultMaxStringBytes
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-_0^#+ '", format[j]) >= 0 {
			j++
		}
		for part := 0; part < 2; part++ {
			var n int64
			for j < len(format) && format[j] >= '0' && format[j] <= '9' {
				if n = n*10 + int64(format[j]-'0'); n > max {
					return boundio.StringLimit(max)
				}
				j++
			}
			if part == 0 && j < len(format) && format[j] == '.' {
				j++
				continue
			}
			break
		}
		if j < len(format) && format[j] == '%' {
			j++ // "%%" is a literal
		}
		i = j - 1
	}
	return nil
}

// stringLimitErr is the error for a string of more than max bytes.
func StringLimitErr(max int64) error { return boundio.StringLimit(max) }

// lineBudget bounds what a command keeps of its whole input once split
// into lines (sort, tac, join, shuf, column): the bytes plus a per-line
// cost for the structures each line gets. Tiny lines make that cost
// dominate — 200 MB of empty lines would be 200 million slice headers and
// sort items, gigabytes — so the budget is twice Limits.MaxReadBytes and
// is reported as the read limit.
type lineBudget struct {
	max, used int64
}

func (c *Context) NewLineBudget() *lineBudget {
	return &lineBudget{max: 2 * c.Limits.ReadMax()}
}

// add accounts for n bytes in lines lines of perLine bytes of overhead.
func (b *lineBudget) Add(n, lines, perLine int) error {
	b.used += int64(n) + int64(lines)*int64(perLine)
	if b.used > b.max {
		return boundio.ReadLimit(b.max / 2)
	}
	return nil
}
