package eval

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// job is a background job (cmd &) or a hidden helper (process
// substitution) that the run waits for before it ends.
type job struct {
	id     int
	pid    int
	text   string
	done   chan struct{}
	status int
	hidden bool
	// reported is set once a signal's death has been reported.
	reported bool
	// notified is set once jobs has shown it finished (jobctl.go).
	notified bool
	// monitor: started while job control (set -m) was on, so fg and bg
	// may act on it. stopped: a STOP signal's mark, which CONT clears.
	monitor bool
	stopped atomic.Bool
	// cancel ends the job (kill); sig is the status a signal gave it.
	cancel func()
	sig    int
	// atEnd, when set, runs as the shell that owns the job finishes and
	// before it waits for the job: a coprocess's pipe ends are closed
	// there, as bash's exit closes them, so a coprocess blocked writing
	// to a reader nobody reads ends instead of hanging the run.
	atEnd func()
}

// jobTable is a shell's jobs. Safe for concurrent use.
type jobTable struct {
	mu   sync.Mutex
	list []*job
	// inherited are the parent's jobs that a command substitution (or a
	// jobs builtin alone in a pipeline stage) still lists, as bash keeps
	// its job list there; they are not this shell's children, so wait
	// and the end of the run never wait for them.
	inherited []*job
	// coprocs are this shell's running coprocesses; touched only by the
	// shell that owns the table.
	coprocs []*coprocRec
	// reaped keeps the statuses of background pids that left the table
	// for wait PID; cur and prev are %+ and %- (jobcurrent.go).
	reaped    map[int]int
	cur, prev *job
	// comsub: the table of a command substitution, where fg and bg find
	// the parent's jobs but may not take them over.
	comsub bool
}

// inherit is the job table of a $( ) subshell: the parent's jobs stay
// listed (jobs, jobs -p, kill %N) without being waited for.
func (t *jobTable) inherit() *jobTable {
	list := t.visible()
	t.mu.Lock()
	defer t.mu.Unlock()
	return &jobTable{inherited: list, cur: t.cur, prev: t.prev, comsub: true}
}

// own lists the background jobs this shell started (what wait waits for).
func (t *jobTable) own() []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []*job
	for _, j := range t.list {
		if !j.hidden {
			out = append(out, j)
		}
	}
	return out
}

func newJobTable() *jobTable { return &jobTable{} }

func (t *jobTable) add(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !j.hidden {
		j.id = t.nextID()
	}
	t.list = append(t.list, j)
	if !j.hidden {
		t.setCurrent(j)
	}
}

// goHidden runs f as a hidden job the run waits for (a process
// substitution): pid is its $!, so wait $! finds it though jobs does not
// list it, and its status is what f returns.
func (t *jobTable) goHidden(pid int, f func() int) *job {
	j := &job{pid: pid, done: make(chan struct{}), hidden: true}
	t.add(j)
	go func() {
		defer close(j.done)
		j.status = f()
	}()
	return j
}

// waitAll waits for every job, background and hidden.
func (t *jobTable) waitAll() {
	t.mu.Lock()
	list := append([]*job(nil), t.list...)
	t.mu.Unlock()
	for _, j := range list {
		if j.atEnd != nil {
			j.atEnd()
		}
		<-j.done
	}
}

func (t *jobTable) count() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, j := range t.list {
		if !j.hidden {
			n++
		}
	}
	return n
}

// visible lists the background jobs, inherited ones first.
func (t *jobTable) visible() []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]*job(nil), t.inherited...)
	for _, j := range t.list {
		if !j.hidden {
			out = append(out, j)
		}
	}
	return out
}

func (t *jobTable) remove(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, x := range t.list {
		if x == j {
			t.list = append(t.list[:i], t.list[i+1:]...)
			t.left(j)
			return
		}
	}
}

// forget drops a job from the table without waiting (disown): the run
// still waits for it through waitAll's snapshot of hidden helpers.
func (t *jobTable) forget(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	j.hidden = true
	t.left(j)
}

