package commands

import "fmt"

func init() { register("whoami", runWhoami) }

var whoamiOpts = optParser{usage: 1, help: "Usage: whoami [OPTION]...\nPrint the user name associated with the current effective user ID.\n"}

func runWhoami(ctx contextT, c *Context) int {
	_, ops, status, ok := whoamiOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		return c.usageError(1, "extra operand '%s'", ops[0])
	}
	fmt.Fprintln(c.Stdout, sandboxUser)
	return 0
}
