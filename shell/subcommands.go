package shell

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/all"
	"github.com/justbash/justbash/commands/sqlite"
	"github.com/justbash/justbash/jsexec"
)

// subpackageCommands returns the sandbox's command set (the one table in
// commands/all) as a layer over the table the process shares, so a New
// does not copy a few hundred names. curl gets the network policy; the
// zero policy refuses every request.
func subpackageCommands(opts Options, lim Limits) *commands.Registry {
	jsOpts := jsexec.Options{Tools: opts.Tools, Network: opts.Network,
		Limits: jsexec.ShellLimits(lim.MaxHeapBytes, lim.MaxCallDepth, lim.MaxOutputBytes, lim.MaxStringBytes, lim.MaxFileSize)}
	return all.Layered(all.Options{
		Network: opts.Network,
		JS:      jsOpts,
		SQLite:  sqlite.Options{Timeout: lim.Timeout, MaxDBBytes: lim.MaxFileSize},
	})
}
