package eval

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/shell/pattern"
)

// isNull reports whether a value counts as null for the : operators.
func (v pval) isNull() bool {
	if v.multi {
		return len(v.list) == 0 || len(v.list) == 1 && v.list[0] == ""
	}
	return !v.set || v.s == ""
}

func (v pval) isUnset() bool {
	if v.multi {
		return len(v.list) == 0
	}
	return !v.set
}

// nullFor is the null test of the : operators for the value of p. A
// list joined into one word ("$*", "${a[*]}" quoted or in an assignment)
// is null when the joined text is; bash tests an indirect list
// (${!ref} with ref=a[@]) only for having no elements.
func (r *Runner) nullFor(b *fieldBuf, p *syntax.ParamExp, v pval, quoted bool) bool {
	if v.multi && p.Excl {
		return len(v.list) == 0
	}
	if v.multi && v.star && (quoted || b.noSplit) {
		for _, s := range v.list {
			if s != "" {
				return false
			}
		}
		return len(v.list) < 2 || r.ifs() == "" && r.vars.visible("IFS") != nil
	}
	return v.isNull()
}

// paramOp applies ${x<op>word}.
func (r *Runner) paramOp(b *fieldBuf, p *syntax.ParamExp, v pval, name string, quoted bool) bool {
	op := p.Exp.Op
	w := p.Exp.Word
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
		if v.isUnset() || op == syntax.DefaultUnsetOrNull && r.nullFor(b, p, v, quoted) {
			if !r.expandWordInto(b, w, quoted) {
				return false
			}
			if quoted && !b.curValid {
				// Quoted, the default is a word even when it is a
				// "$@" with no parameters: "${u-$@}" is one empty word.
				b.add(piece{quoted: true})
			}
			return true
		}
		return r.deliver(b, v, quoted)
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		if v.isUnset() || op == syntax.AlternateUnsetOrNull && r.nullFor(b, p, v, quoted) {
			// Like "$@" itself, a quoted [@] list with no elements
			// makes no word at all.
			if quoted && !(v.multi && !v.star && len(v.list) == 0 && !p.Excl) {
				b.add(piece{quoted: true})
			}
			return true
		}
		return r.expandWordInto(b, w, quoted)
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if v.isUnset() || op == syntax.AssignUnsetOrNull && v.isNull() {
			index := p.Index
			if p.Excl {
				// ${!x:=w} assigns the variable x names, which must be
				// a plain name (not a[1], b[@] or a digit).
				if !isName(r.indirectRef) {
					r.errorf("%s: invalid variable name", r.indirectRef)
					r.status = 1
					r.abortCommand()
					return false
				}
				name, index = r.indirectRef, nil
			} else if v.multi {
				r.errorf("$%s: cannot assign in this way", name)
				r.abortCommand()
				return false
			}
			s, ok := r.expandString(w)
			if quoted {
				s, ok = r.expandQuotedParamWord(w)
			}
			if !ok {
				return false
			}
			if index != nil {
				if !r.assignIndexed(name, index, s, false) {
					// As for a scalar: the command is abandoned.
					r.abortCommand()
					return false
				}
			} else if !validParamName(name) || !isName(name) {
				r.errorf("$%s: cannot assign in this way", name)
				r.abortCommand()
				return false
			} else if !r.setVar(name, s, false) {
				r.abortCommand()
				return false
			}
			nv, _, ok := r.namedValue(name, index)
			if !ok {
				return false
			}
			return r.deliver(b, nv, quoted)
		}
		return r.deliver(b, v, quoted)
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		if v.isUnset() || op == syntax.ErrorUnsetOrNull && v.isNull() {
			msg := "parameter null or not set"
			if op == syntax.ErrorUnset {
				msg = "parameter not set"
			}
			if w != nil {
				s, ok := r.expandString(w)
				if !ok {
					return false
				}
				msg = s
			}
			r.fatal(1, "%s: %s", unboundName(p, name), msg)
			if r.interactive {
				r.abortCommand()
			}
			return false
		}
		return r.deliver(b, v, quoted)
	}
	if !v.set && !v.multi && r.opts[optNoUnset] {
		r.fatal(1, "%s: unbound variable", unboundName(p, name))
		return false
	}
	if p.Length {
		// ${#x...} with an operator is a bad substitution in bash.
		r.badSubst(p)
		return false
	}
	if op == syntax.OtherParamOps && !validAtOp(w) {
		return r.badAtOp(b, p, v, quoted)
	}
	if op != syntax.OtherParamOps && skipsOpWord(v, op) {
		return r.deliver(b, v, quoted)
	}
	f, ok := r.stringOp(p, op, w)
	if !ok {
		return false
	}
	return r.deliver(b, v.mapEach(f), quoted)
}

