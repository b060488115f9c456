package printf

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/escape"
	"github.com/justbash/justbash/commands/internal/quote"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/justbash/justbash/commands/internal/boundio"
)

// Printf formats args with a bash printf format string. It returns the
// output, the diagnostics (without a "printf: " prefix) and the exit
// status. The format is reused while arguments remain, as bash does.
//
// The output is bounded by boundio.DefaultMaxStringBytes; a width,
// precision or output past it ends formatting with the limit message
// among errs and status StatusLimit. PrintfLimit takes the bound.
func Printf(format string, args []string) (out string, errs []string, status int) {
	out, errs, status, err := PrintfLimit(format, args, 0)
	if err != nil {
		errs = append(errs, err.Error())
	}
	return out, errs, status
}

// PrintfLimit is Printf with the output bounded by max bytes (0: the
// default). Widths and precisions are checked before anything of that
// size is allocated (printf '%*s' 9000000000 x must not try). On a limit,
// err is the limit error, status is StatusLimit and out holds what was
// formatted before it.
func PrintfLimit(format string, args []string, max int64) (out string, errs []string, status int, err error) {
	return PrintfZone(format, args, max, time.UTC)
}

// PrintfZone is PrintfLimit with %(fmt)T showing times in loc (the zone
// of the caller's exported TZ; nil is UTC).
func PrintfZone(format string, args []string, max int64, loc *time.Location) (out string, errs []string, status int, err error) {
	if max <= 0 {
		max = boundio.DefaultMaxStringBytes
	}
	if loc == nil {
		loc = time.UTC
	}
	return run(&printfState{args: args, max: max, loc: loc}, format)
}

// PrintfCoreutils is PrintfZone as GNU coreutils' printf(1) formats and
// words it: the printf command (env printf, xargs printf), not the shell's
// builtin.
// In a locale that is not UTF-8 (utf8 false) a \u or \U escape of a
// character outside ASCII prints as "\u00E9", as coreutils does there.
func PrintfCoreutils(format string, args []string, max int64, utf8 bool) (out string, errs []string, status int, err error) {
	if max <= 0 {
		max = boundio.DefaultMaxStringBytes
	}
	return run(&printfState{args: args, max: max, loc: time.UTC, gnu: true, ascii: !utf8}, format)
}

func run(p *printfState, format string) (out string, errs []string, status int, err error) {
	defer func() {
		if p.limit != nil {
			out, errs, status, err = p.out.String(), p.errs, commands.StatusLimit, p.limit
		}
	}()
	for {
		start := p.next
		if !p.once(format) {
			break
		}
		if p.next >= len(p.args) || p.next == start {
			break
		}
	}
	if p.gnu && p.next == 0 && len(p.args) > 0 && !p.stop {
		p.errs = append(p.errs, "warning: ignoring excess arguments, starting with "+localeQuote(p.args[0]))
	}
	return p.out.String(), p.errs, p.status, nil
}

type printfState struct {
	out    strings.Builder
	args   []string
	next   int
	errs   []string
	status int
	// stop is set by \c in %b or by a fatal format error.
	stop bool
	// max bounds the output; limit is set (with stop) when it would pass.
	max   int64
	limit error
	// loc is the zone %(fmt)T formats in.
	loc *time.Location
	// gnu selects coreutils printf(1) over bash's builtin: its messages,
	// \c in the format ending all output, no %(fmt)T, and the warning
	// about arguments a format without conversions leaves.
	gnu bool
	// ascii is coreutils in a locale that is not UTF-8: \u and \U of a
	// character outside ASCII print as the escape, in upper case.
	ascii bool
}

func (p *printfState) warn(msg string) {
	p.errs = append(p.errs, msg)
	p.status = 1
}

// arg returns the next argument and whether one was left.
func (p *printfState) arg() (string, bool) {
	if p.next >= len(p.args) {
		return "", false
	}
	p.next++
	return p.args[p.next-1], true
}

