package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// keywordCall applies set -k (keyword): every word of the command that has
// the form of an assignment, not only those before the command name,
// becomes an assignment for the command's environment. It returns a new
// CallExpr and leaves the parsed tree as it was.
func keywordCall(c *syntax.CallExpr) *syntax.CallExpr {
	var moved []*syntax.Assign
	var keep []*syntax.Word
	for _, w := range c.Args {
		if a := assignWord(w); a != nil {
			moved = append(moved, a)
			continue
		}
		keep = append(keep, w)
	}
	if len(moved) == 0 {
		return c
	}
	nc := *c
	nc.Assigns = append(append([]*syntax.Assign(nil), c.Assigns...), moved...)
	nc.Args = keep
	return &nc
}

// assignWord reads a word that starts with a literal NAME= (or NAME+=)
// as an assignment; nil when it does not.
func assignWord(w *syntax.Word) *syntax.Assign {
	if len(w.Parts) == 0 {
		return nil
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return nil
	}
	eq := strings.IndexByte(lit.Value, '=')
	if eq <= 0 {
		return nil
	}
	name, appendTo := lit.Value[:eq], false
	if strings.HasSuffix(name, "+") {
		name, appendTo = name[:len(name)-1], true
	}
	if !isName(name) {
		return nil
	}
	rest := &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[eq+1:]}
	val := &syntax.Word{Parts: append([]syntax.WordPart{rest}, w.Parts[1:]...)}
	return &syntax.Assign{
		Append: appendTo,
		Name:   &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValuePos, Value: name},
		Value:  val,
	}
}
