package eval

// getoptsState is getopts' position inside a group of option letters
// (-abc), kept beside the OPTIND value it belongs to.
type getoptsState struct {
	pos  int
	last string
	v    *Var
}

func (r *Runner) saveGetopts() getoptsState {
	return getoptsState{pos: r.optPos, last: r.optLast, v: r.optVar}
}

// restoreGetopts runs as a function returns, before its scope goes: when
// the function had its own OPTIND (local OPTIND), bash gives getopts back
// the position it had at the call, so a caller's loop over -xyz goes on
// where it stopped after a nested function parsed its own options.
func (r *Runner) restoreGetopts(s getoptsState) {
	if _, own := r.vars.top().vars["OPTIND"]; own {
		r.optPos, r.optLast, r.optVar = s.pos, s.last, s.v
	}
}