// once runs the format one time; false means stop completely.
func (p *printfState) once(format string) bool {
	for i := 0; i < len(format); {
		ch := format[i]
		switch {
		case ch == '\\':
			j := escapeEnd(format, i)
			if p.gnu && j == i+2 && strings.IndexByte(`?'E`, format[i+1]) >= 0 {
				// Escapes bash knows and coreutils prints as they are.
				p.out.WriteString(format[i:j])
				i = j
				continue
			}
			if p.ascii && (format[i+1] == 'u' || format[i+1] == 'U') && j > i+2 {
				if v, err := strconv.ParseUint(format[i+2:j], 16, 32); err == nil && v >= 0x80 {
					if format[i+1] == 'u' {
						fmt.Fprintf(&p.out, "\\u%04X", v)
					} else {
						fmt.Fprintf(&p.out, "\\U%08X", v)
					}
					i = j
					continue
				}
			}
			if p.gnu && format[i:j] == `\c` {
				// coreutils: \c in the format ends the output.
				p.stop = true
				return false
			}
			s, _, w := escape.Expand(format[i:j], escape.EscFormat)
			for _, m := range w {
				p.warn(m)
			}
			p.out.WriteString(s)
			i = j
		case ch == '%':
			n := p.conversion(format[i:])
			if p.stop {
				return false
			}
			i += n
		default:
			j := i + 1
			for j < len(format) && format[j] != '\\' && format[j] != '%' {
				j++
			}
			p.out.WriteString(format[i:j])
			i = j
		}
	}
	return true
}

// escapeEnd finds where the backslash escape at format[i] ends.
func escapeEnd(format string, i int) int {
	if i+1 >= len(format) {
		return len(format)
	}
	e := format[i+1]
	max := 0
	base := 16
	switch e {
	case 'x':
		max = 2
	case 'u':
		max = 4
	case 'U':
		max = 8
	default:
		if e >= '0' && e <= '7' {
			_, n := escape.ParseDigits(format[i+1:], 8, 3)
			return i + 1 + n
		}
		return i + 2
	}
	_, n := escape.ParseDigits(format[i+2:], base, max)
	return i + 2 + n
}

// spec is one parsed conversion.
type spec struct {
	flags    string
	width    int
	hasWidth bool
	prec     int
	hasPrec  bool
	conv     byte
	timeFmt  string
}

// conversion handles the directive at the start of f and returns its length.
func (p *printfState) conversion(f string) int {
	if len(f) >= 2 && f[1] == '%' {
		p.out.WriteByte('%')
		return 2
	}
	var s spec
	i := 1
	for i < len(f) && strings.IndexByte("-+ #0'", f[i]) >= 0 {
		// Each flag is kept once: a repeated flag means nothing more, and
		// "%" followed by 100k zeros must not build the string quadratically.
		if f[i] != '\'' && strings.IndexByte(s.flags, f[i]) < 0 {
			s.flags += string(f[i])
		}
		i++
	}
	i = p.number(f, i, &s.width, &s.hasWidth)
	if i < len(f) && f[i] == '.' {
		s.hasPrec = true
		i = p.number(f, i+1, &s.prec, new(bool))
	}
	for i < len(f) && strings.IndexByte("hlLjzt", f[i]) >= 0 {
		i++
	}
	if i >= len(f) {
		if p.gnu {
			p.warn(f[:i] + ": invalid conversion specification")
		} else {
			p.warn("`%': missing format character")
		}
		p.stop = true
		return i
	}
	s.conv = f[i]
	i++
	if p.gnu && strings.IndexByte("diouxXfFeEgGaAcsbq", s.conv) < 0 {
		p.warn(f[:i] + ": invalid conversion specification")
		p.stop = true
		return i
	}
	if s.conv == '(' {
		end := strings.Index(f[i:], ")T")
		if end < 0 {
			p.warn("`(': invalid format character")
			p.stop = true
			return len(f)
		}
		s.timeFmt = f[i : i+end]
		i += end + 2
		s.conv = 'T'
	}
	if s.width < 0 {
		// A negative * width means left alignment, as in C.
		s.flags += "-"
		s.width = -s.width
	}
	if s.prec < 0 {
		// A negative * precision counts as none, as in C.
		s.hasPrec, s.prec = false, 0
	}
	// Check sizes the format chose before fmt or Repeat allocates them;
	// a string precision only truncates, so it is harmless.
	room := p.max - int64(p.out.Len())
	if s.hasWidth && int64(s.width) > room || s.hasPrec && int64(s.prec) > room && strings.IndexByte("sbqc", s.conv) < 0 {
		p.limit, p.stop = boundio.StringLimit(p.max), true
		return len(f)
	}
	p.emit(&s)
	if int64(p.out.Len()) > p.max {
		p.limit, p.stop = boundio.StringLimit(p.max), true
	}
	return i
}

