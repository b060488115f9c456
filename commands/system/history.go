package system

import (
	"context"

	"github.com/justbash/justbash/commands"
)

// history has nothing to show: the sandbox runs scripts, not an
// interactive session, so the list is always empty.
func runHistory(ctx context.Context, c *commands.Context) int {
	if len(c.Args) > 1 && c.Args[1] == "--help" {
		c.Stdout.Write([]byte("history: history [-c] [-d offset] [n]\n    Display the history list (always empty in this sandbox).\n"))
	}
	return 0
}
