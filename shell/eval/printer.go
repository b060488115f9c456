package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// funcSource prints a function as declare -f, type and set do: bash's
// own layout (one command per line, four-space indents, ";" between
// commands, compound commands opened and closed on their own lines),
// which differs from mvdan/sh's printer. Words keep their source text.
func funcSource(name string, fd *funcDef) string {
	p := &bashPrinter{}
	if fd.src != nil {
		p.src, p.extraBang = fd.src.text, fd.src.extraBang
	}
	p.funcDecl(name, fd.decl, 0, false)
	return printedBytes(fd.src, p.b.String())
}

type bashPrinter struct {
	b   strings.Builder
	src string
	// extraBang is the source's count of blanked ! (bang.go): an even
	// number of ! prints as none, as bash prints it.
	extraBang map[int]int
	// hdocs are here-document bodies to print after the current line.
	hdocs []*syntax.Redirect
	// wasHdoc: here-documents were printed last; bash then drops the
	// next ";" too (printhdoc.go).
	wasHdoc bool
	// oneLine prints lists, groups and subshells on one line, as bash
	// shows a command outside a function definition (jobtext.go).
	oneLine bool
}

func (p *bashPrinter) w(s string) { p.b.WriteString(s) }

func (p *bashPrinter) indent(n int) { p.b.WriteString(strings.Repeat(" ", n)) }

// text is a node's source text, or the mvdan printer's when the node has
// no source (built at run time).
func (p *bashPrinter) text(n syntax.Node) string {
	a, b := int(n.Pos().Offset()), int(n.End().Offset())
	if n.Pos().IsValid() && n.End().IsValid() && a <= b && b <= len(p.src) {
		return p.src[a:b]
	}
	var sb strings.Builder
	syntax.NewPrinter(syntax.SingleLine(true)).Print(&sb, n)
	return sb.String()
}

// word prints a word as bash keeps it: source text, with $'...' decoded
// into single quotes.
func (p *bashPrinter) word(w *syntax.Word) string {
	var b strings.Builder
	for _, part := range w.Parts {
		if sq, ok := part.(*syntax.SglQuoted); ok && sq.Dollar {
			b.WriteString("'" + strings.ReplaceAll(ansiCQuote(sq.Value), "'", `'\''`) + "'")
			continue
		}
		if s, ok := p.comsubPart(part); ok {
			b.WriteString(s)
			continue
		}
		b.WriteString(p.text(part))
	}
	return b.String()
}

// assign prints an assignment from its source, with each $'...' in its
// value (array elements too) decoded as word does: bash decodes them as
// it reads the line.
func (p *bashPrinter) assign(a *syntax.Assign) string {
	from, to := int(a.Pos().Offset()), int(a.End().Offset())
	if !a.Pos().IsValid() || !a.End().IsValid() || from > to || to > len(p.src) {
		return p.text(a)
	}
	var b strings.Builder
	at := from
	syntax.Walk(a, func(n syntax.Node) bool {
		if cs, ok := n.(*syntax.CmdSubst); ok {
			// $( ) as bash keeps it (printcomsub.go).
			if text, ok := p.comsubPart(cs); ok {
				s, e := int(cs.Pos().Offset()), int(cs.End().Offset())
				if s < at || e > to {
					return false
				}
				b.WriteString(p.src[at:s])
				b.WriteString(text)
				at = e
				return false
			}
			return true
		}
		sq, ok := n.(*syntax.SglQuoted)
		if !ok || !sq.Dollar {
			return true
		}
		s, e := int(sq.Pos().Offset()), int(sq.End().Offset())
		if s < at || e > to {
			return false
		}
		b.WriteString(p.src[at:s])
		b.WriteString("'" + strings.ReplaceAll(ansiCQuote(sq.Value), "'", `'\''`) + "'")
		at = e
		return false
	})
	b.WriteString(p.src[at:to])
	return b.String()
}

func (p *bashPrinter) funcDecl(name string, f *syntax.FuncDecl, ind int, keyword bool) {
	if keyword {
		p.w("function ")
	}
	p.w(name + " () \n")
	p.indent(ind)
	body := f.Body
	if blk, ok := body.Cmd.(*syntax.Block); ok && !body.Negated && !body.Background {
		// Redirections of a group body belong to the function: bash
		// prints them after its closing brace.
		p.w("{ \n")
		p.list(blk.Stmts, ind+4)
		p.w("\n")
		p.indent(ind)
		p.w("}")
		for _, rd := range body.Redirs {
			p.w(" ")
			p.redirect(rd)
		}
		return
	}
	p.w("{ \n")
	p.indent(ind + 4)
	p.stmt(body, ind+4)
	p.w("\n")
	p.indent(ind)
	p.w("}")
}

// list prints statements one per line at ind, ";" between them; a
// background statement is followed by the next on the same line.
func (p *bashPrinter) list(stmts []*syntax.Stmt, ind int) { p.listEnd(stmts, ind, false) }

// termList prints the body of a loop or an if: bash ends it with ";" too.
func (p *bashPrinter) termList(stmts []*syntax.Stmt, ind int) { p.listEnd(stmts, ind, true) }

