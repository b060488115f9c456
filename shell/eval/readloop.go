package eval

// The reading loop: a source's text is parsed one line of complete
// commands at a time, with the re-reads that let bash's grammar through
// mvdan/sh's parser (arithmetic and parameters checked only when run,
// ! repeated, time !, subscripts the parser refuses), and each line's
// statements run before the next is read.

import (
	"errors"
	"io"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// runSource parses and runs src one line of complete commands at a time.
// Where mvdan/sh's parser rejects arithmetic that bash accepts while
// reading (bash checks $(( )) and (( )) only when it evaluates them), the
// text is re-read with that arithmetic blanked out; the evaluator takes
// arithmetic from the original text by offset, so bash's own error (or
// result) comes at run time.
func (r *Runner) runSource(src *source) {
	if !strings.HasSuffix(src.text, "\n") {
		if oddBackslashes(src.text) {
			src.text += "\\" // a backslash ending the text is literal
		}
		src.text += "\n"
	}
	saved := r.src
	r.src = src
	defer func() { r.src = saved }()
	if nestingDepth(src.text) > maxParseNesting {
		r.stop(r.g.trip("max nesting depth", maxParseNesting))
		return
	}
	src.prepHeredocs()
	if t := src.text; strings.HasSuffix(t, "\\\n") && oddBackslashes(t[:len(t)-1]) {
		// A line continuation at the end of input joins nothing: bash
		// runs the line (the parser would wait for more).
		src.text = t[:len(t)-2] + "\n"
	}
	parseText := src.text
	done := -1
	var aliased map[string]bool
	var split map[int]bool
	var docFixed map[int]bool // here-documents ended by heredoceof.go
	for attempt := 0; attempt < 64; attempt++ {
		retry := false
		p := parserPool.Get().(*syntax.Parser)
		defer parserPool.Put(p)
		var in io.Reader
		var feed *lineFeed
		if src.top {
			src.feed = lineFeed{r: r, src: src, text: parseText, p: p}
			feed = &src.feed
			in = feed
			r.bindScriptInput(feed)
		} else {
			in = strings.NewReader(parseText)
		}
		errLen := len(parseText)
		for stmts, err := range drainOnError(p.InteractiveSeq(in)) {
			if feed != nil {
				parseText = feed.text // as history expansion left it
			}
			if err != nil {
				errLen = len(parseText)
				if patched, ok := blankArith(parseText, err); ok {
					parseText, retry = patched, true
					break
				}
				if at, end, val, ok := r.aliasAtError(parseText, err, aliased); ok {
					// bash expands aliases while it reads, so an alias can
					// make a line parse ({, do, then...): substitute it in
					// the text and read again.
					putMap(&aliased, aliasKey(parseText[at:end], at), true)
					parseText = parseText[:at] + val + parseText[end:]
					src.text = src.text[:at] + val + src.text[end:]
					retry = true
					break
				}
				if at, end, val, ok := r.aliasAfterDone(parseText, done, err, aliased); ok {
					putMap(&aliased, aliasKey(parseText[at:end], at), true)
					parseText = parseText[:at] + val + parseText[end:]
					src.text = src.text[:at] + val + src.text[end:]
					retry = true
					break
				}
				if at, ok := invalidDeclNameAt(parseText, err); ok {
					parseText = parseText[:at] + `""` + parseText[at:]
					src.text = src.text[:at] + `""` + src.text[at:]
					retry = true
					break
				}
				if at, ok := quoteLetAt(parseText, err); ok {
					parseText = parseText[:at] + "\\" + parseText[at:]
					src.text = src.text[:at] + "\\" + src.text[at:]
					retry = true
					break
				}
				if open, close, ok := quoteSubscriptAt(parseText, done, err); ok {
					parseText = parseText[:open+1] + `"` + parseText[open+1:close] + `"` + parseText[close:]
					src.text = src.text[:open+1] + `"` + src.text[open+1:close] + `"` + src.text[close:]
					retry = true
					break
				}
				if patched, ok := timeBangAt(parseText, err); ok {
					parseText, retry = patched, true
					break
				}
				if ed, ok := evalArrayAt(parseText, done, err); ok {
					parseText, src.text = ed.apply(parseText), ed.apply(src.text)
					retry = true
					break
				}
				if ed, open, kind, ok := elemFixAt(parseText, done, err); ok {
					parseText = ed.apply(parseText)
					if kind != fixAppend && kind != fixBlank {
						src.text = ed.apply(src.text)
					}
					if kind != 0 {
						putMap(&src.elemFix, open, src.elemFix[open]|kind)
					}
					retry = true
					break
				}
				if h, ok := heredocEOFAt(parseText, done, src.pads, err); ok && !docFixed[h.op] {
					putMap(&docFixed, h.op, true)
					if h.warn {
						r.warnHeredocEOF(src, h)
					}
					src.notePad(h, len(parseText))
					parseText, src.text = h.apply(parseText), h.apply(src.text)
					retry = true
					break
				}
				if at, ok := loneBangAt(parseText, err); ok {
					parseText = parseText[:at] + " :" + parseText[at:]
					src.text = src.text[:at] + " :" + src.text[at:]
					retry = true
					break
				}
				if at, ok := emptyGroupAt(parseText, err); ok {
					putMap(&src.emptyGroups, at, true)
					parseText = parseText[:at] + "|" + parseText[at:]
					src.text = src.text[:at] + "|" + src.text[at:]
					retry = true
					break
				}
				if patched, first, ok := blankBang(parseText, err); ok {
					if src.extraBang == nil {
						src.extraBang = map[int]int{}
					}
					src.extraBang[first]++
					parseText, retry = patched, true
					break
				}
				if patched, ok := sliceArithAt(parseText, err); ok {
					parseText, retry = patched, true
					break
				}
				if patched, at, orig, ok := nestedParamAt(parseText, err); ok {
					putMap(&src.badSubst, at, src.text[at:at+len(orig)])
					parseText, retry = patched, true
					break
				}
				if patched, at, orig, ok := funsubAt(parseText, err); ok {
					putMap(&src.badSubst, at, orig)
					parseText, retry = patched, true
					break
				}
				if patched, at, orig, ok := blankParam(parseText, err); ok {
					if src.badSubst == nil {
						src.badSubst = map[int]string{}
					}
					src.badSubst[at] = orig
					parseText, retry = patched, true
					break
				}
				if at, ok := splitParenAt(parseText, done, err); ok && !split[at] {
					putMap(&split, at, true)
					parseText = parseText[:at] + " " + parseText[at:]
					src.text = src.text[:at] + " " + src.text[at:]
					retry = true
					break
				}
				if !r.opts[optPosix] {
					if patched, ok := discardAssignError(parseText, done, err); ok {
						r.reportSyntax(src, err)
						r.status = 1
						parseText, retry = patched, true
						break
					}
				}
				if r.condSyntax(src, parseText, err) {
					return
				}
				r.reportSyntax(src, err)
				st := 2
				if !r.opts[optPosix] && eofInCompoundAssign(parseText, done, err) {
					// bash's parse_compound_assignment fails with
					// status 1, not the parser's 2.
					st = 1
				}
				r.status = st
				if r.evalLevel() == 0 {
					r.exit(st)
				}
				return
			}
			if p.Incomplete() || len(stmts) == 0 {
				continue
			}
			if int(stmts[0].Pos().Offset()) <= done {
				continue
			}
			if berr := r.lineSyntaxError(stmts); berr != nil {
				r.reportSyntax(src, berr)
				r.status = 2
				if r.evalLevel() == 0 {
					r.exit(2)
				}
				return
			}
			prevDone := done
			done = int(stmts[len(stmts)-1].End().Offset())
			r.warnDocs(src, done)
			if !r.runLine(src, stmts) {
				if eds := r.aliasReread; eds != nil {
					r.aliasReread = nil
					parseText, src.text = applyReread(parseText, eds), applyReread(src.text, eds)
					done, retry = prevDone, true
					break
				}
				return
			}
		}
		if !retry {
			return
		}
		// The patch was made in text already read: what was read shifts.
		src.histDone += len(parseText) - errLen
	}
}

// parserPool keeps parsers (each holds read buffers) across runs.
var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
}}

