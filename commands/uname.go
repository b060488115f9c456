package commands

import "strings"

func init() { register("uname", runUname) }

var unameOpts = optParser{opts: []opt{
	{short: 'a', long: "all"}, {short: 's', long: "kernel-name"}, {short: 'n', long: "nodename"},
	{short: 'r', long: "kernel-release"}, {short: 'v', long: "kernel-version"},
	{short: 'm', long: "machine"}, {short: 'p', long: "processor"},
	{short: 'i', long: "hardware-platform"}, {short: 'o', long: "operating-system"},
}, usage: 1, help: "Usage: uname [OPTION]...\nPrint certain system information.  With no OPTION, same as -s.\n  -a  print all information\n  -s  kernel name\n  -n  network node hostname\n  -r  kernel release\n  -m  machine hardware name\n"}

// The reported system is fixed so nothing about the host leaks.
var unameFields = []struct{ key, val string }{
	{"s", "Linux"}, {"n", sandboxHost}, {"r", "6.1.0-justbash"},
	{"v", "#1 SMP PREEMPT_DYNAMIC"}, {"m", "x86_64"}, {"p", "x86_64"},
	{"i", "x86_64"}, {"o", "GNU/Linux"},
}

func runUname(ctx contextT, c *Context) int {
	res, ops, status, ok := unameOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		return c.usageError(1, "extra operand '%s'", ops[0])
	}
	f := toFlags(res)
	if len(f) == 0 {
		f["s"] = ""
	}
	var out []string
	for _, fl := range unameFields {
		// -a omits -p and -i when they are "unknown"; ours are known.
		if f.has(fl.key) || f.has("a") {
			out = append(out, fl.val)
		}
	}
	c.Stdout.Write([]byte(strings.Join(out, " ") + "\n"))
	return 0
}
