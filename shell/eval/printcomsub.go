package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash 5.2 parses a $( ) as it reads it and keeps the command it parsed,
// so a function prints $(  echo a;echo b  ) as $(echo a; echo b): the
// commands on one line, separated by "; ". Only lists of simple
// commands, pipelines, groups and subshells are printed so here;
// compound commands bash spreads over lines, here-documents and
// backquotes keep their source text.

// comsubPart prints a $( ) part, or a double-quoted part holding one,
// the way bash does; ok is false when the part keeps its source text.
func (p *bashPrinter) comsubPart(part syntax.WordPart) (string, bool) {
	switch part := part.(type) {
	case *syntax.CmdSubst:
		if part.Backquotes || part.TempFile || part.ReplyVar || !oneLineStmts(part.Stmts) {
			return "", false
		}
		q := &bashPrinter{src: p.src, extraBang: p.extraBang, oneLine: true}
		q.list(part.Stmts, 0)
		body := q.b.String()
		if len(q.hdocs) > 0 || q.wasHdoc {
			return "", false
		}
		if strings.HasPrefix(body, "(") {
			body = " " + body // $( (x)) is not $((x))
		}
		return "$(" + body + ")", true
	case *syntax.DblQuoted:
		// bash translates $"..." as it reads it: it prints "...".
		changed := part.Dollar
		var b strings.Builder
		b.WriteByte('"')
		for _, in := range part.Parts {
			if s, ok := p.comsubPart(in); ok {
				b.WriteString(s)
				changed = true
				continue
			}
			b.WriteString(p.text(in))
		}
		b.WriteByte('"')
		return b.String(), changed
	}
	return "", false
}

// oneLineStmts reports whether stmts hold only simple commands, pipelines
// and lists of them, groups and subshells, without here-documents.
func oneLineStmts(stmts []*syntax.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	for _, st := range stmts {
		for _, rd := range st.Redirs {
			if rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc {
				return false
			}
		}
		if !oneLineCmd(st.Cmd) {
			return false
		}
	}
	return true
}

func oneLineCmd(cmd syntax.Command) bool {
	switch c := cmd.(type) {
	case nil, *syntax.CallExpr:
		return true // nil: redirections only, $(< file)
	case *syntax.BinaryCmd:
		return oneLineStmts([]*syntax.Stmt{c.X}) && oneLineStmts([]*syntax.Stmt{c.Y})
	case *syntax.Block:
		return oneLineStmts(c.Stmts)
	case *syntax.Subshell:
		return oneLineStmts(c.Stmts)
	}
	return false
}
