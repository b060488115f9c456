package system

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"runtime"
	"strconv"
)

var nprocOpts = opts.Parser{Opts: []opts.Opt{{Long: "all"}, {Long: "ignore", Arg: true}}, Usage: 1,
	Help: "Usage: nproc [OPTION]...\nPrint the number of processing units available to the current process.\n"}

func runNproc(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := nprocOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		return opts.UsageError(c, 1, "extra operand '%s'", ops[0])
	}
	// The Go scheduler's view is what xargs -P can really use.
	n := runtime.GOMAXPROCS(0)
	if v, ok := opts.ToFlags(res)["ignore"]; ok {
		k, err := strconv.ParseUint(v, 10, 63)
		if err != nil {
			c.Errorf("invalid number: '%s'", v)
			return 1
		}
		n -= int(min(k, uint64(n)))
		n = max(n, 1)
	}
	fmt.Fprintln(c.Stdout, n)
	return 0
}
