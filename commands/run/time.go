package run

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"time"
)

var timeOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'p', Long: "portability"},
	{Short: 'v', Long: "verbose"},
	{Short: 'f', Long: "format", Arg: true},
	{Short: 'o', Long: "output", Arg: true},
	{Short: 'a', Long: "append"},
}, Usage: 125, StopAtOperand: true, Help: "Usage: time [-p] COMMAND [ARG]...\nRun COMMAND and report the elapsed time on standard error.\n  -p  use the POSIX output format\n"}

// runTime is the command form of time (the shell handles the keyword).
// CPU times are not measured in the sandbox and show as zero.
func runTime(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := timeOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	start := time.Now()
	st := 0
	if len(ops) > 0 {
		if c.Exec == nil {
			c.Errorf("cannot run %s: No such file or directory", ops[0])
			return 127
		}
		st = c.Exec(ctx, ops, commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
	}
	real := time.Since(start).Seconds()
	if f.Has("p") {
		fmt.Fprintf(c.Stderr, "real %.2f\nuser %.2f\nsys %.2f\n", real, 0.0, 0.0)
		return st
	}
	fmt.Fprintf(c.Stderr, "\nreal\t%s\nuser\t0m0.000s\nsys\t0m0.000s\n", bashClock(real))
	return st
}

// bashClock renders seconds as bash's time keyword does: 0m1.234s.
func bashClock(secs float64) string {
	m := int(secs) / 60
	return fmt.Sprintf("%dm%.3fs", m, secs-float64(m*60))
}
