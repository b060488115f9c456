package eval

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/justbash/justbash/commands"
	cmdprintf "github.com/justbash/justbash/commands/printf"
)

// readOpts are read's flags.
type readOpts struct {
	array      string
	delim      byte
	nchars     int
	exact      bool // -N: ignore the delimiter
	raw        bool
	prompt     string
	timeout    time.Duration
	hasTimeout bool
	fd         int
	silent     bool
}

func (r *Runner) parseReadArgs(args []string) (readOpts, []string, int) {
	o := readOpts{delim: '\n', nchars: -1}
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			switch c {
			case 'r':
				o.raw = true
				continue
			case 's', 'e':
				o.silent = true
				continue
			}
			if !strings.ContainsRune("adinNptu", rune(c)) {
				r.errorf("read: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]")
				return o, nil, 2
			}
			val := a[j+1:]
			if val == "" {
				if i+1 >= len(args) {
					r.errorf("read: -%c: option requires an argument", c)
					fmt.Fprintln(r.stderr(), "read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]")
					return o, nil, 2
				}
				i++
				val = args[i]
			}
			switch c {
			case 'a':
				o.array = val
			case 'd':
				o.delim = 0
				if val != "" {
					o.delim = val[0]
				}
			case 'i':
			case 'n', 'N':
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 {
					r.errorf("read: %s: invalid number", val)
					return o, nil, 1
				}
				o.nchars, o.exact = n, c == 'N'
			case 'p':
				o.prompt = val
			case 't':
				f, err := strconv.ParseFloat(val, 64)
				if err != nil || f < 0 {
					r.errorf("read: %s: invalid timeout specification", val)
					return o, nil, 1
				}
				o.timeout, o.hasTimeout = time.Duration(f*float64(time.Second)), true
			case 'u':
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 {
					r.errorf("read: %s: invalid file descriptor specification", val)
					return o, nil, 1
				}
				o.fd = n
			}
			break
		}
	}
	return o, args[i:], 0
}

// builtinRead is read: one line (or up to a delimiter or a count) split
// by IFS into names, byte by byte so nothing past the line is consumed.
func (r *Runner) builtinRead(args []string) int {
	o, names, st := r.parseReadArgs(args[1:])
	if st != 0 {
		return st
	}
	for _, n := range names {
		if !isName(n) {
			if validArrayRef(n) {
				continue
			}
			r.errorf("read: `%s': not a valid identifier", n)
			return 1
		}
	}
	if o.array != "" && !isName(o.array) {
		r.errorf("read: `%s': not a valid identifier", o.array)
		return 1
	}
	in := r.stdin()
	if o.fd != 0 {
		e := r.fds.get(o.fd)
		if e == nil || e.r == nil {
			r.errorf("read: %d: invalid file descriptor: Bad file descriptor", o.fd)
			return 1
		}
		in = e.r
	}
	if o.hasTimeout && o.timeout == 0 {
		return 0
	}
	data, eof, err := r.readInput(in, o)
	// On a timeout, bash assigns what it read so far and returns 142.
	timedOut := err == errReadTimeout
	if timedOut {
		err = nil
	}
	if re, ok := err.(readError); ok {
		// As bash: the read(2) failure is reported with the descriptor,
		// and no variable is assigned.
		r.errorf("read: read error: %d: %s", o.fd, errText(re.err))
		return 1
	}
	text := readText{s: data}
	if !o.raw {
		text = unescapeRead(data)
	}
	data = text.s
	ifs := r.ifs()
	status := 0
	if eof {
		status = 1
	}
	if timedOut {
		status = 142
	}
	if o.array != "" {
		written := o.array // a readonly target is reported by this name
		var ok bool
		if o.array, ok = r.wholeArrayName(o.array, "read: "); !ok {
			return 1
		}
		fields := splitRead(text, ifs, -1)
		if o.nchars >= 0 && o.exact && data != "" {
			// -N keeps what it read as one element; nothing read
			// (-N 0) is no element.
			fields = []string{data}
		}
		v, _ := r.vars.lookup(o.array)
		if v.has(attrReadonly) {
			r.readonlyError(written)
			return 1
		}
		if v.has(attrAssoc) {
			r.errorf("read: %s: not an indexed array", written)
			return 1
		}
		r.unrefForArray(v, o.array)
		r.unsetVar(o.array)
		for i, f := range fields {
			r.setIndexedElem(o.array, r.vars.visible(o.array), int64(i), f, false)
		}
		if len(fields) == 0 {
			r.vars.global().vars[o.array] = &Var{set: true, attrs: attrIndexed, arr: &indexedArray{}}
		}
		return status
	}
	if len(names) == 0 {
		if !r.setVar("REPLY", data, false) {
			return 1
		}
		return status
	}
	var fields []string
	if o.exact && o.nchars >= 0 {
		fields = []string{data}
	} else {
		fields = splitRead(text, ifs, len(names))
	}
	for i, n := range names {
		val := ""
		if i < len(fields) {
			val = fields[i]
		}
		if nm, sub, ok := splitSubscript(n); ok {
			if nm, ok = r.elemRefTargetAs(nm, "read: "); !ok || !r.setElemText(nm, sub, val, false) {
				return 1
			}
			continue
		}
		if !r.setVar(n, val, false) {
			return 1
		}
	}
	return status
}

