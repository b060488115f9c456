package spec

import (
	"bufio"
	"context"

	"github.com/justbash/justbash/commands"
)

// printenvPy prints each named variable's value on its own line, or None
// when it is not exported; unlike printenv(1) it always exits 0.
func printenvPy(ctx context.Context, c *commands.Context) int {
	w := bufio.NewWriter(c.Stdout)
	for _, name := range c.Args[1:] {
		v, ok := c.LookupEnv(name)
		if !ok {
			v = "None"
		}
		w.WriteString(v + "\n")
	}
	w.Flush()
	return 0
}
