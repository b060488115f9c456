package system

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/envlist"
	"github.com/justbash/justbash/commands/internal/opts"
)

var printenvOpts = opts.Parser{Opts: []opts.Opt{{Short: '0', Long: "null"}}, Usage: 2,
	Help: `Usage: printenv [OPTION]... [VARIABLE]...
Print the values of the specified environment VARIABLE(s).
If no VARIABLE is specified, print name and value pairs for them all.

  -0, --null     end each output line with NUL, not newline
      --help     display this help and exit
`}

// runPrintenv prints the environment or the named variables; it exits 1
// when any of them is unset.
func runPrintenv(ctx context.Context, c *commands.Context) int {
	res, names, status, ok := printenvOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	null := len(res) > 0
	if len(names) == 0 {
		return envlist.Print(c, c.Environ, null)
	}
	end := "\n"
	if null {
		end = "\x00"
	}
	out := commands.NewOut(c.Stdout)
	for _, n := range names {
		v, ok := c.LookupEnv(n)
		if !ok {
			status = 1
			continue
		}
		out.WriteString(v + end)
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return status
}
