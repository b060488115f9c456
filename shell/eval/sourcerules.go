package eval

// sourceFailed applies the POSIX-mode rule for a file "." cannot read:
// a shell that is not interactive exits (status 1).
func (r *Runner) sourceFailed() { r.sourceFailedVia(false) }

// sourceFailedVia is sourceFailed for a "." run by command, which makes
// the special builtin's error not fatal (bash's executing_command_builtin).
func (r *Runner) sourceFailedVia(viaCommand bool) {
	if r.opts[optPosix] && !r.interactive && !viaCommand {
		r.exit(1)
	}
}

// sameParams reports whether the positional parameters are still the
// ones "." gave the file, or what shift left of them: only when the file
// set its own (set -- ...) do they stay after it, as in bash. (A shift of
// all of them looks like set -- with no words, and counts as setting.)
func sameParams(now, given []string) bool {
	n := len(now)
	if n == 0 || n > len(given) {
		return n == len(given)
	}
	return &now[0] == &given[len(given)-n]
}
