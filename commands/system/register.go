package system

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("clear", runClear)
	r.RegisterBuiltin("date", runDate)
	r.RegisterBuiltin("help", runHelp)
	r.RegisterBuiltin("history", runHistory)
	r.RegisterBuiltin("hostname", runHostname)
	r.RegisterBuiltin("id", runID)
	r.RegisterBuiltin("nproc", runNproc)
	r.RegisterBuiltin("printenv", runPrintenv)
	r.RegisterBuiltin("pwd", RunPwd)
	r.RegisterBuiltin("test", runTest)
	r.RegisterBuiltin("[", runTest)
	r.RegisterBuiltin("true", runTrue)
	r.RegisterBuiltin("false", runFalse)
	r.RegisterBuiltin(":", runTrue)
	r.RegisterBuiltin("uname", runUname)
	r.RegisterBuiltin("which", runWhich)
	r.RegisterBuiltin("whoami", runWhoami)
}