var errReadTimeout = fmt.Errorf("timeout")

// readInput reads up to the delimiter (or n characters), one byte at a
// time, honouring -t and the run's cancellation.
func (r *Runner) readInput(in io.Reader, o readOpts) (string, bool, error) {
	var sb strings.Builder
	var b [1]byte
	var deadline time.Time
	if o.hasTimeout {
		deadline = time.Now().Add(o.timeout)
	}
	readByte := func() (int, error) {
		if deadline.IsZero() || readyNow(in) {
			return in.Read(b[:])
		}
		type res struct {
			n   int
			err error
		}
		ch := make(chan res, 1)
		var bb [1]byte
		go func() {
			n, err := in.Read(bb[:])
			ch <- res{n, err}
		}()
		select {
		case x := <-ch:
			b[0] = bb[0]
			return x.n, x.err
		case <-time.After(time.Until(deadline)):
			return 0, errReadTimeout
		case <-r.ctx.Done():
			return 0, r.ctx.Err()
		}
	}
	limit := int64(0)
	if m := r.cfg.Limits.MaxStringBytes; m > 0 {
		limit = m
	}
	// -n and -N count characters: not the backslashes that escape, nor
	// a backslash-newline, nor UTF-8 continuation bytes.
	count, pending := 0, 0
	for o.nchars < 0 || count < o.nchars || pending > 0 {
		if limit > 0 && int64(sb.Len()) >= limit {
			r.stop(r.g.trip("max string bytes", limit))
			return sb.String(), true, nil
		}
		n, err := readByte()
		if err == errReadTimeout {
			return sb.String(), true, err
		}
		if n == 0 {
			if err != nil && err != io.EOF && r.ctx.Err() == nil {
				return sb.String(), true, readError{err}
			}
			return sb.String(), true, nil
		}
		if !o.exact && b[0] == o.delim {
			return sb.String(), false, nil
		}
		if !o.raw && b[0] == '\\' {
			sb.WriteByte('\\')
			if n, _ := readByte(); n == 0 {
				return sb.String(), true, nil
			}
			if b[0] == '\n' {
				sb.WriteByte(b[0])
				continue
			}
		}
		sb.WriteByte(b[0])
		switch c := b[0]; {
		case c&0xC0 == 0x80:
			if pending > 0 {
				pending--
			}
		case c >= 0xF0:
			count, pending = count+1, 3
		case c >= 0xE0:
			count, pending = count+1, 2
		case c >= 0xC0:
			count, pending = count+1, 1
		default:
			count, pending = count+1, 0
		}
	}
	return sb.String(), false, nil
}

