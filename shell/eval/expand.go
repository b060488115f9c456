package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/shell/pattern"
)

// Word expansion in bash's order (manual, "Shell Expansions"): brace,
// tilde, parameter, command substitution and arithmetic (left to right),
// word splitting, pathname expansion, quote removal.
//
// A word expands into pieces: text that came from quotes or literals, and
// text that came from unquoted expansions (subject to splitting). The
// builder below keeps for each field both its text and its pattern form
// (quoted characters escaped), so globbing sees which characters were
// quoted.

// piece is a run of expanded text.
type piece struct {
	s string
	// quoted text is never split nor globbed.
	quoted bool
	// split is set on unquoted expansion results: IFS applies.
	split bool
}

// fieldBuf collects the fields of one word while splitting.
type fieldBuf struct {
	r        *Runner
	out      []field
	cur      strings.Builder
	pat      strings.Builder
	curValid bool // the field has begun (text, or a quoted empty string)
	meta     bool // an unquoted glob character is in the field
	delim    bool // the last separator already ended a field
	ifs      string
	// noSplit is set when the word expands to one string (assignments,
	// here-strings): "$*" and $* then join with IFS's first character.
	noSplit bool
	// heredoc is set for here-document bodies: \" keeps its backslash.
	heredoc bool
	// splitLits is set while expanding the word of an unquoted ${x:-word}
	// and friends: its literal text is split like the expansion results.
	splitLits bool
	// paramWord is set while expanding the word of ${x:-word} and friends
	// inside double quotes: single quotes there are plain characters (the
	// text between them still expands) and \} is an escaped brace.
	paramWord bool
	// nestedDq is set inside "..." within such a word (dqnested.go).
	nestedDq bool
	// atEmpty counts quoted [@] lists that expanded to no word (see
	// expandDq).
	atEmpty int
	// replWord is set for the replacement of ${x/p/r}: quoted text is
	// escaped in pat for patsub_replacement only (quoteRepl).
	replWord bool
	// qslash holds the offsets in pat of quoted slashes, which do not
	// void a bracket expression as unquoted ones do ([a"/"b] globs).
	qslash []int
	// assignWord is set for an assignment's value: the unquoted words
	// of ${x-word}, ${x:+word}... expand tildes after colons as the
	// value itself does (x=${u-~:~} is $HOME:$HOME).
	assignWord bool
}

// field is one expanded word: its text and its pattern form.
type field struct {
	s, pat string
	glob   bool
	qslash []int
}

func (b *fieldBuf) emit() {
	b.out = append(b.out, field{s: b.cur.String(), pat: b.pat.String(), glob: b.meta, qslash: b.qslash})
	b.cur.Reset()
	b.pat.Reset()
	b.qslash = nil
	b.curValid, b.meta = false, false
}

// forceBreak ends the current field even when empty ("$@" boundaries).
func (b *fieldBuf) forceBreak() {
	b.emit()
	b.delim = false
}

func (b *fieldBuf) add(p piece) {
	if p.quoted {
		b.cur.WriteString(p.s)
		b.addQuotedPat(p.s)
		b.curValid = true
		b.delim = false
		return
	}
	if !p.split {
		b.addLiteral(p.s)
		return
	}
	for i, n := 0, 1; i < len(p.s); i += n {
		c := p.s[i]
		var sep bool
		if n, sep = ifsCharAt(p.s, i, b.ifs); !sep {
			// The run of text up to the next separator goes in at once:
			// byte by byte, a long value cost a scan and two writes a byte.
			j := i + n
			for j < len(p.s) {
				m, isSep := ifsCharAt(p.s, j, b.ifs)
				if isSep {
					break
				}
				j += m
			}
			b.addLiteral(p.s[i:j])
			n = j - i
			continue
		}
		if c == ' ' || c == '\t' || c == '\n' {
			if b.curValid {
				b.emit()
				b.delim = true
			}
			continue
		}
		if b.curValid {
			b.emit()
		} else if !b.delim {
			b.emit()
		}
		b.delim = false
	}
}

// addLiteral appends unquoted text: globbing applies to it.
func (b *fieldBuf) addLiteral(s string) {
	if s == "" {
		return
	}
	b.cur.WriteString(s)
	b.pat.WriteString(s)
	if !b.meta && strings.ContainsAny(s, "*?[") {
		b.meta = true
	}
	b.curValid = true
	b.delim = false
}

