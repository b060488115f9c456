package sed

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/boundio"
)

// appended is text queued by a, r and R for the end of the cycle.
type appended struct {
	text  string
	file  string
	rline bool
	// isText: text is a's (perhaps empty: "$a\\" still ends a last line
	// that lacks its newline).
	isText bool
}

// runner executes a parsed program over an input stream.
type runner struct {
	ctx    context.Context
	c      *commands.Context
	prog   []*command
	quiet  bool
	posix  bool
	lwidth int
	sep    byte

	in     *input
	out    *output
	stdout *output

	ps, hs []byte
	lineNo int64
	lineNL bool // the last line read ended with a separator
	// holdNL is the hold space's flag: GNU keeps one per buffer, so g, G,
	// h, H and x carry it along (a last line without a newline gets one
	// back after G with a hold space that had it).
	holdNL bool
	queue  []appended
	tflag  bool
	quit   bool
	exit   int
	lastRe matcher
	rfiles map[string]*bufio.Reader
	fatal  error
	// backRefs remembers which regexps look at the text before a match.
	backRefs map[matcher]bool
	// maxSpace bounds the pattern and hold spaces (Limits.MaxStringBytes):
	// a script like ':a;s/.*/&&/;ba' doubles them without end.
	maxSpace int
	// steps counts executed commands, to check the context every so often
	// inside one cycle: branches make a cycle loop forever (':a;ba').
	steps uint64
}

// ctxEvery is how many commands run between context checks.
const ctxEvery = 1024

var errNoPrevRegex = errors.New("no previous regular expression")

// stream runs the program over every line of in.
func (r *runner) stream(in *input) {
	r.in = in
	r.lineNo = 0
	r.resetRanges()
	for !r.quit && r.fatal == nil {
		if r.ctx.Err() != nil {
			r.fatal = r.ctx.Err()
			return
		}
		var ok bool
		r.ps, r.lineNL, ok = in.next(r.ps)
		if in.limitErr != nil {
			r.fatal = in.limitErr
			return
		}
		if !ok {
			return
		}
		r.lineNo++
		r.cycle()
		if r.out.err() != nil || r.stdout.err() != nil {
			return
		}
	}
}

// cycle runs the program once; D restarts it without reading input.
func (r *runner) cycle() {
	r.tflag = false
	for {
		restart, print := r.execute()
		if print && !r.quiet {
			r.out.line(r.ps, r.lineNL)
		}
		r.flushQueue()
		if !restart || r.quit || r.fatal != nil {
			return
		}
	}
}

// execute runs the commands; it reports whether D asked for a restart and
// whether the pattern space should be auto-printed.
func (r *runner) execute() (restart, print bool) {
	for pc := 0; pc < len(r.prog); {
		cmd := r.prog[pc]
		if !r.selected(cmd) {
			if cmd.op == '{' {
				pc = cmd.jump + 1
			} else {
				pc++
			}
			continue
		}
		next, act := r.do(cmd, pc)
		if len(r.ps) > r.maxSpace || len(r.hs) > r.maxSpace {
			r.fatal = boundio.StringLimit(int64(r.maxSpace))
		}
		// A command over a big pattern space counts for more: a loop that
		// doubles it runs few commands but much work.
		if r.steps += 1 + uint64(len(r.ps)>>12); r.steps >= ctxEvery {
			r.steps = 0
			if r.ctx.Err() != nil {
				r.fatal = r.ctx.Err()
			}
		}
		if r.fatal != nil {
			return false, false
		}
		switch act {
		case actEnd:
			return false, true
		case actDelete:
			return false, false
		case actRestart:
			return true, false
		case actQuit:
			return false, false
		}
		if r.fatal != nil {
			return false, false
		}
		pc = next
	}
	return false, true
}

const (
	actNext = iota
	actEnd
	actDelete
	actRestart
	actQuit
)

