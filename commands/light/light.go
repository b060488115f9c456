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

// familyTable holds the family commands, built once per process: they take
// no options, and every Shell starts from them (a sandbox is made often).
var familyTable = sync.OnceValue(func() *commands.Registry {
	r := commands.NewRegistry()
	for _, reg := range families {
		reg(r)
	}
	return r
})

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
	add.AddFrom(familyTable(), true)
	registerPackages(add, o.Network)
	if o.Keep {
		r.AddFrom(add, false)
	}
}

// registerPackages adds the commands that live in their own packages; their
// constructors are cheap closures.
func registerPackages(r *commands.Registry, network *curl.Policy) {
	var policy curl.Policy
	if network != nil {
		policy = *network
	}
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
	r.Register("curl", curl.New(policy))
	r.Register("html-to-markdown", htmlmd.New())
}
