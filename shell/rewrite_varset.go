package shell

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// interp's -v tests only whether a whole variable is set: -v a[i] asks
// for one element. [[ -v name[sub] ]] becomes [[ -n ${name[sub]+x} ]], and
// test/[ -v 'name[sub]' is run as the same test through eval.

var elemRe = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$`)

// elemSetWord parses "${name[sub]+x}" for an element operand, or nil.
func elemSetWord(operand string) *syntax.Word {
	m := elemRe.FindStringSubmatch(operand)
	if m == nil || m[2] == "@" || m[2] == "*" {
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(`: "${`+m[1]+"["+m[2]+`]+x}"`), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	return call.Args[1]
}

// rewriteVarSetTest rewrites [[ -v name[sub] ]] (see above).
func rewriteVarSetTest(u *syntax.UnaryTest, src string) {
	if u.Op != syntax.TsVarSet {
		return
	}
	w, ok := u.X.(*syntax.Word)
	if !ok {
		return
	}
	text := w.Lit()
	if text == "" {
		start, end := int(w.Pos().Offset()), int(w.End().Offset())
		if start < 0 || start >= end || end > len(src) {
			return
		}
		text = src[start:end]
	}
	if nw := elemSetWord(text); nw != nil {
		u.Op, u.X = syntax.TsNempStr, nw
	}
}

// varSetTestArgs rewrites the arguments of test/[ when one is -v
// name[sub]; ok is false when none is.
func varSetTestArgs(args []string) (script string, ok bool) {
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = quote(a)
	}
	for i := 0; i+1 < len(args); i++ {
		if args[i] != "-v" || elemSetWord(args[i+1]) == nil {
			continue
		}
		m := elemRe.FindStringSubmatch(args[i+1])
		words[i], words[i+1] = "-n", `"${`+m[1]+"["+m[2]+`]+x}"`
		ok = true
	}
	return strings.Join(words, " "), ok
}