func (t *jobTable) byPid(pid int) *job {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, j := range append(t.list[:len(t.list):len(t.list)], t.inherited...) {
		if j.pid == pid && pid != 0 {
			return j
		}
	}
	return nil
}

// background starts st as a job.
func (r *Runner) background(st *syntax.Stmt) {
	if m := r.cfg.Limits.MaxJobs; m > 0 && r.g.jobs.Load() >= int64(m) {
		r.stop(r.g.trip("max background jobs", m))
		return
	}
	r.g.jobs.Add(1)
	r.reapJobs()
	sub := r.subshell()
	r.dropCoprocFds(sub)
	sub.noErrExit = 0
	sub.loopDepth = 0
	ctx, cancel := context.WithCancel(r.ctx)
	sub.ctx = ctx
	fg := *st
	fg.Background = false
	j := &job{pid: sub.pid, done: make(chan struct{}), text: r.jobText(st), cancel: cancel, monitor: r.opts[optMonitor]}
	r.jobs.add(j)
	r.g.procs.add(j)
	r.lastBg = sub.pid
	go func() {
		defer close(j.done)
		defer r.g.procs.remove(j)
		defer r.g.jobs.Add(-1)
		defer sub.recoverPanic()
		sub.stmt(&fg)
		if sub.flow == flowExit {
			sub.status = sub.exitCode
		}
		sub.runExitTrap()
		sub.jobs.waitAll()
		sub.fds.releaseAll()
		j.status = sub.status
		if j.sig != 0 {
			j.status = j.sig
		}
		cancel()
	}()
	r.status = 0
}

// pipeStages flattens a | b | c into its statements.
func pipeStages(b *syntax.BinaryCmd, out []*syntax.Stmt, all []bool) ([]*syntax.Stmt, []bool) {
	add := func(st *syntax.Stmt, stderr bool) {
		if inner, ok := st.Cmd.(*syntax.BinaryCmd); ok && (inner.Op == syntax.Pipe || inner.Op == syntax.PipeAll) &&
			!st.Negated && len(st.Redirs) == 0 && !st.Background {
			out, all = pipeStages(inner, out, all)
			if stderr {
				all[len(all)-1] = true
			}
			return
		}
		out = append(out, st)
		all = append(all, stderr)
	}
	add(b.X, b.Op == syntax.PipeAll)
	add(b.Y, false)
	return out, all
}

// sigpipeWriter is the write end of a pipeline's pipe. Once the reader is
// gone, a write fails as EPIPE and marks the writing subshell, which then
// ends with status 141 as SIGPIPE would end it.
type sigpipeWriter struct {
	w      pipeWriter
	broken *atomic.Bool
}

var errBrokenPipe error = brokenPipe{}

// brokenPipe is EPIPE as a command sees it: it reads "Broken pipe" and
// matches io.ErrClosedPipe and syscall.EPIPE, which commands test for to
// stop quietly as SIGPIPE would have stopped them.
type brokenPipe struct{}

func (brokenPipe) Error() string { return "Broken pipe" }

func (brokenPipe) Is(target error) bool {
	return target == io.ErrClosedPipe || target == syscall.EPIPE
}

func (s sigpipeWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if errors.Is(err, io.ErrClosedPipe) {
		s.broken.Store(true)
		return n, errBrokenPipe
	}
	return n, err
}

