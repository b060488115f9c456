package eval

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// findJob resolves a job spec (%N, %%, %+, %-, a pid).
func (r *Runner) findJob(spec string) *job {
	list := r.jobs.visible()
	if strings.HasPrefix(spec, "%") {
		s := spec[1:]
		cur, prev := r.jobs.current()
		if s == "" || s == "%" || s == "+" {
			return cur
		}
		if s == "-" {
			return prev
		}
		if n, err := strconv.Atoi(s); err == nil {
			for _, j := range list {
				if j.id == n {
					return j
				}
			}
			return nil
		}
		// %?str names the job whose command contains str, %str the one
		// whose command starts with it.
		match := strings.HasPrefix
		if strings.HasPrefix(s, "?") {
			s, match = s[1:], strings.Contains
		}
		for _, j := range list {
			if match(j.text, s) {
				return j
			}
		}
		return nil
	}
	if n, err := strconv.Atoi(spec); err == nil {
		return r.jobs.byPid(n)
	}
	return nil
}

// builtinWait waits for jobs: all, the named ones, or (-n) the next.
func (r *Runner) builtinWait(args []string) int {
	if r.jobs.coprocs != nil {
		defer r.reapCoprocs()
	}
	args = args[1:]
	next := false
	pvar := ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		switch args[0] {
		case "-n":
			next = true
		case "-f":
		case "-p":
			if len(args) < 2 {
				r.errorf("wait: -p: option requires an argument")
				return 2
			}
			pvar = args[1]
			args = args[1:]
		case "--":
			args = args[1:]
			goto operands
		default:
			r.errorf("wait: %s: invalid option", args[0])
			fmt.Fprintln(r.stderr(), "wait: usage: wait [-fn] [-p var] [id ...]")
			return 2
		}
		args = args[1:]
	}
operands:
	if next {
		return r.waitNext(args, pvar)
	}
	if len(args) == 0 {
		// wait also waits for the last process substitution (bash 5.1).
		if j := r.lastProcSubst; j != nil && !r.waitJob(j) {
			return 130
		}
		for _, j := range r.jobs.own() {
			if !r.waitJob(j) {
				return 128 + 2
			}
			r.notifySignaled(j)
			r.jobs.remove(j)
		}
		r.jobs.forgetReaped()
		return 0
	}
	status := 0
	for _, a := range args {
		j := r.findJob(a)
		if j == nil {
			if pid, err := strconv.Atoi(a); err == nil {
				if st, ok := r.jobs.reapedStatus(pid); ok {
					status = st
					continue
				}
			}
			if strings.HasPrefix(a, "%") {
				r.errorf("wait: %s: no such job", a)
			} else if n, err := strconv.Atoi(a); err != nil || n < 0 || a[0] == '+' {
				r.errorf("wait: `%s': not a pid or valid job spec", a)
				status = 1
				continue
			} else {
				r.errorf("wait: pid %s is not a child of this shell", a)
			}
			status = 127
			continue
		}
		if !r.waitJob(j) {
			return 130
		}
		// bash -c reaps the jobs that ended meanwhile.
		r.reapJobs()
		status = j.status
		r.notifySignaled(j)
		if pvar != "" {
			r.setVar(pvar, strconv.Itoa(j.pid), false)
		}
		r.jobs.reap(j)
	}
	return status
}

// waitJob blocks until j ends or the run is cancelled.
func (r *Runner) waitJob(j *job) bool {
	select {
	case <-j.done:
		return true
	case <-r.ctx.Done():
		r.stop(r.g.ctxErr())
		return false
	}
}

// waitNext is wait -n: the first of the given (or all) jobs to end.
func (r *Runner) waitNext(specs []string, pvar string) int {
	var list []*job
	if len(specs) == 0 {
		list = r.jobs.own()
	} else {
		for _, s := range specs {
			if j := r.findJob(s); j != nil {
				list = append(list, j)
			} else {
				// wait -n names every id it cannot wait for (one
				// already reaped included) as a missing job.
				r.errorf("wait: %s: no such job", s)
			}
		}
	}
	if len(list) == 0 {
		return 127
	}
	for {
		for _, j := range list {
			select {
			case <-j.done:
				r.notifySignaled(j)
				r.jobs.reap(j)
				if pvar != "" {
					r.setVar(pvar, strconv.Itoa(j.pid), false)
				}
				return j.status
			default:
			}
		}
		select {
		case <-r.ctx.Done():
			r.stop(r.g.ctxErr())
			return 130
		case <-time.After(time.Millisecond):
		}
	}
}

