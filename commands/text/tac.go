package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"io"
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
	sep, before := []byte("\n"), false
	for _, r := range res {
		switch r.Key {
		case "b":
			before = true
		case "s":
			if r.Val == "" {
				return opts.UsageError(c, 1, "separator cannot be empty")
			}
			sep = []byte(r.Val)
		case "r":
			c.Errorf("--regex is not supported")
			return 1
		}
	}
	out := commands.NewOut(c.Stdout)
	limited := 0
	budget := c.NewLineBudget()
	status := c.EachInput(ctx, args, func(name string, r io.Reader) bool {
		data, err := c.ReadAll(ctx, r)
		if st, ok := c.LimitStatus(err); ok {
			limited = st
			return false
		}
		if err != nil {
			c.Errorf("%s: read error: %s", name, commands.ErrText(err))
			return true
		}
		// tacData keeps a slice header per record.
		if st, ok := c.LimitStatus(budget.Add(len(data), bytes.Count(data, sep)+1, 24)); ok {
			limited = st
			return false
		}
		tacData(out, data, sep, before)
		return true
	})
	if limited != 0 {
		out.Flush()
		return limited
	}
	return c.FinishOut(out, status)
}

// tacData writes records in reverse. A record owns its trailing (or with
// -b, leading) separator; a last record without one is printed as is.
func tacData(out io.Writer, data, sep []byte, before bool) {
	var recs [][]byte
	if before {
		for len(data) > 0 {
			i := bytes.LastIndex(data, sep)
			if i < 0 {
				i = 0
			}
			recs = append(recs, data[i:])
			data = data[:i]
		}
		for _, r := range recs {
			out.Write(r)
		}
		return
	}
	// Split after each separator, then print from the last record.
	var start int
	for start < len(data) {
		i := bytes.Index(data[start:], sep)
		if i < 0 {
			recs = append(recs, data[start:])
			break
		}
		recs = append(recs, data[start:start+i+len(sep)])
		start += i + len(sep)
	}
	for i := len(recs) - 1; i >= 0; i-- {
		out.Write(recs[i])
	}
}
