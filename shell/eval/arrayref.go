package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash 5.2 gives the builtins that take array references (unset here)
// the subscript of an argument literally, without expanding it a second
// time, when the argument was written as an array reference (NAME[...],
// unquoted name and brackets) and its expansion is one field unchanged by
// splitting and quote removal: `unset m[$k]` with k='$x' removes the key
// `$x`, while `unset "m[$k]"` or a key split by IFS expands the subscript
// again as before. A word holding an empty quoted string ("" or '') loses
// the mark, as bash's does (its quoted null changes the word).

// arrayRefArgs marks the fields of one builtin call that came from such
// words; first identifies the call's argument slice.
type arrayRefArgs struct {
	first *string
	lit   map[int]bool
}

// arrayRefBuiltin reports whether words name a builtin that takes array
// references, skipping leading `command` words as bash does; it returns
// the index of the builtin's word.
func arrayRefBuiltin(words []*syntax.Word) (int, bool) {
	for i, w := range words {
		switch w.Lit() {
		case "command":
			continue
		case "unset":
			return i, true
		}
		return 0, false
	}
	return 0, false
}

// writtenArrayRef reports whether w is written as NAME[...] with the name
// and both brackets unquoted and no empty quoted part.
func writtenArrayRef(w *syntax.Word) bool {
	// The parser splits literal text at brackets: join the leading run.
	var lead strings.Builder
	n := 0
	for _, p := range w.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			break
		}
		lead.WriteString(l.Value)
		n++
	}
	if n == 0 {
		return false
	}
	head := lead.String()
	i := strings.IndexByte(head, '[')
	if i <= 0 || !isName(head[:i]) {
		return false
	}
	last, ok := w.Parts[len(w.Parts)-1].(*syntax.Lit)
	if !ok || !strings.HasSuffix(last.Value, "]") || n == len(w.Parts) && len(head) == i+2 {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if p.Value == "" {
				return false
			}
		case *syntax.DblQuoted:
			if len(p.Parts) == 0 {
				return false
			}
		}
	}
	return true
}

// expandCallFields expands a command's words; for a builtin that takes
// array references it also notes (in r.arrayRefs) which fields keep
// their subscript literally.
func (r *Runner) expandCallFields(words []*syntax.Word) ([]string, bool) {
	at, ok := arrayRefBuiltin(words)
	if !ok {
		return r.expandFields(words)
	}
	out, ok := r.expandFields(words[:at+1])
	if !ok {
		return nil, false
	}
	base := len(out) - 1 // the builtin's own field
	lit := map[int]bool{}
	for _, w := range words[at+1:] {
		fs, ok := r.expandFields([]*syntax.Word{w})
		if !ok {
			return nil, false
		}
		if len(fs) == 1 && writtenArrayRef(w) {
			lit[len(out)-base] = true
		}
		out = append(out, fs...)
	}
	if len(lit) > 0 && base >= 0 {
		r.arrayRefs = arrayRefArgs{first: &out[base], lit: lit}
	}
	return out, true
}

// takeArrayRefs returns the literal-subscript marks of the builtin call
// whose arguments are args (indices into args), clearing them.
func (r *Runner) takeArrayRefs(args []string) map[int]bool {
	refs := r.arrayRefs
	r.arrayRefs = arrayRefArgs{}
	if len(args) == 0 || refs.first != &args[0] {
		return nil
	}
	return refs.lit
}

// unsetElemAs is unset NAME[SUB]; literal keeps an associative array's key
// unexpanded. Under BASH_COMPAT 5.1 or lower, a subscript of @ or *
// unsets the whole array, as bash 5.1 did.
func (r *Runner) unsetElemAs(name, sub string, literal bool) bool {
	// unset 'ref[1]' acts on the array a nameref names.
	if rv := r.vars.visible(name); rv.has(attrNameref) && rv.set && rv.str != "" {
		if t := r.resolveName(name); isName(t) {
			name = t
		}
	}
	v, _ := r.vars.lookup(name)
	if v == nil || v.has(attrReadonly) || !v.isArray() {
		return r.unsetElem(name, sub)
	}
	if (sub == "@" || sub == "*") && r.compatLevel() <= 51 {
		return r.unsetVar(name)
	}
	if literal && v.has(attrAssoc) {
		if sub == "" {
			r.errorf("unset: [%s]: bad array subscript", sub)
			return false
		}
		v.assoc.unset(sub)
		return true
	}
	return r.unsetElem(name, sub)
}

// compatLevel is the shell compatibility level BASH_COMPAT sets (51 for
// "5.1" or "51"); 52, this bash's own, when unset or not a level.
func (r *Runner) compatLevel() int {
	s, _ := r.lookupVar("BASH_COMPAT").scalar()
	s = strings.Replace(s, ".", "", 1)
	if len(s) != 2 || s[0] < '3' || s[0] > '5' || s[1] < '0' || s[1] > '9' {
		return 52
	}
	n := int(s[0]-'0')*10 + int(s[1]-'0')
	if n > 52 {
		return 52
	}
	return n
}

