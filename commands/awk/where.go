package awk

import (
	"fmt"
	"strconv"
	"strings"
)

// srcSpan is one piece of the program text (the program operand, an -e
// text or an -f file), joined to the others with a newline: its first
// line in the joined text and the name gawk gives it in messages.
type srcSpan struct {
	first int
	name  string
}

// cmdLine is gawk's name for program text given on the command line.
const cmdLine = "cmd. line"

// spansOf maps the pieces of a program, in order, to their lines in the
// joined text; name "" stands for command-line text.
func spansOf(names, texts []string) []srcSpan {
	out := make([]srcSpan, 0, len(texts))
	line := 1
	for i, t := range texts {
		name := names[i]
		if name == "" {
			name = cmdLine
		}
		out = append(out, srcSpan{first: line, name: name})
		line += strings.Count(t, "\n") + 1
	}
	return out
}

// at records the source line of what runs now (0 keeps the last one), as
// gawk updates sourceline instruction by instruction.
func (in *interp) at(line int) {
	if line > 0 {
		in.line = line
	}
}

// where is the prefix of gawk's run-time messages: the piece and line of
// the program that ran last ("cmd. line:1: "), and, while a record is
// read, "(FILENAME=f FNR=n) ".
func (in *interp) where() string {
	var b strings.Builder
	if in.line > 0 {
		name, line := cmdLine, in.line
		for _, s := range in.srcs {
			if s.first <= in.line {
				name, line = s.name, in.line-s.first+1
			}
		}
		b.WriteString(name + ":" + strconv.Itoa(line) + ": ")
	}
	if in.globals != nil {
		if fnr := in.globals[vFNR].toNum(); fnr > 0 {
			fmt.Fprintf(&b, "(FILENAME=%s FNR=%s) ", in.toStr(in.globals[vFILENAME]), strconv.FormatFloat(fnr, 'f', 0, 64))
		}
	}
	return b.String()
}

// place names the piece of the program that holds line (of the joined
// text) and the line's number within it.
func place(srcs []srcSpan, line int) string {
	name, n := cmdLine, line
	for _, s := range srcs {
		if s.first <= line {
			name, n = s.name, line-s.first+1
		}
	}
	return name + ":" + strconv.Itoa(n) + ": "
}

// syntaxMessage words a parse error as gawk does:
//
//	awk: cmd. line:1: BEGIN{x=}
//	awk: cmd. line:1:         ^ syntax error
//
// the source line that holds the token, then a caret under it (tabs kept
// so it lines up); an error without a token is "awk: cmd. line:1: error: msg".
func syntaxMessage(src string, srcs []srcSpan, e *syntaxError) string {
	where := "awk: " + place(srcs, max(e.line, 1))
	if !e.caret {
		return where + e.msg + "\n"
	}
	// The line shown is the one that holds the token or, at a newline or
	// the end, the one that ends there.
	pos := min(max(e.pos, 0), len(src))
	start := strings.LastIndexByte(src[:pos], '\n') + 1
	end := len(src)
	if k := strings.IndexByte(src[pos:], '\n'); k >= 0 {
		end = pos + k
	}
	caretAt := min(max(e.pos, start), end)
	var pad strings.Builder
	for _, c := range []byte(src[start:caretAt]) {
		if c == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	return where + src[start:end] + "\n" + where + pad.String() + "^ " + e.msg + "\n"
}
