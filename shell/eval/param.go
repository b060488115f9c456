package eval

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// pval is the value of a parameter before an operator applies: one string,
// or a list (arrays with [@] or [*], $@, $*).
type pval struct {
	s     string
	set   bool
	list  []string
	multi bool // list form
	star  bool // [*] / $* rather than [@] / $@
	// nullJoin, for ${!a[*]} and ${!prefix*}, makes an unquoted
	// expansion under a null IFS one word joined by nullSep, as bash
	// does for these two (unlike $* and ${a[*]}, which stay separate).
	nullJoin bool
	nullSep  string
}

// paramInto expands ${...} (or $x) into b.
func (r *Runner) paramInto(b *fieldBuf, p *syntax.ParamExp, quoted bool) bool {
	if r.src != nil && r.src.badSubst != nil && p.Dollar.IsValid() {
		if orig, ok := r.src.badSubst[int(p.Dollar.Offset())]; ok {
			if pe, text := blankSliceParam(orig); pe != nil {
				return r.expandBlankSlice(b, pe, text, quoted)
			}
			if pe, text, toggle := blankOpParam(orig); pe != nil {
				r.toggleCase = toggle
				defer func() { r.toggleCase = false }()
				return r.expandBlankSlice(b, pe, text, quoted)
			}
			if handled, good := r.blankAtOp(b, orig, quoted); handled {
				return good
			}
			r.errorf("%s: bad substitution", orig)
			r.status = 1
			r.abortCommand()
			return false
		}
	}
	if r.badHashOp(p) {
		return false
	}
	if b.heredoc {
		saved := r.hereSpace
		r.hereSpace = hereSpaceJoin(p)
		defer func() { r.hereSpace = saved }()
	}
	if p.Length && p.Exp == nil {
		n, ok := r.paramLength(p)
		if !ok {
			return false
		}
		b.add(piece{s: strconv.Itoa(n), quoted: quoted, split: !quoted})
		return true
	}
	if q := r.posixBangOp(p); q != nil {
		p = q
	}
	if badNamesPrefix(p) {
		r.errorf("%s: bad substitution", r.nodeText(p))
		r.status = 1
		r.abortCommand()
		return false
	}
	if p.Excl && p.Names != 0 {
		names := r.varNamesWithPrefix(p.Param.Value)
		star := p.Names == syntax.NamesPrefix
		return r.deliver(b, pval{list: names, multi: true, star: star, set: true, nullJoin: star}, quoted)
	}
	if q := r.indirectAtOp(p); q != nil {
		p = q
	}
	if isAttrOp(p) {
		return r.attrOp(b, p, quoted)
	}
	if done, ok := r.wholeAtOp(b, p, quoted); done {
		return ok
	}
	v, name, ok := r.paramValue(p)
	if !ok {
		return false
	}
	switch {
	case p.Slice != nil:
		if v, ok = r.slice(p, v, name); !ok {
			return false
		}
	case p.Repl != nil:
		if v, ok = r.replace(p, v); !ok {
			return false
		}
	case p.Exp != nil:
		return r.paramOp(b, p, v, name, quoted)
	}
	if !v.set && !v.multi && r.opts[optNoUnset] && !isSpecialNoUnset(name) {
		r.fatal(1, "%s: unbound variable", unboundName(p, name))
		return false
	}
	return r.deliver(b, v, quoted)
}

func isSpecialNoUnset(name string) bool { return name == "@" || name == "*" }

func unboundName(p *syntax.ParamExp, name string) string {
	if p.Excl && p.Param != nil && p.Index == nil {
		return "!" + p.Param.Value // bash names ${!x}'s indirection
	}
	if p.Index != nil && !p.Excl {
		return name + "[" + indexText(p.Index) + "]"
	}
	if (isDigits(name) || name == "!") && p.Short {
		// bash names a positional parameter with its $ when it was
		// written $2; ${2} and ${#2} name it "2".
		return "$" + name
	}
	return name
}

