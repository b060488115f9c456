package eval

// bash's dynamic variables (RANDOM, LINENO, SECONDS, ...) compute a value
// when a script reads them and keep it: a listing of every variable (set,
// declare -p) shows that kept value, and one never read yet is listed
// without a value (declare -p) or not at all (set). The kept values live
// in the runner, copied by value into subshells.

const (
	dynLineno = iota
	dynRandom
	dynSRandom
	dynSeconds
	dynEpochSeconds
	dynEpochRealtime
	dynBashPID
	dynBashSubshell
	dynKept
)

// keptDyn is one dynamic variable's last value.
type keptDyn struct {
	set bool
	s   string
}

// dynIndex is the slot of a dynamic variable that keeps its value, or -1.
func dynIndex(name string) int {
	switch name {
	case "LINENO":
		return dynLineno
	case "RANDOM":
		return dynRandom
	case "SRANDOM":
		return dynSRandom
	case "SECONDS":
		return dynSeconds
	case "EPOCHSECONDS":
		return dynEpochSeconds
	case "EPOCHREALTIME":
		return dynEpochRealtime
	case "BASHPID":
		return dynBashPID
	case "BASH_SUBSHELL":
		return dynBashSubshell
	}
	return -1
}

// dynAttrs are the attributes bash gives a kept dynamic variable.
func dynAttrs(i int) uint16 {
	switch i {
	case dynRandom, dynSRandom, dynBashPID:
		return attrInteger
	}
	return 0
}

// keepDyn returns the variable for slot i: in a listing its kept value
// (none before the first read), otherwise compute() remembered.
func (r *Runner) keepDyn(i int, compute func() string) *Var {
	if r.listing {
		k := r.dynKept[i]
		return &Var{set: k.set, str: k.s, attrs: dynAttrs(i)}
	}
	s := compute()
	r.dynKept[i] = keptDyn{set: true, s: s}
	return &Var{set: true, str: s, attrs: dynAttrs(i)}
}