// validArrayRef reports whether s is NAME[SUBSCRIPT] as the builtins
// that take a variable name accept it: the subscript's closing bracket
// ends s, and the subscript is not empty.
func validArrayRef(s string) bool {
	i := strings.IndexByte(s, '[')
	if i <= 0 || !isName(s[:i]) {
		return false
	}
	end := subscriptEnd(s, i)
	return end == len(s)-1 && end > i+1
}

// declSubscript checks and expands the subscript sub of a declare
// operand given as text (declare "a[$k]=v" or a[$k]=v once expanded):
// bash reads NAME[SUB] from the expanded word, so SUB must end where its
// bracket closes, and it expands SUB again (quote removal included)
// unless assoc_expand_once is set.
func (r *Runner) declSubscript(cmd string, it declItem, ref, sub string) (string, bool) {
	if sub == "" {
		r.errorf("%s: bad array subscript", ref)
		return "", false
	}
	if !validArrayRef(ref) {
		r.errorf("%s: `%s': not a valid identifier", cmd, it.display())
		return "", false
	}
	if r.shopts["assoc_expand_once"] {
		return sub, true
	}
	return r.assocKeyText(sub)
}

// declAssignSubscript is declSubscript for an operand the parser read as
// an assignment (declare a[$k]=v): its subscript is expanded once to
// text, checked and expanded again.
func (r *Runner) declAssignSubscript(cmd, name string, w *syntax.Word, value string, appendTo bool) (syntax.ArithmExpr, bool) {
	sub, ok := r.expandString(w)
	if !ok {
		return nil, false
	}
	op := "="
	if appendTo {
		op = "+="
	}
	ref := name + "[" + sub + "]"
	key, ok := r.declSubscript(cmd, declItem{word: ref + op + value}, ref, sub)
	if !ok {
		return nil, false
	}
	// The new subscript keeps the position: elemfix.go finds the
	// operand's fixes (+=) by it.
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: w.Pos(), Value: key}}}, true
}

// hasExpansion reports whether w holds a parameter expansion, command
// substitution or arithmetic expansion (outside single quotes).
func hasExpansion(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// sourceQuotes rewrites the $'...' and $"..." strings of a subscript as
// written in the source into quoting the runtime expansion of a key
// understands: bash decodes them as it reads the line, so they are not
// left for that expansion (which takes $'\t' as $ and a quoted t).
func sourceQuotes(sub string) string {
	if !strings.Contains(sub, "$'") && !strings.Contains(sub, `$"`) {
		return sub
	}
	var b strings.Builder
	depth := 0 // inside ${ } or $( )
	for i := 0; i < len(sub); i++ {
		c := sub[i]
		switch {
		case c == '\\' && i+1 < len(sub):
			b.WriteString(sub[i : i+2])
			i++
			continue
		case c == '\'' && depth == 0:
			end := strings.IndexByte(sub[i+1:], '\'')
			if end < 0 {
				end = len(sub) - i - 1
			}
			b.WriteString(sub[i:min(i+end+2, len(sub))])
			i += end + 1
			continue
		case c == '$' && i+1 < len(sub) && (sub[i+1] == '{' || sub[i+1] == '('):
			depth++
		case depth > 0 && (c == '}' || c == ')'):
			depth--
		case depth == 0 && c == '$' && i+1 < len(sub) && sub[i+1] == '"':
			continue
		case depth == 0 && c == '$' && i+1 < len(sub) && sub[i+1] == '\'':
			end := ansiEnd(sub, i+2)
			s, _, _ := strings.Cut(ansiCQuote(sub[i+2:min(end, len(sub))]), "\x00")
			for j := 0; j < len(s); j++ {
				b.WriteByte('\\')
				b.WriteByte(s[j])
			}
			i = end
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// convertError reports declare -A on an indexed array (or -a on an
// associative one). With a compound value (declare -A x=(...)) bash
// fails as an assignment does: the message has no builtin name, and a
// non-interactive shell abandons the rest of the line; in a function the
// message names the function, then declare's own follows.
func (r *Runner) convertError(cmd, name, kinds string, compound bool) bool {
	if !compound {
		r.errorf("%s: %s: cannot convert %s array", cmd, name, kinds)
		return false
	}
	if r.funcDepth > 0 && len(r.stack) > 0 && r.stack[len(r.stack)-1].name != "source" {
		// In a function the assignment names the function, and declare
		// then reports it too and goes on.
		r.errorf("%s: %s: cannot convert %s array", r.stack[len(r.stack)-1].name, name, kinds)
		r.errorf("%s: %s: cannot convert %s array", cmd, name, kinds)
		return false
	}
	r.errorf("%s: cannot convert %s array", name, kinds)
	if !r.interactive {
		r.abortCommand()
	}
	return false
}

// assocSliceStart is the list offset of ${m[@]:off} for an associative
// array. Bash counts its elements as it counts positional parameters,
// from 1, with no element 0: an offset of 0 or 1 starts at the first, and
// a negative one counts back from n+1. empty reports an offset before
// the start.
func assocSliceStart(off, n int64) (int64, bool) {
	if off < 0 {
		off += n + 1
		if off < 0 {
			return 0, true
		}
	}
	if off == 0 {
		off = 1
	}
	return off - 1, false
}
