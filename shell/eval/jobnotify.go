package eval

import (
	"fmt"
	"strconv"
)

// signalDescriptions are the texts the C library gives each signal
// (strsignal), which bash prints when a job dies of one.
var signalDescriptions = [...]string{
	1: "Hangup", 2: "Interrupt", 3: "Quit", 4: "Illegal instruction",
	5: "Trace/breakpoint trap", 6: "Aborted", 7: "Bus error",
	8: "Floating point exception", 9: "Killed", 10: "User defined signal 1",
	11: "Segmentation fault", 12: "User defined signal 2", 13: "Broken pipe",
	14: "Alarm clock", 15: "Terminated", 16: "Stack fault", 17: "Child exited",
	18: "Continued", 19: "Stopped (signal)", 20: "Stopped", 21: "Stopped (tty input)",
	22: "Stopped (tty output)", 23: "Urgent I/O condition", 24: "CPU time limit exceeded",
	25: "File size limit exceeded", 26: "Virtual timer expired", 27: "Profiling timer expired",
	28: "Window changed", 29: "I/O possible", 30: "Power failure", 31: "Bad system call",
}

func signalDescription(n int) string {
	if n > 0 && n < len(signalDescriptions) {
		return signalDescriptions[n]
	}
	if n >= 34 && n <= 64 {
		return "Real-time signal " + strconv.Itoa(n-34)
	}
	return "Unknown signal " + strconv.Itoa(n)
}

// notifySignaled is what a non-interactive bash prints on stderr when it
// reaps a job a signal killed: "PID Description  command", after its
// usual prefix. bash stays quiet for SIGINT, SIGTERM and SIGPIPE, and for
// signals the shell itself traps.
func (r *Runner) notifySignaled(j *job) {
	if j.sig <= 128 || j.reported {
		return
	}
	j.reported = true
	n := j.sig - 128
	switch n {
	case 2, 13, 15:
		return
	}
	if name, ok := signalName(strconv.Itoa(n)); ok {
		if _, trapped := r.traps[name]; trapped {
			return
		}
	}
	fmt.Fprintf(r.stderr(), "%s%5d %-24s%s\n", r.msgPrefix(), j.pid, signalDescription(n), j.text)
}
