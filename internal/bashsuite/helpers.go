package main

import (
	"bufio"
	"context"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
)

// The suite's run-all puts "." on PATH "to get recho/zecho/printenv": small
// C programs built with bash. The sandbox gets Go versions of the first
// two (printenv is already a command); the host run compiles the originals.

// recho prints each argument as argv[N] = <ARG>, with control characters
// shown as ^X and DEL as ^?.
func recho(ctx context.Context, c *commands.Context) int {
	w := bufio.NewWriter(c.Stdout)
	for i, a := range c.Args[1:] {
		w.WriteString("argv[" + strconv.Itoa(i+1) + "] = <")
		for j := 0; j < len(a); j++ {
			switch ch := a[j]; {
			case ch < ' ':
				w.WriteByte('^')
				w.WriteByte(ch + 64)
			case ch == 127:
				w.WriteString("^?")
			default:
				w.WriteByte(ch)
			}
		}
		w.WriteString(">\n")
	}
	if w.Flush() != nil {
		return 1
	}
	return 0
}

// zecho prints its arguments separated by spaces, with no option parsing
// and no escapes.
func zecho(ctx context.Context, c *commands.Context) int {
	if _, err := c.Stdout.Write([]byte(strings.Join(c.Args[1:], " ") + "\n")); err != nil {
		return 1
	}
	return 0
}
