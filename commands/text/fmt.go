package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/ascii"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"io"
	"strconv"
	"strings"
)

var fmtOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'w', Long: "width", Arg: true},
	{Short: 'g', Long: "goal", Arg: true},
	{Short: 's', Long: "split-only"},
	{Short: 'u', Long: "uniform-spacing"},
	{Short: 'c', Long: "crown-margin"},
	{Short: 't', Long: "tagged-paragraph"},
	{Short: 'p', Long: "prefix", Arg: true},
}, Usage: 1, Help: "Usage: fmt [-WIDTH] [OPTION]... [FILE]...\nReformat each paragraph in the FILE(s), writing to standard output.\n"}

// fmtRun is the configuration of one fmt invocation.
type fmtRun struct {
	width, goal int
	split       bool
	uniform     bool
	prefix      string
}

func runFmt(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := fmtOpts.Parse(c, legacyFmtWidth(c.Args[1:]))
	if !ok {
		return status
	}
	f := &fmtRun{width: 75}
	goalSet := false
	for _, r := range res {
		switch r.Key {
		case "w", "g":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n <= 0 {
				c.Errorf("invalid width: %s", commands.QuoteArg(r.Val))
				return 1
			}
			if r.Key == "w" {
				f.width = n
			} else {
				f.goal, goalSet = n, true
			}
		case "s":
			f.split = true
		case "u":
			f.uniform = true
		case "p":
			f.prefix = r.Val
		}
	}
	if !goalSet {
		f.goal = f.width * 187 / 200 // 7% leeway, as GNU fmt
	}
	out := commands.NewOut(c.Stdout)
	st := c.EachInput(ctx, files, func(name string, r io.Reader) bool {
		var para []string
		err := commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			s := string(line)
			if strings.TrimSpace(s) == "" || f.prefix != "" && !strings.HasPrefix(s, f.prefix) {
				f.flush(out, para)
				para = nil
				out.WriteString(s + "\n")
				return true
			}
			if f.split || len(para) > 0 && indentOf(s) != indentOf(para[len(para)-1]) && len(para) > 1 {
				f.flush(out, para)
				para = nil
			}
			para = append(para, s)
			return true
		})
		f.flush(out, para)
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			status = 1
		}
		return true
	})
	return c.FinishOut(out, max(st, status))
}

// legacyFmtWidth turns "-60" into "-w 60".
func legacyFmtWidth(args []string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && ascii.IsDigit(a[1]) {
			out = append(out, "-w", a[1:])
			continue
		}
		out = append(out, a)
	}
	return out
}

