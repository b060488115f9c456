package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// hdocBody is a here-document's body as bash prints it in a function:
// the text read, without the delimiter line (the parser's node for an
// unquoted body runs through it), and for <<- with the leading tabs
// already stripped.
func (p *bashPrinter) hdocBody(rd *syntax.Redirect, delim string) string {
	t := p.text(rd.Hdoc)
	i := strings.LastIndexByte(t, '\n')
	if strings.TrimLeft(t[i+1:], "\t") == delim {
		t = t[:i+1]
	}
	if rd.Op != syntax.DashHdoc {
		return t
	}
	lines := strings.SplitAfter(t, "\n")
	for j, l := range lines {
		lines[j] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "")
}

// endStmt ends a statement of a list: the bodies of its here-documents
// take the place of its ";", and bash drops the ";" after the command
// holding them too (a loop or if with one inside).
func (p *bashPrinter) endStmt(semi bool) {
	switch {
	case len(p.hdocs) > 0:
		p.flushHdocs()
		p.wasHdoc = true
	case p.wasHdoc && semi:
		p.wasHdoc = false
	case semi:
		p.w(";")
	}
}