// builtinKill sends signals to the shell's own jobs (and the shell).
func (r *Runner) builtinKill(args []string) int {
	args = args[1:]
	sig := "TERM"
	if len(args) == 0 {
		fmt.Fprintln(r.stderr(), "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]")
		return 2
	}
	switch a := args[0]; {
	case a == "-l" || a == "-L":
		if len(args) > 1 {
			for _, s := range args[1:] {
				if n, err := strconv.Atoi(s); err == nil {
					if n > 128 {
						n -= 128
					}
					if name, ok := signalName(strconv.Itoa(n)); ok {
						r.writeOut("kill", name+"\n")
						continue
					}
				} else if name, ok := signalName(s); ok {
					r.writeOut("kill", strconv.Itoa(signalNumber(name))+"\n")
					continue
				}
				r.errorf("kill: %s: invalid signal specification", s)
				return 1
			}
			return 0
		}
		return r.builtinTrap([]string{"-l"})
	case a == "-s" || a == "-n":
		if len(args) < 2 {
			r.errorf("kill: %s: option requires an argument", a)
			return 2
		}
		name, ok := signalName(args[1])
		if !ok {
			r.errorf("kill: %s: invalid signal specification", args[1])
			return 1
		}
		sig, args = name, args[2:]
	case strings.HasPrefix(a, "-") && len(a) > 1 && a != "--":
		name, ok := signalName(a[1:])
		if !ok {
			r.errorf("kill: %s: invalid signal specification", a[1:])
			return 1
		}
		sig, args = name, args[1:]
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		// A signal and no process: bash shows the usage.
		fmt.Fprintln(r.stderr(), "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]")
		return 2
	}
	status := 0
	for _, t := range args {
		// $$ is 1 in every shell the sandbox starts; outside a subshell
		// it is this shell.
		if t == "$$" || t == "1" && (r.pid == 1 || r.subLevel == 0) || t == strconv.Itoa(r.pid) {
			r.deliverSignal(sig)
			if r.flow != flowNone {
				return r.status // the trap returned from a function or exited
			}
			continue
		}
		if t == "1" && (sig == "0" || sig == "EXIT") {
			continue // the shell whose $$ a subshell sees exists
		}
		j := r.findJob(t)
		if j == nil {
			j = r.g.procs.byPid(t)
		}
		if j == nil {
			if t == "" {
				r.errorf("kill: `': not a pid or valid job spec")
			} else if strings.HasPrefix(t, "%") {
				r.errorf("kill: %s: no such job", t)
			} else if _, err := strconv.Atoi(t); err != nil {
				r.errorf("kill: %s: arguments must be process or job IDs", t)
			} else {
				r.errorf("kill: (%s) - No such process", t)
			}
			status = 1
			continue
		}
		if sig == "0" || sig == "EXIT" {
			continue
		}
		r.signalJob(j, sig)
	}
	return status
}

// signalJob cancels a background job as a signal would end it.
func (r *Runner) signalJob(j *job, sig string) {
	switch sig {
	case "CHLD", "URG", "WINCH":
		// Ignored unless caught.
		return
	case "STOP", "TSTP", "TTIN", "TTOU", "CONT":
		r.stopJob(j, sig != "CONT")
		return
	case "INT", "QUIT":
		// Without job control, bash starts asynchronous commands with
		// SIGINT and SIGQUIT ignored.
		if !r.opts[optMonitor] {
			return
		}
	}
	if j.cancel != nil {
		j.sig = 128 + signalNumber(sig)
		j.cancel()
	}
}

// timeClause is the time keyword: runs the pipeline and prints real, user
// and sys times to stderr in TIMEFORMAT.
func (r *Runner) timeClause(c *syntax.TimeClause) {
	c = flattenTime(c)
	start := time.Now()
	if c.Stmt != nil {
		r.stmt(c.Stmt)
	} else {
		r.status = 0
	}
	el := time.Since(start)
	format, set := r.lookupVar("TIMEFORMAT").scalar()
	if !set {
		format = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS"
	}
	if c.PosixFormat {
		// time -p prints POSIX's format whatever TIMEFORMAT says.
		format = "real %2R\nuser %2U\nsys %2S"
	}
	fmt.Fprintln(r.stderr(), timeFormat(format, el))
}

