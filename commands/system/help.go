package system

import (
	"context"

	"github.com/justbash/justbash/commands"

	"fmt"
	"slices"
)

func runHelp(ctx context.Context, c *commands.Context) int {
	if len(c.Args) > 1 && c.Args[1] == "--help" {
		fmt.Fprint(c.Stdout, "Usage: help [COMMAND]\nList the commands available in this sandbox.\n")
		return 0
	}
	var names []string
	if c.Names != nil {
		names = c.Names()
	}
	if len(c.Args) > 1 {
		// "help cmd" shows that command's own --help.
		name := c.Args[1]
		if c.Exec == nil || !slices.Contains(names, name) {
			c.Errorf("no help topics match '%s'.", name)
			return 1
		}
		return c.Exec(ctx, []string{name, "--help"}, commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
	}
	out := commands.NewOut(c.Stdout)
	out.WriteString("Available commands:\n")
	for _, n := range names {
		out.WriteString("  " + n + "\n")
	}
	out.WriteString("Run 'COMMAND --help' for details.\n")
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}