// number parses a width or precision (digits or *) at f[i].
func (p *printfState) number(f string, i int, dst *int, has *bool) int {
	if i < len(f) && f[i] == '*' {
		a, _ := p.arg()
		v, _ := p.parseInt(a)
		*dst = int(max(min(v, math.MaxInt32), math.MinInt32))
		*has = true
		return i + 1
	}
	j := i
	for j < len(f) && f[j] >= '0' && f[j] <= '9' {
		j++
	}
	if j > i {
		v, _ := strconv.Atoi(f[i:j])
		*dst = v
		*has = true
	}
	return j
}

func (p *printfState) emit(s *spec) {
	switch s.conv {
	case 'd', 'i':
		a, _ := p.arg()
		v, _ := p.parseInt(a)
		p.out.WriteString(fmt.Sprintf(s.goFormat('d'), v))
	case 'o', 'u', 'x', 'X':
		a, _ := p.arg()
		p.unsigned(s, p.parseUint(a))
	case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
		a, _ := p.arg()
		p.out.WriteString(formatFloat(s, p.parseFloat(a)))
	case 's':
		a, _ := p.arg()
		p.pad(s, a, true)
	case 'b':
		a, _ := p.arg()
		out, stop, w := escape.Expand(a, escape.EscB)
		for _, m := range w {
			p.warn(m)
		}
		p.pad(s, out, true)
		if stop {
			p.stop = true
		}
	case 'q':
		a, _ := p.arg()
		if p.gnu {
			// coreutils quotes in gnulib's shell-escape style, not bash's.
			p.pad(s, quote.ShellEscape(a), false)
			break
		}
		p.pad(s, quote.ShellQuote(a), false)
	case 'c':
		a, _ := p.arg()
		// bash prints the first byte, not the first character; of an
		// empty or missing argument that is the C string's NUL.
		if a != "" {
			a = a[:1]
		} else {
			a = "\x00"
		}
		p.pad(s, a, false)
	case 'T':
		p.timeConv(s)
	default:
		p.warn(fmt.Sprintf("`%c': invalid format character", s.conv))
		p.stop = true
	}
}

func (p *printfState) unsigned(s *spec, v uint64) {
	conv := s.conv
	if conv == 'u' {
		conv = 'd'
	}
	if v == 0 && strings.Contains(s.flags, "#") && conv != 'o' {
		// C prints no 0x prefix for zero.
		s.flags = strings.ReplaceAll(s.flags, "#", "")
	}
	p.out.WriteString(fmt.Sprintf(s.goFormat(conv), v))
}

// goFormat rebuilds the directive for fmt, whose integer verbs match C's.
func (s *spec) goFormat(conv byte) string {
	var b strings.Builder
	b.WriteByte('%')
	b.WriteString(s.flags)
	if s.hasWidth {
		b.WriteString(strconv.Itoa(s.width))
	}
	if s.hasPrec {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(s.prec))
	}
	b.WriteByte(conv)
	return b.String()
}

// pad applies width and (for strings) precision in bytes, as C does.
func (p *printfState) pad(s *spec, v string, usePrec bool) {
	if usePrec && s.hasPrec && s.prec < len(v) {
		v = v[:max(s.prec, 0)]
	}
	fill := ""
	if s.hasWidth && s.width > len(v) {
		fill = strings.Repeat(" ", s.width-len(v))
	}
	if strings.Contains(s.flags, "-") {
		p.out.WriteString(v + fill)
	} else {
		p.out.WriteString(fill + v)
	}
}

// strftimeBuf is the size of bash's %(fmt)T buffer.
const strftimeBuf = 128

func (p *printfState) timeConv(s *spec) {
	t := time.Now().UTC()
	if a, ok := p.arg(); ok && a != "" {
		v, _ := p.parseInt(a)
		if v >= 0 {
			t = time.Unix(v, 0)
		}
	}
	out := timefmt.Strftime(s.timeFmt, t.In(p.loc))
	if len(out) >= strftimeBuf {
		// bash formats into a fixed buffer and prints nothing when
		// the result (with its NUL) does not fit.
		out = ""
	}
	p.pad(s, out, true)
}
