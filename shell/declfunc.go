package shell

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/commands"
)

// interp's declare -f prints functions in its own layout, with the depth
// counter of rewrite.go showing, and it lacks declare -F. So declare and
// typeset with -f or -F become a call of declFuncCmd (rewriteDeclFunc),
// which the call handler answers with interp's declare -f piped through
// fnFmtCmd: that command reparses the definitions, drops the counter and
// prints them the way bash does, or prints just the names for -F.

const (
	declFuncCmd = "__justbash_declf"
	fnFmtCmd    = "__justbash_fnfmt"
)

// rewriteDeclFunc turns a declare/typeset clause with -f or -F into a call
// of declFuncCmd with the same words.
func rewriteDeclFunc(st *syntax.Stmt) {
	d, ok := st.Cmd.(*syntax.DeclClause)
	if !ok {
		return
	}
	if flags := declPWords(d); flags != nil {
		args := []*syntax.Word{litWord(d.Pos(), declPCmd)}
		for _, f := range flags {
			args = append(args, litWord(d.Pos(), f))
		}
		st.Cmd = &syntax.CallExpr{Args: args}
		return
	}
	if d.Variant.Value != "declare" && d.Variant.Value != "typeset" {
		return
	}
	isFunc := false
	var words []*syntax.Word
	for _, a := range d.Args {
		if !a.Naked {
			return
		}
		if a.Name != nil {
			words = append(words, litWord(a.Name.Pos(), a.Name.Value))
			continue
		}
		if a.Value == nil {
			return
		}
		if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.ContainsAny(lit, "fF") {
			isFunc = true
		}
		words = append(words, a.Value)
	}
	if !isFunc {
		return
	}
	args := append([]*syntax.Word{litWord(d.Pos(), declFuncCmd)}, words...)
	st.Cmd = &syntax.CallExpr{Args: args}
}

// declFuncBuiltin is the script for declare -f/-F ARGS.
// known lists the function names the session may have, for a listing.
func declFuncBuiltin(args []string, known []string) []string {
	mode := "f"
	var names []string
	for i, a := range args {
		if a == "--" {
			names = append(names, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+") {
			if strings.Contains(a, "F") {
				mode = "F"
			}
			continue
		}
		names = append(names, a)
	}
	listing := len(names) == 0
	if listing {
		names = known
		if mode == "F" {
			mode = "L"
		}
	}
	var q []string
	for _, n := range names {
		q = append(q, quote(n))
	}
	list := strings.Join(q, " ")
	script := "__JUSTBASH_FD=$(declare -f " + list + " 2>/dev/null); __JUSTBASH_ST=$?\n" +
		"printf '%s\\n' \"$__JUSTBASH_FD\" | " + forceExec + " " + fnFmtCmd + " " + mode + " " + list + "\n" +
		"(exit $__JUSTBASH_ST)"
	if listing {
		script += " 2>/dev/null || true"
	}
	return []string{"eval", script}
}

// fnFmtCommand reads interp's declare -f output and prints it as bash
// does (mode f), or the function names (mode F: "declare -f NAME" for a
// listing, the bare names when names were asked for).
func fnFmtCommand(ctx context.Context, c *commands.Context) int {
	if len(c.Args) < 2 {
		return 2
	}
	mode := c.Args[1]
	data, err := io.ReadAll(c.Stdin)
	if err != nil {
		return 1
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(string(data)), "")
	if err != nil {
		io.WriteString(c.Stdout, string(data))
		return 0
	}
	var fns []*syntax.FuncDecl
	for _, st := range f.Stmts {
		if fd, ok := st.Cmd.(*syntax.FuncDecl); ok {
			fns = append(fns, fd)
		}
	}
	if mode != "F" {
		slices.SortFunc(fns, func(a, b *syntax.FuncDecl) int { return strings.Compare(a.Name.Value, b.Name.Value) })
	}
	for _, fd := range fns {
		switch {
		case mode == "L":
			fmt.Fprintf(c.Stdout, "declare -f %s\n", fd.Name.Value)
		case mode == "F":
			fmt.Fprintln(c.Stdout, fd.Name.Value)
		default:
			io.WriteString(c.Stdout, bashFuncText(fd))
		}
	}
	return 0
}

// bashFuncText prints a function the way bash's declare -f does: "name () "
// and "{ " on their own lines, each statement indented by four spaces,
// statements separated by ";".
func bashFuncText(fd *syntax.FuncDecl) string {
	stmts := funcBodyStmts(fd.Body)
	var parts []string
	for _, st := range stmts {
		text, ok := printNodeIndent(st)
		if !ok {
			continue
		}
		parts = append(parts, "    "+strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n    "))
	}
	var sb strings.Builder
	sb.WriteString(fd.Name.Value + " () \n{ \n")
	if len(parts) > 0 {
		sb.WriteString(strings.Join(parts, ";\n") + "\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

// funcBodyStmts unwraps the depth counter and the braces of a body.
func funcBodyStmts(body *syntax.Stmt) []*syntax.Stmt {
	if body == nil {
		return nil
	}
	b, ok := body.Cmd.(*syntax.Block)
	if !ok || len(body.Redirs) > 0 {
		return []*syntax.Stmt{body}
	}
	stmts := b.Stmts
	if len(stmts) > 0 && isDepthStmt(stmts[0]) {
		stmts = stmts[1:]
		if len(stmts) == 1 {
			return funcBodyStmts(stmts[0])
		}
	}
	return stmts
}

func isDepthStmt(st *syntax.Stmt) bool {
	d, ok := st.Cmd.(*syntax.DeclClause)
	return ok && d.Variant.Value == "local" && len(d.Args) == 1 && d.Args[0].Name != nil && d.Args[0].Name.Value == depthVar
}

func printNodeIndent(n syntax.Node) (string, bool) {
	var sb strings.Builder
	if err := syntax.NewPrinter(syntax.Indent(4)).Print(&sb, n); err != nil {
		return "", false
	}
	return sb.String(), true
}

// noteFuncs records the names of the functions f defines.
func (sess *Session) noteFuncs(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			sess.funcsMu.Lock()
			if sess.funcs == nil {
				sess.funcs = map[string]bool{}
			}
			sess.funcs[fd.Name.Value] = true
			sess.funcsMu.Unlock()
		}
		return true
	})
}

// noteFuncsIn records the functions of eval'd text.
func (sess *Session) noteFuncsIn(src string) {
	if !strings.Contains(src, "(") && !strings.Contains(src, "function") {
		return
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err == nil {
		sess.noteFuncs(f)
	}
}

func (sess *Session) knownFuncs() []string {
	sess.funcsMu.Lock()
	defer sess.funcsMu.Unlock()
	return slices.Sorted(maps.Keys(sess.funcs))
}

func (sess *Session) isKnownFunc(name string) bool {
	sess.funcsMu.Lock()
	defer sess.funcsMu.Unlock()
	return sess.funcs[name]
}
