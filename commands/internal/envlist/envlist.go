package envlist

import (
	"strings"

	"github.com/justbash/justbash/commands"
)

// Print writes environ one entry a line (a NUL after each with null, as
// env -0 and printenv -0), and returns the command's status.
func Print(c *commands.Context, environ []string, null bool) int {
	end := "\n"
	if null {
		end = "\x00"
	}
	out := commands.NewOut(c.Stdout)
	for _, kv := range environ {
		out.WriteString(kv + end)
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

// Unset returns environ without its NAME= entries (all of them, as env -u
// drops every duplicate); environ itself is left alone.
func Unset(environ []string, name string) []string {
	out := environ[:0:0]
	for _, kv := range environ {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}
