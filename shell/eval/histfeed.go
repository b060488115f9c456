package eval

import (
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// lineFeed gives the parser a script one line per read, as bash reads
// one: the parser asks for the next line only after running the
// commands of the last, so each new line meets the shell's current
// state (set -o history, set -H). A line history expansion changes is
// spliced into the text, keeping the evaluator's offsets true.
type lineFeed struct {
	r    *Runner
	src  *source
	text string
	p    *syntax.Parser
	pos  int
	// lines counts the newlines before counted (line numbers without
	// rescanning the text for each line).
	lines, counted int
	pq             posixQuotes // posix-mode quote rewriting (posixquote.go)
	// in is the shell's standard input when that is the script: a
	// command reading it takes text from this feed (scriptin.go).
	in *scriptInput
}

func (f *lineFeed) Read(b []byte) (int, error) {
	if f.in != nil {
		f.in.mu.Lock()
		defer f.in.mu.Unlock()
	}
	text := f.text
	if f.pos >= len(text) {
		return 0, io.EOF
	}
	end := strings.IndexByte(text[f.pos:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += f.pos + 1
	}
	if f.pos >= f.src.histDone && f.r.opts[optHistory] {
		line := text[f.pos:end]
		f.lines += strings.Count(text[f.counted:f.pos], "\n")
		f.counted = f.pos
		lineNo := f.src.lineBase + f.lines + 1
		if out, changed := f.r.readLineBytes(f.src, line, f.p.Incomplete(), lineNo); changed {
			text = text[:f.pos] + out + text[end:]
			f.src.text = f.src.text[:f.pos] + out + f.src.text[end:]
			f.text = text
			end = f.pos + len(out)
		}
	}
	if f.pos >= f.src.histDone && f.r.opts[optPosix] {
		text, end = f.posixLine(text, end)
	}
	if end > f.src.histDone {
		f.src.histDone = end
	}
	if end == f.pos {
		return 0, nil // a dropped line: the parser reads again
	}
	n := copy(b, text[f.pos:end])
	f.pos += n
	return n, nil
}