// skipsOpWord reports whether bash leaves the word of a pattern, case or
// substitution operator unexpanded (its side effects not happening): the
// parameter is unset or a list with no elements; for # and % also a null
// value. op 0 stands for / substitution.
func skipsOpWord(v pval, op syntax.ParExpOperator) bool {
	if v.multi {
		return len(v.list) == 0
	}
	if !v.set {
		return true
	}
	switch op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		return v.s == ""
	}
	return false
}

// mapEach applies f to each element (or the scalar).
func (v pval) mapEach(f func(string) string) pval {
	if v.multi {
		out := make([]string, len(v.list))
		for i, s := range v.list {
			out[i] = f(s)
		}
		v.list = out
		return v
	}
	if v.set {
		v.s = f(v.s)
	}
	return v
}

// expandWordInto expands an operator's word into the field buffer with
// the quoting of the enclosing expansion.
func (r *Runner) expandWordInto(b *fieldBuf, w *syntax.Word, quoted bool) bool {
	if w == nil {
		if quoted {
			b.add(piece{quoted: true})
		}
		return true
	}
	if quoted && len(w.Parts) == 0 {
		b.add(piece{quoted: true})
		return true
	}
	if quoted {
		saved := b.paramWord
		b.paramWord = true
		defer func() { b.paramWord = saved }()
	}
	if !quoted && !b.noSplit {
		// Unquoted, the whole expansion is split: literal text of the
		// word as well as what it expands to.
		saved := b.splitLits
		b.splitLits = true
		defer func() { b.splitLits = saved }()
	}
	if b.assignWord && !quoted {
		w = r.tildeAssign(w)
	}
	return r.expandParts(b, w.Parts, quoted, !quoted)
}

// expandQuotedParamWord expands the word of "${x:=word}" to the one
// string assigned, with the double-quote rules of such words.
func (r *Runner) expandQuotedParamWord(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	b := &fieldBuf{r: r, ifs: "", noSplit: true, paramWord: true}
	if !r.expandParts(b, w.Parts, true, false) {
		return "", false
	}
	// "$@" in the word gives several fields: an assignment joins them
	// with spaces.
	fs := b.finish()
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.s
	}
	return strings.Join(parts, " "), true
}

