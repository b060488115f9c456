package eval

import "mvdan.cc/sh/v3/syntax"

// commandText is a command as bash prints it outside a function
// definition (make_command_string): jobs shows background jobs this way.
// Words keep their source text and redirections are re-spaced ("> f",
// "2>&1"); the commands of a list, a { } group and a ( ) subshell stay on
// one line joined by "; ", while if, loops and case keep the multi-line
// layout of declare -f. A here-document's body follows its line.
func commandText(src *source, st *syntax.Stmt) string {
	p := &bashPrinter{oneLine: true}
	if src != nil {
		p.src, p.extraBang = src.text, src.extraBang
	}
	fg := *st
	fg.Background = false
	p.stmt(&fg, 0)
	p.flushHdocs()
	return printedBytes(src, p.b.String())
}

// oneLineBlock prints { a; b; }: each command ends with ";" (a background
// one with "&"), then the closing brace.
func (p *bashPrinter) oneLineBlock(c *syntax.Block) {
	p.w("{ ")
	p.listEnd(c.Stmts, 0, true)
	if p.wasHdoc {
		p.wasHdoc = false
		p.w("}")
		return
	}
	p.w(" }")
}

// oneLineSubshell prints ( a; b ): no ";" after the last command.
func (p *bashPrinter) oneLineSubshell(c *syntax.Subshell) {
	p.w("( ")
	p.listEnd(c.Stmts, 0, false)
	p.flushHdocs()
	p.w(" )")
}

// testCond prints a [[ ]] condition: a word standing alone is the test
// for a non-empty string, which bash prints as -n WORD.
func (p *bashPrinter) testCond(e syntax.TestExpr) string {
	if w, ok := e.(*syntax.Word); ok {
		return "-n " + p.word(w)
	}
	return p.testExpr(e)
}
