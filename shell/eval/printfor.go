package eval

import "mvdan.cc/sh/v3/syntax"

// blanksAfter is the run of blanks that follows n in the source: bash
// keeps an arithmetic for's expressions as written up to their ; or )),
// trailing blanks included (for ((i=0; i<3; i++ )) prints "i++ ").
func (p *bashPrinter) blanksAfter(n syntax.Node) string {
	if !n.End().IsValid() {
		return ""
	}
	a := int(n.End().Offset())
	b := a
	for b < len(p.src) && (p.src[b] == ' ' || p.src[b] == '\t' || p.src[b] == '\n') {
		b++
	}
	if a > len(p.src) {
		return ""
	}
	return p.src[a:b]
}
