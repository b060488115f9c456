package shell

import (
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// Redirections interp cannot run become ones it can, or calls of fdCmd
// (see fdtable.go):
//
//	exec 3>f            →  fdCmd set 3 '>' f
//	cmd 3>f             →  { fdCmd push 3 '>' f && cmd; fdCmd pop $? 3; }
//	cmd >&3, cmd <&$fd  →  cmd >MARKER3, cmd <MARKER$fd (the open handler
//	                       resolves the marked path from the table)
//	cmd >&file          →  cmd &>file, as bash reads it
//	cmd >|f             →  cmd >CLOBBER-MARKERf (noclobber does not apply)
//	read <&3            →  read -u 3, which keeps the offset of the descriptor

// highFd reports whether a redirection's descriptor is one interp lacks.
func highFd(rd *syntax.Redirect) bool {
	if rd.N == nil {
		return false
	}
	v := rd.N.Value
	if len(v) > 2 && v[0] == '{' && v[len(v)-1] == '}' {
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n > 2
}

func litWord(pos syntax.Pos, s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: s}}}
}

// prefixWord is w with a literal prefix, as one word.
func prefixWord(prefix string, w *syntax.Word) *syntax.Word {
	parts := append([]syntax.WordPart{&syntax.Lit{ValuePos: w.Pos(), ValueEnd: w.Pos(), Value: prefix}}, w.Parts...)
	return &syntax.Word{Parts: parts}
}

// quotedArg keeps a redirection target one argument when it becomes one:
// a target is never split into fields.
func quotedArg(w *syntax.Word) *syntax.Word {
	if w.Lit() != "" {
		return w
	}
	var inner []syntax.WordPart
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.DblQuoted:
			inner = append(inner, p.Parts...)
		case *syntax.SglQuoted:
			inner = append(inner, &syntax.Lit{ValuePos: p.Pos(), ValueEnd: p.End(), Value: p.Value})
		default:
			inner = append(inner, p)
		}
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: w.Pos(), Right: w.End(), Parts: inner}}}
}

// fixLowRedirect rewrites a redirection of fd 0-2 whose target interp
// cannot handle.
func fixLowRedirect(rd *syntax.Redirect) {
	switch rd.Op {
	case syntax.ClbOut:
		rd.Op = syntax.RdrOut
		rd.Word = prefixWord(clobberMarker, rd.Word)
		return
	case syntax.DplOut, syntax.DplIn:
	default:
		return
	}
	n := "1"
	if rd.Op == syntax.DplIn {
		n = "0"
	}
	if rd.N != nil {
		n = rd.N.Value
	}
	lit := rd.Word.Lit()
	if n == "0" {
		// Input: interp knows only <&- itself.
		if lit == "-" {
			rd.Op = syntax.DplIn
			return
		}
		rd.Op = syntax.RdrIn
		rd.Word = prefixWord(fdMarker, rd.Word)
		return
	}
	// dup2 does not care about the direction: 1<&2 is 1>&2.
	wasOut := rd.Op == syntax.DplOut
	rd.Op = syntax.DplOut
	switch lit {
	case "1", "2", "-":
		return
	}
	if lit != "" && wasOut && rd.N == nil && !isFdTarget(lit) {
		rd.Op = syntax.RdrAll
		return
	}
	rd.Op = syntax.RdrOut
	rd.Word = prefixWord(fdMarker, rd.Word)
}

// isFdTarget reports whether s reads as a descriptor: digits, optionally
// followed by "-" (move).
func isFdTarget(s string) bool {
	if len(s) > 1 && s[len(s)-1] == '-' {
		s = s[:len(s)-1]
	}
	_, err := strconv.Atoi(s)
	return err == nil
}

// fdSpecArgs are the fdCmd words for one high-descriptor redirection.
func fdSpecArgs(rd *syntax.Redirect) []*syntax.Word {
	pos := rd.OpPos
	var target *syntax.Word
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		target = hdocArg(rd)
	case syntax.WordHdoc:
		target = quotedArg(rd.Word)
		nl := &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "\n"}
		if dq, ok := target.Parts[0].(*syntax.DblQuoted); ok && len(target.Parts) == 1 {
			dq.Parts = append(dq.Parts, nl)
		} else {
			target = &syntax.Word{Parts: append(append([]syntax.WordPart{}, target.Parts...), nl)}
		}
	default:
		target = quotedArg(rd.Word)
	}
	op := rd.Op.String()
	if rd.Op == syntax.DashHdoc || rd.Op == syntax.Hdoc {
		op = "<<"
	}
	return []*syntax.Word{litWord(pos, rd.N.Value), litWord(pos, op), target}
}

