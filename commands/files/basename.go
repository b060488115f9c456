package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fspath"
	"github.com/justbash/justbash/commands/internal/opts"
)

// basenameOpts: GNU's getopt string is "+as:z", so options end at the
// first operand ("basename a/b -s" takes -s as the SUFFIX).
var basenameOpts = opts.Parser{StopAtOperand: true, Opts: []opts.Opt{
	{Short: 'a', Long: "multiple"},
	{Short: 's', Long: "suffix", Arg: true},
	{Short: 'z', Long: "zero"},
}, Usage: 1, Help: "Usage: basename NAME [SUFFIX]\n  or:  basename OPTION... NAME...\nPrint NAME with any leading directory components removed.\n"}

func runBasename(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := basenameOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	suffix, multi := f["s"], f.Has("a") || f.Has("s")
	if !multi {
		if len(ops) > 2 {
			return opts.UsageError(c, 1, "extra operand '%s'", ops[2])
		}
		if len(ops) == 2 {
			suffix = ops[1]
		}
		ops = ops[:1]
	}
	end := "\n"
	if f.Has("z") {
		end = "\x00"
	}
	out := commands.NewOut(c.Stdout)
	for _, op := range ops {
		out.WriteString(fspath.Base(op, suffix) + end)
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}