// runLine runs one line's statements; false when the flow leaves the source.
func (r *Runner) runLine(src *source, stmts []*syntax.Stmt) bool {
	r.aliasSrc = nil
	if r.tooManyHeredocs(src, stmts) {
		return false
	}
	stmts = r.expandAliases(src, stmts)
	if r.aliasReread != nil {
		return false // the reading loop reads again with them (aliasread.go)
	}
	if r.flow != flowNone {
		return false // a syntax error in the expanded line ended the shell
	}
	if r.aliasSrc != nil {
		r.src = r.aliasSrc
		defer func() { r.src = src }()
	}
	prepareStmts(stmts)
	for _, st := range stmts {
		src.ran = true
		r.stmt(st)
		if r.flow == flowAbort && (r.depth == r.runDepth || !src.top && r.subLevel == 0) {
			// The discarded line is the innermost text being read: the
			// script's, or eval's, a sourced file's, a trap's (bash's
			// parse_and_execute catches the jump); its next line runs.
			// A subshell has no line to go back to: it ends.
			r.flow = flowNone
			if src.top {
				r.aborted = true
			}
			return true
		}
		if r.flow != flowNone {
			return false
		}
	}
	return true
}

// blankParam finds the ${...} around a parse error and replaces it with
// a same-length expansion that parses; the evaluator reports the original
// as a bad substitution when it reaches it.
func blankParam(text string, err error) (string, int, string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return "", 0, "", false
	}
	off := int(pe.Pos.Offset())
	if off > len(text) {
		return "", 0, "", false
	}
	for start := min(off, len(text)-2); start >= 0; start-- {
		if text[start:start+2] != "${" {
			continue
		}
		end := strings.IndexByte(text[start:], '}')
		if end < 0 || start+end < off-1 {
			continue
		}
		end += start
		if end-start < 3 || strings.ContainsAny(text[start:end], "\n\"'`$(") && strings.ContainsAny(text[start+2:end], "\n\"'`$(") {
			return "", 0, "", false
		}
		blank := "${" + strings.Repeat("_", end-start-2) + "}"
		return text[:start] + blank + text[end+1:], start, text[start : end+1], true
	}
	return "", 0, "", false
}

