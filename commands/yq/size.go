package yq

import "github.com/justbash/justbash/commands/internal/boundio"

// Pretty output grows with the square of the nesting: every line of a
// value n levels deep starts with n×indent spaces, so a 10 MB "[[[…]]]"
// input prints as gigabytes. The encoders build a result in memory, so
// the size is estimated first, without recursion, and the result refused
// when it would pass the string limit.

// estimateSize is a lower bound of v's pretty-printed size, counting
// indentation and scalars; it stops counting once max is passed. JSON
// closes every container on a line of its own and indents every level;
// YAML starts nested sequences on their parent's line ("- - x"), so only
// mappings indent there.
func estimateSize(v any, indent int, json bool, max int64) int64 {
	type item struct {
		v     any
		level int
	}
	stack := []item{{v, 0}}
	var n int64
	for len(stack) > 0 && n <= max {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n += int64(it.level*indent) + 2
		switch x := it.v.(type) {
		case string:
			n += int64(len(x))
		case []any:
			next := it.level
			if json {
				next++
				if len(x) > 0 {
					n += int64(it.level*indent) + 2
				}
			}
			for _, e := range x {
				stack = append(stack, item{e, next})
			}
		case map[string]any:
			if json && len(x) > 0 {
				n += int64(it.level*indent) + 2
			}
			for k, e := range x {
				n += int64(len(k))
				stack = append(stack, item{e, it.level + 1})
			}
		}
	}
	return n
}

// checkSize refuses to render v when its output would pass max bytes.
func (o *output) checkSize(v any) error {
	if o.max <= 0 {
		return nil
	}
	indent := o.indent
	if o.flow || o.format == "json" && o.indent == 0 {
		indent = 0
	}
	if estimateSize(v, indent, o.format == "json", o.max) > o.max {
		return boundio.StringLimit(o.max)
	}
	return nil
}
