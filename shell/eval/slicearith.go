package eval

import (
	"errors"
	"strings"

	"github.com/justbash/justbash/shell/arith"
	"mvdan.cc/sh/v3/syntax"
)

// The offset and length of ${name:offset:length} are arithmetic that
// bash reads only when it expands them (A[%] with an associative A, a
// subscript holding $k), while mvdan/sh parses them as it reads and
// refuses some. At such an error the reader turns the offset and length
// into same-length names; the evaluator takes arithmetic text from the
// original source by offset, so it sees what was written.

// sliceArithAt finds the ${name:...} around a parse error at err and
// returns text with its offset and length blanked, or false.
func sliceArithAt(text string, err error) (string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return "", false
	}
	off := int(pe.Pos.Offset())
	if off > len(text) {
		return "", false
	}
	for start := min(off, len(text)-2); start >= 0; start-- {
		if text[start:start+2] != "${" {
			continue
		}
		body := text[start+2:]
		n := paramNameEnd(body)
		if n == 0 || n >= len(body) || body[n] != ':' || strings.IndexByte("-=?+", body[n+1]) >= 0 {
			return "", false // the innermost ${ is not a slice
		}
		if c := body[0]; !isNameByte(c) && c != '@' && c != '*' && c != '#' {
			return "", false // ${#:...} and the like: bash refuses them too
		}
		from := start + 2 + n + 1
		end, ok := sliceEnd(text, from)
		if !ok || end < off || strings.Trim(text[from:end], " \t\n:_") == "" {
			return "", false
		}
		for i := from; i < end; i++ {
			if text[i] == ':' && sliceColon(text, from, i) &&
				(strings.TrimSpace(text[from:i]) == "" || strings.TrimSpace(text[i+1:end]) == "") {
				return "", false // a blank part: blankSliceParam's case
			}
		}
		b := []byte(text)
		for i := from; i < end; i++ {
			if b[i] != ':' || !sliceColon(text, from, i) {
				if b[i] != '\n' {
					b[i] = '_'
				}
			}
		}
		if string(b) == text {
			return "", false
		}
		return string(b), true
	}
	return "", false
}

// sliceEnd finds the '}' closing a slice whose offset starts at from:
// brackets and parentheses nest; quotes and nested ${ are not followed.
func sliceEnd(text string, from int) (int, bool) {
	depth := 0
	for i := from; i < len(text); i++ {
		switch text[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '}':
			if depth == 0 {
				return i, true
			}
		case '{', '\'', '"', '`', '\n':
			return 0, false
		}
	}
	return 0, false
}

// sliceColon reports whether the ':' at i separates the offset from the
// length: the first one outside brackets and parentheses.
func sliceColon(text string, from, i int) bool {
	depth := 0
	for j := from; j < i; j++ {
		switch text[j] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case ':':
			if depth == 0 {
				return false // an earlier one separates
			}
		}
	}
	return depth == 0
}

// nestedParamAt answers mvdan/sh's refusal of ${$(...)} (a zsh nested
// expansion): bash reads it and reports a bad substitution when it
// expands it, so the expansion is blanked to a same-length ${___} and
// its text kept for that message, as blankParam does.
func nestedParamAt(text string, err error) (string, int, string, bool) {
	var le syntax.LangError
	if !errors.As(err, &le) || le.Feature != "nested parameter expansions" {
		return "", 0, "", false
	}
	off := int(le.Pos.Offset())
	if off < 2 || off > len(text) || text[off-2:off] != "${" {
		return "", 0, "", false
	}
	start, depth := off-2, 0
	for i := off; i < len(text); i++ {
		switch text[i] {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				blank := "${" + strings.Repeat("_", i-start-2) + "}"
				return text[:start] + blank + text[i+1:], start, text[start : i+1], true
			}
			depth--
		case '\n', '\'', '"', '`', '\\':
			return "", 0, "", false
		}
	}
	return "", 0, "", false
}

// sliceArith evaluates a slice's offset or length; bash names the
// parameter (with its subscript) before an arithmetic error there:
// "x: %: syntax error: operand expected".
func (r *Runner) sliceArith(p *syntax.ParamExp, n syntax.ArithmExpr) (int64, bool) {
	if n == nil {
		return 0, true
	}
	s, ok := r.expandArith(r.nodeText(n))
	if !ok {
		return 0, false
	}
	v, err := arith.Eval(s, arithEnv{r})
	if err == nil {
		return v, true
	}
	switch err.(type) {
	case abortedError, unboundError:
		r.arithError(err)
		return 0, false
	}
	name := p.Param.Value
	if p.Index != nil {
		name += "[" + r.nodeText(p.Index) + "]"
	}
	r.errorf("%s: %s", name, err.Error())
	r.status = 1
	r.abortCommand()
	return 0, false
}
