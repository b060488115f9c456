package printf

import (
	"context"
	"io"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/locale"
	"github.com/justbash/justbash/commands/internal/opts"
)

// runPrintf is printf(1), GNU coreutils' (env printf, xargs printf, find
// -exec printf); the shell's builtin calls PrintfZone itself.
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
		return opts.UsageError(c, 1, "missing operand")
	}
	out, errs, status, lerr := PrintfCoreutils(args[0], args[1:], c.Limits.StringMax(), locale.UTF8(c.Getenv, true))
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
