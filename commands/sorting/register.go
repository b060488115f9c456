package sorting

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("comm", runComm)
	r.RegisterBuiltin("join", runJoin)
	r.RegisterBuiltin("shuf", runShuf)
	r.RegisterBuiltin("sort", runSort)
	r.RegisterBuiltin("uniq", runUniq)
}
