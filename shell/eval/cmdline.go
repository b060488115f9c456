package eval

import (
	"mvdan.cc/sh/v3/syntax"
)

// lineOf is the line bash gives a command ($LINENO, error messages): not
// always the line it starts on. bash takes a simple command's line when
// its parser has read the token after the first word (it needs it to tell
// a word from a function definition), so a command whose second word
// ends on a later line reports that line; one that starts with an
// assignment or redirection reports the line that first element ends on.
// (( )) and [[ ]] report the line they end on.
func lineOf(st *syntax.Stmt) syntax.Pos {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		return callLine(c, st.Redirs, st.Pos())
	case *syntax.ArithmCmd:
		return c.Right
	case *syntax.TestClause:
		return c.Right
	}
	return st.Pos()
}

func callLine(c *syntax.CallExpr, redirs []*syntax.Redirect, start syntax.Pos) syntax.Pos {
	// The first two elements in source order.
	type elem struct {
		pos, end syntax.Pos
		word     bool
	}
	var a, b elem
	add := func(e elem) {
		if !a.pos.IsValid() || e.pos.Offset() < a.pos.Offset() {
			a, b = e, a
		} else if !b.pos.IsValid() || e.pos.Offset() < b.pos.Offset() {
			b = e
		}
	}
	for _, as := range c.Assigns {
		if p, e, ok := span(as); ok {
			add(elem{p, e, false})
		}
	}
	for _, w := range c.Args {
		if p, e, ok := span(w); ok {
			add(elem{p, e, true})
		}
	}
	for _, rd := range redirs {
		end := rd.OpPos
		if rd.Word != nil {
			if _, e, ok := span(rd.Word); ok {
				end = e // the word, not the here-document body after it
			}
		}
		add(elem{rd.Pos(), end, false})
	}
	switch {
	case !a.pos.IsValid():
		return start
	case a.word && b.pos.IsValid():
		return b.end
	}
	return a.end
}

// span is a node's start and end. The parser's Pos and End index into a
// node's parts and panic on an empty one, which {,} has (a brace element
// with no text): such a node counts as absent.
func span(n syntax.Node) (p, e syntax.Pos, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return n.Pos(), n.End(), true
}
