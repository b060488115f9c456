package eval

import (
	"fmt"
	"strconv"
	"strings"
)

// signals is bash's signal table on Linux x86-64 (kill -l order).
var signals = []string{"", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1",
	"SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU",
	"URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS"}

// signalName normalises a signal spec (INT, SIGINT, 2, EXIT, 0, ERR...) to
// the trap table's key; ok is false for an unknown signal.
func signalName(spec string) (string, bool) {
	s := strings.ToUpper(spec)
	s = strings.TrimPrefix(s, "SIG")
	switch s {
	case "EXIT", "0":
		return "EXIT", true
	case "ERR", "DEBUG", "RETURN":
		return s, true
	}
	if n, err := strconv.Atoi(spec); err == nil {
		if n > 0 && n < len(signals) {
			return signals[n], true
		}
		if n >= 34 && n <= 64 {
			return rtName(n), true
		}
		return "", false
	}
	for _, n := range signals[1:] {
		if n == s {
			return n, true
		}
	}
	if strings.HasPrefix(s, "RTMIN") || strings.HasPrefix(s, "RTMAX") {
		if n, ok := rtNumber(s); ok {
			return rtName(n), true
		}
	}
	return "", false
}

// signalNumber is the number of a signal name from signalName.
func signalNumber(name string) int {
	if name == "EXIT" {
		return 0
	}
	for i, n := range signals {
		if n == name && i > 0 {
			return i
		}
	}
	if n, ok := rtNumber(name); ok {
		return n
	}
	return -1
}

func rtName(n int) string {
	switch {
	case n == 34:
		return "RTMIN"
	case n < 50:
		return "RTMIN+" + strconv.Itoa(n-34)
	case n == 64:
		return "RTMAX"
	}
	return "RTMAX-" + strconv.Itoa(64-n)
}

func rtNumber(s string) (int, bool) {
	switch {
	case s == "RTMIN":
		return 34, true
	case s == "RTMAX":
		return 64, true
	case strings.HasPrefix(s, "RTMIN+"):
		n, err := strconv.Atoi(s[6:])
		return 34 + n, err == nil && n >= 0 && n <= 15
	case strings.HasPrefix(s, "RTMAX-"):
		n, err := strconv.Atoi(s[6:])
		return 64 - n, err == nil && n >= 0 && n <= 14
	}
	return 0, false
}

// runTrap runs a trap's text as eval would, keeping $? for it.
func (r *Runner) runTrap(name, text string) {
	saved, savedStatus := r.inTrap, r.trapStatus
	r.inTrap, r.trapStatus = name, r.status
	savedFlow := r.flow
	r.flow = flowNone
	line := r.lineno
	r.traceDepth++
	r.evalText(text, "trap")
	r.traceDepth--
	r.lineno = line
	r.inTrap, r.trapStatus = saved, savedStatus
	r.trapReturn = r.flow == flowReturn && name != "RETURN"
	if r.flow == flowNone {
		r.flow = savedFlow
	}
}

// lastStatus is the status exit (or return) uses without an argument:
// in the EXIT trap (for return, in any trap handler but DEBUG's) the
// status from before the handler ran, so its own commands cannot change it.
func (r *Runner) lastStatus(isReturn bool) int {
	if r.inTrap == "EXIT" || isReturn && r.inTrap != "" && r.inTrap != "DEBUG" {
		return r.trapStatus
	}
	return r.status
}

// runExitTrap runs the EXIT trap once, when the shell (or subshell) ends.
func (r *Runner) runExitTrap() {
	text, ok := r.traps["EXIT"]
	if !ok || text == "" || r.inTrap == "EXIT" {
		return
	}
	delete(r.traps, "EXIT")
	status := r.status
	if r.flow == flowExit {
		status = r.exitCode
	}
	r.flow = flowNone
	r.status = status
	r.runTrap("EXIT", text)
	if r.flow == flowExit {
		r.status = r.exitCode
		return
	}
	r.status = status
}

// runDebugTrap runs the DEBUG trap before a simple command; false means
// extdebug told us to skip the command.
func (r *Runner) runDebugTrap() bool {
	text, ok := r.traps["DEBUG"]
	if !ok || text == "" || r.debugBlocked() {
		return true
	}
	if r.funcDepth > 0 && !r.opts[optFuncTrace] && !r.debugInherited {
		return true
	}
	status := r.status
	r.runTrap("DEBUG", text)
	skip := r.shopts["extdebug"] && r.status != 0
	r.status = status
	return !skip
}