// readError is a failed read(2) under read, as opposed to end of input.
type readError struct{ err error }

func (e readError) Error() string { return e.err.Error() }

// builtinMapfile is mapfile/readarray.
func (r *Runner) builtinMapfile(args []string) int {
	name := args[0]
	args = args[1:]
	delim := byte('\n')
	trim := false
	count, origin, skip := -1, int64(0), 0
	fd := 0
	keep := false
	cb := mapCallback{quantum: 5000}
	opts, rest, ok := r.mapfileOpts(name, args)
	if !ok {
		return 2
	}
	args = rest
	for _, op := range opts {
		c, val := op.c, op.val
		if c == 't' {
			trim = true
			continue
		}
		n, err := strconv.Atoi(val)
		switch c {
		case 'd':
			delim = 0
			if val != "" {
				delim = val[0]
			}
			continue
		case 'C':
			cb.text = val
			continue
		case 'c':
			if err != nil || n <= 0 {
				r.errorf("%s: %s: invalid callback quantum", name, val)
				return 1
			}
			cb.quantum = n
			continue
		}
		if err != nil || n < 0 {
			what := map[byte]string{'n': "line count", 's': "line count", 'O': "array origin", 'u': "file descriptor specification"}[c]
			r.errorf("%s: %s: invalid %s", name, val, what)
			return 1
		}
		switch c {
		case 'n':
			count = n
		case 'O':
			origin, keep = int64(n), true
		case 's':
			skip = n
		case 'u':
			fd = n
		}
	}
	arr := "MAPFILE"
	if len(args) > 0 {
		arr = args[0]
	}
	if !isName(arr) {
		r.errorf("%s: `%s': not a valid identifier", name, arr)
		return 1
	}
	written := arr // a readonly target is reported by this name
	arr, ok = r.wholeArrayName(arr, name+": ")
	if !ok {
		return 1
	}
	in := r.stdin()
	if fd != 0 {
		e := r.fds.get(fd)
		if e == nil || e.r == nil {
			r.errorf("%s: %d: invalid file descriptor: Bad file descriptor", name, fd)
			return 1
		}
		in = e.r
	}
	v, _ := r.vars.lookup(arr)
	if v.has(attrReadonly) {
		r.readonlyError(written)
		return 1
	}
	if v.has(attrAssoc) {
		r.errorf("%s: %s: not an indexed array", name, written)
		return 1
	}
	r.unrefForArray(v, arr)
	if !keep {
		r.unsetVar(arr)
	}
	if v := r.vars.visible(arr); v == nil || !v.has(attrIndexed) {
		nv := &Var{set: true, attrs: attrIndexed, arr: &indexedArray{}}
		if v != nil {
			nv.attrs |= v.attrs &^ attrAssoc
		}
		r.vars.global().vars[arr] = nv
		if v != nil && v.local {
			r.vars.funcScope().vars[arr] = nv
		}
	}
	target := r.vars.visible(arr)
	o := readOpts{delim: delim, nchars: -1, raw: true}
	i := origin
	for n := 0; count < 0 || n < count+skip; n++ {
		line, eof, _ := r.readInput(in, o)
		if eof && line == "" {
			break
		}
		if n < skip {
			continue
		}
		if !trim && !eof && delim != 0 {
			// A NUL delimiter kept is the end of bash's C string.
			line += string(delim)
		}
		if err := r.g.checkElems(int64(len(target.arr.elems) + 1)); err != nil {
			r.stop(err)
			return 1
		}
		if cb.due(i - origin + 1) {
			if target = r.mapCallback(cb, arr, i, line); target == nil {
				return r.status
			}
		}
		target.arr.set(i, line)
		i++
		if eof {
			break
		}
	}
	target.set = true
	return 0
}

