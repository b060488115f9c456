package search

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("grep", RunGrep)
	r.RegisterBuiltin("egrep", RunGrep)
	r.RegisterBuiltin("fgrep", RunGrep)
	r.RegisterBuiltin("rg", RunRg)
}
