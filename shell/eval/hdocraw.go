package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// rawHeredocText is a quoted here-document's body as written. The parser
// reads the body of a partly quoted delimiter (<<E'O'F) as if it were
// unquoted, with expansions as nodes: bash expands nothing once any part
// of the delimiter is quoted, so those nodes print as their source text.
func (r *Runner) rawHeredocText(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok {
			b.WriteString(l.Value)
			continue
		}
		b.WriteString(r.nodeText(p))
	}
	return b.String()
}
