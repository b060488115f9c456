package commands

import "fmt"

func init() { register("pwd", runPwd) }

var pwdOpts = optParser{opts: []opt{
	{short: 'L', long: "logical"},
	{short: 'P', long: "physical"},
}, usage: 1}

func runPwd(ctx contextT, c *Context) int {
	res, _, status, ok := pwdOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	physical := false
	for _, r := range res {
		physical = r.key == "P"
	}
	dir := c.Dir
	if physical {
		p, err := realPath(c.FS, c.Dir)
		if err != nil {
			c.Errorf("error retrieving current directory: %s", ErrText(err))
			return 1
		}
		dir = p
	}
	if _, err := fmt.Fprintln(c.Stdout, dir); err != nil {
		return c.writeFailure(err)
	}
	return 0
}
