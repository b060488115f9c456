package search

import (
	"context"

	"github.com/justbash/justbash/commands"

	"bytes"
	"io"
	"sort"
	"strconv"
)

// rgFile is the per-file state of a search.
type rgFile struct {
	shown       string
	lines       int64 // selected lines
	matches     int64 // individual matches (--count-matches, JSON)
	lastPrinted int   // line number of the last printed line
	afterLeft   int
	before      []grepLine
	began       bool // heading or JSON begin printed
	offset      int  // byte offset of the current line
	bytesRead   int
}

// searchPath opens and searches one file. explicit files are searched
// even when binary (reporting it); files found by walking are skipped.
func (g *rgRun) searchPath(ctx context.Context, shown, name string, explicit bool) {
	r, err := g.c.OpenRead(name)
	if err != nil {
		g.warn("%s: %s", shown, commands.ErrText(err))
		return
	}
	defer r.Close()
	data, err := g.c.ReadAll(ctx, r)
	if err != nil {
		if ctx.Err() == nil && commands.IsLimit(err) {
			g.warn("%s: %s", shown, err)
		} else if ctx.Err() == nil {
			g.warn("%s: %s", shown, commands.ErrText(err))
		}
		return
	}
	g.searchData(shown, data, explicit)
}

// searchReader streams standard input line by line, so endless pipes
// work with -m, -q and a closing reader downstream.
func (g *rgRun) searchReader(ctx context.Context, shown string, r io.Reader) {
	f := &rgFile{shown: shown}
	g.stats.searches++
	no := 0
	err := commands.EachLineMax(commands.LineReader(commands.NewCtxReader(ctx, r)), '\n', g.c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
		no++
		raw := line
		if !noEOL {
			raw = line[:len(line)+1] // the terminator follows in the buffer
		}
		if !g.text {
			if i := bytes.IndexByte(line, 0); i >= 0 {
				if g.m.matches(line) != g.invert && !g.quiet {
					g.matched = true
					g.out.WriteString(shown + ": binary file matches (found \"\\0\" byte around offset " + strconv.Itoa(f.offset+i) + ")\n")
				}
				return false
			}
		}
		cont := g.line(f, no, raw)
		f.offset += len(raw)
		f.bytesRead = f.offset
		return cont && !g.werr()
	})
	if err != nil && ctx.Err() == nil {
		g.warn("%s: %s", shown, commands.ErrText(err))
	}
	g.fileSummary(f)
}

// werr reports a failed flush of buffered output (a closed pipe).
func (g *rgRun) werr() bool {
	if g.out.Buffered() < 16*1024 {
		return false
	}
	return g.out.Flush() != nil
}

// searchData runs the line loop over a whole input.
func (g *rgRun) searchData(shown string, data []byte, explicit bool) {
	nul := -1
	if !g.text {
		nul = bytes.IndexByte(data, 0)
	}
	if nul >= 0 && !explicit {
		return // ripgrep skips binary files it finds while walking
	}
	f := &rgFile{shown: shown, bytesRead: len(data)}
	g.stats.searches++
	if nul >= 0 {
		g.binaryFile(f, data, nul)
		return
	}
	if g.multiline && !g.invert {
		g.searchMultiline(f, data)
		g.fileSummary(f)
		return
	}
	no := 0
	for body := data; len(body) > 0; {
		no++
		i := bytes.IndexByte(body, '\n')
		line := body
		if i >= 0 {
			line, body = body[:i+1], body[i+1:]
		} else {
			body = nil
		}
		if !g.line(f, no, line) {
			break
		}
		f.offset += len(line)
	}
	g.fileSummary(f)
}

// binaryFile handles an explicitly named file holding a NUL byte: lines
// are not printed, only the fact that it matches (or -c/-l results).
func (g *rgRun) binaryFile(f *rgFile, data []byte, nul int) {
	for _, line := range bytes.Split(data, []byte{'\n'}) {
		if g.m.matches(line) != g.invert {
			f.lines++
		}
	}
	if f.lines > 0 && !g.listNoMatch {
		g.matched = true
	}
	f.matches = f.lines
	if f.lines > 0 && !g.quiet && !g.json && !g.count && !g.countM && !g.listMatch && !g.listNoMatch {
		g.out.WriteString(f.shown + ": binary file matches (found \"\\0\" byte around offset " + strconv.Itoa(nul) + ")\n")
		return
	}
	g.fileSummary(f)
}