func (p *bashPrinter) listEnd(stmts []*syntax.Stmt, ind int, terminated bool) {
	for i, st := range stmts {
		if i == 0 {
			p.indent(ind)
		}
		p.stmt(st, ind)
		if i == len(stmts)-1 {
			p.endStmt(terminated && !st.Background)
			break
		}
		if st.Background {
			p.w(" ")
			continue
		}
		p.endStmt(true)
		if p.oneLine && len(p.hdocs) == 0 && !p.wasHdoc {
			p.w(" ")
			continue
		}
		p.w("\n")
		p.indent(ind)
	}
}

// inline prints statements on one line separated by "; " (conditions).
func (p *bashPrinter) inline(stmts []*syntax.Stmt, ind int) {
	for i, st := range stmts {
		if i > 0 {
			p.w("; ")
		}
		p.stmt(st, ind)
	}
}

func (p *bashPrinter) flushHdocs() {
	for i, rd := range p.hdocs {
		if i == 0 {
			p.w("\n")
		}
		delim := strings.Trim(rd.Word.Lit(), `'"`)
		if rd.Hdoc != nil {
			p.w(p.hdocBody(rd, delim))
		}
		p.w(delim + "\n")
	}
	p.hdocs = nil
}

func (p *bashPrinter) stmt(st *syntax.Stmt, ind int) {
	if st.Negated && p.extraBang[int(st.Pos().Offset())]%2 == 0 {
		p.w("! ")
	}
	p.command(st.Cmd, ind)
	for _, rd := range st.Redirs {
		if st.Cmd != nil {
			p.w(" ")
		}
		p.redirect(rd)
	}
	if st.Background {
		p.w(" &")
	}
}

func (p *bashPrinter) redirect(rd *syntax.Redirect) {
	if rd.N != nil {
		p.w(rd.N.Value)
	} else if n := impliedFd(rd); n != "" {
		p.w(n)
	}
	op := rd.Op.String()
	if (rd.Op == syntax.DplIn || rd.Op == syntax.DplOut) && rd.Word.Lit() == "-" {
		// Closing is one operation whichever way it is written: <&- too
		// prints as >&-.
		op = ">&"
	}
	p.w(op)
	switch rd.Op {
	case syntax.DplIn, syntax.DplOut:
		p.w(p.word(rd.Word))
	case syntax.Hdoc, syntax.DashHdoc:
		p.w(p.word(rd.Word))
		p.hdocs = append(p.hdocs, rd)
	default:
		p.w(" " + p.word(rd.Word))
	}
}

func (p *bashPrinter) words(ws []*syntax.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = p.word(w)
	}
	return strings.Join(parts, " ")
}

func (p *bashPrinter) command(cmd syntax.Command, ind int) {
	switch c := cmd.(type) {
	case nil:
	case *syntax.CallExpr:
		var parts []string
		for _, a := range c.Assigns {
			parts = append(parts, p.assign(a))
		}
		if len(c.Args) > 0 {
			parts = append(parts, p.words(c.Args))
		}
		p.w(strings.Join(parts, " "))
	case *syntax.Block:
		if p.oneLine {
			p.oneLineBlock(c)
			return
		}
		p.w("{ \n")
		p.list(c.Stmts, ind+4)
		p.w("\n")
		p.indent(ind)
		p.w("}")
	case *syntax.Subshell:
		if p.oneLine {
			p.oneLineSubshell(c)
			return
		}
		p.w("( ")
		for i, st := range c.Stmts {
			if i > 0 {
				p.endStmt(true)
				p.w("\n")
				p.indent(ind)
			}
			p.stmt(st, ind)
		}
		// A here-document's body comes before the closing parenthesis,
		// and takes the place of the ";" after it.
		if len(p.hdocs) > 0 {
			p.flushHdocs()
			p.wasHdoc = true
		}
		p.w(" )")
	case *syntax.BinaryCmd:
		p.stmt(c.X, ind)
		if c.Op == syntax.PipeAll {
			// bash keeps |& as a 2>&1 on the left command, and prints it so.
			p.w(" 2>&1 | ")
			p.stmt(c.Y, ind)
			break
		}
		p.w(" " + c.Op.String() + " ")
		p.stmt(c.Y, ind)
	case *syntax.IfClause:
		p.ifClause(c, ind)
	case *syntax.WhileClause:
		if c.Until {
			p.w("until ")
		} else {
			p.w("while ")
		}
		p.inline(c.Cond, ind)
		p.w("; do\n")
		p.termList(c.Do, ind+4)
		p.w("\n")
		p.indent(ind)
		p.w("done")
	case *syntax.ForClause:
		p.forClause(c, ind)
	case *syntax.CaseClause:
		p.caseClause(c, ind)
	case *syntax.FuncDecl:
		p.funcDecl(c.Name.Value, c, ind, true)
	case *syntax.ArithmCmd:
		p.w("((" + p.arithText(c.Left, c.Right, c.X) + "))")
	case *syntax.TestClause:
		p.w("[[ " + p.testCond(c.X) + " ]]")
	case *syntax.DeclClause:
		parts := []string{c.Variant.Value}
		for _, a := range c.Args {
			parts = append(parts, p.assign(a))
		}
		p.w(strings.Join(parts, " "))
	case *syntax.LetClause:
		parts := []string{"let"}
		for _, e := range c.Exprs {
			parts = append(parts, p.text(e))
		}
		p.w(strings.Join(parts, " "))
	case *syntax.TimeClause:
		p.w("time ")
		if c.PosixFormat {
			p.w("-p ")
		}
		if c.Stmt != nil {
			p.stmt(c.Stmt, ind)
		}
	case *syntax.CoprocClause:
		name := "COPROC"
		if c.Name != nil {
			name = p.word(c.Name)
		}
		p.w("coproc " + name + " ")
		p.stmt(c.Stmt, ind)
	default:
		p.w(p.text(cmd))
	}
}

