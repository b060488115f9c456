package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// substText prints a $(...) as bash 5.2 shows it in a function's text: it
// parses the command substitution and prints the commands again (spaces
// around redirections, "; " between commands). Only a substitution on
// one line is reprinted; one over several lines (or with a here-document)
// keeps its source text, and so does `...`, which bash keeps as read.
func (p *bashPrinter) substText(cs *syntax.CmdSubst) (string, bool) {
	if cs.Backquotes || len(cs.Stmts) == 0 || strings.Contains(p.text(cs), "\n") {
		return "", false
	}
	sub := &bashPrinter{src: p.src, extraBang: p.extraBang, oneLine: true}
	for i, st := range cs.Stmts {
		for _, rd := range st.Redirs {
			if rd.Hdoc != nil {
				return "", false
			}
		}
		if i > 0 {
			if cs.Stmts[i-1].Background {
				sub.w(" ")
			} else {
				sub.w("; ")
			}
		}
		sub.stmt(st, 0)
	}
	body := sub.b.String()
	if strings.HasPrefix(body, "(") {
		body = " " + body // $( ( is not $((
	}
	return "$(" + body + ")", true
}

// wordPart prints one part of a word: a command substitution as bash
// reprints it, inside double quotes too; anything else as its source.
func (p *bashPrinter) wordPart(part syntax.WordPart) string {
	switch x := part.(type) {
	case *syntax.CmdSubst:
		if s, ok := p.substText(x); ok {
			return s
		}
	case *syntax.DblQuoted:
		// bash translates $"..." as it reads it: it prints "...".
		var b strings.Builder
		b.WriteByte('"')
		for _, in := range x.Parts {
			if cs, ok := in.(*syntax.CmdSubst); ok {
				if s, ok := p.substText(cs); ok {
					b.WriteString(s)
					continue
				}
			}
			b.WriteString(p.text(in))
		}
		b.WriteByte('"')
		return b.String()
	}
	return p.text(part)
}