// builtinPrintf is printf, with -v to assign instead of print.
func (r *Runner) builtinPrintf(args []string) int {
	args = args[1:]
	varName, hasVar := "", false
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	} else if len(args) > 0 && strings.HasPrefix(args[0], "-v") {
		varName, hasVar = args[0][2:], true
		args = args[1:]
		if varName == "" {
			if len(args) == 0 {
				r.errorf("printf: -v: option requires an argument")
				fmt.Fprintln(r.stderr(), "printf: usage: printf [-v var] format [arguments]")
				return 2
			}
			varName = args[0]
			args = args[1:]
		}
		if len(args) > 0 && args[0] == "--" {
			args = args[1:]
		}
	} else if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		r.errorf("printf: %s: invalid option", args[0])
		fmt.Fprintln(r.stderr(), "printf: usage: printf [-v var] format [arguments]")
		return 2
	}
	if len(args) == 0 {
		fmt.Fprintln(r.stderr(), "printf: usage: printf [-v var] format [arguments]")
		return 2
	}
	if hasVar {
		// The name is checked before the format is read (bash).
		name, _, isElem := splitSubscript(varName)
		if !isName(name) || isElem && !validArrayRef(varName) {
			r.errorf("printf: `%s': not a valid identifier", varName)
			return 2
		}
	}
	if err := r.checkPrintfWidths(args[0], args[1:]); err != nil {
		r.stop(err)
		return r.status
	}
	out, errs, status, lerr := cmdprintf.PrintfZone(args[0], args[1:], 0, r.timeZone())
	if lerr != nil {
		errs = append(errs, lerr.Error())
	}
	for _, e := range errs {
		r.errorf("printf: %s", e)
	}
	if hasVar {
		// A shell variable is a C string in bash: printf -v keeps what
		// comes before the first NUL (printf -v v '%c' '' is empty).
		if i := strings.IndexByte(out, 0); i >= 0 {
			out = out[:i]
		}
		name, sub, isElem := splitSubscript(varName)
		if isElem {
			if name, isElem = r.elemRefTargetAs(name, "printf: "); !isElem || !r.setElemText(name, sub, out, false) {
				return 1
			}
		} else if !r.setVar(varName, out, false) {
			return 1
		}
		return status
	}
	if st := r.writeOut("printf", out); st != 0 {
		return st
	}
	return status
}

// timeZone is the zone local times are shown in: the exported TZ's, as
// bash sets its zone from TZ only when TZ is in the environment.
func (r *Runner) timeZone() *time.Location {
	if v := r.vars.visible("TZ"); v.has(attrExport) && v.set {
		return commands.TZLocation(v.str)
	}
	return time.UTC
}

// checkPrintfWidths refuses a width or precision that would build a
// string past the string limit, before printf allocates it.
func (r *Runner) checkPrintfWidths(format string, args []string) error {
	limit := r.cfg.Limits.MaxStringBytes
	if limit <= 0 {
		limit = 1 << 30
	}
	argi := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("-+ #0", format[i]) >= 0 {
			i++
		}
		for part := 0; part < 2; part++ {
			if i < len(format) && format[i] == '*' {
				if argi < len(args) {
					n, _ := strconv.ParseInt(strings.TrimSpace(args[argi]), 10, 64)
					if n > limit || -n > limit {
						return r.g.trip("max string bytes", limit)
					}
				}
				argi++
				i++
			} else {
				j := i
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					j++
				}
				if j > i {
					n, err := strconv.ParseInt(format[i:j], 10, 64)
					if err != nil || n > limit {
						return r.g.trip("max string bytes", limit)
					}
				}
				i = j
			}
			if part == 0 && i < len(format) && format[i] == '.' {
				i++
				continue
			}
			break
		}
		if i < len(format) && format[i] != '%' {
			argi++
		}
	}
	return nil
}

