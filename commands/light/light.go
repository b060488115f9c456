// Package light is the command table without the heavy commands: every
// family package of commands/ and the big commands that cost little to
// link (awk, sed, jq, yq, curl, tar, zip, ...), but not sqlite3 (a
// transpiled SQLite) nor js-exec and node (a JavaScript engine and
// bundler). An embedder that must not link those builds its registry
// here; commands/all is this table plus the heavy commands, and is what
// the shell uses. TestHeavyNotLinked proves the claim with go list -deps.
package light

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
	"github.com/justbash/justbash/commands/system"
	"github.com/justbash/justbash/commands/text"
	"github.com/justbash/justbash/commands/yq"
	"github.com/justbash/justbash/commands/ziputil"
)

// Options configure the commands that take host settings. The zero value
// is safe: the network is off.
type Options struct {
	// Network is curl's policy; nil refuses every request.
	Network *curl.Policy
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

// sharedTable holds every command of the table that takes no Options,
// built once per process: every Shell starts from it (a sandbox is made
// often), by copy (Register) or by reading through (Shared).
var sharedTable = sync.OnceValue(func() *commands.Registry {
	r := commands.NewRegistry()
	for _, reg := range families {
		reg(r)
	}
	registerPlain(r)
	return r
})

// Shared returns the process's one registry of the commands that take no
// Options. It must not be changed: read through it with
// commands.NewLayered, or copy it with AddFrom.
func Shared() *commands.Registry { return sharedTable() }

// Default returns a registry holding every command of the table with zero
// Options.
func Default() *commands.Registry {
	r := commands.NewRegistry()
	Register(r, Options{})
	return r
}

// Register adds every command of the table to r.
func Register(r *commands.Registry, o Options) {
	add := r
	if o.Keep {
		// Build the full set aside, then copy the names r lacks.
		add = commands.NewRegistry()
	}
	add.AddFrom(sharedTable(), true)
	RegisterConfigured(add, o)
	if o.Keep {
		r.AddFrom(add, false)
	}
}

// RegisterConfigured adds the commands of the table that take Options
// (curl, with o.Network); Shared holds the rest.
func RegisterConfigured(r *commands.Registry, o Options) {
	var policy curl.Policy
	if o.Network != nil {
		policy = *o.Network
	}
	r.Register("curl", curl.New(policy))
}

// registerPlain adds the commands that live in their own packages and take
// no options; their constructors are cheap closures.
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