// dqUnescapeBrace removes the backslash of \} (and keeps the other
// escapes for dqUnescape): in a ${x:-word} inside double quotes, \}
// stands for a brace.
func dqUnescapeBrace(s string) string {
	if !strings.Contains(s, "\\}") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] == '}' {
				i++
			} else {
				b.WriteByte(s[i])
				i++
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// addSplitLit adds unquoted literal text that word splitting applies to;
// backslash-escaped characters stay literal and unsplit.
func (b *fieldBuf) addSplitLit(lit string) {
	start := 0
	for i := 0; i < len(lit); i++ {
		if lit[i] != '\\' || i+1 >= len(lit) {
			continue
		}
		if start < i {
			b.add(piece{s: lit[start:i], split: true})
		}
		i++
		if lit[i] != '\n' {
			b.add(piece{s: lit[i : i+1], quoted: true})
		}
		start = i + 1
	}
	if start < len(lit) {
		b.add(piece{s: lit[start:], split: true})
	}
}

func (r *Runner) badSubst(p *syntax.ParamExp) {
	r.errorf("%s: bad substitution", paramSource(p))
	r.status = 1
	r.abortCommand()
}

// paramSource prints a parameter expansion back as source text.
func paramSource(p *syntax.ParamExp) string {
	var sb strings.Builder
	syntax.NewPrinter().Print(&sb, &syntax.Word{Parts: []syntax.WordPart{p}})
	return sb.String()
}

// stringOp builds the per-string function of a pattern, case or @ operator.
func (r *Runner) stringOp(p *syntax.ParamExp, op syntax.ParExpOperator, w *syntax.Word) (func(string) string, bool) {
	switch op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		pat, ok := r.compileWordPattern(w)
		if !ok {
			return nil, false
		}
		return func(s string) string {
			switch op {
			case syntax.RemSmallPrefix:
				if n := pat.ShortestPrefix(s); n >= 0 {
					return s[n:]
				}
			case syntax.RemLargePrefix:
				if n := pat.LongestPrefix(s); n >= 0 {
					return s[n:]
				}
			case syntax.RemSmallSuffix:
				if n := pat.ShortestSuffix(s); n >= 0 {
					return s[:n]
				}
			case syntax.RemLargeSuffix:
				if n := pat.LongestSuffix(s); n >= 0 {
					return s[:n]
				}
			}
			return s
		}, true
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		// ${x~} and ${x~~} arrive as ^ and ^^ with toggleCase set (see
		// blankops.go); nested expansions in the pattern convert as usual.
		toggle := r.toggleCase
		r.toggleCase = false
		var pat *pattern.Pattern
		if w != nil && len(w.Parts) > 0 {
			var ok bool
			if pat, ok = r.compileWordPattern(w); !ok {
				return nil, false
			}
		}
		all := op == syntax.UpperAll || op == syntax.LowerAll
		upper := op == syntax.UpperFirst || op == syntax.UpperAll
		return func(s string) string { return caseMod(s, pat, all, upper, toggle) }, true
	case syntax.OtherParamOps:
		return r.atOp(p, w)
	}
	r.badSubst(p)
	return nil, false
}

// caseMod converts the first (or every) character matching pat: to upper
// or lower case, or to the other case when toggle.
func caseMod(s string, pat *pattern.Pattern, all, upper, toggle bool) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && !all {
			b.WriteString(s[i:])
			break
		}
		if pat == nil || pat.Match(string(c)) {
			if toggle {
				if unicode.IsUpper(c) {
					c = unicode.ToLower(c)
				} else {
					c = unicode.ToUpper(c)
				}
			} else if upper {
				c = unicode.ToUpper(c)
			} else {
				c = unicode.ToLower(c)
			}
		}
		b.WriteRune(c)
	}
	return b.String()
}

// compileWordPattern expands w as a pattern and compiles it with the
// current extglob and nocasematch settings.
func (r *Runner) compileWordPattern(w *syntax.Word) (*pattern.Pattern, bool) {
	s, ok := r.expandPattern(w)
	if !ok {
		return nil, false
	}
	return r.compilePattern(s, false)
}

// compileExtPattern compiles with extglob on whatever the option says.
func (r *Runner) compileExtPattern(s string, nocase bool) (*pattern.Pattern, bool) {
	saved := r.shopts["extglob"]
	r.shopts["extglob"] = true
	defer func() { r.shopts["extglob"] = saved }()
	return r.compilePattern(s, nocase)
}

func (r *Runner) compilePattern(s string, nocase bool) (*pattern.Pattern, bool) {
	mode := pattern.Mode(0)
	if r.shopts["extglob"] {
		mode |= pattern.ExtGlob
	}
	if nocase {
		mode |= pattern.NoCase
	}
	return r.compilePatternMode(s, mode)
}

// compilePatternMode compiles s with an explicit mode; a pattern that
// does not compile matches its own text literally, as in bash.
func (r *Runner) compilePatternMode(s string, mode pattern.Mode) (*pattern.Pattern, bool) {
	if r.patCache == nil {
		r.patCache = &patCache{}
	}
	cached, slot := r.patCache.lookup(s, mode)
	if cached != nil {
		return cached, true
	}
	pat, err := pattern.Compile(s, mode)
	if err == nil && slot != nil {
		*slot = patSlot{text: s, mode: mode, pat: pat}
	}
	if err != nil {
		pat, err = pattern.Compile(pattern.QuoteMeta(s), 0)
		if err != nil {
			r.errorf("%v", err)
			return nil, false
		}
	}
	return pat, true
}

