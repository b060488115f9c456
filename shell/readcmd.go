package shell

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/interp"
)

// readBuiltin implements the read flags interp lacks (-n -N -d -t -u). It
// runs inside the call handler, reads byte by byte so no input past the
// delimiter is consumed, and assigns through eval. It returns nil when
// interp's own read can handle the arguments.
func (sess *Session) readBuiltin(hc interp.HandlerContext, args []string) []string {
	o, names, errMsg := parseReadArgs(args)
	if errMsg != "" {
		// bash: 2 for a usage error, 1 for a bad option value.
		status := "1"
		if strings.Contains(errMsg, "invalid option") || strings.Contains(errMsg, "requires an argument") {
			status = "2"
		}
		return []string{forceExec, "__justbash_fail", "read: " + errMsg, status}
	}
	in := sess.stdinOf(hc, sess.current())
	if !o.needed && (hc.Stdin != nil || in == nil) {
		// interp's read suffices, except for a run's own stdin (ExecWith),
		// which interp does not know about.
		return nil
	}
	if o.fd != 0 {
		h := sess.fds.get(o.fd)
		if h == nil {
			return []string{forceExec, "__justbash_fail", fmt.Sprintf("read: %d: invalid file descriptor: Bad file descriptor", o.fd), "1"}
		}
		in = h.rw
	}
	if o.timeout == 0 && o.hasTimeout {
		// read -t 0 only reports whether input is available; we cannot
		// poll an arbitrary reader, so report "available".
		return []string{"true"}
	}
	data, eof := readInput(in, o)
	if !o.raw {
		data = unescapeRead(data)
	}
	var sb strings.Builder
	ifs := " \t\n"
	if v := hc.Env.Get("IFS"); v.IsSet() {
		ifs = v.String()
	}
	switch {
	case o.array != "":
		fields := splitIFS(data, ifs, -1)
		sb.WriteString(o.array + "=(")
		for i, f := range fields {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(quote(f))
		}
		sb.WriteString(")")
	case len(names) == 0:
		sb.WriteString("REPLY=" + quote(data))
	default:
		fields := splitIFS(data, ifs, len(names))
		for i, n := range names {
			v := ""
			if i < len(fields) {
				v = fields[i]
			}
			if i > 0 {
				sb.WriteString("; ")
			}
			sb.WriteString(n + "=" + quote(v))
		}
	}
	if eof {
		sb.WriteString("; false")
	}
	return []string{"eval", sb.String()}
}

type readOpts struct {
	needed, raw, hasTimeout bool
	delim                   byte
	nchars                  int // -1: unlimited
	exact                   bool
	timeout                 time.Duration
	fd                      int
	array                   string
}

func parseReadArgs(args []string) (o readOpts, names []string, errMsg string) {
	o.delim, o.nchars = '\n', -1
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for i := 1; i < len(a); i++ {
			c := a[i]
			switch c {
			case 'r':
				o.raw = true
			case 's', 'e':
			case 'a', 'd', 'n', 'N', 't', 'u', 'p', 'i':
				val := a[i+1:]
				if val == "" {
					if len(args) == 0 {
						return o, nil, "-" + string(c) + ": option requires an argument"
					}
					val, args = args[0], args[1:]
				}
				if msg := o.set(c, val); msg != "" {
					return o, nil, msg
				}
				i = len(a)
			default:
				return o, nil, "-" + string(c) + ": invalid option"
			}
		}
	}
	return o, args, ""
}

func (o *readOpts) set(c byte, val string) string {
	switch c {
	case 'a':
		o.array = val
	case 'p':
		// bash shows the prompt only when input is a terminal, which
		// it never is here; interp's read would print it.
		o.needed = true
	case 'd':
		o.needed = true
		o.delim = 0
		if val != "" {
			o.delim = val[0]
		}
	case 'n', 'N':
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return val + ": invalid number"
		}
		o.needed, o.nchars, o.exact = true, n, c == 'N'
	case 't':
		f, err := strconv.ParseFloat(val, 64)
		if err != nil || f < 0 {
			return val + ": invalid timeout specification"
		}
		o.needed, o.hasTimeout, o.timeout = true, true, time.Duration(f*float64(time.Second))
	case 'u':
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return val + ": invalid file descriptor specification"
		}
		o.needed, o.fd = true, n
	}
	return ""
}

// readInput reads up to the delimiter (or n bytes), one byte at a time.
func readInput(r io.Reader, o readOpts) (string, bool) {
	if r == nil {
		return "", true
	}
	var sb strings.Builder
	var b [1]byte
	for o.nchars < 0 || sb.Len() < o.nchars {
		n, err := r.Read(b[:])
		if n == 0 || err != nil && n == 0 {
			return sb.String(), true
		}
		if !o.exact && b[0] == o.delim {
			break
		}
		if !o.raw && b[0] == '\\' {
			// Keep the escape for unescapeRead, and the escaped byte even
			// if it is the delimiter.
			sb.WriteByte('\\')
			if n, _ := r.Read(b[:]); n == 0 {
				return sb.String(), true
			}
		}
		sb.WriteByte(b[0])
	}
	return sb.String(), false
}

// unescapeRead applies read's backslash rules without -r.
func unescapeRead(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// splitIFS splits s into at most n fields (n < 0: no limit) by IFS rules:
// IFS whitespace runs count as one separator and are trimmed at the ends;
// the last field keeps the rest of the line minus trailing IFS whitespace.
func splitIFS(s, ifs string, n int) []string {
	isWS := func(c byte) bool { return strings.IndexByte(ifs, c) >= 0 && (c == ' ' || c == '\t' || c == '\n') }
	isSep := func(c byte) bool { return strings.IndexByte(ifs, c) >= 0 }
	i := 0
	for i < len(s) && isWS(s[i]) {
		i++
	}
	var out []string
	for i < len(s) {
		if n > 0 && len(out) == n-1 {
			rest := s[i:]
			j := len(rest)
			for j > 0 && isWS(rest[j-1]) {
				j--
			}
			out = append(out, rest[:j])
			return out
		}
		start := i
		for i < len(s) && !isSep(s[i]) {
			i++
		}
		out = append(out, s[start:i])
		// Consume one separator: whitespace around at most one non-space.
		for i < len(s) && isWS(s[i]) {
			i++
		}
		if i < len(s) && isSep(s[i]) && !isWS(s[i]) {
			i++
			for i < len(s) && isWS(s[i]) {
				i++
			}
		}
	}
	return out
}
