package printf

import (
	"context"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

var yesOpts = opts.Parser{Usage: 1, Help: `Usage: yes [STRING]...
Repeatedly output a line with all specified STRING(s), or 'y'.

      --help     display this help and exit
`}

// runYes repeats its line until the reader goes away or ctx ends. It
// writes large blocks of whole lines so throughput is close to GNU's.
func runYes(ctx context.Context, c *commands.Context) int {
	_, args, status, ok := yesOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	line := "y\n"
	if len(args) > 0 {
		line = strings.Join(args, " ") + "\n"
	}
	n := max(1, 8192/len(line))
	block := []byte(strings.Repeat(line, n))
	for {
		if ctx.Err() != nil {
			return 1
		}
		if _, err := c.Stdout.Write(block); err != nil {
			return c.WriteFailure(err)
		}
	}
}