// deliverSignal acts on a signal sent to the shell itself (kill $$): a
// trap runs it; otherwise the default action ends the shell.
func (r *Runner) deliverSignal(name string) {
	text, ok := r.traps[name]
	if ok {
		if text != "" {
			r.runTrap(name, text)
		}
		return
	}
	switch name {
	case "CHLD", "CONT", "URG", "WINCH":
		return
	}
	n := signalNumber(name)
	r.exit(128 + n)
}

// builtinTrap is the trap builtin.
func (r *Runner) builtinTrap(args []string) int {
	out := r.stdout()
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 || args[0] == "-p" || args[0] == "-P" {
		names := args
		if len(names) > 0 {
			names = names[1:]
		}
		if len(names) > 0 && names[0] == "--" {
			names = names[1:]
		} else if len(names) > 0 && len(names[0]) > 1 && names[0][0] == '-' && names[0] != "-p" && names[0] != "-P" {
			// Options come together: trap -p -s is an unknown option.
			r.errorf("trap: %s: invalid option", names[0][:2])
			fmt.Fprintln(r.stderr(), "trap: usage: trap [-lp] [[arg] signal_spec ...]")
			return 2
		}
		return r.printTraps(names)
	}
	if args[0] == "-l" {
		for i := 1; i < len(signals); i++ {
			fmt.Fprintf(out, "%2d) SIG%s", i, signals[i])
			if i%5 == 0 {
				fmt.Fprintln(out)
			} else {
				fmt.Fprint(out, "\t")
			}
		}
		fmt.Fprintln(out)
		return 0
	}
	if strings.HasPrefix(args[0], "-") && args[0] != "-" && len(args[0]) > 1 {
		r.errorf("trap: %s: invalid option", args[0])
		fmt.Fprintln(r.stderr(), "trap: usage: trap [-lp] [[arg] signal_spec ...]")
		return 2
	}
	action := args[0]
	sigs := args[1:]
	if len(sigs) == 0 {
		// trap SIG resets SIG when the one argument is a signal.
		if _, ok := signalName(action); ok {
			sigs = []string{action}
			action = "-"
		} else {
			r.errorf("trap: %s: invalid signal specification", action)
			return 1
		}
	}
	if _, err := strconv.Atoi(action); err == nil {
		// An unsigned number as the first operand resets the signals.
		sigs = args
		action = "-"
	}
	status := 0
	// A subshell that sets a trap stops listing its parent's.
	r.shownTraps = nil
	for _, s := range sigs {
		name, ok := signalName(s)
		if !ok {
			r.errorf("trap: %s: invalid signal specification", s)
			status = 1
			continue
		}
		if r.ignoredOnEntry[name] && !r.interactive {
			// A signal ignored when the shell started stays ignored.
			continue
		}
		if action == "-" {
			delete(r.traps, name)
			continue
		}
		putMap(&r.traps, name, action)
		if name == "RETURN" {
			// A RETURN trap is seen by the function that set it (and
			// those it calls), not inherited by others without functrace.
			r.returnTrapDepth = r.funcDepth
		}
	}
	return status
}

// trapText is the handler trap lists for a signal: this shell's, or in a
// subshell that has set none, the one its parent had (bash keeps those
// strings for listing, so $(trap) shows the caller's traps).
func (r *Runner) trapText(name string) (string, bool) {
	if t, ok := r.traps[name]; ok {
		return t, true
	}
	t, ok := r.shownTraps[name]
	return t, ok
}

func (r *Runner) printTraps(specs []string) int {
	var names []string
	status := 0
	if len(specs) == 0 {
		for _, n := range []string{"EXIT"} {
			if _, ok := r.trapText(n); ok {
				names = append(names, n)
			}
		}
		for _, n := range signals[1:] {
			if _, ok := r.trapText(n); ok {
				names = append(names, n)
			}
		}
		for _, n := range []string{"DEBUG", "ERR", "RETURN"} {
			if _, ok := r.trapText(n); ok {
				names = append(names, n)
			}
		}
	} else {
		for _, s := range specs {
			n, ok := signalName(s)
			if !ok {
				r.errorf("trap: %s: invalid signal specification", s)
				status = 1
				continue
			}
			names = append(names, n)
		}
	}
	for _, n := range names {
		text, ok := r.trapText(n)
		if !ok {
			continue
		}
		sig := n
		if n != "EXIT" && n != "DEBUG" && n != "ERR" && n != "RETURN" {
			sig = "SIG" + n
		}
		r.writeOut("trap", fmt.Sprintf("trap -- %s %s\n", shellQuote(text), sig))
	}
	return status
}
