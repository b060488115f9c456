package envlist

import (
	"github.com/justbash/justbash/commands"
)
import "strings"

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

// unsetEnv drops every NAME= entry.
func Unset(environ []string, name string) []string {
	out := environ[:0:0]
	for _, kv := range environ {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}
