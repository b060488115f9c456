package spec

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
)

// stdoutStderrPy writes OUT (default STDOUT) to stdout and ERR (default
// STDERR) to stderr and exits with STATUS (default 0). The reference helper
// is block-buffered when stdout is not a terminal, so stderr comes first;
// in the sandbox stdout is never a terminal.
func stdoutStderrPy(ctx context.Context, c *commands.Context) int {
	a := c.Args
	out, errText, status := "STDOUT", "STDERR", 0
	if len(a) > 1 {
		out = a[1]
	}
	if len(a) > 2 {
		errText = a[2]
	}
	if len(a) > 3 {
		n, err := strconv.Atoi(strings.TrimSpace(a[3]))
		if err != nil {
			// Python dies in int() before writing anything.
			io.WriteString(c.Stderr, "ValueError: invalid literal for int() with base 10: '"+a[3]+"'\n")
			return 1
		}
		status = n & 0xff
	}
	io.WriteString(c.Stderr, errText+"\n")
	io.WriteString(c.Stdout, out+"\n")
	return status
}
