package commands

import (
	"strings"
)

func init() { register("env", runEnv) }

var envOpts = optParser{opts: []opt{
	{short: 'i', long: "ignore-environment"},
	{short: 'u', long: "unset", arg: true},
	{short: '0', long: "null"},
	{short: 'C', long: "chdir", arg: true},
}, usage: 125, stopAtOperand: true,
	help: "Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]\nSet each NAME to VALUE in the environment and run COMMAND.\n"}

func runEnv(ctx contextT, c *Context) int {
	res, rest, status, ok := envOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	environ := append([]string(nil), c.Environ...)
	null := false
	dir := ""
	for _, r := range res {
		switch r.key {
		case "i":
			environ = nil
		case "u":
			environ = unsetEnv(environ, r.val)
		case "0":
			null = true
		case "C":
			dir = r.val
		}
	}
	if len(rest) > 0 && rest[0] == "-" {
		environ = nil
		rest = rest[1:]
	}
	for len(rest) > 0 && strings.Contains(rest[0], "=") && !strings.HasPrefix(rest[0], "=") {
		name, _, _ := strings.Cut(rest[0], "=")
		environ = append(unsetEnv(environ, name), rest[0])
		rest = rest[1:]
	}
	if len(rest) == 0 {
		if dir != "" {
			return c.usageError(125, "must specify command with --chdir (-C)")
		}
		return printEnviron(c, environ, null)
	}
	if null {
		return c.usageError(125, "cannot specify --null (-0) with command")
	}
	if dir != "" {
		// The shell runs nested commands in c.Dir; honour -C via PWD.
		environ = append(unsetEnv(environ, "PWD"), "PWD="+c.Abs(dir))
	}
	if c.Exec == nil {
		c.Errorf("'%s': No such file or directory", rest[0])
		return 127
	}
	return c.Exec(WithExecEnv(ctx, environ), rest, IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
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
