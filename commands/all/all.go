// Package all is the one table that assembles the sandbox's command set:
// every family package of commands/ and the big commands that live in
// their own packages (awk, sed, jq, yq, sqlite3, js-exec, curl, ...).
//
// Default returns the complete set; Register adds it to a registry the
// caller already has. The heavy commands (sqlite3, js-exec/node) are
// registered lazily, so they cost nothing until first run, and Options.Light
// leaves them out. An embedder that must not even link them calls the
// family packages' Register functions itself: each family is independent.
package all

import (
	"sync"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/archive"
	"github.com/justbash/justbash/commands/awk"
	"github.com/justbash/justbash/commands/busybox"
	"github.com/justbash/justbash/commands/curl"
	"github.com/justbash/justbash/commands/diff"
	"github.com/justbash/justbash/commands/dump"
	"github.com/justbash/justbash/commands/files"
	"github.com/justbash/justbash/commands/find"
	"github.com/justbash/justbash/commands/htmlmd"
	"github.com/justbash/justbash/commands/jq"
	"github.com/justbash/justbash/commands/printf"
	"github.com/justbash/justbash/commands/run"
	"github.com/justbash/justbash/commands/search"
	"github.com/justbash/justbash/commands/sed"
	"github.com/justbash/justbash/commands/sorting"
	"github.com/justbash/justbash/commands/sqlite"
	"github.com/justbash/justbash/commands/system"
	"github.com/justbash/justbash/commands/text"
	"github.com/justbash/justbash/commands/yq"
	"github.com/justbash/justbash/commands/ziputil"
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

// families are the small commands, one Register per family package.
var families = []func(*commands.Registry){
	diff.Register,
	dump.Register,
	files.Register,
	find.Register,
	printf.Register,
	run.Register,
	search.Register,
	sorting.Register,
	system.Register,
	text.Register,
}

// familyTable holds the family commands, built once per process: they take
// no options, and every Shell starts from them (a sandbox is made often).
var familyTable = sync.OnceValue(func() *commands.Registry {
	r := commands.NewRegistry()
	for _, reg := range families {
		reg(r)
	}
	return r
})

// sharedTable holds every command that takes no Options, built once per
// process; Register copies it, Layered reads through to it.
var sharedTable = sync.OnceValue(func() *commands.Registry {
	r := commands.NewRegistry()
	r.AddFrom(familyTable(), true)
	registerPlain(r)
	return r
})

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
	r := commands.NewLayered(sharedTable())
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
	add.AddFrom(sharedTable(), true)
	registerOptioned(add, o)
	if o.Keep {
		r.AddFrom(add, false)
	}
}

// registerPlain adds the commands that live in their own packages and
// take no options.
func registerPlain(r *commands.Registry) {
	r.Register("awk", awk.New())
	r.Register("busybox", busybox.New())
	r.Register("sed", sed.New())
	r.Register("jq", jq.New())
	r.Register("yq", yq.New())
	r.Register("gzip", archive.NewGzip())
	r.Register("gunzip", archive.NewGunzip())
	r.Register("zcat", archive.NewZcat())
	r.Register("tar", archive.NewTar())
	r.Register("zip", ziputil.NewZip())
	r.Register("unzip", ziputil.NewUnzip())
	r.Register("html-to-markdown", htmlmd.New())
}

// registerOptioned adds the commands that take Options. Constructors are
// cheap closures except sqlite3 and js-exec, which are lazy.
func registerOptioned(r *commands.Registry, o Options) {
	var policy curl.Policy
	if o.Network != nil {
		policy = *o.Network
	}
	r.Register("curl", curl.New(policy))
	if o.Light {
		return
	}
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