// indexText is the source text of a subscript, as bash quotes it in
// messages.
func indexText(e syntax.ArithmExpr) string {
	var sb strings.Builder
	syntax.NewPrinter(syntax.Minify(true)).Print(&sb, e)
	return sb.String()
}

// deliver adds an expansion result to b with bash's quoting rules.
func (r *Runner) deliver(b *fieldBuf, v pval, quoted bool) bool {
	if !v.multi {
		if err := r.g.checkString(int64(len(v.s))); err != nil {
			r.stop(err)
			return false
		}
		b.add(piece{s: v.s, quoted: quoted, split: !quoted})
		return true
	}
	if v.star && (quoted || b.noSplit) {
		sep := ""
		if r.hereSpace && b.heredoc {
			sep = " "
		} else if ifs := r.ifs(); ifs != "" {
			_, n := utf8.DecodeRuneInString(ifs)
			sep = ifs[:n]
		} else if r.vars.visible("IFS") == nil {
			sep = " "
		}
		b.add(piece{s: strings.Join(v.list, sep), quoted: quoted, split: !quoted})
		return true
	}
	if !quoted && !b.noSplit {
		if v.nullJoin && len(v.list) > 0 && r.ifs() == "" && r.vars.visible("IFS") != nil {
			b.add(piece{s: strings.Join(v.list, v.nullSep), split: true})
			return true
		}
		if b.splitLits && !v.star && len(v.list) > 0 && r.ifs() != "" && !strings.Contains(r.ifs(), " ") {
			// $@ in the word of ${x-word} (unquoted) under an IFS
			// without a space: bash joins the elements with spaces
			// and does not split the result.
			b.add(piece{s: strings.Join(v.list, " ")})
			return true
		}
		if ifs := r.ifs(); ifs != "" && len(v.list) > 0 {
			// Unquoted, the elements are joined by IFS's first
			// character and split: with a non-blank IFS, empty
			// elements (and separators inside elements) make empty
			// fields, as in bash.
			_, n := utf8.DecodeRuneInString(ifs)
			b.add(piece{s: strings.Join(v.list, ifs[:n]), split: true})
			return true
		}
	}
	if quoted && len(v.list) == 0 {
		b.atEmpty++
	}
	for i, s := range v.list {
		if i > 0 {
			if quoted || b.noSplit {
				b.forceBreak()
			} else if b.curValid {
				// Unquoted elements are separate words too.
				b.forceBreak()
			}
		}
		b.add(piece{s: s, quoted: quoted, split: !quoted})
	}
	return true
}

// paramLength is ${#x}: characters of a scalar, elements of an array.
func (r *Runner) paramLength(p *syntax.ParamExp) (int, bool) {
	name := p.Param.Value
	if p.Index == nil {
		switch name {
		case "@", "*", "#":
			if name == "#" {
				// ${##} is the length of $#.
				return len(strconv.Itoa(len(r.params))), true
			}
			return len(r.params), true
		}
	}
	if p.Index != nil && name != "@" && name != "*" {
		// ${#a[sub]}: under set -u, bash reports a variable that is
		// unset or not an array at all (status 1, the rest of the command
		// line abandoned), but not a missing element of an array.
		v := r.lookupVar(name)
		if r.opts[optNoUnset] && (v == nil || !v.set || !v.isArray()) {
			r.errorf("%s: unbound variable", name)
			r.status = 1
			r.abortCommand()
			return 0, false
		}
		if w, ok := p.Index.(*syntax.Word); ok {
			if l := w.Lit(); l == "@" || l == "*" {
				// Counted, not listed: a loop testing i<${#a[@]}
				// stays linear.
				return v.count(), true
			}
		}
		ev, _, ok := r.paramValue(&syntax.ParamExp{Param: p.Param, Index: p.Index})
		if !ok {
			return 0, false
		}
		return utf8.RuneCountInString(ev.s), true
	}
	v, _, ok := r.paramValue(&syntax.ParamExp{Param: p.Param, Index: p.Index, Short: p.Short})
	if !ok {
		return 0, false
	}
	if v.multi {
		return len(v.list), true
	}
	if !v.set && r.opts[optNoUnset] && name != "!" { // bash counts an unset $! as 0
		r.fatal(1, "%s: unbound variable", unboundName(&syntax.ParamExp{}, name))
		return 0, false
	}
	return utf8.RuneCountInString(v.s), true
}