// do executes one selected command and returns the next pc and an action.
func (r *runner) do(cmd *command, pc int) (int, int) {
	switch cmd.op {
	case '{', '}', ':':
	case '=':
		r.out.text(strconv.FormatInt(r.lineNo, 10) + string(r.sep))
	case 'a':
		r.queue = append(r.queue, appended{text: cmd.text, isText: true})
	case 'i':
		r.out.text(cmd.text)
	case 'c':
		if cmd.a2 == nil || !cmd.inRange || cmd.neg {
			r.out.text(cmd.text)
		}
		return 0, actDelete
	case 'b':
		return cmd.jump, actNext
	case 't':
		if r.tflag {
			r.tflag = false
			return cmd.jump, actNext
		}
	case 'T':
		if !r.tflag {
			return cmd.jump, actNext
		}
		r.tflag = false
	case 'd':
		return 0, actDelete
	case 'D':
		// D, G, H, N and P work on the buffer delimiter: NUL with -z.
		i := bytes.IndexByte(r.ps, r.sep)
		if i < 0 {
			return 0, actDelete
		}
		r.ps = append(r.ps[:0], r.ps[i+1:]...)
		return 0, actRestart
	case 'e':
		r.execCmd(cmd)
	case 'F':
		name := r.in.name
		r.out.text(name + string(r.sep))
	case 'g':
		r.ps = append(r.ps[:0], r.hs...)
		r.lineNL = r.holdNL
	case 'G':
		r.ps = append(append(r.ps, r.sep), r.hs...)
		r.lineNL = r.holdNL
	case 'h':
		r.hs = append(r.hs[:0], r.ps...)
		r.holdNL = r.lineNL
	case 'H':
		r.hs = append(append(r.hs, r.sep), r.ps...)
		r.holdNL = r.lineNL
	case 'x':
		r.ps, r.hs = r.hs, r.ps
		r.lineNL, r.holdNL = r.holdNL, r.lineNL
	case 'l':
		w := r.lwidth
		if cmd.num >= 0 {
			w = cmd.num
		}
		r.out.text(listLine(r.ps, w, r.sep))
	case 'n':
		if r.in.last() {
			return 0, r.eofAction()
		}
		if !r.quiet {
			r.out.line(r.ps, r.lineNL)
		}
		r.flushQueue()
		r.ps, r.lineNL, _ = r.in.next(r.ps)
		r.lineNo++
	case 'N':
		if r.in.last() {
			return 0, r.eofAction()
		}
		r.flushQueue()
		var line []byte
		line, r.lineNL, _ = r.in.next(nil)
		r.ps = append(append(r.ps, r.sep), line...)
		r.lineNo++
	case 'p':
		// Like GNU sed, p keeps the line's missing newline; a later
		// write adds it.
		r.out.line(r.ps, r.lineNL)
	case 'P':
		r.out.line(r.firstLine())
	case 'q':
		r.quit, r.exit = true, max(cmd.num, 0)
		return 0, actEnd
	case 'Q':
		r.quit, r.exit = true, max(cmd.num, 0)
		return 0, actQuit
	case 'r':
		r.queue = append(r.queue, appended{file: cmd.fname})
	case 'R':
		r.queue = append(r.queue, appended{file: cmd.fname, rline: true})
	case 's':
		r.substitute(cmd.sub)
	case 'w':
		r.writeTo(cmd.wout, r.ps, r.lineNL)
	case 'W':
		line, nl := r.firstLine()
		r.writeTo(cmd.wout, line, nl)
	case 'y':
		r.translit(cmd.ymap)
	case 'z':
		r.ps = r.ps[:0]
	}
	return pc + 1, actNext
}

// firstLine is what P and W write: the pattern space up to its first
// newline, which they end with a newline, or all of it, ending like the
// input line did.
func (r *runner) firstLine() ([]byte, bool) {
	if i := bytes.IndexByte(r.ps, r.sep); i >= 0 {
		return r.ps[:i], true
	}
	return r.ps, r.lineNL
}

// eofAction is what n and N do when no input is left: GNU prints the
// pattern space (unless -n) and stops; POSIX mode discards it.
func (r *runner) eofAction() int {
	r.quit = true
	if r.posix {
		return actDelete
	}
	return actEnd
}