// hdocArg is the body of a here-document as one word: expanded unless its
// delimiter is quoted. Leading tabs of <<- are stripped from literal text.
func hdocArg(rd *syntax.Redirect) *syntax.Word {
	pos := rd.OpPos
	if rd.Hdoc == nil {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: pos, Right: pos}}}
	}
	var parts []syntax.WordPart
	for _, p := range rd.Hdoc.Parts {
		if lit, ok := p.(*syntax.Lit); ok && rd.Op == syntax.DashHdoc {
			p = &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: stripTabs(lit.Value)}
		}
		parts = append(parts, p)
	}
	if rd.Word.Lit() == "" {
		// A quoted delimiter: the body is literal text.
		var text string
		for _, p := range parts {
			if lit, ok := p.(*syntax.Lit); ok {
				text += lit.Value
			}
		}
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: pos, Right: pos, Value: text}}}
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: pos, Right: pos, Parts: parts}}}
}

func stripTabs(s string) string {
	out := make([]byte, 0, len(s))
	bol := true
	for i := 0; i < len(s); i++ {
		if bol && s[i] == '\t' {
			continue
		}
		bol = s[i] == '\n'
		out = append(out, s[i])
	}
	return string(out)
}

func fdCall(pos syntax.Pos, words ...*syntax.Word) *syntax.Stmt {
	args := append([]*syntax.Word{litWord(pos, fdCmd)}, words...)
	return &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: args}}
}

// rewriteFdStmt applies the rewrites above to one statement.
func rewriteFdStmt(st *syntax.Stmt) {
	var high, low []*syntax.Redirect
	for _, rd := range st.Redirs {
		if highFd(rd) {
			high = append(high, rd)
			continue
		}
		fixLowRedirect(rd)
		low = append(low, rd)
	}
	readFromFd(st)
	if len(high) == 0 {
		return
	}
	pos := st.Position
	var specs []*syntax.Word
	var fds []*syntax.Word
	for _, rd := range high {
		specs = append(specs, fdSpecArgs(rd)...)
		fds = append(fds, litWord(pos, rd.N.Value))
	}
	if call, ok := st.Cmd.(*syntax.CallExpr); ok && len(call.Assigns) == 0 && len(call.Args) == 1 && call.Args[0].Lit() == "exec" {
		set := fdCall(pos, append([]*syntax.Word{litWord(pos, "set")}, specs...)...)
		if len(low) == 0 {
			st.Cmd, st.Redirs = set.Cmd, nil
			return
		}
		st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{set, {Position: pos, Cmd: st.Cmd, Redirs: low}}}
		st.Redirs = nil
		return
	}
	push := fdCall(pos, append([]*syntax.Word{litWord(pos, "push")}, specs...)...)
	inner := &syntax.Stmt{Position: pos, Cmd: st.Cmd, Redirs: low}
	status := &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Dollar: pos, Short: true, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "?"}}}}
	var named []*syntax.Word
	for _, w := range fds {
		if w.Lit()[0] == '{' {
			continue // {var} descriptors of a command stay open, as in bash
		}
		named = append(named, w)
	}
	pop := fdCall(pos, append([]*syntax.Word{litWord(pos, "pop"), status}, named...)...)
	and := &syntax.Stmt{Position: pos, Cmd: &syntax.BinaryCmd{OpPos: pos, Op: syntax.AndStmt, X: push, Y: inner}}
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{and, pop}}
	st.Redirs = nil
}

// readFromFd turns read ... <MARKER N into read -u N ...: interp would copy
// the whole descriptor into a pipe, where read needs only one line of it.
func readFromFd(st *syntax.Stmt) {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || call.Args[0].Lit() != "read" {
		return
	}
	for i, rd := range st.Redirs {
		if rd.Op != syntax.RdrIn || (rd.N != nil && rd.N.Value != "0") || len(rd.Word.Parts) < 2 {
			continue
		}
		lit, ok := rd.Word.Parts[0].(*syntax.Lit)
		if !ok || lit.Value != fdMarker {
			continue
		}
		fdWord := &syntax.Word{Parts: rd.Word.Parts[1:]}
		args := []*syntax.Word{call.Args[0], litWord(rd.OpPos, "-u"), fdWord}
		call.Args = append(args, call.Args[1:]...)
		st.Redirs = append(st.Redirs[:i:i], st.Redirs[i+1:]...)
		return
	}
}
