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

// dropOptarg unsets OPTARG as getopts does at the end of the options
// and on an error it reports: bash's unbind_variable_noref, which no
// readonly attribute stops, which unsets a nameref itself and which
// prints nothing.
func (r *Runner) dropOptarg() {
	v, sc := r.vars.lookup("OPTARG")
	if v == nil {
		return
	}
	if sc != r.vars.global() && v.local && sc == r.vars.funcScope() {
		*v = Var{local: true} // as unset leaves a function's local
		return
	}
	delete(sc.vars, "OPTARG")
}

// blankOptarg is OPTARG after an option that takes no argument: bash
// binds it to no value, so it is declared but unset and keeps its
// attributes; a readonly OPTARG is an assignment error.
func (r *Runner) blankOptarg() {
	v, _ := r.vars.lookup("OPTARG")
	switch {
	case v == nil:
		r.vars.global().vars["OPTARG"] = &Var{}
	case v.has(attrReadonly):
		r.errorf("OPTARG: readonly variable")
	case v.isArray():
		r.setVar("OPTARG", "", false)
	default:
		v.str, v.set = "", false
	}
}