// timeFormat renders TIMEFORMAT's %[p][l]R/U/S and %P escapes.
func timeFormat(f string, real time.Duration) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		if f[i] == '%' {
			b.WriteByte('%')
			continue
		}
		prec := 3
		if f[i] >= '0' && f[i] <= '9' {
			prec = min(int(f[i]-'0'), 3)
			i++
		}
		long := false
		if i < len(f) && f[i] == 'l' {
			long = true
			i++
		}
		if i >= len(f) {
			break
		}
		var d time.Duration
		switch f[i] {
		case 'R':
			d = real
		case 'U', 'S':
		case 'P':
			b.WriteString("0.00")
			continue
		default:
			b.WriteByte('%')
			b.WriteByte(f[i])
			continue
		}
		secs := d.Seconds()
		if long {
			m := int(secs / 60)
			secs -= float64(m * 60)
			b.WriteString(strconv.Itoa(m) + "m" + strconv.FormatFloat(secs, 'f', prec, 64) + "s")
		} else {
			b.WriteString(strconv.FormatFloat(secs, 'f', prec, 64))
		}
	}
	return b.String()
}

// coproc starts a coprocess: its stdin and stdout are pipes whose
// descriptors land in NAME[1] and NAME[0], its pid in NAME_PID.
func (r *Runner) coproc(c *syntax.CoprocClause) {
	name := "COPROC"
	if c.Name != nil {
		name = c.Name.Lit()
	}
	if !isName(name) {
		r.errorf("`%s': not a valid identifier", name)
		r.status = 1
		return
	}
	r.reapCoprocs()
	r.warnCoprocRunning()
	// Kernel-like buffered pipes: a coprocess's output waits there for a
	// reader as it would in a real pipe.
	inP, outP := newBufPipe(), newBufPipe()
	inR, inW := pipeReader{inP}, pipeWriter{inP}
	outR, outW := pipeReader{outP}, pipeWriter{outP}
	rfd, wfd := r.fds.coprocFds()
	r.fds.set(rfd, newOwnedEntry(outR, nil, outR, ""))
	r.fds.set(wfd, newOwnedEntry(nil, inW, inW, ""))
	sub := r.subshell()
	r.dropCoprocFds(sub)
	sub.fds.close(rfd)
	sub.fds.close(wfd)
	sub.fds.set(0, &fdEntry{r: inR})
	sub.fds.set(1, &fdEntry{w: outW})
	ctx, cancel := context.WithCancel(r.ctx)
	sub.ctx = ctx
	j := &job{pid: sub.pid, done: make(chan struct{}), text: "coproc " + name + " " + commandText(r.src, c.Stmt),
		atEnd: func() { outR.Close(); inW.Close() },
		// A signal ends the coprocess even while it waits on its pipes.
		cancel: func() { cancel(); inR.Close(); outW.Close() }}
	r.jobs.add(j)
	r.g.procs.add(j)
	rec := &coprocRec{job: j, name: name, rfd: rfd, wfd: wfd, r: r.fds.get(rfd), w: r.fds.get(wfd)}
	r.jobs.coprocs = append(r.jobs.coprocs, rec)
	r.lastBg = sub.pid
	go func() {
		defer close(j.done)
		defer r.g.procs.remove(j)
		defer outW.Close()
		defer sub.recoverPanic()
		sub.stmt(c.Stmt)
		sub.runExitTrap()
		sub.fds.releaseAll()
		inR.Close()
		j.status = sub.status
		if j.sig != 0 {
			j.status = j.sig
		}
		cancel()
	}()
	rec.name = r.coprocSetVars(name, rfd, wfd, sub.pid)
	r.status = 0
}

// selectLoop is select: a numbered menu on stderr, a reply from stdin.
func (r *Runner) selectLoop(name string, items []string, body []*syntax.Stmt) {
	// The menu shows first and again after an empty line only.
	menu := true
	for {
		if menu {
			for i, it := range items {
				fmt.Fprintf(r.stderr(), "%d) %s\n", i+1, it)
			}
		}
		ps3, ok := r.lookupVar("PS3").scalar()
		if !ok {
			ps3 = "#? "
		}
		fmt.Fprint(r.stderr(), ps3)
		// The reply is read as read REPLY reads it (backslashes
		// escape); a line cut short by the end of input ends the loop.
		line, eof, _ := r.readInput(r.stdin(), readOpts{delim: '\n', nchars: -1})
		if eof {
			fmt.Fprintln(r.stdout())
			r.status = 1
			return
		}
		line = unescapeRead(line).s
		r.setVar("REPLY", line, false)
		val := ""
		if n, err := strconv.Atoi(strings.TrimSpace(line)); err == nil && n >= 1 && n <= len(items) {
			val = items[n-1]
		}
		if menu = line == ""; menu {
			continue
		}
		r.assignFailed = false
		if !r.setVar(name, val, false) {
			r.loopVarFailed()
			return
		}
		if !r.loopBody(body) {
			return
		}
	}
}
