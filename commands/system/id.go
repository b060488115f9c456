package system

import (
	"context"
	"fmt"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"
)

var idOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'u', Long: "user"}, {Short: 'g', Long: "group"}, {Short: 'G', Long: "groups"},
	{Short: 'n', Long: "name"}, {Short: 'r', Long: "real"}, {Short: 'z', Long: "zero"},
}, Usage: 1, Help: "Usage: id [OPTION]... [USER]\nPrint user and group information for each specified USER,\nor (when USER omitted) for the current process.\n"}

func runID(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := idOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	uid := uint32(identity.UID)
	if len(ops) > 1 {
		return opts.UsageError(c, 1, "extra operand '%s'", ops[1])
	}
	if len(ops) == 1 {
		switch ops[0] {
		case identity.User, "1000":
		case "root", "0":
			uid = 0
		default:
			c.Errorf("'%s': no such user", ops[0])
			return 1
		}
	}
	n := 0
	for _, k := range []string{"u", "g", "G"} {
		if f.Has(k) {
			n++
		}
	}
	if n > 1 {
		c.Errorf("cannot print \"only\" of more than one choice")
		return 1
	}
	val := func(id uint32) string {
		if f.Has("n") {
			return identity.Name(id)
		}
		return fmt.Sprint(id)
	}
	if n == 0 {
		if f.Has("n") || f.Has("r") {
			c.Errorf("cannot print only names or real IDs in default format")
			return 1
		}
		fmt.Fprintf(c.Stdout, "uid=%d(%s) gid=%d(%s) groups=%d(%s)\n", uid, identity.Name(uid), uid, identity.Name(uid), uid, identity.Name(uid))
		return 0
	}
	fmt.Fprintln(c.Stdout, val(uid))
	return 0
}
