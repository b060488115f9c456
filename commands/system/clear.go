package system

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

var clearOpts = opts.Parser{Opts: []opts.Opt{{Short: 'x'}, {Short: 'T', Arg: true}, {Short: 'V'}}, Usage: 1,
	Help: "Usage: clear [options]\nClear the terminal screen.\n"}

func runClear(ctx context.Context, c *commands.Context) int {
	res, _, status, ok := clearOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	// ncurses clear for xterm: home, erase screen, and (without -x) scrollback.
	seq := "\x1b[H\x1b[2J\x1b[3J"
	if opts.ToFlags(res).Has("x") {
		seq = "\x1b[H\x1b[2J"
	}
	c.Stdout.Write([]byte(seq))
	return 0
}