func indentOf(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

// fmtWord is one word of a paragraph with what line breaking needs.
type fmtWord struct {
	text                  string
	length, space         int
	period, punct, paren  bool
	final                 bool // ends a sentence
	nextBreak, lineLength int
	bestCost              int64
}

// Costs of the line-breaking model: squares of "badness" amounts.
func fmtEquiv(n int64) int64 { return n * n }

var (
	fmtLineCost            = fmtEquiv(70)
	fmtSentenceBonus       = fmtEquiv(50)
	fmtNobreakCost         = fmtEquiv(600)
	fmtParenBonus          = fmtEquiv(40)
	fmtPunctBonus          = fmtEquiv(40)
	fmtWidow               = fmtEquiv(200)
	fmtOrphan              = fmtEquiv(150)
	fmtMaxCost       int64 = 1 << 62
)

func fmtShortCost(n int) int64  { return fmtEquiv(int64(n) * 10) }
func fmtRaggedCost(n int) int64 { return fmtShortCost(n) / 2 }

// flush fills one paragraph choosing the breaks with the least total
// cost: lines near the goal width, similar lengths, breaks after
// sentences and punctuation preferred, widows and orphans avoided.
func (f *fmtRun) flush(out *bufio.Writer, para []string) {
	if len(para) == 0 {
		return
	}
	first := indentOf(strings.TrimPrefix(para[0], f.prefix))
	rest := first
	if len(para) > 1 {
		rest = indentOf(strings.TrimPrefix(para[1], f.prefix))
	}
	var words []fmtWord
	for _, l := range para {
		words = append(words, f.words(strings.TrimPrefix(l, f.prefix))...)
	}
	if len(words) == 0 {
		return
	}
	words = append(words, fmtWord{length: f.width}) // sentinel for breaks
	f.breaks(words, displayWidth(f.prefix+first), displayWidth(f.prefix+rest))
	indent := first
	for i := 0; i < len(words)-1; {
		var b strings.Builder
		b.WriteString(f.prefix + indent)
		end := words[i].nextBreak
		for k := i; k < end; k++ {
			b.WriteString(words[k].text)
			if k+1 < end {
				b.WriteString(strings.Repeat(" ", words[k].space))
			}
		}
		out.WriteString(b.String() + "\n")
		i, indent = max(end, i+1), rest
	}
}

// breaks computes, from the last word backwards, the cheapest way to
// break the rest of the paragraph after each word; w ends with a
// sentinel word.
func (f *fmtRun) breaks(w []fmtWord, firstIndent, otherIndent int) {
	n := len(w) - 1
	for start := n - 1; start >= 0; start-- {
		best := fmtMaxCost
		l := otherIndent
		if start == 0 {
			l = firstIndent
		}
		l += w[start].length
		for k := start + 1; ; k++ {
			cost := f.lineCost(w, k, n, l) + w[k].bestCost
			if cost < best {
				best = cost
				w[start].nextBreak, w[start].lineLength = k, l
			}
			if k == n {
				break
			}
			l += w[k-1].space + w[k].length
			if l >= f.width {
				break
			}
		}
		w[start].bestCost = best + fmtBaseCost(w, start)
	}
}

func (f *fmtRun) lineCost(w []fmtWord, next, n, l int) int64 {
	if next == n {
		return 0
	}
	cost := fmtShortCost(f.goal - l)
	if w[next].nextBreak != n {
		cost += fmtRaggedCost(l - w[next].lineLength)
	}
	return cost
}

func fmtBaseCost(w []fmtWord, i int) int64 {
	cost := fmtLineCost
	if i > 0 {
		prev := &w[i-1]
		switch {
		case prev.period && prev.final:
			cost -= fmtSentenceBonus
		case prev.period:
			cost += fmtNobreakCost
		case prev.punct:
			cost -= fmtPunctBonus
		case i > 1 && w[i-2].final:
			cost += fmtWidow / int64(prev.length+2)
		}
	}
	if w[i].paren {
		cost -= fmtParenBonus
	} else if w[i].final {
		cost += fmtOrphan / int64(w[i].length+2)
	}
	return cost
}

// words splits a line; a word ending in . ? or ! followed by two spaces
// or the end of the line ends a sentence.
func (f *fmtRun) words(line string) []fmtWord {
	var ws []fmtWord
	s := strings.TrimLeft(line, " \t")
	for s != "" {
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			i = len(s)
		}
		w := fmtWord{text: s[:i], length: displayWidth(s[:i])}
		rest := s[i:]
		trimmed := strings.TrimLeft(rest, " \t")
		gap := len(rest) - len(trimmed)
		end := strings.TrimRight(w.text, `"')]`)
		last := w.text[len(w.text)-1]
		w.paren = strings.IndexByte("([{", w.text[0]) >= 0
		w.punct = isPunctByte(last)
		w.period = end != "" && strings.IndexByte(".?!", end[len(end)-1]) >= 0
		w.final = w.period && (trimmed == "" || gap >= 2)
		switch {
		case f.uniform || trimmed == "":
			w.space = 1
			if w.final {
				w.space = 2
			}
		default:
			w.space = gap
		}
		ws = append(ws, w)
		s = trimmed
	}
	return ws
}

func isPunctByte(b byte) bool {
	return b > ' ' && b < 0x7f && !ascii.IsAlpha(b) && !ascii.IsDigit(b)
}

func displayWidth(s string) int {
	n := 0
	for _, ch := range s {
		if ch == '\t' {
			n = (n + 8) &^ 7
		} else {
			n++
		}
	}
	return n
}
