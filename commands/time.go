package commands

import (
	"fmt"
	"time"
)

func init() { register("time", runTime) }

var timeOpts = optParser{opts: []opt{
	{short: 'p', long: "portability"},
	{short: 'v', long: "verbose"},
	{short: 'f', long: "format", arg: true},
	{short: 'o', long: "output", arg: true},
	{short: 'a', long: "append"},
}, usage: 125, stopAtOperand: true, help: "Usage: time [-p] COMMAND [ARG]...\nRun COMMAND and report the elapsed time on standard error.\n  -p  use the POSIX output format\n"}

// runTime is the command form of time (the shell handles the keyword).
// CPU times are not measured in the sandbox and show as zero.
func runTime(ctx contextT, c *Context) int {
	res, ops, status, ok := timeOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	start := time.Now()
	st := 0
	if len(ops) > 0 {
		if c.Exec == nil {
			c.Errorf("cannot run %s: No such file or directory", ops[0])
			return 127
		}
		st = c.Exec(ctx, ops, IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
	}
	real := time.Since(start).Seconds()
	if f.has("p") {
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
