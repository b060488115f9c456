package eval

// coprocRec is a running coprocess and the descriptors the shell holds
// to it.
type coprocRec struct {
	job      *job
	name     string
	rfd, wfd int
	r, w     *fdEntry
}

func (c *coprocRec) finished() bool {
	select {
	case <-c.job.done:
		return true
	default:
		return false
	}
}

// reapCoprocs forgets the coprocesses that have ended: bash reaps one
// when it learns of its end, closes the descriptors it holds to it
// (unless a redirection put something else there) and unsets NAME and
// NAME_PID. bash learns of it at a moment the scheduler picks; here it is
// when wait returns or another coprocess starts, so a script reading the
// output of a coprocess that has already finished still finds its fds.
func (r *Runner) reapCoprocs() {
	kept := r.jobs.coprocs[:0]
	for _, c := range r.jobs.coprocs {
		if !c.finished() {
			kept = append(kept, c)
			continue
		}
		if r.fds.get(c.rfd) == c.r {
			r.fds.close(c.rfd)
		}
		if r.fds.get(c.wfd) == c.w {
			r.fds.close(c.wfd)
		}
		r.coprocUnsetVars(c.name)
	}
	clear(r.jobs.coprocs[len(kept):])
	r.jobs.coprocs = kept
	if len(kept) == 0 {
		r.jobs.coprocs = nil
	}
}

// warnCoprocRunning is bash's warning when a coprocess starts while an
// earlier one still runs (bash tracks one at a time).
func (r *Runner) warnCoprocRunning() {
	for _, c := range r.jobs.coprocs {
		if !c.finished() {
			r.errorf("warning: execute_coproc: coproc [%d:%s] still exists", c.job.pid, c.name)
			return
		}
	}
}

// coprocFdGone is bash's check when a redirection closes or moves fd:
// if it is a descriptor the shell holds to a coprocess, the coprocess's
// array shows -1 for it from then on.
func (r *Runner) coprocFdGone(fd int) {
	for _, c := range r.jobs.coprocs {
		idx := int64(-1)
		switch e := r.fds.get(fd); {
		case c.rfd == fd && e == c.r:
			idx, c.rfd = 0, -1
		case c.wfd == fd && e == c.w:
			idx, c.wfd = 1, -1
		}
		if idx < 0 {
			continue
		}
		if v := r.vars.visible(c.name); v != nil && v.has(attrIndexed) && v.arr != nil && !v.has(attrReadonly) {
			v.arr.set(idx, "-1")
		}
	}
}
