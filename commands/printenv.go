package commands

func init() { register("printenv", runPrintenv) }

var printenvOpts = optParser{opts: []opt{{short: '0', long: "null"}}, usage: 2,
	help: `Usage: printenv [OPTION]... [VARIABLE]...
Print the values of the specified environment VARIABLE(s).
If no VARIABLE is specified, print name and value pairs for them all.

  -0, --null     end each output line with NUL, not newline
      --help     display this help and exit
`}

// runPrintenv prints the environment or the named variables; it exits 1
// when any of them is unset.
func runPrintenv(ctx contextT, c *Context) int {
	res, names, status, ok := printenvOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	null := len(res) > 0
	if len(names) == 0 {
		return printEnviron(c, c.Environ, null)
	}
	end := "\n"
	if null {
		end = "\x00"
	}
	out := newOut(c.Stdout)
	for _, n := range names {
		v, ok := c.LookupEnv(n)
		if !ok {
			status = 1
			continue
		}
		out.WriteString(v + end)
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return status
}