// searchMultiline is -U: the pattern runs over the whole file, so a match
// may span lines; every line a match touches is printed, with the parts
// of the match on it.
func (g *rgRun) searchMultiline(f *rgFile, data []byte) {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' && i+1 < len(data) {
			starts = append(starts, i+1)
		}
	}
	lineEnd := func(l int) int {
		if l+1 < len(starts) {
			return starts[l+1] - 1
		}
		return len(bytes.TrimSuffix(data, []byte{'\n'}))
	}
	lineOf := func(off int) int {
		return sort.Search(len(starts), func(k int) bool { return starts[k] > off }) - 1
	}
	sel := map[int][][]int{}
	for pos := 0; pos <= len(data); {
		loc := g.m.find(data, pos)
		if loc == nil {
			break
		}
		if loc[1] == loc[0] {
			pos = loc[0] + 1
			continue
		}
		for l := lineOf(loc[0]); l <= lineOf(loc[1]-1); l++ {
			ls := starts[l]
			s, e := max(loc[0], ls)-ls, min(loc[1], lineEnd(l))-ls
			sel[l] = append(sel[l], []int{s, max(s, e)})
		}
		pos = loc[1]
	}
	for l, ls := range starts {
		end := len(data)
		if l+1 < len(starts) {
			end = starts[l+1]
		}
		raw := data[ls:end]
		locs, ok := sel[l]
		if !g.lineWith(f, l+1, raw, ok, locs) {
			break
		}
		f.offset += len(raw)
	}
}

// line handles one line (with its terminator); false stops the file.
func (g *rgRun) line(f *rgFile, no int, raw []byte) bool {
	text := bytes.TrimSuffix(raw, []byte{'\n'})
	sel := g.m.matches(text) != g.invert
	var locs [][]int
	if sel && !g.invert {
		locs = g.allMatches(text)
	}
	return g.lineWith(f, no, raw, sel, locs)
}

// lineWith handles a line once it is known whether it is selected and
// where its matches are.
func (g *rgRun) lineWith(f *rgFile, no int, raw []byte, sel bool, locs [][]int) bool {
	if !sel {
		if g.passthru {
			g.emit(f, no, raw, '-', nil)
			return true
		}
		g.context(f, no, raw)
		return true
	}
	if g.maxCount >= 0 && f.lines >= g.maxCount {
		return false
	}
	f.lines++
	if !g.listNoMatch {
		g.matched = true
	}
	f.matches += int64(max(len(locs), 1))
	g.stats.matchedLines++
	g.stats.matches += int64(len(locs))
	switch {
	case g.quiet:
		return false
	case g.listMatch || g.listNoMatch:
		return false
	case g.count || g.countM:
		return true
	}
	g.flushBefore(f, no)
	g.emit(f, no, raw, ':', locs)
	f.afterLeft = g.after
	return g.maxCount < 0 || f.lines < g.maxCount || g.after > 0
}

// allMatches lists every non-empty match in text.
func (g *rgRun) allMatches(text []byte) [][]int {
	var locs [][]int
	for pos := 0; pos <= len(text); {
		loc := g.m.find(text, pos)
		if loc == nil {
			break
		}
		if loc[1] > loc[0] {
			locs = append(locs, loc)
			pos = loc[1]
		} else {
			if len(locs) == 0 && len(text) == 0 {
				locs = append(locs, loc)
			}
			pos = loc[0] + 1
		}
	}
	return locs
}

func (g *rgRun) context(f *rgFile, no int, raw []byte) {
	if g.quiet || g.count || g.countM || g.listMatch || g.listNoMatch {
		return
	}
	if f.afterLeft > 0 {
		f.afterLeft--
		g.emit(f, no, raw, '-', nil)
		return
	}
	if g.before > 0 {
		if len(f.before) == g.before {
			f.before = f.before[1:]
		}
		f.before = append(f.before, grepLine{no: no, text: append([]byte(nil), raw...)})
	}
}

// flushBefore prints the group separator and the leading context.
func (g *rgRun) flushBefore(f *rgFile, no int) {
	first := no
	if len(f.before) > 0 {
		first = f.before[0].no
	}
	if (g.before > 0 || g.after > 0) && !g.json && g.printedAny &&
		(f.lastPrinted == 0 || first > f.lastPrinted+1) {
		g.out.WriteString(g.ctxSep + "\n")
	}
	for _, b := range f.before {
		g.emit(f, b.no, b.text, '-', nil)
	}
	f.before = f.before[:0]
}

