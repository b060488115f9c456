package commands

import "fmt"

func init() { register("hostname", runHostname) }

var hostnameOpts = optParser{opts: []opt{
	{short: 's', long: "short"}, {short: 'f', long: "fqdn"}, {long: "long", key: "f"},
	{short: 'i', long: "ip-address"}, {short: 'I', long: "all-ip-addresses"},
}, usage: 1, help: "Usage: hostname [-s|-f|-i|-I]\nShow the system's host name.\n"}

func runHostname(ctx contextT, c *Context) int {
	res, ops, status, ok := hostnameOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		c.Errorf("you must be root to change the host name")
		return 1
	}
	f := toFlags(res)
	switch {
	case f.has("i"), f.has("I"):
		fmt.Fprintln(c.Stdout, "127.0.0.1")
	default:
		fmt.Fprintln(c.Stdout, sandboxHost)
	}
	return 0
}
