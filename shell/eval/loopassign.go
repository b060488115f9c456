package eval

// loopVarFailed ends a for or select loop whose variable could not be
// assigned (readonly, or a nameref given a name no variable can have).
// As bash's execute_for_command does, the loop fails with status 1 and
// the script goes on; only a readonly variable in posix mode ends a
// non-interactive shell.
func (r *Runner) loopVarFailed() {
	readonly := r.assignFailed
	r.assignFailed = false
	r.status = 1
	if readonly && r.opts[optPosix] && !r.interactive {
		r.fatalReported(1)
	}
}
