package eval

import "mvdan.cc/sh/v3/syntax"

// simplePipeElem reports whether st is a simple command run as a stage
// of a pipeline: bash runs such a stage in its subshell without the ERR
// trap for the command's own failure (the pipeline's status is what the
// calling shell checks); a compound stage, ( ) or { }, is checked.
func (r *Runner) simplePipeElem(st *syntax.Stmt) bool {
	if st != r.pipeElem {
		return false
	}
	_, ok := st.Cmd.(*syntax.CallExpr)
	return ok
}