// paramValue finds the value p names, following ${!x} indirection.
func (r *Runner) paramValue(p *syntax.ParamExp) (pval, string, bool) {
	name := p.Param.Value
	if p.Excl {
		r.indirectRef = ""
		// ${!a[@]} alone lists keys; with any operator after it, it is
		// indirection through the value of ${a[@]}.
		if p.Index != nil && p.Slice == nil && p.Repl == nil && p.Exp == nil {
			if w, ok := p.Index.(*syntax.Word); ok {
				if l := w.Lit(); l == "@" || l == "*" {
					v := r.lookupVar(name)
					return pval{list: v.keys(), multi: true, star: l == "*", set: true, nullJoin: l == "*", nullSep: " "}, name, true
				}
			}
		}
		// A nameref's ${!ref} is the name it points to.
		if v := r.vars.visible(name); v.has(attrNameref) && p.Index == nil {
			return pval{s: v.str, set: v.set}, name, true
		}
		target, _, ok := r.paramValue(&syntax.ParamExp{Param: p.Param, Index: p.Index})
		if !ok {
			return pval{}, "", false
		}
		if !target.set {
			if r.opts[optNoUnset] {
				// bash names the indirection, not its target.
				r.fatal(1, "!%s: unbound variable", p.Param.Value)
				return pval{}, "", false
			}
			if isName(name) && r.lookupVar(name) == nil {
				// ${!x} with no variable x at all is an error (a
				// declared one without a value expands to nothing).
				shown := name
				if p.Index != nil {
					shown += "[" + r.nodeText(p.Index) + "]"
				}
				r.errorf("%s: invalid indirect expansion", shown)
				r.status = 1
				r.abortCommand()
				return pval{}, "", false
			}
			return pval{}, name, true
		}
		ref := target.s
		if target.multi {
			if len(target.list) == 0 {
				// ${!e[@]-w} of an empty array names nothing: unset.
				return pval{}, name, true
			}
			ref = strings.Join(target.list, " ")
		}
		r.indirectRef = ref
		return r.indirect(ref)
	}
	return r.namedValue(name, p.Index)
}

// indirect expands the parameter whose name is ref (${!ref}).
func (r *Runner) indirect(ref string) (pval, string, bool) {
	name, sub, hasSub := splitSubscript(ref)
	if !validParamName(name) {
		r.errorf("%s: invalid variable name", ref)
		r.status = 1
		r.abortCommand()
		return pval{}, "", false
	}
	if !hasSub {
		return r.namedValue(name, nil)
	}
	return r.subscriptValue(name, sub)
}

