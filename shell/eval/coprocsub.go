package eval

// dropCoprocFds closes, in a new subshell, the descriptors its parent
// holds to coprocesses. The manual: "Other than those created to execute
// command and process substitutions, the file descriptors are not
// available in subshells" — so ( ), background jobs, pipeline stages and
// another coprocess find them closed (a redirection from them says "Bad
// file descriptor"), while $( ) and <( ) keep them. A descriptor a
// redirection has since moved or replaced is an ordinary one and stays.
func (r *Runner) dropCoprocFds(sub *Runner) {
	for _, c := range r.jobs.coprocs {
		if c.rfd >= 0 && sub.fds.get(c.rfd) == c.r {
			sub.fds.close(c.rfd)
		}
		if c.wfd >= 0 && sub.fds.get(c.wfd) == c.w {
			sub.fds.close(c.wfd)
		}
	}
}
