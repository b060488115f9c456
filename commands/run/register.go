package run

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("env", RunEnv)
	r.RegisterBuiltin("sleep", runSleep)
	r.RegisterBuiltin("time", runTime)
	r.RegisterBuiltin("timeout", runTimeout)
	r.RegisterBuiltin("xargs", runXargs)
}