// arithText is the source between (( and )), trimmed as bash prints it.
func (p *bashPrinter) arithText(left, right syntax.Pos, x syntax.ArithmExpr) string {
	a, b := int(left.Offset())+2, int(right.Offset())
	if left.IsValid() && right.IsValid() && a <= b && b <= len(p.src) {
		return p.src[a:b]
	}
	if x == nil {
		return ""
	}
	return p.text(x)
}

func (p *bashPrinter) testExpr(e syntax.TestExpr) string {
	switch e := e.(type) {
	case *syntax.BinaryTest:
		if e.Op == syntax.AndTest || e.Op == syntax.OrTest {
			return p.testCond(e.X) + " " + e.Op.String() + " " + p.testCond(e.Y)
		}
		return p.testExpr(e.X) + " " + e.Op.String() + " " + p.testExpr(e.Y)
	case *syntax.UnaryTest:
		if e.Op == syntax.TsNot {
			return "! " + p.testCond(e.X)
		}
		return e.Op.String() + " " + p.testExpr(e.X)
	case *syntax.ParenTest:
		return "( " + p.testCond(e.X) + " )"
	case *syntax.Word:
		return p.word(e)
	}
	return ""
}

func (p *bashPrinter) ifClause(c *syntax.IfClause, ind int) {
	p.w("if ")
	p.inline(c.Cond, ind)
	p.w("; then\n")
	p.termList(c.Then, ind+4)
	p.w("\n")
	if e := c.Else; e != nil {
		p.indent(ind)
		p.w("else\n")
		if len(e.Cond) > 0 {
			// elif is printed as an if nested in the else branch.
			p.indent(ind + 4)
			p.ifClause(e, ind+4)
			p.w(";\n")
		} else {
			p.termList(e.Then, ind+4)
			p.w("\n")
		}
	}
	p.indent(ind)
	p.w("fi")
}

func (p *bashPrinter) forClause(c *syntax.ForClause, ind int) {
	kw := "for"
	if c.Select {
		kw = "select"
	}
	switch l := c.Loop.(type) {
	case *syntax.WordIter:
		p.w(kw + " " + l.Name.Value)
		if l.InPos.IsValid() {
			p.w(" in " + p.words(l.Items))
		}
		p.w(";\n")
	case *syntax.CStyleLoop:
		part := func(e syntax.ArithmExpr) string {
			if e == nil {
				return "1" // bash stores an empty expression as 1
			}
			return strings.TrimSpace(p.text(e)) + p.blanksAfter(e)
		}
		p.w("for ((" + part(l.Init) + "; " + part(l.Cond) + "; " + part(l.Post) + "))\n")
	}
	p.indent(ind)
	p.w("do\n")
	p.termList(c.Do, ind+4)
	p.w("\n")
	p.indent(ind)
	p.w("done")
}

func (p *bashPrinter) caseClause(c *syntax.CaseClause, ind int) {
	p.w("case " + p.word(c.Word) + " in \n")
	for _, it := range c.Items {
		p.indent(ind + 4)
		pats := make([]string, len(it.Patterns))
		for i, w := range it.Patterns {
			pats[i] = p.word(w)
		}
		p.w(strings.Join(pats, " | ") + ")\n")
		if len(it.Stmts) > 0 {
			p.list(it.Stmts, ind+8)
		}
		p.w("\n")
		p.indent(ind + 4)
		op := ";;"
		switch it.Op {
		case syntax.Fallthrough:
			op = ";&"
		case syntax.Resume:
			op = ";;&"
		}
		p.w(op + "\n")
	}
	p.indent(ind)
	p.w("esac")
}

// impliedFd is the descriptor bash shows on a redirection written
// without one: a duplication to a plain number or a close (>&2 is 1>&2,
// <&- is 0>&-) and <> (0<>). Others keep the short form (> f, >&$x).
func impliedFd(rd *syntax.Redirect) string {
	def := "1"
	switch rd.Op {
	case syntax.RdrInOut:
		return "0"
	case syntax.DplIn:
		def = "0"
	case syntax.DplOut:
	default:
		return ""
	}
	lit := rd.Word.Lit()
	if lit == "-" {
		return def
	}
	if lit == "" || strings.Trim(lit, "0123456789") != "" {
		return ""
	}
	return def
}
