package eval

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// condSyntax reports a malformed [[ ]] expression as bash does: its
// conditional-expression parser has messages of its own ("conditional
// binary operator expected", "unexpected argument `]]' to conditional
// unary operator", ...) without the echoed line, and a script that meets
// one stops there with the status it had; in eval the status is 2.
func (r *Runner) condSyntax(src *source, text string, err error) bool {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return false
	}
	off := min(int(pe.Pos.Offset()), len(text))
	msg, ok := condMessage(text, off, pe)
	if !ok {
		return false
	}
	// bash names the line of the [[.
	line := strings.Count(text[:max(condStart(text, off), 0)], "\n") + 1 + src.lineBase
	prefix := r.msgPrefixAt(src, line)
	if src.file == "" && r.mode == 'c' && r.evalLevel() == 0 {
		prefix = fmt.Sprintf("%s: -c: line %d: ", r.arg0, line)
	}
	if r.inEval() && !r.interactive {
		prefix = strings.Replace(r.msgPrefixAt(src, line), ": line ", ": eval: line ", 1)
	}
	if msg != "" {
		fmt.Fprintf(r.stderr(), "%s%s\n", prefix, msg)
	}
	if r.evalLevel() == 0 {
		r.exit(r.status)
		return true
	}
	r.status = 2
	src.ran = true
	return true
}

// condMessage maps the parser's complaint about a [[ ]] to bash's.
func condMessage(text string, off int, pe syntax.ParseError) (string, bool) {
	start := condStart(text, off)
	if start < 0 {
		return "", false
	}
	body := text[start:]
	if nl := strings.IndexByte(body, '\n'); nl >= 0 {
		body = body[:nl]
	}
	m := pe.Text
	if msg, ok := condMissingArg(body); ok && (m == "reached EOF without matching `[[` with `]]`" || strings.HasPrefix(m, "not a valid test operator: ")) {
		return msg, true
	}
	switch {
	case strings.HasPrefix(m, "not a valid test operator: ") && strings.Contains(body, "]]"):
		tok := tokenAt(text, off)
		if tok == "(" || tok == ")" {
			return "syntax error in conditional expression: unexpected token `" + tok + "'", true
		}
		if strings.Contains(text[start:off], "=~") {
			return "syntax error in conditional expression", true
		}
		return "conditional binary operator expected", true
	case strings.HasPrefix(m, "reached LitWord without matching `(` with `)`"):
		return "unexpected token `]]', expected `)'", true
	case m == "reached `)` without matching `[[` with `]]`":
		return "syntax error in conditional expression: unexpected token `)'", true
	case strings.HasSuffix(m, "must be followed by an expression") && strings.Contains(body, "]]"):
		return "", true
	}
	return "", false
}

var condBinaryOps = map[string]bool{"==": true, "=": true, "!=": true, "=~": true, "<": true, ">": true,
	"-eq": true, "-ne": true, "-lt": true, "-le": true, "-gt": true, "-ge": true, "-nt": true, "-ot": true, "-ef": true}

// condMissingArg finds an operator right before the closing ]] of a [[
// line (the parser took ]] as its operand): bash names what is missing.
func condMissingArg(body string) (string, bool) {
	f := strings.Fields(body)
	end := -1
	for i := 1; i < len(f); i++ {
		if f[i] == "]]" {
			end = i
			break
		}
	}
	if end < 2 {
		return "", false
	}
	op := f[end-1]
	prev := f[end-2]
	if len(op) == 2 && op[0] == '-' && !condBinaryOps[op] && (prev == "[[" || prev == "&&" || prev == "||" || prev == "!" || prev == "(") {
		return "unexpected argument `]]' to conditional unary operator", true
	}
	if condBinaryOps[op] && prev != "[[" && prev != "&&" && prev != "||" && prev != "!" && prev != "(" {
		return "unexpected argument `]]' to conditional binary operator", true
	}
	return "", false
}

// condStart is the offset of the [[ an error at off belongs to, or -1.
func condStart(text string, off int) int {
	if strings.HasPrefix(text[off:], "[[") {
		return off
	}
	return strings.LastIndex(text[:off], "[[")
}
