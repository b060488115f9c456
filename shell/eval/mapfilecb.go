package eval

import (
	"strconv"
	"strings"
)

// mapCallback is mapfile's -C callback, evaluated every quantum lines
// (-c, default 5000) with the index about to be assigned and the line,
// after the line is read and before it is stored.
type mapCallback struct {
	text    string
	quantum int
}

// due reports whether the callback runs for the nth line stored.
func (c mapCallback) due(n int64) bool {
	return c.text != "" && n%int64(c.quantum) == 0
}

// mapCallback evaluates the callback and returns the array to go on
// filling, or nil when the callback left no indexed array named arr (or
// stopped the run).
func (r *Runner) mapCallback(c mapCallback, arr string, index int64, line string) *Var {
	r.evalText(c.text+" "+strconv.FormatInt(index, 10)+" '"+strings.ReplaceAll(line, "'", `'\''`)+"'", "mapfile")
	if r.flow != flowNone {
		return nil
	}
	v := r.vars.visible(arr)
	if v == nil || !v.has(attrIndexed) || v.arr == nil {
		return nil
	}
	return v
}
