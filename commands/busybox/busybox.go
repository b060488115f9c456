// Package busybox is the sandbox's `busybox` multi-call command: scripts
// written for BusyBox images call `busybox APPLET ARGS...`, and BusyBox's
// own test suite does so for every applet. Here each applet is simply the
// sandbox command of that name, found in the registry, so `busybox sed -n
// 1p` behaves exactly as `sed -n 1p` (and never as a shell function called
// sed, which is what running the real binary would bypass too).
package busybox

import (
	"context"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/justbash/justbash/commands"
)

// name is the command's own name; it is left out of --list, as BusyBox
// leaves itself out.
const name = "busybox"

// shellApplets are BusyBox applets that the sandbox has only as shell
// builtins, not as registered commands.
var shellApplets = map[string]bool{"test": true, "[": true}

// New returns the busybox command.
func New() commands.Command { return commands.Func(run) }

func run(ctx context.Context, c *commands.Context) int {
	if len(c.Args) < 2 || c.Args[1] == "--help" {
		usage(c.Stdout, applets(c))
		return 0
	}
	switch c.Args[1] {
	case "--list":
		for _, a := range applets(c) {
			fmt.Fprintln(c.Stdout, a)
		}
		return 0
	}
	// BusyBox takes the last path component, so `busybox /bin/ls` is ls.
	applet := path.Base(c.Args[1])
	var cmd commands.Command
	ok := false
	if c.Lookup != nil && applet != "" && !strings.HasPrefix(applet, "_") {
		cmd, ok = c.Lookup(applet)
	}
	if !ok && shellApplets[applet] && c.Script != nil {
		// A fresh shell has no functions, so "$@" reaches the builtin.
		args := append([]string{applet}, c.Args[2:]...)
		return c.Script(ctx, `"$@"`, args, commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
	}
	if !ok {
		fmt.Fprintf(c.Stderr, "%s: applet not found\n", c.Args[1])
		return 127
	}
	sub := *c
	sub.Args = append([]string{applet}, c.Args[2:]...)
	return cmd.Run(ctx, &sub)
}

// applets lists the commands of the sandbox, sorted, without busybox.
func applets(c *commands.Context) []string {
	if c.Names == nil || c.Lookup == nil {
		return nil
	}
	var out []string
	for _, n := range c.Names() {
		if n != name {
			out = append(out, n)
		}
	}
	for n := range shellApplets {
		if _, ok := c.Lookup(n); !ok && c.Script != nil {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// usage mirrors the layout of BusyBox's help: how to call it, then the
// applets as a comma-separated list wrapped to a terminal's width.
func usage(w io.Writer, names []string) {
	fmt.Fprint(w, "justbash busybox: a multi-call front end to the sandbox's commands.\n\n"+
		"Usage: busybox [function [arguments]...]\n"+
		"   or: busybox --list\n"+
		"   or: function [arguments]...\n\n"+
		"\tEach function is the sandbox command of that name: busybox sed -n 1p\n"+
		"\truns sed -n 1p.\n\n"+
		"Currently defined functions:\n")
	const width = 76
	line := "\t"
	for i, n := range names {
		item := n
		if i < len(names)-1 {
			item += ","
		}
		if len(line) > 1 && len(line)+1+len(item) > width {
			fmt.Fprintln(w, line)
			line = "\t"
		}
		if len(line) > 1 {
			line += " "
		}
		line += item
	}
	if len(line) > 1 {
		fmt.Fprintln(w, line)
	}
}
