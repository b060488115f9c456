package shell

import (
	"context"
	"strconv"
	"strings"
)

// kill reaches only the session's background jobs (jobs.go): a job's
// commands run under a context of its own, which kill cancels, and the
// call handler turns every later command of a killed job into exit
// 128+signal, so wait reports what bash reports.

// jobVar holds, inside a job's subshell only, the job's number.
const jobVar = "__JUSTBASH_JOB"

var signalNumbers = map[string]int{
	"HUP": 1, "INT": 2, "QUIT": 3, "ILL": 4, "TRAP": 5, "ABRT": 6, "BUS": 7, "FPE": 8, "KILL": 9,
	"USR1": 10, "SEGV": 11, "USR2": 12, "PIPE": 13, "ALRM": 14, "TERM": 15, "CONT": 18, "STOP": 19,
	"TSTP": 20, "TTIN": 21, "TTOU": 22,
}

// parseSignal accepts 15, TERM and SIGTERM.
func parseSignal(s string) (int, bool) {
	if isDigits(s) {
		n, err := strconv.Atoi(s)
		return n, err == nil && n < 65
	}
	n, ok := signalNumbers[strings.TrimPrefix(strings.ToUpper(s), "SIG")]
	return n, ok
}

// killBuiltin handles kill for job pids and specs. It returns nil for what
// it leaves to the registered command (kill -l).
func (sess *Session) killBuiltin(args []string) []string {
	sig := 15
	i := 0
	if len(args) > 0 && (args[0] == "-l" || args[0] == "-L") {
		return nil
	}
	if i < len(args) && (args[i] == "-s" || args[i] == "-n") {
		if i+1 >= len(args) {
			return printText("", "bash: kill: "+args[i]+": option requires an argument\n", 2)
		}
		n, ok := parseSignal(args[i+1])
		if !ok {
			return printText("", "bash: kill: "+args[i+1]+": invalid signal specification\n", 1)
		}
		sig, i = n, i+2
	} else if i < len(args) && len(args[i]) > 1 && args[i][0] == '-' && args[i] != "--" {
		n, ok := parseSignal(args[i][1:])
		if !ok {
			return printText("", "bash: kill: "+args[i][1:]+": invalid signal specification\n", 1)
		}
		sig, i = n, i+1
	}
	if i < len(args) && args[i] == "--" {
		i++
	}
	if i >= len(args) {
		return printText("", "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n", 2)
	}
	var errs strings.Builder
	status := 0
	for _, a := range args[i:] {
		if msg := sess.signalJob(a, sig); msg != "" {
			errs.WriteString("bash: kill: " + msg + "\n")
			status = 1
		}
	}
	return printText("", errs.String(), status)
}

// signalJob sends sig to the job a names; it returns an error text.
func (sess *Session) signalJob(a string, sig int) string {
	jt := &sess.jobs
	jt.mu.Lock()
	defer jt.mu.Unlock()
	jt.init()
	n, ok := jt.resolve(a)
	j := jt.jobs[n]
	switch {
	case ok && j != nil && !j.done:
	case strings.HasPrefix(a, "%"):
		return a + ": no such job"
	case isDigits(a) || ok:
		return "(" + a + ") - No such process"
	default:
		return a + ": arguments must be process or job IDs"
	}
	switch sig {
	case 0, 2, 3, 18:
		// 0 only probes; a non-interactive shell's jobs ignore INT and
		// QUIT; CONT resumes what is not stopped.
		return ""
	}
	j.killed, j.done, j.status = true, true, 128+sig
	jt.finish = append(jt.finish, n)
	if j.cancel != nil {
		j.cancel()
	}
	select {
	case jt.notify <- struct{}{}:
	default:
	}
	return ""
}

// jobContext is the context a command of job n runs under.
func (sess *Session) jobContext(n string, fallback context.Context) context.Context {
	jt := &sess.jobs
	num, err := strconv.Atoi(n)
	if err != nil {
		return fallback
	}
	jt.mu.Lock()
	defer jt.mu.Unlock()
	if j := jt.jobs[num]; j != nil && j.ctx != nil {
		return j.ctx
	}
	return fallback
}

// killedJob reports the exit status of the killed job n, if it is one.
func (sess *Session) killedJob(n string) (int, bool) {
	num, err := strconv.Atoi(n)
	if err != nil {
		return 0, false
	}
	jt := &sess.jobs
	jt.mu.Lock()
	defer jt.mu.Unlock()
	if j := jt.jobs[num]; j != nil && j.killed {
		return j.status, true
	}
	return 0, false
}
