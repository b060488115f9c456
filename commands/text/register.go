package text

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("cat", runCat)
	r.RegisterBuiltin("column", runColumn)
	r.RegisterBuiltin("cut", runCut)
	r.RegisterBuiltin("expand", runExpand)
	r.RegisterBuiltin("fmt", runFmt)
	r.RegisterBuiltin("fold", runFold)
	r.RegisterBuiltin("head", runHead)
	r.RegisterBuiltin("nl", runNl)
	r.RegisterBuiltin("paste", runPaste)
	r.RegisterBuiltin("rev", runRev)
	r.RegisterBuiltin("split", runSplit)
	r.RegisterBuiltin("tac", runTac)
	r.RegisterBuiltin("tail", runTail)
	r.RegisterBuiltin("tee", runTee)
	r.RegisterBuiltin("tr", runTr)
	r.RegisterBuiltin("unexpand", runUnexpand)
	r.RegisterBuiltin("wc", runWc)
}
