package run

import (
	"sync"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

var timeoutOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'k', Long: "kill-after", Arg: true},
	{Short: 's', Long: "signal", Arg: true},
	{Long: "preserve-status"},
	{Long: "foreground"},
	{Short: 'v', Long: "verbose"},
}, Usage: 125, StopAtOperand: true, Help: "Usage: timeout [OPTION] DURATION COMMAND [ARG]...\nStart COMMAND, and kill it if still running after DURATION.\n  -k DURATION  also send a KILL signal if COMMAND is still running this long after the initial signal\n  -s SIGNAL  specify the signal to be sent on timeout\n  --preserve-status  exit with the same status as COMMAND, even when it times out\n  -v  diagnose to stderr any signal sent upon timeout\nIf the command times out, and --preserve-status is not set, then exit with status 124.\n"}

// signalNumbers are the signals timeout -s accepts by name.
var signalNumbers = sync.OnceValue(func() map[string]int {
	return map[string]int{"HUP": 1, "INT": 2, "QUIT": 3, "KILL": 9, "USR1": 10, "USR2": 12, "ALRM": 14, "TERM": 15, "CONT": 18, "STOP": 19}
})

func runTimeout(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := timeoutOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	sig, sigName := 15, "TERM"
	if v, ok := f["s"]; ok {
		name := strings.TrimPrefix(strings.ToUpper(v), "SIG")
		if n, err := strconv.Atoi(v); err == nil && n > 0 && n < 65 {
			sig, sigName = n, v
		} else if n, ok := signalNumbers()[name]; ok {
			sig, sigName = n, name
		} else {
			return opts.UsageError(c, 125, "%s: invalid signal", v)
		}
	}
	if v, ok := f["k"]; ok {
		// Cancellation is immediate in the sandbox, so the grace period
		// only needs to be valid.
		if _, ok := parseDuration(v); !ok {
			return opts.UsageError(c, 125, "invalid time interval '%s'", v)
		}
	}
	if len(ops) == 0 {
		return opts.UsageError(c, 125, "missing operand")
	}
	secs, ok := parseDuration(ops[0])
	if !ok {
		return opts.UsageError(c, 125, "invalid time interval '%s'", ops[0])
	}
	if len(ops) == 1 {
		return opts.UsageError(c, 125, "missing operand after '%s'", ops[0])
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
	st := c.Exec(run, ops[1:], commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
	if run.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		if f.Has("v") {
			fmt.Fprintf(c.Stderr, "timeout: sending signal %s to command '%s'\n", sigName, ops[1])
		}
		if f.Has("preserve-status") {
			return 128 + sig
		}
		return 124
	}
	return st
}