func (b *fieldBuf) finish() []field {
	if b.curValid {
		b.emit()
	}
	return b.out
}

// ifs is the current field separator set ("" when IFS is empty).
func (r *Runner) ifs() string {
	v := r.vars.visible("IFS")
	if v == nil || !v.set {
		return " \t\n"
	}
	s, _ := v.scalar()
	return s
}

// expandFields expands words into the argument list of a command.
func (r *Runner) expandFields(words []*syntax.Word) ([]string, bool) {
	var out []string
	for _, w := range words {
		ws := []*syntax.Word{w}
		if r.opts[optBraceExpand] && hasBraces(w) {
			var ok bool
			if ws, ok = r.braceExpand(w); !ok {
				return nil, false
			}
		}
		for _, w := range ws {
			fs, ok := r.wordFields(w)
			if !ok {
				return nil, false
			}
			for _, f := range fs {
				if f.glob && !r.opts[optNoGlob] && len(f.pat) <= maxGlobPattern && pattern.HasGlobMeta(f.pat, r.globMode(), f.qslash) {
					m, ok := r.glob(f.pat)
					if !ok {
						return nil, false
					}
					if m != nil {
						out = append(out, m...)
						continue
					}
				}
				out = append(out, f.s)
			}
			if err := r.g.checkElems(int64(len(out))); err != nil {
				r.stop(err)
				return nil, false
			}
		}
	}
	return out, true
}

// wordFields expands one word (after brace expansion) and splits it.
func (r *Runner) wordFields(w *syntax.Word) ([]field, bool) {
	b := &fieldBuf{r: r, ifs: r.ifs()}
	if !r.expandParts(b, w.Parts, false, true) {
		return nil, false
	}
	return b.finish(), true
}

// expandParts feeds the expansions of parts into b. quoted is set inside
// double quotes; first is set when parts start the word (tilde).
func (r *Runner) expandParts(b *fieldBuf, parts []syntax.WordPart, quoted, first bool) bool {
	for i, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			s := p.Value
			if quoted {
				if b.nestedDq {
					b.add(piece{s: unescapeLit(s), quoted: true})
					continue
				}
				if b.paramWord {
					s = dqUnescapeBrace(s)
				}
				b.add(piece{s: dqUnescape(s, b.heredoc), quoted: true})
				continue
			}
			if i == 0 && first && strings.HasPrefix(s, "~") {
				if t, rest, ok := r.tildePrefix(s, len(parts) == 1 || !isQuotedPart(parts[1])); ok {
					b.add(piece{s: t, quoted: true})
					s = rest
				}
			}
			if b.splitLits {
				b.addSplitLit(s)
				continue
			}
			b.add(piece{s: unescapeLit(s)})
			if strings.Contains(s, "\\") {
				// Backslash-escaped characters are quoted: redo the
				// pattern form so they stay literal.
				b.fixEscapes(s)
			}
		case *syntax.SglQuoted:
			s := p.Value
			if p.Dollar {
				// Shell strings are C strings: a NUL ends them.
				s, _, _ = strings.Cut(ansiCQuote(s), "\x00")
			} else if quoted && b.paramWord {
				t, ok := r.expandText("'" + s + "'")
				if !ok {
					return false
				}
				s = t
			}
			b.add(piece{s: s, quoted: true})
		case *syntax.DblQuoted:
			if len(p.Parts) == 0 {
				b.add(piece{quoted: true})
				continue
			}
			if !r.expandDq(b, p, quoted) {
				return false
			}
		case *syntax.ParamExp:
			if !r.paramInto(b, p, quoted) {
				return false
			}
		case *syntax.CmdSubst:
			s, ok := r.cmdSubst(p)
			if !ok {
				return false
			}
			b.add(piece{s: s, quoted: quoted, split: !quoted})
		case *syntax.ArithmExp:
			n, ok := r.arithExp(p)
			if !ok {
				return false
			}
			b.add(piece{s: n, quoted: quoted, split: !quoted})
		case *syntax.ProcSubst:
			s, ok := r.procSubst(p)
			if !ok {
				return false
			}
			b.add(piece{s: s, quoted: true})
		case *syntax.ExtGlob:
			s := p.Op.String() + p.Pattern.Value + ")"
			if quoted {
				b.add(piece{s: s, quoted: true})
			} else if !r.extGlobInto(b, p) {
				return false
			}
		case *syntax.BraceExp:
			// Left in place when brace expansion was off or failed (or
			// in an assignment value); the elements still expand.
			if !r.braceInto(b, p, quoted) {
				return false
			}
		default:
			r.errorf("unsupported word part %T", part)
			return false
		}
	}
	return true
}

