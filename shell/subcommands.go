package shell

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/archive"
	"github.com/justbash/justbash/commands/awk"
	"github.com/justbash/justbash/commands/busybox"
	"github.com/justbash/justbash/commands/curl"
	"github.com/justbash/justbash/commands/htmlmd"
	"github.com/justbash/justbash/commands/jq"
	"github.com/justbash/justbash/commands/sed"
	"github.com/justbash/justbash/commands/sqlite"
	"github.com/justbash/justbash/commands/yq"
	"github.com/justbash/justbash/commands/ziputil"
	"github.com/justbash/justbash/jsexec"
)

// registerSubpackageCommands adds the commands that live in their own
// packages (they are too big for one file), unless the caller's registry
// already has a command of that name. curl gets the network policy; the
// zero policy refuses every request.
func registerSubpackageCommands(reg *commands.Registry, opts Options, lim Limits) {
	var policy curl.Policy
	if opts.Network != nil {
		policy = *opts.Network
	}
	// fetch in js-exec follows the same network policy as curl, and is
	// absent when the network is off.
	js := jsexec.New(jsexec.Options{Tools: opts.Tools, Network: opts.Network,
		Limits: jsexec.ShellLimits(lim.MaxHeapBytes, lim.MaxCallDepth, lim.MaxOutputBytes, lim.MaxStringBytes, lim.MaxFileSize)})
	for name, cmd := range map[string]commands.Command{
		"js-exec": js,
		"node":    js,
		"awk":     awk.New(),
		"busybox": busybox.New(),
		"sed":     sed.New(),
		"jq":      jq.New(),
		"gzip":    archive.NewGzip(),
		"gunzip":  archive.NewGunzip(),
		"zcat":    archive.NewZcat(),
		"tar":     archive.NewTar(),
		"curl":    curl.New(policy),
		"sqlite3": sqlite.New(sqlite.Options{Timeout: lim.Timeout, MaxDBBytes: lim.MaxFileSize}),
		"yq":      yq.New(),
		"zip":     ziputil.NewZip(),
		"unzip":   ziputil.NewUnzip(),

		"html-to-markdown": htmlmd.New(),
	} {
		if _, ok := reg.Lookup(name); !ok {
			reg.Register(name, cmd)
		}
	}
}