// pipeline runs a | b | c with every stage concurrent.
func (r *Runner) pipeline(b *syntax.BinaryCmd) {
	stages, stderrToo := pipeStages(b, nil, nil)
	n := len(stages)
	statuses := make([]int, n)
	var wg sync.WaitGroup
	var in io.Reader = r.stdin()
	lastInShell := r.shopts["lastpipe"] && !r.opts[optMonitor]
	var lastSub *Runner
	for i, st := range stages {
		var pr pipeReader
		var pw pipeWriter
		if i < n-1 {
			bp := newBufPipe()
			pr, pw = pipeReader{bp}, pipeWriter{bp}
		}
		sub := r
		if !(i == n-1 && lastInShell) {
			sub = r.subshell()
			r.dropCoprocFds(sub)
			if isJobsCall(st) {
				// bash keeps its job list for a jobs builtin run alone in
				// a stage (jobs -p | wc -l), and only then.
				sub.jobs = r.jobs.inherit()
			}
		}
		// A last stage run in this shell (lastpipe) gets its input
		// below, once the shell's own stdin is saved to come back.
		if (i > 0 || in != r.stdin()) && sub != r {
			sub.fds.set(0, &fdEntry{r: in})
		}
		var broken *atomic.Bool
		if pw.p != nil {
			broken = &atomic.Bool{}
			w := sigpipeWriter{w: pw, broken: broken}
			sub.fds.set(1, &fdEntry{w: w})
			if stderrToo[i] {
				sub.fds.set(2, &fdEntry{w: w})
			}
			sub.sigpipe = broken
		}
		if i == n-1 {
			lastSub = sub
			break
		}
		wg.Add(1)
		idx, stageIn := i, in
		go func() {
			defer wg.Done()
			defer pw.Close()
			defer sub.recoverPanic()
			// The stage is a subshell: set -e applies in it as in the
			// shell that runs the pipeline (suspended there or not).
			sub.pipeElem = st
			sub.stmt(st)
			if sub.flow == flowExit {
				sub.status = sub.exitCode
			}
			sub.runExitTrap()
			sub.jobs.waitAll()
			sub.fds.releaseAll()
			if broken.Load() && sub.status != 0 {
				sub.status = 141
			}
			statuses[idx] = sub.status
			// Only a pipe this pipeline made is closed: the first
			// stage's input is the shell's own stdin (an outer
			// pipeline's pipe, say), which outlives this pipeline.
			if p, ok := stageIn.(pipeReader); ok && idx > 0 {
				p.Close()
			}
		}()
		in = pr
	}
	// The last stage runs here; its reader closes when it is done so
	// that writers still running see a broken pipe.
	last := stages[n-1]
	if lastSub == r {
		saved := r.fds.get(0)
		if saved != nil {
			saved.retain()
		}
		r.fds.set(0, &fdEntry{r: in})
		r.stmt(last)
		r.fds.set(0, saved)
		if saved != nil {
			saved.release()
		}
		statuses[n-1] = r.status
	} else {
		lastSub.pipeElem = last
		lastSub.stmt(last)
		if lastSub.flow == flowExit {
			lastSub.status = lastSub.exitCode
		}
		lastSub.runExitTrap()
		lastSub.jobs.waitAll()
		lastSub.fds.releaseAll()
		statuses[n-1] = lastSub.status
	}
	if pr, ok := in.(pipeReader); ok {
		pr.Close()
	}
	wg.Wait()
	r.pipeStatus = statuses
	status := statuses[n-1]
	if r.opts[optPipeFail] {
		for i := n - 1; i >= 0; i-- {
			if statuses[i] != 0 {
				status = statuses[i]
				break
			}
		}
	}
	r.status = status
	if e := r.g.err(); e != nil {
		r.stop(e)
	}
}

// sigpipeGate passes writes until the pipe a command writes to is broken.
type sigpipeGate struct {
	w      io.Writer
	broken *atomic.Bool
}

func (g sigpipeGate) Write(p []byte) (int, error) {
	if g.broken.Load() {
		return len(p), nil
	}
	return g.w.Write(p)
}

// isJobsCall reports whether st is a plain "jobs ..." command.
func isJobsCall(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 || len(c.Assigns) > 0 {
		return false
	}
	return c.Args[0].Lit() == "jobs"
}

// jobText is the text jobs shows for a background statement: the
// statement less its &, as bash prints it (jobtext.go).
func (r *Runner) jobText(st *syntax.Stmt) string {
	return commandText(r.src, st)
}