// blankArith finds the $(( )) or (( )) around a parse error and replaces
// its content with a same-length valid expression.
func blankArith(text string, err error) (string, bool) {
	var pe syntax.ParseError
	var le syntax.LangError
	var off int
	switch {
	case errors.As(err, &pe) && !pe.Incomplete:
		off = int(pe.Pos.Offset())
	case errors.As(err, &le):
		// Another shell's arithmetic (2.3 floats): bash's own error
		// comes when the expression is evaluated.
		off = int(le.Pos.Offset())
	default:
		return "", false
	}
	if off > len(text) {
		return "", false
	}
	// The error may point at the (( or $(( itself (an empty expression).
	for start := min(off+2, len(text)-1); start >= 1; start-- {
		if text[start-1:start+1] != "((" {
			continue
		}
		// Find the matching )) from start+1.
		depth := 0
		end := -1
		for i := start + 1; i < len(text); i++ {
			if text[i] == '(' {
				depth++
			} else if text[i] == ')' {
				if depth == 0 {
					if i+1 < len(text) && text[i+1] == ')' {
						end = i
					}
					break
				}
				depth--
			}
		}
		if end < off-1 || end < 0 {
			continue
		}
		content := text[start+1 : end]
		if strings.TrimSpace(content) == "0" {
			return "", false
		}
		blank := []byte(strings.Map(func(c rune) rune {
			if c == '\n' {
				return c
			}
			return ' '
		}, content))
		if len(blank) == 0 {
			return "", false
		}
		blank[0] = '0'
		return text[:start+1] + string(blank) + text[end:], true
	}
	return "", false
}
