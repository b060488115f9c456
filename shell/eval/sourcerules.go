package eval

// sourceFailed applies the POSIX-mode rule for a file "." cannot read:
// a shell that is not interactive exits (status 1).
func (r *Runner) sourceFailed() {
	if r.opts[optPosix] && !r.interactive {
		r.exit(1)
	}
}
