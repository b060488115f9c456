package commands

import "strings"

func init() { register("yes", runYes) }

// runYes repeats its line until the reader goes away or ctx ends. It
// writes large blocks of whole lines so throughput is close to GNU's.
func runYes(ctx contextT, c *Context) int {
	line := "y\n"
	if args := c.Args[1:]; len(args) > 0 {
		if args[0] == "--" {
			args = args[1:]
		}
		if len(args) > 0 {
			line = strings.Join(args, " ") + "\n"
		}
	}
	n := max(1, 8192/len(line))
	block := []byte(strings.Repeat(line, n))
	for {
		if ctx.Err() != nil {
			return 1
		}
		if _, err := c.Stdout.Write(block); err != nil {
			return c.writeFailure(err)
		}
	}
}
