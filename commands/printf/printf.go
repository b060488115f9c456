package printf

import (
	"context"
	"io"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

// runPrintf is printf(1) with bash builtin semantics (the shell handles
// "printf -v var" itself and may call Printf directly).
const printfHelp = `Usage: printf FORMAT [ARGUMENT]...
  or:  printf OPTION
Print ARGUMENT(s) according to FORMAT, or execute according to OPTION:

      --help     display this help and exit
      --version  output version information and exit

FORMAT controls the output as in C printf, with %b (backslash escapes in
the argument) and %q (shell-quoted argument) as in bash.
`

func runPrintf(ctx context.Context, c *commands.Context) int {
	if st, done := opts.SoleHelp(c, printfHelp); done {
		return st
	}
	args := c.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		c.Errorf("usage: printf [-v var] format [arguments]")
		return 2
	}
	out, errs, status, lerr := PrintfZone(args[0], args[1:], c.Limits.StringMax(), commands.TZLocation(c.Getenv("TZ")))
	if _, err := io.WriteString(c.Stdout, out); err != nil {
		return c.WriteFailure(err)
	}
	for _, e := range errs {
		c.Errorf("%s", e)
	}
	if st, ok := c.LimitStatus(lerr); ok {
		return st
	}
	return status
}
