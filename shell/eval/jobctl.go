package eval

import (
	"fmt"
	"strconv"
	"strings"
)

// Job table bookkeeping as bash keeps it: a finished job leaves the table
// once the shell has "notified" it, a new job takes the number after the
// highest one still in the table, and the status of a reaped job stays
// available to wait PID until a bare wait. bash -c outside posix mode
// notifies silently as soon as it reaps a job; a script (or posix mode)
// notifies only through jobs, which reports a finished job once.

// maxReaped bounds the remembered statuses of reaped background pids (bash
// keeps about CHILD_MAX of them).
const maxReaped = 1024

// nextID is the number a new job gets: one more than the highest in use.
// Called with t.mu held.
func (t *jobTable) nextID() int {
	id := 0
	for _, j := range t.inherited {
		id = max(id, j.id)
	}
	for _, j := range t.list {
		if !j.hidden {
			id = max(id, j.id)
		}
	}
	return id + 1
}

// isDone reports whether j has ended.
func (j *job) isDone() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// cleanup drops the finished jobs the shell has notified (all of them
// when silent), remembering their statuses for wait PID, and returns
// them. Coprocesses stay: their pipes go with the coprocess record.
func (t *jobTable) cleanup(silent bool) []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	var gone []*job
	kept := t.list[:0]
	for _, j := range t.list {
		if !j.hidden && j.atEnd == nil && j.isDone() && (silent || j.notified) {
			gone = append(gone, j)
			t.remember(j)
			continue
		}
		kept = append(kept, j)
	}
	clear(t.list[len(kept):])
	t.list = kept
	for _, j := range gone {
		t.left(j)
	}
	return gone
}

// remember keeps a reaped job's status for wait PID. Called with t.mu held.
func (t *jobTable) remember(j *job) {
	if t.reaped == nil {
		t.reaped = map[int]int{}
	}
	if len(t.reaped) >= maxReaped {
		for k := range t.reaped {
			delete(t.reaped, k)
			break
		}
	}
	t.reaped[j.pid] = j.status
}

// reapedStatus is the remembered status of a reaped background pid.
func (t *jobTable) reapedStatus(pid int) (int, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	st, ok := t.reaped[pid]
	return st, ok
}

// forgetReaped clears the remembered statuses (a bare wait does).
func (t *jobTable) forgetReaped() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.reaped = nil
}

// reapJobs is a notification point: finished jobs leave the table.
func (r *Runner) reapJobs() {
	if r.jobs.empty() {
		return
	}
	silent := r.mode == 'c' && !r.opts[optPosix]
	for _, j := range r.jobs.cleanup(silent) {
		r.notifySignaled(j)
	}
}

// jobMark is the + (current), - (previous) or blank jobs shows for j.
func (t *jobTable) jobMark(j *job) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch j {
	case t.cur:
		return "+"
	case t.prev:
		return "-"
	}
	return " "
}

// jobState is jobs' state column and command text for j.
func jobState(j *job, posix bool) (string, string) {
	switch {
	case j.isDone():
		if j.status == 0 {
			return "Done", j.text
		}
		if posix {
			return "Done(" + strconv.Itoa(j.status) + ")", j.text
		}
		return "Exit " + strconv.Itoa(j.status), j.text
	case j.stopped.Load():
		return "Stopped", j.text
	}
	return "Running", j.text + " &"
}

func (r *Runner) builtinJobs(args []string) int {
	args = args[1:]
	pids, long, running, stopped := false, false, false, false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 'p':
				pids = true
			case 'l':
				long = true
			case 'r':
				running = true
			case 's':
				stopped = true
			case 'n':
			default:
				r.errorf("jobs: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "jobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]")
				return 2
			}
		}
		args = args[1:]
	}
	r.reapJobs()
	list := r.jobs.visible()
	status := 0
	if len(args) > 0 {
		list = nil
		for _, a := range args {
			j := r.findJob(a)
			if j == nil {
				r.errorf("jobs: %s: no such job", a)
				status = 1
				continue
			}
			list = append(list, j)
		}
	}
	for _, j := range list {
		isStopped := j.stopped.Load() && !j.isDone()
		if running && (isStopped || j.isDone()) || stopped && !isStopped {
			continue
		}
		if pids {
			r.writeOut("jobs", strconv.Itoa(j.pid)+"\n")
			continue
		}
		state, text := jobState(j, r.opts[optPosix])
		pid := ""
		if long {
			pid = strconv.Itoa(j.pid) + " "
		}
		r.writeOut("jobs", fmt.Sprintf("[%d]%s  %s%-24s%s\n", j.id, r.jobs.jobMark(j), pid, state, text))
		if j.isDone() {
			// Once reported, a finished job leaves the table.
			j.notified = true
			r.jobs.remove(j)
		}
	}
	return status
}

// jobCtlArgs reads fg's, bg's and disown's options: none but --, and for
// disown -a, -h and -r. It reports false after printing a usage error.
func (r *Runner) jobCtlArgs(name, usage, opts string, args []string) (string, []string, bool) {
	set := ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			return set, args[1:], true
		}
		for _, c := range args[0][1:] {
			if !strings.ContainsRune(opts, c) {
				r.errorf("%s: -%c: invalid option", name, c)
				fmt.Fprintf(r.stderr(), "%s: usage: %s\n", name, usage)
				return "", nil, false
			}
			set += string(c)
		}
		args = args[1:]
	}
	return set, args, true
}

