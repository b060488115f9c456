package system

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

func runTrue(_ context.Context, c *commands.Context) int {
	if st, done := opts.SoleHelp(c, trueHelp(c.Name(), "success")); done {
		return st
	}
	return 0
}

func runFalse(_ context.Context, c *commands.Context) int {
	if st, done := opts.SoleHelp(c, trueHelp(c.Name(), "failure")); done {
		return st
	}
	return 1
}

// trueHelp is GNU's --help of true and false (and ":").
func trueHelp(name, what string) string {
	return "Usage: " + name + " [ignored command line arguments]\n  or:  " + name + " OPTION\n" +
		"Exit with a status code indicating " + what + ".\n\n" +
		"      --help        display this help and exit\n      --version     output version information and exit\n"
}
