package eval

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/justbash/justbash/shell/pattern"
)

// The history list of a script run with set -o history: bash saves each
// line it reads (cmdhist joins the lines of one command), filtered by
// HISTCONTROL and HISTIGNORE and bounded by HISTSIZE, and set -H expands
// history references in each line before the parser sees it.

// histState is a shell's history list.
type histState struct {
	list []string
	base int // number of list[0]
	st   histSubst
	// session counts lines saved since history was enabled (bash reads
	// HISTFILE when set -o history finds none).
	session int
	// skipCmd: the first line of the command being read was not saved,
	// so neither are its other lines.
	skipCmd bool
	// saved: the command being read has an entry to join lines to.
	saved bool
	// written is how many entries history -a has appended so far.
	written int
	// docs are the delimiters of here-documents still being read: their
	// bodies are not history-expanded.
	docs []string
}

// heredocLine reports whether line is in the body of a here-document
// (its delimiter line included), and notes the here-documents a line of
// commands opens.
func (h *histState) heredocLine(line string, cont bool) bool {
	if !cont {
		h.docs = nil
	}
	if len(h.docs) > 0 {
		d := h.docs[0]
		if strings.HasPrefix(d, "-") {
			d = d[1:]
			line = strings.TrimLeft(line, "\t")
		}
		if line == d {
			h.docs = h.docs[1:]
		}
		return true
	}
	for i := 0; i+2 < len(line); i++ {
		if line[i] != '<' || line[i+1] != '<' || line[i+2] == '<' {
			continue
		}
		j := i + 2
		dash := ""
		if line[j] == '-' {
			dash = "-"
			j++
		}
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		k := j
		for k < len(line) && strings.IndexByte(" \t;&|()<>", line[k]) < 0 {
			k++
		}
		if w := strings.NewReplacer("'", "", "\"", "", "\\", "").Replace(line[j:k]); w != "" {
			h.docs = append(h.docs, dash+w)
		}
		i = k - 1
	}
	return false
}

func (r *Runner) history() *histState {
	if r.hist == nil {
		r.hist = &histState{base: 1}
	}
	return r.hist
}

// histChars is histchars: expansion, quick substitution and comment.
func (r *Runner) histChars() (byte, byte, byte) {
	v, ok := r.lookupVar("histchars").scalar()
	if !ok {
		return '!', '^', '#'
	}
	var c [3]byte
	copy(c[:], v)
	return c[0], c[1], c[2]
}

func (r *Runner) expander() *histExpander {
	h := r.history()
	e, s, c := r.histChars()
	return &histExpander{list: h.list, base: h.base, expChar: e, subChar: s, comChar: c,
		extglob: r.shopts["extglob"], posix: r.opts[optPosix], st: &h.st}
}

// enableHistory is set -o history: the list is read from $HISTFILE when
// nothing was saved yet.
func (r *Runner) enableHistory() {
	h := r.history()
	if h.session == 0 {
		if f, ok := r.lookupVar("HISTFILE").scalar(); ok && f != "" {
			r.histRead(f, false)
		}
	}
}

// readLine is the hook the reader calls for each line of the top-level
// script before the parser sees it (cont: the line continues a command;
// lineNo is its number). It returns the line to parse: "" drops it, as
// bash drops a line whose expansion failed or that :p only prints (so it
// does not count in later line numbers either).
func (r *Runner) readLine(line string, cont bool, lineNo int) string {
	if !r.opts[optHistory] {
		return line
	}
	body := strings.TrimSuffix(line, "\n")
	h := r.history()
	docs := len(h.docs)
	inDoc := h.heredocLine(body, cont)
	if inDoc && len(h.docs) < docs && len(h.docs) == 0 {
		// The line ending a here-document: bash's entry keeps the
		// newline after it.
		defer func() {
			if h.saved && len(h.list) > 0 && r.shopts["cmdhist"] {
				h.list[len(h.list)-1] += "\n"
			}
		}()
	}
	if r.opts[optHistExpand] && !inDoc && !(cont && h.inQuote()) {
		e := r.expander()
		if cont && h.saved && len(e.list) > 0 {
			// The lines of a command being read refer to the commands
			// before it, not to its own entry.
			e.list = e.list[:len(e.list)-1]
		}
		out, changed, print, err := e.expand(body)
		if err != nil {
			fmt.Fprintf(r.stderr(), "%s%s: %s\n", r.msgPrefixAt(r.src, lineNo), err.text, err.msg)
			return ""
		}
		if changed {
			fmt.Fprintln(r.stderr(), out)
			body = out
		}
		if print {
			r.saveLine(body, cont)
			return ""
		}
	}
	r.saveLine(body, cont)
	return body + "\n"
}

// inQuote reports the last entry ends inside a quoted string.
func (h *histState) inQuote() bool {
	if len(h.list) == 0 || !h.saved {
		return false
	}
	return openQuote(h.list[len(h.list)-1]) == '\''
}

