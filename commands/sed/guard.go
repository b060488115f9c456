package sed

import "fmt"

// maxSpace bounds the pattern and hold spaces together. A script can grow
// them without reading input (:a;s/.*/&&/;ba doubles each turn), so the
// bound is checked after every command, not per line. One command at most
// doubles the space, so the largest allocation stays near twice this.
const maxSpace = 32 << 20

// ctxEvery is how many commands run between context checks: branches make
// loops that read no input, and the per-line check never comes.
const ctxEvery = 1024

// guard stops the run when the context is done or the spaces outgrew
// maxSpace; it reports whether the run may go on.
func (r *runner) guard() bool {
	r.steps++
	if r.steps%ctxEvery == 0 {
		if err := r.ctx.Err(); err != nil {
			r.fatal = err
			return false
		}
	}
	if len(r.ps)+len(r.hs) > maxSpace {
		r.fatal = fmt.Errorf("pattern space too long (limit %d bytes)", maxSpace)
		return false
	}
	return true
}
