package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"errors"
	"io"
	"regexp"
	"syscall"

	"github.com/justbash/justbash/commands/internal/gnure"
)

var tacOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "before"}, {Short: 's', Long: "separator", Arg: true},
	{Short: 'r', Long: "regex"},
}, Usage: 1, Help: "Usage: tac [OPTION]... [FILE]...\n"}

// runTac prints each file's records last first. The whole file is read:
// tac cannot stream.
func runTac(ctx context.Context, c *commands.Context) int {
	res, args, st, ok := tacOpts.Parse(c, c.Args[1:])
	if !ok {
		return st
	}
	sep, before, isRE := []byte("\n"), false, false
	for _, r := range res {
		switch r.Key {
		case "b":
			before = true
		case "s":
			sep = []byte(r.Val)
		case "r":
			isRE = true
		}
	}
	split, ok := tacSplitter(c, sep, isRE)
	if !ok {
		return 1
	}
	out := commands.NewOut(c.Stdout)
	limited := 0
	budget := c.NewLineBudget()
	var closed closein.Tracker
	failed := false
	status := eachInputOpenMsg(ctx, c, args, "failed to open %s for reading: %s", func(name string, r io.Reader) bool {
		data, err := c.ReadAll(ctx, r)
		if st, ok := c.LimitStatus(err); ok {
			limited = st
			return false
		}
		if err != nil {
			shown := name
			if name == "-" {
				shown = commands.QuoteArg("standard input")
			}
			msg := commands.ErrText(err)
			if errors.Is(err, syscall.EISDIR) {
				// GNU tac seeks to the end of a file first; a directory
				// fails that read with EINVAL.
				msg = commands.ErrText(syscall.EINVAL)
			}
			c.Errorf("%s: read error: %s", shown, msg)
			closed.Note(name, err)
			failed = true
			return true
		}
		// tacRecords keeps a span per record.
		if st, ok := c.LimitStatus(budget.Add(len(data), bytes.Count(data, sep)+1, 24)); ok {
			limited = st
			return false
		}
		tacRecords(out, data, split(data), before)
		return true
	})
	if limited != 0 {
		out.Flush()
		return limited
	}
	if closed.Report(c, closein.Dash) || failed {
		status = 1
	}
	return c.FinishOut(out, status)
}

// eachInputOpenMsg is c.EachInput with the command's own wording of a
// failed open (format gets the quoted name and the error text).
func eachInputOpenMsg(ctx context.Context, c *commands.Context, names []string, format string, fn func(string, io.Reader) bool) int {
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
			c.Errorf(format, commands.QuoteArg(name), commands.ErrText(err))
			status = 1
			continue
		}
		cont := fn(name, commands.NewCtxReader(ctx, r))
		r.Close()
		if !cont {
			return 1
		}
	}
	return status
}

// tacSplitter returns the function finding the separators: sep as a
// basic regular expression (-r) or literally; ok is false after an error.
func tacSplitter(c *commands.Context, sep []byte, isRE bool) (func([]byte) [][2]int, bool) {
	if len(sep) == 0 {
		if isRE {
			c.Errorf("separator cannot be empty")
			return nil, false
		}
		// GNU takes the C string's terminating NUL for the separator.
		sep = []byte{0}
	}
	if !isRE {
		return func(data []byte) [][2]int { return literalSeps(data, sep) }, true
	}
	// GNU compiles the separator as a basic regular expression.
	t, err := gnure.Translate(string(sep), false)
	var re *regexp.Regexp
	if err == nil {
		re, err = regexp.Compile(t)
	}
	if err != nil {
		c.Errorf("%s", gnure.RegcompMessage(string(sep), err))
		return nil, false
	}
	return func(data []byte) [][2]int { return reSeps(re, data) }, true
}

// literalSeps returns the spans of the non-overlapping occurrences of sep
// in data.
func literalSeps(data, sep []byte) [][2]int {
	var out [][2]int
	for start := 0; start < len(data); {
		i := bytes.Index(data[start:], sep)
		if i < 0 {
			break
		}
		out = append(out, [2]int{start + i, start + i + len(sep)})
		start += i + len(sep)
	}
	return out
}

// reSeps returns the spans of the non-empty matches of re in data: an
// empty match separates nothing.
func reSeps(re *regexp.Regexp, data []byte) [][2]int {
	var out [][2]int
	for _, m := range re.FindAllIndex(data, -1) {
		if m[1] > m[0] {
			out = append(out, [2]int{m[0], m[1]})
		}
	}
	return out
}

// tacRecords writes records in reverse. A record owns the separator that
// ends it (with -b, the one that starts it); text after the last separator
// (before the first, with -b) is a record without one, printed as is.
func tacRecords(out io.Writer, data []byte, seps [][2]int, before bool) {
	if before {
		end := len(data)
		for i := len(seps) - 1; i >= 0; i-- {
			out.Write(data[seps[i][0]:end])
			end = seps[i][0]
		}
		out.Write(data[:end])
		return
	}
	start := 0
	if n := len(seps); n > 0 {
		start = seps[n-1][1]
	}
	out.Write(data[start:])
	for i := len(seps) - 1; i >= 0; i-- {
		from := 0
		if i > 0 {
			from = seps[i-1][1]
		}
		out.Write(data[from:seps[i][1]])
	}
}