// writeTo writes a line to a w file; nl false leaves its newline missing
// until the next write to that file, as for standard output.
func (r *runner) writeTo(o *output, b []byte, nl bool) {
	if o == r.stdout && r.out == r.stdout {
		r.out.line(b, nl)
		return
	}
	o.line(b, nl)
}

func (r *runner) translit(m map[rune]rune) {
	var out []byte
	s := r.ps
	for len(s) > 0 {
		ru, n := decodeRune(s)
		if to, ok := m[ru]; ok && !(ru == 0xFFFD && n == 1) {
			out = appendRune(out, to)
		} else {
			out = append(out, s[:n]...)
		}
		s = s[n:]
	}
	r.ps = append(r.ps[:0], out...)
}

// flushQueue writes the text queued by a, r and R.
func (r *runner) flushQueue() {
	for _, q := range r.queue {
		switch {
		case q.isText:
			r.out.text(q.text)
		case q.rline:
			r.readRLine(q.file)
		default:
			r.copyFile(q.file)
		}
	}
	r.queue = r.queue[:0]
}

func (r *runner) copyFile(name string) {
	if name == "/dev/stdin" || name == "-" {
		name = "/dev/stdin"
	}
	f, err := r.c.OpenRead(name)
	if err != nil {
		return // GNU silently ignores unreadable r files
	}
	defer f.Close()
	data, err := r.c.ReadAll(r.ctx, f)
	if commands.IsLimit(err) {
		r.fatal = err
		return
	}
	if err != nil || len(data) == 0 {
		return
	}
	r.out.text(string(data))
}

func (r *runner) readRLine(name string) {
	br, ok := r.rfiles[name]
	if !ok {
		f, err := r.c.OpenRead(name)
		if err != nil {
			r.rfiles[name] = nil
			return
		}
		// R reads a line at a time; the whole file it may consume is
		// bounded, which bounds every line.
		br = bufio.NewReader(&boundio.LimitedReader{R: f, N: r.c.Limits.ReadMax()})
		r.rfiles[name] = br
	}
	if br == nil {
		return
	}
	line, err := br.ReadBytes('\n')
	if len(line) == 0 && err != nil {
		return
	}
	if line[len(line)-1] != '\n' {
		line = append(line, '\n')
	}
	r.out.text(string(line))
}

// substitute runs an s command on the pattern space.
func (r *runner) substitute(s *subst) {
	re := s.re
	if re == nil {
		if re = r.lastRe; re == nil {
			r.fatal = errNoPrevRegex
			return
		}
	} else {
		r.lastRe = re
	}
	var out []byte
	last, n := 0, 0
	r.eachMatch(re, s.global || s.nth > 1, func(m []int) bool {
		if n++; n < s.nth {
			return true
		}
		out = append(out, r.ps[last:m[0]]...)
		out = s.expand(out, r.ps, m)
		if len(out) > r.maxSpace {
			// Stop before the rest of the matches grow it further.
			r.fatal = boundio.StringLimit(int64(r.maxSpace))
			return false
		}
		last = m[1]
		if n%4096 == 0 && r.ctx.Err() != nil {
			r.fatal = r.ctx.Err()
			return false
		}
		return s.global
	})
	if err := budgetErr(re); err != nil && r.fatal == nil {
		r.fatal = err
	}
	if r.fatal != nil || n < s.nth {
		return
	}
	out = append(out, r.ps[last:]...)
	r.ps = out
	r.tflag = true
	if s.eval {
		r.ps = bytes.TrimSuffix(r.runScript(string(r.ps)), []byte{'\n'})
	}
	if s.print {
		r.out.line(r.ps, r.lineNL)
	}
	if s.wout != nil {
		r.writeTo(s.wout, r.ps, r.lineNL)
	}
}

// execCmd is the e command: with an argument its output goes out now;
// without one the pattern space is run and replaced by the output.
func (r *runner) execCmd(cmd *command) {
	if cmd.text != "" {
		r.out.text(string(r.runScript(cmd.text)))
		return
	}
	r.ps = bytes.TrimSuffix(r.runScript(string(r.ps)), []byte{'\n'})
}

