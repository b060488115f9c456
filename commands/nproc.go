package commands

import (
	"fmt"
	"runtime"
	"strconv"
)

func init() { register("nproc", runNproc) }

var nprocOpts = optParser{opts: []opt{{long: "all"}, {long: "ignore", arg: true}}, usage: 1,
	help: "Usage: nproc [OPTION]...\nPrint the number of processing units available to the current process.\n"}

func runNproc(ctx contextT, c *Context) int {
	res, ops, status, ok := nprocOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		return c.usageError(1, "extra operand '%s'", ops[0])
	}
	// The Go scheduler's view is what xargs -P can really use.
	n := runtime.GOMAXPROCS(0)
	if v, ok := toFlags(res)["ignore"]; ok {
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
