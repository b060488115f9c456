package eval

import "fmt"

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