func openQuote(s string) byte {
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q == 0 && c == '\\':
			i++
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		case q == '"' && c == '\\':
			i++
		case q != 0 && c == q:
			q = 0
		}
	}
	return q
}

// saveLine adds a line read to the list (bash's cmdhist joins the lines
// of one command into one entry).
func (r *Runner) saveLine(line string, cont bool) {
	h := r.history()
	if cont && r.shopts["cmdhist"] {
		if h.skipCmd || !h.saved || len(h.list) == 0 {
			return
		}
		last := h.list[len(h.list)-1]
		h.list[len(h.list)-1] = last + histDelim(last, line) + line
		return
	}
	h.skipCmd, h.saved = false, false
	if line == "" || !r.histWanted(line) {
		h.skipCmd = line != ""
		return
	}
	r.histAdd(line)
	h.saved = true
}

// histDelim is what joins a command's next line to its entry: a newline
// inside quotes or a here-document, a blank after words that take a
// command next (do, then, |, &&...), else "; ".
func histDelim(prev, next string) string {
	if openQuote(prev) != 0 || strings.Contains(prev, "<<") {
		if strings.HasSuffix(prev, "\n") {
			return ""
		}
		return "\n"
	}
	t := strings.TrimRight(prev, " \t")
	for _, w := range []string{"do", "then", "else", "elif", "in", "{", "(", "|", "&&", "||", ";", "&", "!", "while", "until", "if"} {
		if strings.HasSuffix(t, w) && (len(t) == len(w) || strings.IndexByte(" \t;&|(){", t[len(t)-len(w)-1]) >= 0 || !isWordChar(w[0])) {
			return " "
		}
	}
	return "; "
}

func isWordChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// histWanted applies HISTCONTROL and HISTIGNORE to a new command line.
func (r *Runner) histWanted(line string) bool {
	h := r.history()
	ctl, _ := r.lookupVar("HISTCONTROL").scalar()
	for _, c := range strings.Split(ctl, ":") {
		switch c {
		case "ignorespace", "ignoreboth":
			if line[0] == ' ' || line[0] == '\t' {
				return false
			}
		}
		switch c {
		case "ignoredups", "ignoreboth":
			if n := len(h.list); n > 0 && h.list[n-1] == line {
				return false
			}
		case "erasedups":
			for i := len(h.list) - 1; i >= 0; i-- {
				if h.list[i] == line {
					h.list = append(h.list[:i], h.list[i+1:]...)
				}
			}
		}
	}
	ign, _ := r.lookupVar("HISTIGNORE").scalar()
	if ign == "" {
		return true
	}
	for _, pat := range strings.Split(ign, ":") {
		if pat == "&" {
			if n := len(h.list); n > 0 && h.list[n-1] == line {
				return false
			}
			continue
		}
		p, err := pattern.Compile(pat, r.globMode()&^pattern.Pathname)
		if err == nil && p.Match(line) {
			return false
		}
	}
	return true
}

// histAdd appends an entry and trims the list to HISTSIZE.
func (r *Runner) histAdd(line string) {
	h := r.history()
	h.list = append(h.list, line)
	h.session++
	r.histStifle()
}

func (r *Runner) histStifle() {
	h := r.history()
	v, ok := r.lookupVar("HISTSIZE").scalar()
	if !ok {
		return
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 {
		return
	}
	if drop := len(h.list) - n; drop > 0 {
		h.list = append(h.list[:0:0], h.list[drop:]...)
		h.base += drop
		h.written = max(h.written-drop, 0)
	}
}

// histRead reads a history file into the list (history -r, -n).
func (r *Runner) histRead(name string, onlyNew bool) bool {
	f, err := r.cfg.FS.OpenFile(r.absPath(name), os.O_RDONLY, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 16<<20))
	if err != nil {
		return false
	}
	h := r.history()
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(data) == 0 {
		lines = nil
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "#") && len(l) > 1 && isDigit(l[1]) {
			continue // a timestamp
		}
		h.list = append(h.list, l)
	}
	if onlyNew {
		h.session += len(lines)
	}
	r.histStifle()
	h.written = len(h.list)
	return true
}

// histWrite writes entries [from:] to a file, appending or replacing.
func (r *Runner) histWrite(name string, from int, appendTo bool) bool {
	h := r.history()
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendTo {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := r.cfg.FS.OpenFile(r.absPath(name), flag, 0o600)
	if err != nil {
		r.errorf("history: %s: %s", name, errText(err))
		return false
	}
	defer f.Close()
	var b strings.Builder
	for _, l := range h.list[min(from, len(h.list)):] {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	_, err = io.WriteString(f, b.String())
	return err == nil
}

func (r *Runner) absPath(name string) string {
	if strings.HasPrefix(name, "/") {
		return name
	}
	return r.dir + "/" + name
}
