package repl

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/shell/eval"
)

// lineComplete reports whether buf is a finished piece of input that can be
// run, or whether the user is still typing it (an open quote, an if
// without fi, a trailing backslash or pipe): then the editor starts a new
// line with the secondary prompt. A plain syntax error counts as finished,
// so that the shell reports it instead of waiting forever.
func lineComplete(buf string) bool {
	if strings.TrimSpace(buf) == "" {
		return true
	}
	// A backslash at the very end continues the line in bash; the parser
	// takes it as complete input, so count it here (an odd run of
	// backslashes ends in an unescaped one).
	if n := len(buf) - len(strings.TrimRight(buf, `\`)); n%2 == 1 {
		return false
	}
	_, err := eval.Parse(buf)
	return !syntax.IsIncomplete(err)
}

// parseError reports whether buf does not parse at all.
func parseError(buf string) bool {
	_, err := eval.Parse(buf)
	return err != nil
}
