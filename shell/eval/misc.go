package eval

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/shell/pattern"
	"github.com/justbash/justbash/vfs"
)

// flowAbort is bash's "discard the current command line": an expansion
// error abandons what is left of the top-level command being run; the
// script goes on with the next one.
const flowAbort flow = 100

// abortCommand abandons the rest of the current top-level command.
func (r *Runner) abortCommand() {
	if r.flow == flowNone {
		r.flow = flowAbort
	}
	if r.status == 0 {
		r.status = 1
	}
}

// discardCommand is bash's jump to the top level after a usage error in
// a special builtin (break 1 2): a script read from a file or stdin goes
// on with its next command; a -c string ends there, with status 1.
func (r *Runner) discardCommand() {
	if r.mode == 'c' {
		r.exit(1)
		return
	}
	r.abortCommand()
}

// stop ends the run because a limit tripped (or the context ended).
func (r *Runner) stop(err error) {
	var le *LimitError
	if errors.As(err, &le) {
		r.exit(le.Status())
		return
	}
	r.exit(130)
}

// enter counts one level of nesting (function, source, eval, $( ),
// nested shell) against MaxCallDepth, before Go's stack is at risk.
func (r *Runner) enter() error {
	r.depth++
	if m := r.cfg.Limits.MaxCallDepth; m > 0 && r.depth > m {
		err := r.g.trip("max call depth", m)
		r.stop(err)
		return err
	}
	if r.depth > hardMaxDepth {
		err := r.g.trip("max nesting depth", hardMaxDepth)
		r.stop(err)
		return err
	}
	return nil
}

func (r *Runner) leave() { r.depth-- }

// hardMaxDepth bounds nesting even when no limit was configured: each
// level costs Go stack, and a Go stack overflow kills the process.
const hardMaxDepth = 10000

// recoverPanic turns a panic on a runner goroutine into status 2.
func (r *Runner) recoverPanic() {
	if p := recover(); p != nil {
		fmt.Fprintf(r.stderr(), "bash: internal error: %v\n", p)
		r.status = 2
	}
}

// abs resolves p against the working directory.
func (r *Runner) abs(p string) string {
	if p == "" {
		return r.dir
	}
	if !path.IsAbs(p) {
		p = path.Join(r.dir, p)
	}
	return path.Clean(p)
}

func (r *Runner) openRead(name string) (vfs.File, error) {
	return r.cfg.FS.OpenFile(r.abs(name), 0, 0)
}

// errText renders an error as glibc's strerror text, as the commands do.
func errText(err error) string { return commands.ErrText(err) }

// glob expands a pattern field against the filesystem. nil means "no
// match, keep the word"; an empty non-nil slice means nullglob removed it.
func (r *Runner) glob(pat string) ([]string, bool) {
	o := pattern.GlobOptions{
		DotGlob:  r.shopts["dotglob"],
		GlobStar: r.shopts["globstar"],
		NoCase:   r.shopts["nocaseglob"],
		ExtGlob:  r.shopts["extglob"],
		KeepDots: !r.shopts["globskipdots"],
	}
	if v := r.lookupVar("GLOBIGNORE"); v != nil && v.set && v.str != "" {
		o.Ignore = splitGlobIgnore(v.str, r.shopts["extglob"])
	}
	if m := r.cfg.Limits.MaxArrayElems; m > 0 {
		o.MaxResults = int(m)
	}
	matches, err := pattern.Glob(r.ctx, r.cfg.FS, r.dir, pat, o)
	if err != nil {
		if e := r.g.err(); e != nil {
			r.stop(e)
			return nil, false
		}
		if r.ctx.Err() != nil {
			r.stop(r.g.ctxErr())
			return nil, false
		}
		r.errorf("%v", err)
		r.abortCommand()
		return nil, false
	}
	if len(matches) > 0 {
		return matches, true
	}
	switch {
	case r.shopts["failglob"]:
		r.errorf("no match: %s", unescapePattern(pat))
		r.status = 1
		r.abortCommand()
		return nil, false
	case r.shopts["nullglob"]:
		return []string{}, true
	}
	return nil, true
}

