package system

import (
	"context"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"
)

var unameOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Long: "all"}, {Short: 's', Long: "kernel-name"}, {Short: 'n', Long: "nodename"},
	{Short: 'r', Long: "kernel-release"}, {Short: 'v', Long: "kernel-version"},
	{Short: 'm', Long: "machine"}, {Short: 'p', Long: "processor"},
	{Short: 'i', Long: "hardware-platform"}, {Short: 'o', Long: "operating-system"},
}, Usage: 1, Help: "Usage: uname [OPTION]...\nPrint certain system information.  With no OPTION, same as -s.\n  -a  print all information\n  -s  kernel name\n  -n  network node hostname\n  -r  kernel release\n  -m  machine hardware name\n"}

// The reported system is fixed so nothing about the host leaks.
var unameFields = []struct{ key, val string }{
	{"s", "Linux"}, {"n", identity.Host}, {"r", "6.1.0-justbash"},
	{"v", "#1 SMP PREEMPT_DYNAMIC"}, {"m", "x86_64"}, {"p", "x86_64"},
	{"i", "x86_64"}, {"o", "GNU/Linux"},
}

func runUname(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := unameOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		return opts.UsageError(c, 1, "extra operand '%s'", ops[0])
	}
	f := opts.ToFlags(res)
	if len(f) == 0 {
		f["s"] = ""
	}
	var out []string
	for _, fl := range unameFields {
		// -a omits -p and -i when they are "unknown"; ours are known.
		if f.Has(fl.key) || f.Has("a") {
			out = append(out, fl.val)
		}
	}
	c.Stdout.Write([]byte(strings.Join(out, " ") + "\n"))
	return 0
}
