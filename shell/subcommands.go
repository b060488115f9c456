package shell

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/all"
	"github.com/justbash/justbash/commands/sqlite"
	"github.com/justbash/justbash/jsexec"
)

// registerSubpackageCommands adds the sandbox's command set (the one table
// in commands/all) to reg, keeping any command of the same name the caller
// registered. curl gets the network policy; the zero policy refuses every
// request.
func registerSubpackageCommands(reg *commands.Registry, opts Options, lim Limits) {
	jsOpts := jsexec.Options{Tools: opts.Tools, Network: opts.Network,
		Limits: jsexec.ShellLimits(lim.MaxHeapBytes, lim.MaxCallDepth, lim.MaxOutputBytes, lim.MaxStringBytes, lim.MaxFileSize)}
	all.Register(reg, all.Options{
		Network: opts.Network,
		JS:      jsOpts,
		SQLite:  sqlite.Options{Timeout: lim.Timeout, MaxDBBytes: lim.MaxFileSize},
		Keep:    true,
	})
}