// builtinGetopts parses the next option from the positional parameters
// (or the given words). The position inside a group of letters (-abc) is
// kept in Go state, valid while OPTIND keeps the value getopts gave it.
func (r *Runner) builtinGetopts(args []string) int {
	args, ok := r.getoptsOperands(args)
	if !ok {
		return 2
	}
	spec, name := args[0], args[1]
	words := r.params
	if len(args) > 2 {
		words = args[2:]
	}
	silent := strings.HasPrefix(spec, ":")
	if silent {
		spec = spec[1:]
	}
	opterr, _ := r.lookupVar("OPTERR").scalar()
	quiet := silent || opterr == "0"
	optindVar := r.vars.visible("OPTIND")
	optindStr, _ := optindVar.scalar()
	optind, err := strconv.Atoi(optindStr)
	if err != nil || optind < 1 {
		optind = 1
	}
	pos := 0
	if r.optLast == optindStr && optindStr != "" && optindVar == r.optVar {
		pos = r.optPos
	}
	g := getoptsStep{args: words, optind: optind, pos: pos}
	opt, optarg, hasArg, msg, ok := g.next(spec, silent)
	if msg != "" && !quiet {
		// getopts prints "$0: message", without a line number.
		fmt.Fprintf(r.stderr(), "%s: %s\n", r.arg0, msg)
	}
	status := 0
	if !ok {
		opt, status = "?", 1
	}
	r.setVar("OPTIND", strconv.Itoa(g.optind), false)
	r.optPos, r.optLast, r.optVar = g.pos, strconv.Itoa(g.optind), r.vars.visible("OPTIND")
	switch {
	case hasArg:
		r.setVar("OPTARG", optarg, false)
	case ok:
		r.blankOptarg()
	default:
		r.dropOptarg()
	}
	if !isName(name) {
		r.errorf("getopts: `%s': not a valid identifier", name)
		return 1
	}
	if !r.setVar(name, opt, false) && ok {
		return 2 // a readonly name: bash's EX_MISCERROR (not at the end)
	}
	return status
}

type getoptsStep struct {
	args        []string
	optind, pos int
}

// next returns the option letter and its argument; ok is false at the
// end of the options. msg is the error to print outside silent mode.
func (g *getoptsStep) next(spec string, silent bool) (opt, optarg string, hasArg bool, msg string, ok bool) {
	if g.pos == 0 {
		if g.optind > len(g.args) {
			g.optind = len(g.args) + 1
			return "", "", false, "", false
		}
		arg := g.args[g.optind-1]
		if arg == "--" {
			g.optind++
			return "", "", false, "", false
		}
		if len(arg) < 2 || arg[0] != '-' {
			return "", "", false, "", false
		}
		g.pos = 1
	}
	if g.optind > len(g.args) || g.pos >= len(g.args[g.optind-1]) {
		g.pos = 0
		return "", "", false, "", false
	}
	arg := g.args[g.optind-1]
	c := arg[g.pos]
	g.pos++
	atEnd := g.pos >= len(arg)
	i := strings.IndexByte(spec, c)
	if c == ':' || i < 0 {
		g.advanceIf(atEnd)
		if silent {
			return "?", string(c), true, "", true
		}
		return "?", "", false, "illegal option -- " + string(c), true
	}
	if i+1 < len(spec) && spec[i+1] == ':' {
		switch {
		case !atEnd:
			optarg = arg[g.pos:]
			g.optind++
		case g.optind < len(g.args):
			optarg = g.args[g.optind]
			g.optind += 2
		default:
			g.optind++
			g.pos = 0
			if silent {
				return ":", string(c), true, "", true
			}
			return "?", "", false, "option requires an argument -- " + string(c), true
		}
		g.pos = 0
		return string(c), optarg, true, "", true
	}
	g.advanceIf(atEnd)
	return string(c), "", false, "", true
}

func (g *getoptsStep) advanceIf(atEnd bool) {
	if atEnd {
		g.optind++
		g.pos = 0
	}
}
