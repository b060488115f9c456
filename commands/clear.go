package commands

func init() { register("clear", runClear) }

var clearOpts = optParser{opts: []opt{{short: 'x'}, {short: 'T', arg: true}, {short: 'V'}}, usage: 1,
	help: "Usage: clear [options]\nClear the terminal screen.\n"}

func runClear(ctx contextT, c *Context) int {
	res, _, status, ok := clearOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	// ncurses clear for xterm: home, erase screen, and (without -x) scrollback.
	seq := "\x1b[H\x1b[2J\x1b[3J"
	if toFlags(res).has("x") {
		seq = "\x1b[H\x1b[2J"
	}
	c.Stdout.Write([]byte(seq))
	return 0
}
