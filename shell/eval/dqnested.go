package eval

import "mvdan.cc/sh/v3/syntax"

// expandNestedDq expands a "..." part. Inside the word of a
// double-quoted ${x:+word} (and - = ?), bash reads a nested "..." as if
// the outer quotes were closed: a backslash there quotes any character
// and goes ("${x:+"\p"}" is p), while the text stays one quoted string.
func (r *Runner) expandNestedDq(b *fieldBuf, p *syntax.DblQuoted, quoted bool) bool {
	if !quoted || !b.paramWord || b.nestedDq {
		return r.expandParts(b, p.Parts, true, false)
	}
	b.nestedDq = true
	defer func() { b.nestedDq = false }()
	return r.expandParts(b, p.Parts, true, false)
}
