package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fspath"
	"github.com/justbash/justbash/commands/internal/opts"
)

var dirnameOpts = opts.Parser{Opts: []opts.Opt{{Short: 'z', Long: "zero"}}, Usage: 1,
	Help: "Usage: dirname [OPTION] NAME...\nOutput each NAME with its last non-slash component and trailing slashes\nremoved; if NAME contains no /'s, output '.'.\n"}

func runDirname(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := dirnameOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	end := "\n"
	if opts.ToFlags(res).Has("z") {
		end = "\x00"
	}
	out := commands.NewOut(c.Stdout)
	for _, op := range ops {
		out.WriteString(fspath.Dir(op) + end)
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}
