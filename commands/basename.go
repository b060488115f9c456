package commands

func init() { register("basename", runBasename) }

var basenameOpts = optParser{opts: []opt{
	{short: 'a', long: "multiple"},
	{short: 's', long: "suffix", arg: true},
	{short: 'z', long: "zero"},
}, usage: 1, help: "Usage: basename NAME [SUFFIX]\n  or:  basename OPTION... NAME...\nPrint NAME with any leading directory components removed.\n"}

func runBasename(ctx contextT, c *Context) int {
	res, ops, status, ok := basenameOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	if len(ops) == 0 {
		return c.usageError(1, "missing operand")
	}
	suffix, multi := f["s"], f.has("a") || f.has("s")
	if !multi {
		if len(ops) > 2 {
			return c.usageError(1, "extra operand '%s'", ops[2])
		}
		if len(ops) == 2 {
			suffix = ops[1]
		}
		ops = ops[:1]
	}
	end := "\n"
	if f.has("z") {
		end = "\x00"
	}
	out := newOut(c.Stdout)
	for _, op := range ops {
		out.WriteString(baseOf(op, suffix) + end)
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return 0
}