// atOp implements ${x@Q} and the other transformation operators.
func (r *Runner) atOp(p *syntax.ParamExp, w *syntax.Word) (func(string) string, bool) {
	op := ""
	if w != nil {
		op = w.Lit()
	}
	switch op {
	case "Q":
		return shellQuote, true
	case "E":
		return func(s string) string { return ansiCQuote(s) }, true
	case "P":
		return r.expandPrompt, true
	case "U":
		return strings.ToUpper, true
	case "L":
		return strings.ToLower, true
	case "u":
		return func(s string) string { return caseMod(s, nil, false, true, false) }, true
	case "a":
		v := r.lookupVar(p.Param.Value)
		flags := attrFlags(v)
		return func(string) string { return flags }, true
	case "A", "K", "k":
		// Handled as whole-variable forms by callers that need them;
		// per element they quote the value.
		name := p.Param.Value
		if op == "A" && !isName(name) {
			// A positional parameter has no assignment to show.
			return func(string) string { return "" }, true
		}
		if op == "A" {
			v := r.lookupVar(name)
			return func(s string) string {
				flags := attrFlags(v)
				if flags == "" {
					return name + "=" + shellQuote(s)
				}
				return "declare -" + flags + " " + name + "=" + shellQuote(s)
			}, true
		}
		return shellQuote, true
	}
	r.badSubst(p)
	return nil, false
}

// attrFlags renders a variable's attributes as declare's letters, in
// bash's order (the case attributes last).
func attrFlags(v *Var) string {
	if v == nil {
		return ""
	}
	var b strings.Builder
	for _, f := range []struct {
		a uint16
		c byte
	}{{attrIndexed, 'a'}, {attrAssoc, 'A'}, {attrInteger, 'i'}, {attrNameref, 'n'}, {attrReadonly, 'r'},
		{attrTrace, 't'}, {attrExport, 'x'}, {attrLower, 'l'}, {attrUpper, 'u'}} {
		if v.attrs&f.a != 0 {
			b.WriteByte(f.c)
		}
	}
	return b.String()
}

// slice implements ${x:offset:length}.
func (r *Runner) slice(p *syntax.ParamExp, v pval, name string) (pval, bool) {
	off, ok := r.sliceArith(p, p.Slice.Offset)
	if !ok {
		return v, false
	}
	hasLen := p.Slice.Length != nil
	var length int64
	if hasLen {
		if length, ok = r.sliceArith(p, p.Slice.Length); !ok {
			return v, false
		}
	}
	if v.multi && len(v.list) == 1 && name != "@" && name != "*" && p.Index != nil {
		if vv := r.lookupVar(name); vv != nil && !vv.has(attrIndexed) && !vv.has(attrAssoc) {
			// s[@] of a scalar is its value, and slicing it slices the
			// string, as bash does (s=abcd; ${s[@]:0:1} is a).
			v = pval{s: v.list[0], set: true}
		}
	}
	if v.multi {
		list := v.list
		if name == "@" || name == "*" {
			list = append([]string{r.arg0}, r.params...)
		} else if vv := r.lookupVar(name); vv.has(attrIndexed) && p.Index != nil {
			return r.sliceSparse(vv, v, off, length, hasLen)
		} else if vv.has(attrAssoc) && p.Index != nil {
			var empty bool
			if off, empty = assocSliceStart(off, int64(len(list))); empty {
				v.list = nil
				return v, true
			}
		}
		n := int64(len(list))
		if off < 0 {
			off += n
			if off < 0 {
				v.list = nil
				return v, true
			}
		}
		if hasLen && length < 0 {
			r.errorf("%s: substring expression < 0", r.sliceLenText(p))
			r.status = 1
			r.abortCommand()
			return v, false
		}
		if off > n {
			off = n
		}
		end := n
		if hasLen && off+length < n {
			end = off + length
		}
		v.list = list[off:end]
		return v, true
	}
	if !v.set {
		return v, true
	}
	n := int64(utf8.RuneCountInString(v.s))
	if off < 0 {
		off += n
		if off < 0 {
			v.s = ""
			return v, true
		}
	}
	if off > n {
		v.s = ""
		return v, true
	}
	end := n
	if hasLen {
		if length < 0 {
			end = n + length
			if end < off {
				r.errorf("%s: substring expression < 0", r.sliceLenText(p))
				r.status = 1
				r.abortCommand()
				return v, false
			}
		} else if off+length < n {
			end = off + length
		}
	}
	v.s = charSlice(v.s, int(off), int(end))
	return v, true
}