// maxGlobPattern bounds the words pathname expansion is tried on: no
// path is that long, and compiling a huge pattern of unclosed brackets
// costs more than the run should (the word stays as it is).
const maxGlobPattern = 16 << 10

// globMode is the pattern mode pathname expansion uses.
func (r *Runner) globMode() pattern.Mode {
	m := pattern.Pathname
	if r.shopts["extglob"] {
		m |= pattern.ExtGlob
	}
	return m
}

// unescapePattern removes the backslashes of pattern text.
func unescapePattern(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiCQuote interprets the backslash escapes of $'...' (and ${x@E}).
func ansiCQuote(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case 'c':
			if i+1 < len(s) {
				i = ansiControl(&b, s, i+1)
			} else {
				b.WriteString(`\c`)
			}
		case 'x':
			if i+1 < len(s) && s[i+1] == '{' {
				i = ansiHexBrace(&b, s, i+2)
				continue
			}
			j := i + 1
			for j < len(s) && j < i+3 && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteString(`\x`)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 8)
			b.WriteByte(byte(n))
			i = j - 1
		case 'u', 'U':
			max := 4
			if c == 'U' {
				max = 8
			}
			j := i + 1
			for j < len(s) && j < i+1+max && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			b.WriteString(bashUTF8(n))
			i = j - 1
		default:
			if c >= '0' && c <= '7' {
				j := i
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					j++
				}
				n, _ := strconv.ParseUint(s[i:j], 8, 16)
				b.WriteByte(byte(n))
				i = j - 1
				continue
			}
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// promptEscapes expands the backslash escapes of PS1-style strings
// (${x@P}); with quoteOut, what an escape produces is backslash-quoted
// for the expansion that follows under promptvars (prompt.go).
func (r *Runner) promptEscapes(s string, quoteOut bool) string {
	var b bytes.Buffer
	get := func(n string) string {
		v, _ := r.lookupVar(n).scalar()
		return v
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		mark := b.Len()
		now := time.Now().UTC()
		switch s[i] {
		case 'u':
			b.WriteString(get("USER"))
		case 'h', 'H':
			h := get("HOSTNAME")
			if s[i] == 'h' {
				h, _, _ = strings.Cut(h, ".")
			}
			b.WriteString(h)
		case 'w', 'W':
			d := get("PWD")
			home := get("HOME")
			if s[i] == 'W' {
				if d != "/" && d != home {
					d = path.Base(d)
				} else if d == home && home != "" {
					d = "~"
				}
			} else if home != "" && (d == home || strings.HasPrefix(d, home+"/")) {
				d = "~" + d[len(home):]
			}
			b.WriteString(d)
		case '$':
			b.WriteByte('$')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'e':
			b.WriteByte(0x1b)
		case 's':
			b.WriteString("bash")
		case 'v':
			b.WriteString("5.2")
		case 'V':
			b.WriteString("5.2.15")
		case '\\':
			b.WriteByte('\\')
		case '[', ']':
		case 't':
			b.WriteString(now.Format("15:04:05"))
		case 'T':
			b.WriteString(now.Format("03:04:05"))
		case '@':
			b.WriteString(now.Format("03:04 PM"))
		case 'A':
			b.WriteString(now.Format("15:04"))
		case 'd':
			b.WriteString(now.Format("Mon Jan 02"))
		case 'j':
			b.WriteString(strconv.Itoa(r.jobs.count()))
		case 'l':
			b.WriteString("pts/0")
		case '!', '#':
			b.WriteString("1")
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
		if quoteOut && b.Len() > mark {
			out := string(b.Bytes()[mark:])
			b.Truncate(mark)
			b.WriteString(promptQuote(out))
		}
	}
	return b.String()
}

// dirStack is the directory stack with the current directory first.
func (r *Runner) dirStack() []string {
	return append([]string{r.dir}, r.dirs...)
}