// runScript runs a command line in the sandbox shell (never on the host)
// and returns its output.
func (r *runner) runScript(script string) []byte {
	if r.c.Script == nil {
		r.fatal = fmt.Errorf("e command is not available in this sandbox")
		return nil
	}
	var buf bytes.Buffer
	r.out.w.Flush()
	r.c.Script(r.ctx, script, nil, commands.IO{Stdin: strings.NewReader(""), Stdout: &buf, Stderr: r.c.Stderr})
	return buf.Bytes()
}

// eachMatch calls fn with the matches of re in the pattern space, in
// order, until fn returns false: the first only unless all. Matches are
// found one at a time, never collected: `s/x/xx/g` over a pattern space
// of millions of x's would otherwise hold millions of index slices.
func (r *runner) eachMatch(re matcher, all bool, fn func(m []int) bool) {
	prefix, complete := re.LiteralPrefix()
	if prefix != "" {
		lit := []byte(prefix)
		if complete && re.NumSubexp() == 0 {
			for off := 0; off <= len(r.ps); {
				i := bytes.Index(r.ps[off:], lit)
				if i < 0 {
					return
				}
				start := off + i
				if !fn([]int{start, start + len(lit)}) || !all {
					return
				}
				off = start + len(lit)
			}
			return
		}
		if !bytes.Contains(r.ps, lit) {
			return
		}
	}
	if !all {
		if m := re.FindSubmatchIndex(r.ps); m != nil {
			fn(m)
		}
		return
	}
	if r.looksBack(re) {
		r.eachMatchWhole(re, fn)
		return
	}
	// Matching the rest of the text from pos is the same as matching the
	// whole text from pos when nothing in re looks at what came before.
	// Empty matches follow regexp's FindAll: one that abuts the previous
	// match is skipped, and the search moves on by one character.
	prevEnd := -1
	for pos := 0; pos <= len(r.ps); {
		m := re.FindSubmatchIndex(r.ps[pos:])
		if m == nil {
			return
		}
		for k := range m {
			if m[k] >= 0 {
				m[k] += pos
			}
		}
		accept := true
		if m[1] == pos {
			accept = m[0] != prevEnd
			if pos >= len(r.ps) {
				pos++
			} else {
				_, w := utf8.DecodeRune(r.ps[pos:])
				pos += w
			}
		} else {
			pos = m[1]
		}
		prevEnd = m[1]
		if accept && !fn(m) {
			return
		}
	}
}

// eachMatchWhole is eachMatch for a regexp with ^, \b or \B, which must see
// the text before a match: FindAll over the whole pattern space, bounded
// so that the index slices stay within the string limit.
func (r *runner) eachMatchWhole(re matcher, fn func(m []int) bool) {
	perMatch := 24 + 16*(re.NumSubexp()+1)
	limit := r.maxSpace/perMatch + 1
	ms := re.FindAllSubmatchIndex(r.ps, limit)
	if len(ms) == limit {
		r.fatal = boundio.StringLimit(int64(r.maxSpace))
		return
	}
	for _, m := range ms {
		if !fn(m) {
			return
		}
	}
}

// looksBack reports whether re has an assertion about the text before a
// position (^, \A, \b, \B), remembered per regexp.
func (r *runner) looksBack(re matcher) bool {
	if v, ok := r.backRefs[re]; ok {
		return v
	}
	v := true // unparsable here: take the safe path
	if t, err := syntax.Parse(re.String(), syntax.Perl); err == nil {
		v = hasBackAssertion(t)
	}
	if r.backRefs == nil {
		r.backRefs = map[matcher]bool{}
	}
	r.backRefs[re] = v
	return v
}

func hasBackAssertion(t *syntax.Regexp) bool {
	stack := []*syntax.Regexp{t}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n.Op {
		case syntax.OpBeginLine, syntax.OpBeginText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
			return true
		}
		stack = append(stack, n.Sub...)
	}
	return false
}
