package commands

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

func init() { register("timeout", runTimeout) }

var timeoutOpts = optParser{opts: []opt{
	{short: 'k', long: "kill-after", arg: true},
	{short: 's', long: "signal", arg: true},
	{long: "preserve-status"},
	{long: "foreground"},
	{short: 'v', long: "verbose"},
}, usage: 125, stopAtOperand: true, help: "Usage: timeout [OPTION] DURATION COMMAND [ARG]...\nStart COMMAND, and kill it if still running after DURATION.\n  -k DURATION  also send a KILL signal if COMMAND is still running this long after the initial signal\n  -s SIGNAL  specify the signal to be sent on timeout\n  --preserve-status  exit with the same status as COMMAND, even when it times out\n  -v  diagnose to stderr any signal sent upon timeout\nIf the command times out, and --preserve-status is not set, then exit with status 124.\n"}

// signalNumbers are the signals timeout -s accepts by name.
var signalNumbers = map[string]int{"HUP": 1, "INT": 2, "QUIT": 3, "KILL": 9, "USR1": 10, "USR2": 12, "ALRM": 14, "TERM": 15, "CONT": 18, "STOP": 19}

func runTimeout(ctx contextT, c *Context) int {
	res, ops, status, ok := timeoutOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	sig, sigName := 15, "TERM"
	if v, ok := f["s"]; ok {
		name := strings.TrimPrefix(strings.ToUpper(v), "SIG")
		if n, err := strconv.Atoi(v); err == nil && n > 0 && n < 65 {
			sig, sigName = n, v
		} else if n, ok := signalNumbers[name]; ok {
			sig, sigName = n, name
		} else {
			return c.usageError(125, "%s: invalid signal", v)
		}
	}
	if v, ok := f["k"]; ok {
		// Cancellation is immediate in the sandbox, so the grace period
		// only needs to be valid.
		if _, ok := parseDuration(v); !ok {
			return c.usageError(125, "invalid time interval '%s'", v)
		}
	}
	if len(ops) == 0 {
		return c.usageError(125, "missing operand")
	}
	secs, ok := parseDuration(ops[0])
	if !ok {
		return c.usageError(125, "invalid time interval '%s'", ops[0])
	}
	if len(ops) == 1 {
		return c.usageError(125, "missing operand after '%s'", ops[0])
	}
	if c.Exec == nil {
		c.Errorf("failed to run command '%s': No such file or directory", ops[1])
		return 127
	}
	run := ctx
	cancel := context.CancelFunc(func() {})
	if secs > 0 && secs < float64(math.MaxInt64/int64(time.Second)) {
		run, cancel = context.WithTimeout(ctx, time.Duration(secs*float64(time.Second)))
	}
	defer cancel()
	st := c.Exec(run, ops[1:], IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
	if run.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		if f.has("v") {
			fmt.Fprintf(c.Stderr, "timeout: sending signal %s to command '%s'\n", sigName, ops[1])
		}
		if f.has("preserve-status") {
			return 128 + sig
		}
		return 124
	}
	return st
}
