package eval

// sourceFailedVia applies the POSIX-mode rule for a file "." cannot read:
// a shell that is not interactive exits (status 1), unless command ran
// the "." (which makes the special builtin's error not fatal, bash's
// executing_command_builtin).
func (r *Runner) sourceFailedVia(viaCommand bool) {
	if r.opts[optPosix] && !r.interactive && !viaCommand {
		r.exit(1)
	}
}
