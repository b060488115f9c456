package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// timeBangAt finds `time ! cmd` (or `time -p ! cmd`) where the parser
// refused the !: bash times the negated pipeline, which is what
// `! time cmd` does. The reader swaps the two in the text it parses only
// (same length, so offsets hold; messages keep the original text).
func timeBangAt(text string, err error) (string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || !strings.Contains(pe.Text, "`!` can only be used in full statements") {
		return "", false
	}
	at := int(pe.Pos.Offset())
	if at >= len(text) || text[at] != '!' {
		return "", false
	}
	head := strings.TrimRight(text[:at], " \t")
	for _, kw := range []string{"time -p", "time"} {
		if !strings.HasSuffix(head, kw) {
			continue
		}
		start := len(head) - len(kw)
		if start > 0 && strings.IndexByte(" \t\n;&|(){", text[start-1]) < 0 {
			return "", false
		}
		// "time -p !" becomes "! time -p" over the same bytes.
		seg := text[start : at+1]
		swapped := "!" + strings.Repeat(" ", len(seg)-len(kw)-1) + kw
		return text[:start] + swapped + text[at+1:], true
	}
	return "", false
}

// flattenTime reads `time time cmd` as one timing (bash times once; -p
// on either applies) and `time -p -- cmd` as `time -p cmd`.
func flattenTime(c *syntax.TimeClause) *syntax.TimeClause {
	posix := c.PosixFormat
	st := c.Stmt
	for st != nil && !st.Negated && !st.Background && len(st.Redirs) == 0 {
		inner, ok := st.Cmd.(*syntax.TimeClause)
		if !ok {
			break
		}
		posix = posix || inner.PosixFormat
		st = inner.Stmt
	}
	if st != nil && posix {
		if call, ok := st.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 1 && len(call.Assigns) == 0 && call.Args[0].Lit() == "--" {
			cp := *call
			cp.Args = cp.Args[1:]
			s2 := *st
			s2.Cmd = &cp
			st = &s2
		}
	}
	if st == c.Stmt && posix == c.PosixFormat {
		return c
	}
	return &syntax.TimeClause{Time: c.Time, PosixFormat: posix, Stmt: st}
}
