// Package all is the one table that assembles the sandbox's command set:
// the table of commands/light (every family package of commands/ and the
// big commands that cost little to link: awk, sed, jq, yq, curl, ...) and
// the heavy ones, sqlite3 and js-exec/node.
//
// Default returns the complete set; Register adds it to a registry the
// caller already has. The heavy commands are registered lazily, so they
// cost nothing until first run, and Options.Light leaves them out. An
// embedder that must not even link them uses commands/light instead.
package all

import (
	"sync"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/curl"
	"github.com/justbash/justbash/commands/light"
	"github.com/justbash/justbash/commands/sqlite"
	"github.com/justbash/justbash/jsexec"
)

// Options configure the commands that take host settings. The zero value
// is safe: the network is off, sqlite3 and js-exec take their defaults.
type Options struct {
	// Network is curl's (and js-exec fetch's) policy; nil refuses every
	// request.
	Network *curl.Policy
	// JS configures js-exec and node. Its Network is set from Network.
	JS jsexec.Options
	// SQLite configures sqlite3.
	SQLite sqlite.Options
	// Light leaves out the heavy commands: sqlite3, js-exec and node.
	Light bool
	// Keep leaves a name that r already has untouched, so a caller's own
	// command wins over the built-in of the same name.
	Keep bool
}

// Default returns a registry holding every command with zero Options.
func Default() *commands.Registry {
	r := commands.NewRegistry()
	Register(r, Options{})
	return r
}

// Layered returns a registry holding every command, configured by o, that
// reads the commands which take no options from one table shared by the
// process (commands.NewLayered): only curl, sqlite3 and js-exec/node are
// its own. A sandbox made per request costs a few entries, not a copy of
// the whole set. o.Keep has no effect: the registry starts empty.
func Layered(o Options) *commands.Registry {
	r := commands.NewLayered(light.Shared())
	registerOptioned(r, o)
	return r
}

// Register adds every command to r.
func Register(r *commands.Registry, o Options) {
	add := r
	if o.Keep {
		// Build the full set aside, then copy the names r lacks.
		add = commands.NewRegistry()
	}
	light.Register(add, light.Options{Network: o.Network})
	if !o.Light {
		registerHeavy(add, o)
	}
	if o.Keep {
		r.AddFrom(add, false)
	}
}

// registerOptioned adds the commands that take Options to a registry
// that reads the others through: curl, and the heavy ones unless o.Light.
func registerOptioned(r *commands.Registry, o Options) {
	light.RegisterConfigured(r, light.Options{Network: o.Network})
	if !o.Light {
		registerHeavy(r, o)
	}
}

// registerHeavy adds sqlite3, js-exec and node, each built on first run.
func registerHeavy(r *commands.Registry, o Options) {
	sq := o.SQLite
	r.RegisterLazy("sqlite3", func() commands.Command { return sqlite.New(sq) })
	js := o.JS
	// fetch in js-exec follows the same network policy as curl, and is
	// absent when the network is off.
	js.Network = o.Network
	jsCmd := sync.OnceValue(func() commands.Command { return jsexec.New(js) })
	r.RegisterLazy("js-exec", jsCmd)
	r.RegisterLazy("node", jsCmd)
}