// validParamName accepts names, positional numbers and special parameters.
func validParamName(s string) bool {
	if s == "" {
		return false
	}
	if isName(s) || isDigits(s) {
		return true
	}
	return len(s) == 1 && strings.Contains("@*#?-$!0", s)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// splitSubscript splits "a[i]" into a, i.
func splitSubscript(s string) (string, string, bool) {
	i := strings.IndexByte(s, '[')
	if i <= 0 || !strings.HasSuffix(s, "]") {
		return s, "", false
	}
	return s[:i], s[i+1 : len(s)-1], true
}

// namedValue is the value of a named or special parameter, with an
// optional subscript from the parser.
func (r *Runner) namedValue(name string, index syntax.ArithmExpr) (pval, string, bool) {
	if index == nil {
		if s, set, ok := r.special(name); ok {
			if name == "@" || name == "*" {
				return pval{list: r.params, multi: true, star: name == "*", set: true}, name, true
			}
			return pval{s: s, set: set}, name, true
		}
		v := r.lookupVar(name)
		s, set := v.scalar()
		return pval{s: s, set: set}, name, true
	}
	if w, ok := index.(*syntax.Word); ok {
		if l := w.Lit(); l == "@" || l == "*" {
			v := r.lookupVar(name)
			if name == "@" || name == "*" {
				return pval{list: r.params, multi: true, star: name == "*", set: true}, name, true
			}
			return pval{list: v.values(), multi: true, star: l == "*", set: v != nil && v.set}, name, true
		}
	}
	v := r.lookupVar(name)
	if v.has(attrAssoc) {
		key, ok := r.assocKey(index)
		if !ok {
			return pval{}, "", false
		}
		s, set := v.assoc.get(key)
		return pval{s: s, set: set}, name, true
	}
	i, ok := r.arithIndex(index)
	if !ok {
		return pval{}, "", false
	}
	return r.elementValue(v, name, i)
}

// subscriptValue is name[sub] for subscript text from ${!ref} or a
// nameref.
func (r *Runner) subscriptValue(name, sub string) (pval, string, bool) {
	v := r.lookupVar(name)
	if sub == "@" || sub == "*" {
		if name == "@" || name == "*" {
			return pval{list: r.params, multi: true, star: name == "*", set: true}, name, true
		}
		return pval{list: v.values(), multi: true, star: sub == "*", set: v != nil && v.set}, name, true
	}
	if v.has(attrAssoc) {
		key, ok := r.assocKeyText(sub)
		if !ok {
			return pval{}, "", false
		}
		s, set := v.assoc.get(key)
		return pval{s: s, set: set}, name, true
	}
	n, ok := r.arithText(sub)
	if !ok {
		return pval{}, "", false
	}
	return r.elementValue(v, name, n)
}

// elementValue is element i of an indexed array (negative counts from the
// end) or of a scalar (only 0).
func (r *Runner) elementValue(v *Var, name string, i int64) (pval, string, bool) {
	if i < 0 && i+elemCount(v) < 0 {
		// Before the first element of any variable, even an unset one.
		r.errorf("%s: bad array subscript", name)
		return pval{}, name, true
	}
	if v == nil || !v.set {
		return pval{}, name, true
	}
	if !v.has(attrIndexed) {
		if i == 0 || i == -1 {
			return pval{s: v.str, set: true}, name, true
		}
		return pval{}, name, true
	}
	if i < 0 {
		i += v.arr.maxIndex() + 1
		if i < 0 {
			r.errorf("%s: bad array subscript", name)
			return pval{}, name, true
		}
	}
	s, set := v.arr.get(i)
	return pval{s: s, set: set}, name, true
}

// varNamesWithPrefix lists the variables whose names start with prefix.
func (r *Runner) varNamesWithPrefix(prefix string) []string {
	var out []string
	for _, n := range r.vars.names() {
		if strings.HasPrefix(n, prefix) {
			if v := r.vars.visible(n); v != nil && (v.set || v.isArray() || v.attrs != 0) {
				out = append(out, n)
			}
		}
	}
	return out
}

// special answers the special parameters and the variables bash computes.
func (r *Runner) special(name string) (string, bool, bool) {
	switch name {
	case "#":
		return strconv.Itoa(len(r.params)), true, true
	case "?":
		return strconv.Itoa(r.status), true, true
	case "-":
		return r.dashFlags(), true, true
	case "$":
		return "1", true, true
	case "!":
		if r.lastBg == 0 {
			return "", false, true
		}
		return strconv.Itoa(r.lastBg), true, true
	case "0":
		return r.arg0, true, true
	case "_":
		return r.lastArg, true, true
	case "@", "*":
		return strings.Join(r.params, " "), true, true
	}
	if isDigits(name) {
		n, err := strconv.Atoi(name)
		if err != nil || n > len(r.params) || n == 0 {
			return "", false, true
		}
		return r.params[n-1], true, true
	}
	return "", false, false
}
