package commands

func init() { register("dirname", runDirname) }

var dirnameOpts = optParser{opts: []opt{{short: 'z', long: "zero"}}, usage: 1,
	help: "Usage: dirname [OPTION] NAME...\nOutput each NAME with its last non-slash component and trailing slashes\nremoved; if NAME contains no /'s, output '.'.\n"}

func runDirname(ctx contextT, c *Context) int {
	res, ops, status, ok := dirnameOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) == 0 {
		return c.usageError(1, "missing operand")
	}
	end := "\n"
	if toFlags(res).has("z") {
		end = "\x00"
	}
	out := newOut(c.Stdout)
	for _, op := range ops {
		out.WriteString(dirOf(op) + end)
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return 0
}