// sliceSparse slices an indexed array by index, not by position, as bash
// does for ${a[@]:off:len} on sparse arrays.
func (r *Runner) sliceSparse(vv *Var, v pval, off, length int64, hasLen bool) (pval, bool) {
	if off < 0 {
		off += vv.arr.maxIndex() + 1
		if off < 0 {
			v.list = nil
			return v, true
		}
	}
	if hasLen && length < 0 {
		r.errorf("%d: substring expression < 0", length)
		r.status = 1
		r.abortCommand()
		return v, false
	}
	var out []string
	for _, e := range vv.arr.elems {
		if e.idx < off {
			continue
		}
		if hasLen && int64(len(out)) >= length {
			break
		}
		out = append(out, e.val)
	}
	v.list = out
	return v, true
}

// replace implements ${x/pat/rep} and its //, /# and /% forms.
func (r *Runner) replace(p *syntax.ParamExp, v pval) (pval, bool) {
	if skipsOpWord(v, 0) {
		return v, true
	}
	orig, with := r.slashPattern(p)
	anchor := byte(0)
	// Only a single '/' takes an anchor: after '//' a leading # or % is
	// part of the pattern.
	if orig != nil && len(orig.Parts) > 0 && !p.Repl.All {
		if l, ok := orig.Parts[0].(*syntax.Lit); ok && l.Value != "" && (l.Value[0] == '#' || l.Value[0] == '%') {
			anchor = l.Value[0]
			parts := append([]syntax.WordPart{&syntax.Lit{Value: l.Value[1:]}}, orig.Parts[1:]...)
			orig = &syntax.Word{Parts: parts}
		}
	}
	patText, ok := r.expandPattern(orig)
	if !ok {
		return v, false
	}
	// nocasematch reaches pattern substitution, not removal (# %).
	pat, ok := r.compilePattern(patText, r.shopts["nocasematch"])
	if !ok {
		return v, false
	}
	rep, ok := r.replacementText(with)
	if !ok {
		return v, false
	}
	all := p.Repl.All
	f := func(s string) string {
		return replaceIn(s, pat, patText, rep, all, anchor)
	}
	return v.mapEach(f), true
}

// slashPattern is the pattern and replacement of ${x//pat/rep}. In bash
// a pattern may begin with '/': after the operator, the first '/' is
// part of the pattern, not the separator, so ${x////c} replaces '/' with
// 'c' and ${x///} deletes every '/'. The parser took that '/' as the
// separator (an empty pattern); move it and what follows up to the next
// unescaped '/' back into the pattern.
func (r *Runner) slashPattern(p *syntax.ParamExp) (orig, with *syntax.Word) {
	orig, with = p.Repl.Orig, p.Repl.With
	if !p.Repl.All || orig != nil && len(orig.Parts) > 0 {
		return orig, with
	}
	if with == nil {
		// ${x///}: the text ends in a third slash; ${x//} does not.
		if strings.HasSuffix(r.nodeText(p), "///}") {
			return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "/"}}}, nil
		}
		return orig, with
	}
	pat := []syntax.WordPart{&syntax.Lit{Value: "/"}}
	for i, part := range with.Parts {
		l, ok := part.(*syntax.Lit)
		if !ok {
			pat = append(pat, part)
			continue
		}
		if k := unescapedSlash(l.Value); k >= 0 {
			if k > 0 {
				pat = append(pat, &syntax.Lit{Value: l.Value[:k]})
			}
			rest := append([]syntax.WordPart{}, with.Parts[i+1:]...)
			if k+1 < len(l.Value) {
				rest = append([]syntax.WordPart{&syntax.Lit{Value: l.Value[k+1:]}}, rest...)
			}
			return &syntax.Word{Parts: pat}, &syntax.Word{Parts: rest}
		}
		pat = append(pat, part)
	}
	return &syntax.Word{Parts: pat}, nil
}