func isQuotedPart(p syntax.WordPart) bool {
	switch p.(type) {
	case *syntax.SglQuoted, *syntax.DblQuoted:
		return true
	}
	return false
}

// fixEscapes rewrites the pattern form of the literal just added so that
// backslash-escaped characters match literally. The text form already had
// its backslashes removed by unescapeLit.
func (b *fieldBuf) fixEscapes(lit string) {
	plain := unescapeLit(lit)
	s := b.pat.String()
	s = s[:len(s)-len(plain)]
	b.pat.Reset()
	b.pat.WriteString(s)
	for i := 0; i < len(lit); i++ {
		if lit[i] == '\\' && i+1 < len(lit) {
			i++
			b.addQuotedPat(lit[i : i+1])
			continue
		}
		b.pat.WriteByte(lit[i])
	}
}

// quotePat is the pattern form of quoted text. Besides the wildcards it
// escapes - and ^, which are special inside a bracket expression:
// [C\-D] and [C"-"D] hold C, - and D.
func quotePat(s string) string {
	if !strings.ContainsAny(s, "-^") {
		return pattern.QuoteMeta(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '-' || s[i] == '^' {
			b.WriteByte('\\')
			b.WriteByte(s[i])
			continue
		}
		b.WriteString(pattern.QuoteMeta(s[i : i+1]))
	}
	return b.String()
}

// unescapeLit removes the backslashes of an unquoted literal (the parser
// keeps them: \$ stays "\$" in Lit.Value).
func unescapeLit(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// expandString expands a word to one string, without splitting or
// globbing (assignments, here-strings, case words). "$@" joins with spaces.
func (r *Runner) expandString(w *syntax.Word) (string, bool) {
	return r.expandStringAs(w, false)
}

// expandStringAs is expandString; assign marks an assignment's value,
// whose ${x-word} words get tilde expansion after colons too.
func (r *Runner) expandStringAs(w *syntax.Word, assign bool) (string, bool) {
	if w == nil {
		return "", true
	}
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, "\\~") {
			return l.Value, true
		}
	}
	b := &fieldBuf{r: r, ifs: "", assignWord: assign}
	b.noSplit = true
	if !r.expandParts(b, w.Parts, false, true) {
		return "", false
	}
	fs := b.finish()
	switch len(fs) {
	case 0:
		return "", true
	case 1:
		return fs[0].s, true
	}
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.s
	}
	return strings.Join(parts, " "), true
}

// expandAssignValue expands the value of an assignment: tilde after = and
// each unquoted :, no splitting, no globbing.
func (r *Runner) expandAssignValue(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	return r.expandStringAs(r.tildeAssign(w), true)
}

// expandPattern expands a word into pattern text: quoted characters are
// escaped, unquoted ones keep their meaning.
func (r *Runner) expandPattern(w *syntax.Word) (string, bool) {
	return r.expandPatForm(w, false)
}

// expandPatForm is expandPattern; repl asks for the replacement form.
func (r *Runner) expandPatForm(w *syntax.Word, repl bool) (string, bool) {
	if w == nil {
		return "", true
	}
	b := &fieldBuf{r: r, ifs: "", replWord: repl}
	b.noSplit = true
	if !r.expandParts(b, w.Parts, false, true) {
		return "", false
	}
	fs := b.finish()
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.pat
	}
	return strings.Join(parts, " "), true
}

// expandHeredoc expands a here-document body: parameters, command
// substitutions and arithmetic; backslash quotes only \ $ ` and newline.
func (r *Runner) expandHeredoc(w *syntax.Word) (string, bool) {
	b := &fieldBuf{r: r, ifs: "", noSplit: true, heredoc: true}
	if !r.expandParts(b, w.Parts, true, false) {
		return "", false
	}
	fs := b.finish()
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.s
	}
	return strings.Join(parts, " "), true
}

// dqUnescape removes the backslashes that quote inside double quotes:
// before $ ` " \ and newline (not " in here-documents).
func dqUnescape(s string, heredoc bool) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch c := s[i+1]; {
			case c == '\n':
				i++
				continue
			case c == '$' || c == '`' || c == '\\' || c == '"' && !heredoc:
				i++
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