// prefix writes "path:line:col:" as the options ask.
func (g *rgRun) prefix(f *rgFile, no int, sep byte, col, off int) {
	if g.names && !g.heading {
		g.out.WriteString(f.shown)
		if g.null {
			g.out.WriteByte(0)
		} else {
			g.out.WriteByte(sep)
		}
	}
	if g.lineNum {
		g.out.WriteString(strconv.Itoa(no))
		g.out.WriteByte(sep)
	}
	if g.column && col > 0 {
		g.out.WriteString(strconv.Itoa(col))
		g.out.WriteByte(sep)
	}
	if g.byteOff {
		g.out.WriteString(strconv.Itoa(off))
		g.out.WriteByte(sep)
	}
}

// emit prints a matched (sep ':') or context (sep '-') line.
func (g *rgRun) emit(f *rgFile, no int, raw []byte, sep byte, locs [][]int) {
	if g.json {
		g.jsonLine(f, no, raw, sep, locs)
		f.lastPrinted = no
		return
	}
	if !f.began && g.heading && g.names {
		if g.printedAny {
			g.out.WriteByte('\n')
		}
		g.out.WriteString(f.shown + "\n")
	}
	f.began, g.printedAny = true, true
	f.lastPrinted = no
	text := bytes.TrimSuffix(raw, []byte{'\n'})
	if g.trim {
		text = bytes.TrimLeft(text, " \t")
	}
	switch {
	case g.only && sep == ':':
		for _, l := range locs {
			g.prefix(f, no, sep, l[0]+1, f.offset+l[0])
			g.out.Write(g.replaced(text, l))
			g.out.WriteByte('\n')
		}
		return
	case g.vimgrep && sep == ':':
		for _, l := range locs {
			g.prefix(f, no, sep, l[0]+1, f.offset)
			g.out.Write(g.replaceLine(text, locs))
			g.out.WriteByte('\n')
		}
		return
	}
	col := 0
	if len(locs) > 0 {
		col = locs[0][0] + 1
	}
	g.prefix(f, no, sep, col, f.offset)
	if sep == ':' {
		text = g.replaceLine(text, locs)
	}
	g.out.Write(text)
	g.out.WriteByte('\n')
}

// replaced is one match's text, or its -r replacement.
func (g *rgRun) replaced(text []byte, l []int) []byte {
	if g.replace == nil {
		return text[l[0]:l[1]]
	}
	return g.expand(text, l)
}

func (g *rgRun) expand(text []byte, l []int) []byte {
	sub := g.m.re.FindSubmatchIndex(text[l[0]:])
	if sub == nil {
		return []byte(*g.replace)
	}
	for i := range sub {
		if sub[i] >= 0 {
			sub[i] += l[0]
		}
	}
	return g.m.re.Expand(nil, []byte(*g.replace), text, sub)
}

// replaceLine applies -r to every match of a printed line.
func (g *rgRun) replaceLine(text []byte, locs [][]int) []byte {
	if g.replace == nil || len(locs) == 0 {
		return text
	}
	var out []byte
	prev := 0
	for _, l := range locs {
		out = append(out, text[prev:l[0]]...)
		out = append(out, g.expand(text, l)...)
		prev = l[1]
	}
	return append(out, text[prev:]...)
}

// fileSummary prints -c, -l and --files-without-match results.
func (g *rgRun) fileSummary(f *rgFile) {
	end := byte('\n')
	if g.null {
		end = 0
	}
	switch {
	case g.quiet:
	case g.json:
		if f.began {
			g.jsonEnd(f)
		}
	case g.listMatch:
		if f.lines > 0 {
			g.out.WriteString(f.shown)
			g.out.WriteByte(end)
		}
	case g.listNoMatch:
		if f.lines == 0 {
			g.out.WriteString(f.shown)
			g.out.WriteByte(end)
			g.matched = true
		}
	case g.count || g.countM:
		n := f.lines
		if g.countM {
			n = f.matches
		}
		if n == 0 && !g.includeZero {
			return
		}
		if g.names {
			g.out.WriteString(f.shown + ":")
		}
		g.out.WriteString(strconv.FormatInt(n, 10) + "\n")
	}
}
