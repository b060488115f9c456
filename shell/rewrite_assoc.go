package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The parser reads every subscript as arithmetic, so ${a[i+1]} holds a
// *syntax.BinaryArithm. For an associative array interp type-asserts the
// subscript to *syntax.Word and panics, which kills the host when it happens
// on a pipeline goroutine. Before running, every subscript that is not a
// plain word becomes one:
//   - for a name declared with -A in the same source (or, for eval'd text,
//     associative right now), the word is the subscript's source text, as
//     bash uses it: assoc[i+1] is the key "i+1";
//   - otherwise $(( expr )), which an indexed array evaluates to the same
//     element and an associative array reads as a key without panicking.
//
// declare -A a=(k v k2 v2) (elements without [key]=) would panic too; the
// elements are paired up into keys and values, as bash 5.1+ does.

// assocScope answers whether a name is an associative array.
type assocScope func(name string) bool

// declaredAssoc collects the names declared with -A anywhere in f.
func declaredAssoc(f *syntax.File) map[string]bool {
	names := map[string]bool{}
	syntax.Walk(f, func(n syntax.Node) bool {
		d, ok := n.(*syntax.DeclClause)
		if !ok {
			return true
		}
		if isAssocDecl(d) {
			for _, a := range d.Args {
				if a.Name != nil {
					names[a.Name.Value] = true
				}
			}
		}
		return true
	})
	return names
}

// isAssocDecl reports whether a declaration has a literal -A flag.
func isAssocDecl(d *syntax.DeclClause) bool {
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.Contains(lit, "A") {
				return true
			}
		}
	}
	return false
}

// subscriptWord turns a non-word subscript into a word (see above). src is
// the source text the positions refer to; it may be empty.
func subscriptWord(idx syntax.ArithmExpr, assoc bool, src string) *syntax.Word {
	if assoc {
		start, end := int(idx.Pos().Offset()), int(idx.End().Offset())
		if start >= 0 && start < end && end <= len(src) {
			text := src[start:end]
			if w, err := syntax.NewParser().Document(strings.NewReader(text)); err == nil {
				return dblQuoted(w)
			}
		}
		if text, ok := printNode(idx); ok {
			return dblQuoted(&syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: idx.Pos(), Value: text}}})
		}
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.ArithmExp{Left: idx.Pos(), Right: idx.End(), X: idx}}}
}

// dblQuoted wraps w's parts in double quotes, so that printing the AST
// (for eval'd text, which is parsed again) keeps the key a word.
func dblQuoted(w *syntax.Word) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: w.Pos(), Right: w.End(), Parts: w.Parts}}}
}

// fixSubscript rewrites *idx in place when it is not a word.
func fixSubscript(idx *syntax.ArithmExpr, name string, isAssoc assocScope, src string) {
	if *idx == nil {
		return
	}
	if _, ok := (*idx).(*syntax.Word); ok {
		return
	}
	*idx = subscriptWord(*idx, isAssoc(name), src)
}

// fixAssocDecl pairs up unkeyed elements of declare -A name=(...) and
// makes every key a word.
func fixAssocDecl(d *syntax.DeclClause, src string) {
	if !isAssocDecl(d) {
		return
	}
	for _, a := range d.Args {
		if a.Array != nil {
			a.Array.Elems = assocElems(a.Array.Elems, src)
		}
	}
}

// assocElems makes every element of an associative literal keyed, with a
// word key. When no element has a key, they pair up as key value (bash
// 5.1+); otherwise bash ignores the unkeyed ones, with a warning.
func assocElems(elems []*syntax.ArrayElem, src string) []*syntax.ArrayElem {
	always := func(string) bool { return true }
	keyed := false
	for _, e := range elems {
		keyed = keyed || e.Index != nil
	}
	var out []*syntax.ArrayElem
	for i := 0; i < len(elems); i++ {
		e := elems[i]
		if e.Index != nil {
			fixSubscript(&e.Index, "", always, src)
			out = append(out, e)
			continue
		}
		if keyed || e.Value == nil {
			continue
		}
		// An unkeyed element is a key; the next one its value.
		pair := &syntax.ArrayElem{Index: e.Value, Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: e.Value.Pos(), Right: e.Value.Pos()}}}}
		if i+1 < len(elems) && elems[i+1].Value != nil {
			pair.Value = elems[i+1].Value
			i++
		}
		out = append(out, pair)
	}
	return out
}

// quoteAssocKeys makes the keys of name=([k]=v ...) quoted words when name
// is a known associative array: interp decides between an indexed and an
// associative literal by whether the first key is quoted.
func quoteAssocKeys(a *syntax.Assign, src string) {
	if a.Array == nil {
		return
	}
	a.Array.Elems = assocElems(a.Array.Elems, src)
	for _, e := range a.Array.Elems {
		w, ok := e.Index.(*syntax.Word)
		if !ok || len(w.Parts) == 0 {
			continue
		}
		if len(w.Parts) == 1 {
			switch w.Parts[0].(type) {
			case *syntax.SglQuoted, *syntax.DblQuoted:
				continue
			}
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
		e.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: w.Pos(), Right: w.End(), Parts: inner}}}
	}
}

// expandAssocAppend turns name+=([k]=v ...) into name[k]=v ..., for a
// known associative array: interp ignores += with a list on one.
func expandAssocAppend(st *syntax.Stmt, assoc assocScope) {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) > 0 {
		return
	}
	var out []*syntax.Assign
	changed := false
	for _, a := range call.Assigns {
		if !a.Append || a.Array == nil || a.Name == nil || a.Index != nil || !assoc(a.Name.Value) {
			out = append(out, a)
			continue
		}
		changed = true
		for _, e := range a.Array.Elems {
			if e.Index == nil || e.Value == nil {
				continue // bash ignores unkeyed elements here, with a warning
			}
			out = append(out, &syntax.Assign{Name: a.Name, Index: e.Index, Value: e.Value})
		}
	}
	if changed {
		call.Assigns = out
	}
}

// countCmd prints how many arguments it got.
const countCmd = "__justbash_count"

// assocLenParts replaces ${#assoc[@]} in parts, which interp answers with
// 1, by $(countCmd "${!assoc[@]}"): the number of keys.
func assocLenParts(parts []syntax.WordPart, isAssoc assocScope) {
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || !pe.Length || pe.Param == nil || pe.Index == nil || !isAssoc(pe.Param.Value) {
			continue
		}
		w, ok := pe.Index.(*syntax.Word)
		if !ok || (w.Lit() != "@" && w.Lit() != "*") {
			continue
		}
		pos := pe.Pos()
		keys := &syntax.ParamExp{Dollar: pos, Rbrace: pe.Rbrace, Excl: true, Param: pe.Param,
			Index: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "@"}}}}
		arg := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{keys}}}}
		call := &syntax.CallExpr{Args: []*syntax.Word{litWord(pos, forceExec), litWord(pos, countCmd), arg}}
		parts[i] = &syntax.CmdSubst{Left: pos, Right: pos, Stmts: []*syntax.Stmt{{Position: pos, Cmd: call}}}
	}
}
