package commands

import "strings"

func printEnviron(c *Context, environ []string, null bool) int {
	end := "\n"
	if null {
		end = "\x00"
	}
	out := newOut(c.Stdout)
	for _, kv := range environ {
		out.WriteString(kv + end)
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return 0
}

// unsetEnv drops every NAME= entry.
func unsetEnv(environ []string, name string) []string {
	out := environ[:0:0]
	for _, kv := range environ {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}