// unescapedSlash is the index of the first '/' not escaped by a
// backslash, or -1.
func unescapedSlash(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '/':
			return i
		}
	}
	return -1
}

// replacement is ${x/p/rep}'s rep: literal pieces and & (the match).
type replacement struct {
	parts []string // even indexes literal, odd indexes mark a & (empty)
	amp   bool
}

func (rp replacement) render(match string) string {
	if !rp.amp {
		return strings.Join(rp.parts, "")
	}
	var b strings.Builder
	for i, s := range rp.parts {
		if i%2 == 1 {
			b.WriteString(match)
			continue
		}
		b.WriteString(s)
	}
	return b.String()
}

// replacementText expands the replacement; with patsub_replacement an
// unquoted & stands for the match, and a backslash quotes a following &
// or backslash; before any other character it stays (an expansion's
// "\t" is kept as is; the script's own \t had its quote removed).
func (r *Runner) replacementText(w *syntax.Word) (replacement, bool) {
	if w == nil {
		return replacement{parts: []string{""}}, true
	}
	if !r.shopts["patsub_replacement"] {
		s, ok := r.expandString(w)
		return replacement{parts: []string{s}}, ok
	}
	pat, ok := r.expandPatForm(w, true)
	if !ok {
		return replacement{}, false
	}
	var parts []string
	var cur strings.Builder
	amp := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if c == '\\' && i+1 < len(pat) && (pat[i+1] == '\\' || pat[i+1] == '&') {
			i++
			cur.WriteByte(pat[i])
			continue
		}
		if c == '&' {
			parts = append(parts, cur.String(), "")
			cur.Reset()
			amp = true
			continue
		}
		cur.WriteByte(c)
	}
	parts = append(parts, cur.String())
	return replacement{parts: parts, amp: amp}, true
}

// replaceIn performs one pattern substitution on s.
func replaceIn(s string, pat *pattern.Pattern, patText string, rep replacement, all bool, anchor byte) string {
	switch anchor {
	case '#':
		if n := pat.LongestPrefix(s); n >= 0 {
			return rep.render(s[:n]) + s[n:]
		}
		return s
	case '%':
		if n := pat.LongestSuffix(s); n >= 0 {
			return s[:n] + rep.render(s[n:])
		}
		return s
	}
	if patText == "" {
		return s
	}
	// bash replaces an empty match too (inserting the replacement) and
	// then steps over one character; see pattern.FindAll.
	max := 1
	if all {
		max = 0
	}
	var b strings.Builder
	from := 0
	for _, m := range pat.FindAll(s, max) {
		b.WriteString(s[from:m[0]])
		b.WriteString(rep.render(s[m[0]:m[1]]))
		from = m[1]
	}
	b.WriteString(s[from:])
	return b.String()
}

// shellQuote quotes s as ${x@Q} and declare -p do: '...' or $'...' when
// s holds control characters.
func shellQuote(s string) string {
	if !needsANSIC(s, true) {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			// Invalid bytes and C1 controls go as octal bytes; other
			// characters as they are.
			n, bad := unprintableAt(s, i, true)
			if bad {
				b.WriteString(octalBytes(s[i : i+n]))
			} else {
				b.WriteString(s[i : i+n])
			}
			i += n - 1
			continue
		}
		switch c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case 0x1b:
			b.WriteString(`\E`)
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if c < 0x20 || c == 0x7f {
				b.WriteString(`\` + leftPad(strconv.FormatInt(int64(c), 8), 3))
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('\'')
	return b.String()
}
