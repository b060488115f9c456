package printf

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("echo", runEcho)
	r.RegisterBuiltin("expr", runExpr)
	r.RegisterBuiltin("printf", runPrintf)
	r.RegisterBuiltin("seq", runSeq)
	r.RegisterBuiltin("yes", runYes)
}
