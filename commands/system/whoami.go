package system

import (
	"context"
	"fmt"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"
)

var whoamiOpts = opts.Parser{Usage: 1, Help: "Usage: whoami [OPTION]...\nPrint the user name associated with the current effective user ID.\n"}

func runWhoami(ctx context.Context, c *commands.Context) int {
	_, ops, status, ok := whoamiOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		return opts.UsageError(c, 1, "extra operand '%s'", ops[0])
	}
	fmt.Fprintln(c.Stdout, identity.User)
	return 0
}
