package spec

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/justbash/justbash/commands"
)

// readFromFdPy prints "FD: " and up to 1024 bytes read from each FD. A
// command of the sandbox only sees fd 0, 1 and 2, so any other fd fails
// the way the real helper fails on a closed descriptor.
func readFromFdPy(ctx context.Context, c *commands.Context) int {
	for _, arg := range c.Args[1:] {
		fd, err := strconv.Atoi(arg)
		if err != nil {
			fmt.Fprintf(c.Stderr, "ValueError: invalid literal for int() with base 10: '%s'\n", arg)
			return 1
		}
		var src io.Reader
		if fd == 0 {
			src = c.Stdin
		}
		if src == nil {
			fmt.Fprintf(c.Stderr, "FATAL: Error reading from fd %d: [Errno 9] Bad file descriptor\n", fd)
			return 1
		}
		buf := make([]byte, 1024)
		n, _ := io.ReadFull(src, buf)
		fmt.Fprintf(c.Stdout, "%d: %s", fd, buf[:n])
	}
	return 0
}
