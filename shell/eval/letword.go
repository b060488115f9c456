package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// quoteLetAt handles a parse error inside a let command. mvdan/sh reads
// let's arguments as arithmetic, but to bash let is an ordinary builtin
// whose arguments are words (a # starts a comment, a bare let is let's own
// error). Quoting the name (\let) makes the parser read a plain command,
// which runs the same builtin. It returns the offset of the let word on
// the error's line, or false.
func quoteLetAt(text string, err error) (int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return 0, false
	}
	off := min(int(pe.Pos.Offset()), len(text))
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	for at := min(off, len(text)-3); at >= lineStart; at-- {
		if text[at:at+3] != "let" {
			continue
		}
		if at+3 < len(text) && !strings.ContainsRune(" \t\n;&|)", rune(text[at+3])) {
			continue
		}
		if commandPosition(text[lineStart:at]) {
			return at, true
		}
	}
	return 0, false
}

// commandPosition reports whether a word after before would start a
// command: at the start of the line, or after an operator or a keyword
// that a command follows.
func commandPosition(before string) bool {
	b := strings.TrimRight(before, " \t")
	if b == "" || strings.ContainsRune(";&|({", rune(b[len(b)-1])) {
		return true
	}
	if len(b) == len(before) {
		return false // let is part of a longer word
	}
	for _, kw := range []string{"!", "then", "do", "else", "elif", "if", "while", "until", "time"} {
		if b == kw || strings.HasSuffix(b, kw) && strings.ContainsRune(" \t;&|(", rune(b[len(b)-len(kw)-1])) {
			return true
		}
	}
	return false
}
