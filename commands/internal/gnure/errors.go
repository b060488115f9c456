package gnure

import (
	"errors"
	"regexp/syntax"
	"strings"
)

// Message words an error of regexp.Compile (on a pattern this package
// translated) as glibc's regcomp does, which is what GNU grep, sed, awk,
// expr and find print: "Invalid range end" rather than Go's "error
// parsing regexp: invalid character class range: `z-a`". Errors that are
// not RE2 syntax errors (already worded by Translate) are returned as is.
func Message(err error) string {
	var se *syntax.Error
	if !errors.As(err, &se) {
		return err.Error()
	}
	switch se.Code {
	case syntax.ErrInvalidCharRange:
		if strings.HasPrefix(se.Expr, "[:") {
			// RE2 reports an unknown [:name:] as a bad range.
			return "Invalid character class name"
		}
		return "Invalid range end"
	case syntax.ErrMissingBracket:
		return "Unmatched [, [^, [:, [., or [="
	case syntax.ErrMissingParen:
		return `Unmatched ( or \(`
	case syntax.ErrUnexpectedParen:
		return `Unmatched ) or \)`
	case syntax.ErrInvalidRepeatSize:
		return `Invalid content of \{\}`
	case syntax.ErrMissingRepeatArgument, syntax.ErrInvalidRepeatOp:
		return "Invalid preceding regular expression"
	case syntax.ErrInvalidCharClass:
		return "Invalid character class name"
	case syntax.ErrTrailingBackslash:
		return "Trailing backslash"
	case syntax.ErrLarge, syntax.ErrNestingDepth:
		return "Regular expression too big"
	}
	return "Invalid regular expression"
}

// RegcompMessage is Message for a pattern as glibc's regcomp reports it
// (nl, tac, expr, and grep too): a bracket opened at the very end of the
// pattern ("[", "a[", "[^") is "Invalid regular expression", while one
// left open after some content is "Unmatched [ ...".
func RegcompMessage(pattern string, err error) string {
	p := strings.TrimSuffix(pattern, "^")
	if strings.HasSuffix(p, "[") {
		n := len(p) - 1 - len(strings.TrimRight(p[:len(p)-1], `\`))
		if n%2 == 0 { // the '[' is not escaped
			return "Invalid regular expression"
		}
	}
	return Message(err)
}
