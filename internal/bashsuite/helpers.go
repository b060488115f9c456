package main

import (
	"bufio"
	"context"
	"os"
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

// xcase copies its input (stdin, or a file named by its operand) to its
// output, upper-casing ASCII letters with -u and lower-casing them with
// -l. It writes each chunk as soon as it reads it, so it answers a
// coprocess's line at once (the -n of the suite's C version).
func xcase(ctx context.Context, c *commands.Context) int {
	upper, lower := false, false
	args := c.Args[1:]
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		for _, o := range args[0][1:] {
			switch o {
			case 'u':
				upper, lower = true, false
			case 'l':
				upper, lower = false, true
			case 'n':
			default:
				c.Errorf("usage: xcase [-lnu] [file]")
				return 2
			}
		}
		args = args[1:]
	}
	in := c.Stdin
	if len(args) > 0 && args[0] != "-" {
		f, err := c.FS.OpenFile(c.Abs(args[0]), os.O_RDONLY, 0)
		if err != nil {
			c.Errorf("%s: cannot open: %v", args[0], err)
			return 1
		}
		defer f.Close()
		in = f
	}
	buf := make([]byte, 4096)
	for {
		if ctx.Err() != nil {
			return 1
		}
		n, err := in.Read(buf)
		for i := 0; i < n; i++ {
			switch b := buf[i]; {
			case upper && b >= 'a' && b <= 'z':
				buf[i] = b - 32
			case lower && b >= 'A' && b <= 'Z':
				buf[i] = b + 32
			}
		}
		if n > 0 {
			if _, werr := c.Stdout.Write(buf[:n]); werr != nil {
				return 1
			}
		}
		if err != nil {
			return 0
		}
	}
}
