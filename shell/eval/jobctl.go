package eval

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Job table bookkeeping as bash keeps it: a finished job leaves the table
// once the shell has "notified" it (a non-interactive shell outside posix
// mode notifies silently; in posix mode jobs reports it once), a new job
// takes the number after the highest one still in the table, and the
// status of a reaped job stays available to wait PID until a bare wait.

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

// cleanup drops the finished jobs the shell has notified, remembering
// their statuses for wait PID, and returns them. In posix mode a job is
// notified once jobs reported it; otherwise as soon as it ends.
// Coprocesses stay: their pipes are released with the coprocess record.
func (t *jobTable) cleanup(posix bool) []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	var gone []*job
	kept := t.list[:0]
	for _, j := range t.list {
		if !j.hidden && j.atEnd == nil && j.isDone() && (!posix || j.notified) {
			gone = append(gone, j)
			t.remember(j)
			continue
		}
		kept = append(kept, j)
	}
	clear(t.list[len(kept):])
	t.list = kept
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

// touch makes j the most recent job: the current job (%+) is the one
// most recently started or stopped, the previous (%-) the one before.
func (t *jobTable) touch(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.clock++
	j.recent = t.clock
}

// byRecency lists jobs most recent first.
func byRecency(list []*job) []*job {
	out := append([]*job(nil), list...)
	sort.SliceStable(out, func(a, b int) bool { return out[a].recent > out[b].recent })
	return out
}

// reapJobs is a notification point: finished jobs leave the table.
func (r *Runner) reapJobs() {
	for _, j := range r.jobs.cleanup(r.opts[optPosix]) {
		r.notifySignaled(j)
	}
}

// jobMark is the + (current), - (previous) or blank jobs shows for j.
func jobMark(list []*job, j *job) string {
	rec := byRecency(list)
	switch {
	case len(rec) > 0 && rec[0] == j:
		return "+"
	case len(rec) > 1 && rec[1] == j:
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
	if !r.opts[optPosix] {
		r.reapJobs()
	}
	all := r.jobs.visible()
	list := all
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
		r.writeOut("jobs", fmt.Sprintf("[%d]%s  %s%-24s%s\n", j.id, jobMark(all, j), pid, state, text))
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

// ctlJob finds the job fg or bg acts on, with bash's messages.
func (r *Runner) ctlJob(name, spec string) *job {
	if !r.opts[optMonitor] {
		r.errorf("%s: no job control", name)
		return nil
	}
	j := r.findJob(spec)
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
	j.stopped.Store(false)
	if !r.waitJob(j) {
		return 130
	}
	r.notifySignaled(j)
	r.jobs.reap(j)
	return j.status
}

// builtinBg resumes stopped jobs in the background.
func (r *Runner) builtinBg(args []string) int {
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
		j.stopped.Store(false)
		fmt.Fprintf(r.stdout(), "[%d]%s %s &\n", j.id, jobMark(r.jobs.visible(), j), j.text)
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
		j.stopped.Store(false)
		return
	}
	if r.opts[optMonitor] && !j.isDone() {
		j.stopped.Store(true)
		r.jobs.touch(j)
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
