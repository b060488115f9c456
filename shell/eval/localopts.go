package eval

// local - makes the set options local to the function: bash saves them
// when local - runs and restores them when the function returns, with
// the side effects of setting each (set -o ignoreeof sets IGNOREEOF...).

// localDash takes "-" out of local's operands, saving the options in
// the innermost function's frame; dash reports whether there was one.
func (r *Runner) localDash(items []declItem) (rest []declItem, dash bool) {
	for _, it := range items {
		if it.assign == nil && it.word == "-" {
			dash = true
			if n := len(r.stack); n > 0 && r.stack[n-1].localOpts == nil {
				saved := r.opts
				r.stack[n-1].localOpts = &saved
			}
			continue
		}
		rest = append(rest, it)
	}
	return rest, dash
}

// restoreLocalOpts puts back the options local - saved in the frame of
// the function returning.
func (r *Runner) restoreLocalOpts() {
	n := len(r.stack)
	if n == 0 || r.stack[n-1].localOpts == nil {
		return
	}
	saved := r.stack[n-1].localOpts
	r.stack[n-1].localOpts = nil
	for i, o := range setOpts {
		if r.opts[i] != saved[i] {
			r.setLongOpt(o.name, saved[i])
		}
	}
}
