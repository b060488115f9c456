package commands

import "fmt"

func init() { register("id", runID) }

var idOpts = optParser{opts: []opt{
	{short: 'u', long: "user"}, {short: 'g', long: "group"}, {short: 'G', long: "groups"},
	{short: 'n', long: "name"}, {short: 'r', long: "real"}, {short: 'z', long: "zero"},
}, usage: 1, help: "Usage: id [OPTION]... [USER]\nPrint user and group information for each specified USER,\nor (when USER omitted) for the current process.\n"}

func runID(ctx contextT, c *Context) int {
	res, ops, status, ok := idOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	uid := uint32(sandboxUID)
	if len(ops) > 1 {
		return c.usageError(1, "extra operand '%s'", ops[1])
	}
	if len(ops) == 1 {
		switch ops[0] {
		case sandboxUser, "1000":
		case "root", "0":
			uid = 0
		default:
			c.Errorf("'%s': no such user", ops[0])
			return 1
		}
	}
	n := 0
	for _, k := range []string{"u", "g", "G"} {
		if f.has(k) {
			n++
		}
	}
	if n > 1 {
		c.Errorf("cannot print \"only\" of more than one choice")
		return 1
	}
	val := func(id uint32) string {
		if f.has("n") {
			return idName(id)
		}
		return fmt.Sprint(id)
	}
	if n == 0 {
		if f.has("n") || f.has("r") {
			c.Errorf("cannot print only names or real IDs in default format")
			return 1
		}
		fmt.Fprintf(c.Stdout, "uid=%d(%s) gid=%d(%s) groups=%d(%s)\n", uid, idName(uid), uid, idName(uid), uid, idName(uid))
		return 0
	}
	fmt.Fprintln(c.Stdout, val(uid))
	return 0
}
