package search

import (
	"context"

	"github.com/justbash/justbash/commands"

	"fmt"
	"io"
	"strconv"
)

// grepLine is a remembered line for -B context.
type grepLine struct {
	no   int
	off  int64
	text []byte
}

// fileScan is the per-input state of a search.
type fileScan struct {
	name        string
	lineNo      int
	off, next   int64 // byte offsets of the current line and the next
	count       int64
	lastPrinted int
	afterLeft   int
	before      []grepLine
	binary      bool
}

// search scans one input and prints what the options ask for.
func (g *grepRun) search(ctx context.Context, name string, r io.Reader) {
	s := &fileScan{name: name}
	var err error
	if g.m.lit != nil && !g.invert && g.before == 0 && g.after == 0 && !g.byteOff {
		err = g.scanBlocks(s, commands.NewCtxReader(ctx, r))
	} else {
		err = commands.EachLineMax(commands.LineReader(commands.NewCtxReader(ctx, r)), g.sep, g.c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			s.lineNo++
			s.off = s.next
			s.next += int64(len(line)) + 1
			hit := g.m.matches(line)
			if g.m.err != nil {
				return false
			}
			if hit == g.invert {
				g.context(s, line)
				return true
			}
			return g.selected(s, line)
		})
	}
	if err != nil && ctx.Err() == nil {
		g.errorf("%s: %s", name, commands.ErrText(err))
	}
	if g.m.err != nil {
		// A back-reference search ran out of budget: what it would have
		// found is unknown, so grep stops as on a read error.
		g.failed = true
		g.out.Flush()
		g.c.Errorf("%s", g.m.err)
		return
	}
	g.summary(s)
}

// selected handles a selected line; false stops reading the input.
func (g *grepRun) selected(s *fileScan, line []byte) bool {
	if g.maxCount >= 0 && s.count >= g.maxCount {
		return false
	}
	s.count++
	g.matched = true
	switch {
	case g.quiet || g.listMatch || g.listNoMatch:
		return false
	case g.count:
		return true
	case !g.binary && hasNUL(line):
		s.binary = true
		return false
	}
	g.emitMatch(s, line)
	return !g.werr && (g.maxCount < 0 || s.count < g.maxCount)
}

// summary prints -c, -l, -L and binary-match lines after a file.
func (g *grepRun) summary(s *fileScan) {
	nameEnd := "\n"
	if g.nullName {
		nameEnd = "\x00"
	}
	switch {
	case g.quiet:
	case g.listMatch:
		if s.count > 0 {
			g.out.WriteString(s.name + nameEnd)
		}
	case g.listNoMatch:
		if s.count == 0 {
			g.out.WriteString(s.name + nameEnd)
		}
	case g.count:
		if g.names {
			g.out.WriteString(s.name + g.nameSep(':'))
		}
		g.out.WriteString(strconv.FormatInt(s.count, 10) + "\n")
	case s.binary:
		// GNU grep 3.5+ reports this on stderr, and it is not an error.
		g.out.Flush()
		fmt.Fprintf(g.c.Stderr, "%s: %s: binary file matches\n", g.c.Name(), s.name)
	}
}

func (g *grepRun) nameSep(sep byte) string {
	if g.nullName {
		return "\x00"
	}
	return string(sep)
}

// context handles a non-selected line: trailing or leading context.
func (g *grepRun) context(s *fileScan, line []byte) {
	if g.quiet || g.count || g.listMatch || g.listNoMatch {
		return
	}
	if s.afterLeft > 0 {
		s.afterLeft--
		g.printLine(s, s.lineNo, s.off, line, '-')
		return
	}
	if g.before == 0 {
		return
	}
	if g.before > 0 {
		if len(s.before) == g.before {
			s.before = s.before[1:]
		}
		s.before = append(s.before, grepLine{s.lineNo, s.off, append([]byte(nil), line...)})
	}
}

func (g *grepRun) emitMatch(s *fileScan, line []byte) {
	first := s.lineNo
	if len(s.before) > 0 {
		first = s.before[0].no
	}
	if (g.before > 0 || g.after > 0) && g.printedBefore(s, first) {
		g.out.WriteString("--\n")
	}
	for _, b := range s.before {
		g.printLine(s, b.no, b.off, b.text, '-')
	}
	s.before = s.before[:0]
	s.afterLeft = g.after
	if !g.only {
		g.printLine(s, s.lineNo, s.off, line, ':')
		return
	}
	if g.invert {
		s.lastPrinted = s.lineNo
		return
	}
	for pos := 0; pos <= len(line); {
		loc := g.m.find(line, pos)
		if loc == nil {
			break
		}
		if loc[1] > loc[0] {
			g.prefix(s, s.lineNo, s.off+int64(loc[0]), ':')
			g.out.Write(line[loc[0]:loc[1]])
			g.out.WriteByte(g.sep)
			pos = loc[1]
		} else {
			pos = loc[0] + 1
		}
	}
	s.lastPrinted = s.lineNo
}

// printedBefore reports whether a "--" group separator is due.
func (g *grepRun) printedBefore(s *fileScan, first int) bool {
	switch {
	case s.lastPrinted == 0:
		return g.anyOutput()
	default:
		return first > s.lastPrinted+1
	}
}

func (g *grepRun) anyOutput() bool { return g.out.Buffered() > 0 || g.wrote }

// prefix writes what precedes an output line: file name, line number
// and (-b) byte offset, each followed by sep.
func (g *grepRun) prefix(s *fileScan, no int, off int64, sep byte) {
	if g.names {
		g.out.WriteString(s.name + g.nameSep(sep))
	}
	if g.lineNum {
		g.out.WriteString(strconv.Itoa(no))
		g.out.WriteByte(sep)
	}
	if g.byteOff {
		g.out.WriteString(strconv.FormatInt(off, 10))
		g.out.WriteByte(sep)
	}
}

func (g *grepRun) printLine(s *fileScan, no int, off int64, line []byte, sep byte) {
	g.prefix(s, no, off, sep)
	g.out.Write(line)
	g.out.WriteByte(g.sep)
	s.lastPrinted = no
	if g.out.Buffered() > 16*1024 {
		if g.out.Flush() == nil {
			g.wrote = true
		} else {
			g.werr = true
		}
	}
}
