package search

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("grep", runGrep)
	r.RegisterBuiltin("egrep", runGrep)
	r.RegisterBuiltin("fgrep", runGrep)
	r.RegisterBuiltin("rg", runRg)
}