// jobControl reports whether fg and bg may run, with bash's message when
// not (checked before their options). A subshell runs without job
// control whatever $- says; a command substitution sees its parent's jobs
// but cannot take them over (ctlJob).
func (r *Runner) jobControl(name string) bool {
	if !r.opts[optMonitor] || r.subLevel > 0 && !r.jobs.comsub {
		r.errorf("%s: no job control", name)
		return false
	}
	return true
}

// ctlJob finds the job fg or bg acts on, with bash's messages.
func (r *Runner) ctlJob(name, spec string) *job {
	j := r.findJob(spec)
	if j != nil && r.jobs.comsub {
		r.errorf("%s: no current jobs", name)
		return nil
	}
	if j == nil {
		if spec == "%+" || spec == "%%" || spec == "%" {
			r.errorf("%s: current: no such job", name)
		} else {
			r.errorf("%s: %s: no such job", name, spec)
		}
		return nil
	}
	if !j.monitor {
		r.errorf("%s: job %d started without job control", name, j.id)
		return nil
	}
	return j
}

// builtinFg brings a job started under job control to the foreground:
// it prints the command and waits for it.
func (r *Runner) builtinFg(args []string) int {
	if !r.jobControl("fg") {
		return 1
	}
	_, rest, ok := r.jobCtlArgs("fg", "fg [job_spec]", "", args[1:])
	if !ok {
		return 2
	}
	spec := "%+"
	if len(rest) > 0 {
		spec = rest[0]
	}
	j := r.ctlJob("fg", spec)
	if j == nil {
		return 1
	}
	fmt.Fprintln(r.stdout(), j.text)
	r.jobs.markStopped(j, false)
	if !r.waitJob(j) {
		return 130
	}
	r.notifySignaled(j)
	r.jobs.reap(j)
	return j.status
}

// builtinBg resumes stopped jobs in the background.
func (r *Runner) builtinBg(args []string) int {
	if !r.jobControl("bg") {
		return 1
	}
	_, rest, ok := r.jobCtlArgs("bg", "bg [job_spec ...]", "", args[1:])
	if !ok {
		return 2
	}
	if len(rest) == 0 {
		rest = []string{"%+"}
	}
	status := 0
	for _, spec := range rest {
		j := r.ctlJob("bg", spec)
		if j == nil {
			status = 1
			continue
		}
		if !j.stopped.Load() || j.isDone() {
			r.errorf("bg: job %d already in background", j.id)
			continue
		}
		fmt.Fprintf(r.stdout(), "[%d]%s %s &\n", j.id, r.jobs.jobMark(j), j.text)
		r.jobs.markStopped(j, false)
	}
	return status
}

// builtinDisown removes jobs from the table (the run still waits for
// them); -h keeps them listed, as a sandbox sends no SIGHUP.
func (r *Runner) builtinDisown(args []string) int {
	set, rest, ok := r.jobCtlArgs("disown", "disown [-h] [-ar] [jobspec ... | pid ...]", "ahr", args[1:])
	if !ok {
		return 2
	}
	keep := strings.Contains(set, "h")
	if len(rest) == 0 && (strings.Contains(set, "a") || strings.Contains(set, "r")) {
		for _, j := range r.jobs.visible() {
			if strings.Contains(set, "r") && (j.isDone() || j.stopped.Load()) {
				continue
			}
			if !keep {
				r.jobs.forget(j)
			}
		}
		return 0
	}
	if len(rest) == 0 {
		rest = []string{"%+"}
	}
	status := 0
	for _, a := range rest {
		j := r.findJob(a)
		if j == nil {
			if strings.HasPrefix(a, "%") || a == "" {
				r.errorf("disown: %s: no such job", strings.Replace(a, "%+", "current", 1))
			} else {
				r.errorf("disown: %s: no such job", a)
			}
			status = 1
			continue
		}
		if !keep {
			r.jobs.forget(j)
		}
	}
	return status
}

// reap removes a job wait or fg has waited for, keeping its status for
// wait PID.
func (t *jobTable) reap(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, x := range t.list {
		if x == j {
			t.list = append(t.list[:i], t.list[i+1:]...)
			t.remember(j)
			t.left(j)
			return
		}
	}
}

// stopJob marks j stopped or continued. Only a shell with job control
// notices a job stop (bash's waitpid asks for stopped children only
// then), and a stopped job becomes the current one. The job's commands
// keep running: the mark is what jobs, bg and %+ see.
func (r *Runner) stopJob(j *job, stop bool) {
	if !stop {
		// kill -CONT leaves %+ and %- alone.
		j.stopped.Store(false)
		return
	}
	if r.opts[optMonitor] && !j.isDone() {
		r.jobs.markStopped(j, true)
	}
}

// jobSpecCommand runs a command named by a job spec (%1, %+ ...) as fg
// with that spec, as bash does before it looks for functions.
func (r *Runner) jobSpecCommand(args []string) bool {
	b, ok := r.builtin("fg")
	if !ok {
		return false
	}
	r.runBuiltin(b, append([]string{"fg"}, args...))
	return true
}

// empty reports whether the table has no job: the common case, checked
// before the cost of a cleanup.
func (t *jobTable) empty() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.list) == 0
}
