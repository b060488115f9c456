package system

import (
	"context"
	"fmt"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"
)

var hostnameOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 's', Long: "short"}, {Short: 'f', Long: "fqdn"}, {Long: "long", Key: "f"},
	{Short: 'i', Long: "ip-address"}, {Short: 'I', Long: "all-ip-addresses"},
}, Usage: 1, Help: "Usage: hostname [-s|-f|-i|-I]\nShow the system's host name.\n"}

func runHostname(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := hostnameOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		c.Errorf("you must be root to change the host name")
		return 1
	}
	f := opts.ToFlags(res)
	switch {
	case f.Has("i"), f.Has("I"):
		fmt.Fprintln(c.Stdout, "127.0.0.1")
	default:
		fmt.Fprintln(c.Stdout, identity.Host)
	}
	return 0
}
