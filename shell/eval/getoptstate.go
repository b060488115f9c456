package eval

import "fmt"

// getoptsState is getopts' position inside a group of option letters
// (-abc), kept outside the shell's variables.
type getoptsState struct {
	pos  int
	last string
	v    *Var
}

// saveGetopts returns a function to call when a shell function returns:
// like bash, when the function made OPTIND local, getopts' position is
// put back to what it was at the call, so a caller's loop over -xyz goes
// on where it was after a callee ran its own getopts loop.
func (r *Runner) saveGetopts() func() {
	saved := getoptsState{pos: r.optPos, last: r.optLast, v: r.optVar}
	return func() {
		if _, local := r.vars.top().vars["OPTIND"]; local {
			r.optPos, r.optLast, r.optVar = saved.pos, saved.last, saved.v
		}
	}
}

// optindAssigned forgets the position inside a group of letters: in
// bash any assignment to OPTIND resets getopts (POSIX: OPTIND=1 restarts
// the scan), even one that writes the value it already has.
func (r *Runner) optindAssigned() {
	r.optPos, r.optLast = 0, ""
}

// getoptsPos is where getopts goes on inside the current word: its kept
// position while OPTIND is still the variable, with the value, getopts
// left; a new OPTIND (a function's local one) starts a new scan.
func (r *Runner) getoptsPos(optind string) int {
	v, _ := r.vars.lookup("OPTIND")
	if optind == "" || r.optLast != optind || v != r.optVar {
		return 0
	}
	return r.optPos
}

// keepGetoptsPos records getopts' position after a call.
func (r *Runner) keepGetoptsPos(pos int, optind string) {
	r.optPos, r.optLast = pos, optind
	r.optVar, _ = r.vars.lookup("OPTIND")
}

// getoptsUsage is the synopsis getopts prints with its errors.
const getoptsUsage = "getopts optstring name [arg ...]"

// getoptsOperands checks getopts' own command line: it takes no options
// ("--" may end them) and needs an optstring and a name. With fewer,
// bash prints only the usage line.
func (r *Runner) getoptsOperands(args []string) ([]string, bool) {
	_, rest, ok := r.builtinFlags("getopts", "", getoptsUsage, args[1:])
	if !ok {
		return nil, false
	}
	if len(rest) < 2 {
		fmt.Fprintln(r.stderr(), "getopts: usage: "+getoptsUsage)
		return nil, false
	}
	return rest, true
}

// dropOptarg unsets OPTARG as getopts does: quietly, so a readonly
// OPTARG stays and no error is printed (bash reports only a failed
// assignment).
func (r *Runner) dropOptarg() {
	if v, _ := r.vars.lookup("OPTARG"); v.has(attrReadonly) {
		return
	}
	r.unsetVar("OPTARG")
}
