// Package awk implements the awk command: a POSIX awk with the gawk
// extensions scripts commonly rely on. It is a small language
// implementation: lexer, parser producing a resolved AST (variables bound
// to slots), and a tree-walking interpreter.
package awk

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

// New returns the awk command.
func New() commands.Command { return commands.Func(run) }

type options struct {
	fs      *string
	assigns []string
	// progs are the -f files, -e texts and -i includes, in order; when
	// there are any, the first operand is not the program.
	progs    []progSource
	src      string
	operands []string
}

// progSource is one piece of the program: a file (-f, or -i which is
// included once like @include) or text (-e).
type progSource struct {
	file, text string
	include    bool
}

// awkOpts is awk's option table; parsing stops at the program text.
var awkOpts = opts.Parser{StopAtOperand: true, Opts: []opts.Opt{
	{Short: 'F', Long: "field-separator", Arg: true},
	{Short: 'v', Long: "assign", Arg: true},
	{Short: 'f', Long: "file", Arg: true},
	{Short: 'e', Long: "source", Arg: true},
	{Short: 'i', Long: "include", Arg: true},
	{Short: 'h', Long: "help", Key: "help"},
	{Long: "version", Key: "version"},
}}

const help = `Usage: awk [POSIX or GNU style options] -f progfile [--] file ...
Usage: awk [POSIX or GNU style options] [--] 'program' file ...
POSIX options:		GNU long options: (standard)
	-f progfile		--file=progfile
	-F fs			--field-separator=fs
	-v var=val		--assign=var=val
Short options:		GNU long options: (extensions)
	-e 'program-text'	--source='program-text'
	-h			--help
	-i includefile		--include=includefile
`

func parseArgs(c *commands.Context) (*options, string) {
	o := &options{}
	res, rest, err := awkOpts.Split(c.Args[1:])
	if err != nil {
		return nil, err.Error()
	}
	for _, r := range res {
		switch r.Key {
		case "F":
			v := r.Val
			o.fs = &v
		case "v":
			o.assigns = append(o.assigns, r.Val)
		case "f":
			o.progs = append(o.progs, progSource{file: r.Val})
		case "e":
			o.progs = append(o.progs, progSource{text: r.Val})
		case "i":
			o.progs = append(o.progs, progSource{file: r.Val, include: true})
		case "help", "version":
			return nil, r.Key
		}
	}
	if len(o.progs) == 0 {
		if len(rest) == 0 {
			return nil, "usage"
		}
		o.src = rest[0]
		rest = rest[1:]
	}
	o.operands = rest
	return o, ""
}

func run(ctx context.Context, c *commands.Context) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(c.Stderr, "awk: internal error: %v\n", r)
			status = 2
		}
	}()
	c = c.Guarded(ctx)
	o, msg := parseArgs(c)
	if o == nil {
		switch msg {
		case "version":
			fmt.Fprintln(c.Stdout, "awk (justbash) 1.0, compatible with GNU Awk 5.2")
			return 0
		case "help":
			fmt.Fprint(c.Stdout, help)
			return 0
		}
		// gawk prints its usage alone (its getopt is silent) and exits 1.
		fmt.Fprint(c.Stderr, help)
		return 1
	}
	inc := &includer{ctx: ctx, c: c, seen: map[string]bool{}}
	var names, parts []string
	if len(o.progs) > 0 {
		for _, p := range o.progs {
			text := p.text
			if p.file != "" {
				var err error
				if p.include {
					text, err = inc.include(p.file, 0)
				} else {
					text, err = inc.file(p.file)
				}
				if err != nil {
					return inc.fail(err)
				}
			}
			parts = append(parts, text)
			names = append(names, p.file)
		}
		o.src = strings.Join(parts, "\n")
	} else {
		names, parts = []string{""}, []string{o.src}
	}
	src, err := inc.expand(o.src, 0)
	if err != nil {
		return inc.fail(err)
	}
	if src != o.src {
		// @include spliced files in: their lines are not mapped.
		names, parts = []string{""}, []string{src}
	}
	o.src = src
	// gawk reads the program files, then checks -v, then parses.
	if st, ok := checkAssigns(c, o.assigns); !ok {
		return st
	}
	srcs := spansOf(names, parts)
	prog, err := parse(o.src)
	if err != nil {
		// A parse error is gawk's status 1.
		var se *syntaxError
		if errors.As(err, &se) {
			fmt.Fprint(c.Stderr, syntaxMessage(o.src, srcs, se))
			if se.fatal {
				return 2
			}
		} else {
			fmt.Fprintf(c.Stderr, "awk: %s\n", err)
		}
		return 1
	}
	in := newInterp(ctx, c, prog)
	in.srcs = srcs
	return in.start(o)
}

func readProgFile(ctx context.Context, c *commands.Context, name string) (string, error) {
	var r io.Reader
	if name == "-" || name == "/dev/stdin" {
		r = c.Stdin
	} else {
		f, err := c.FS.OpenFile(c.Abs(name), os.O_RDONLY, 0)
		if err != nil {
			return "", err
		}
		defer f.Close()
		r = f
	}
	data, err := c.ReadAll(ctx, r)
	return string(data), err
}

func newInterp(ctx context.Context, c *commands.Context, prog *program) *interp {
	in := &interp{
		ctx: ctx, c: c, prog: prog,
		maxStr:  int(min(c.Limits.StringMax(), math.MaxInt32)),
		maxRead: int(min(c.Limits.ReadMax(), math.MaxInt32)),
		globals: make([]value, prog.nglob),
		garr:    make([]*array, prog.nglob),
		outputs: map[string]*outStream{},
		inputs:  map[string]*inStream{},
		reCache: map[string]*regex{},
		rnd:     rand.New(rand.NewSource(0)),
		out:     bufio.NewWriterSize(c.Stdout, 64*1024),
		utf8:    utf8Locale(c.Getenv),
	}
	in.setSpecial(vFS, str(" "))
	in.setSpecial(vOFS, str(" "))
	in.setSpecial(vORS, str("\n"))
	in.setSpecial(vRS, str("\n"))
	in.setSpecial(vSUBSEP, str("\x1c"))
	in.setSpecial(vCONVFMT, str("%.6g"))
	in.setSpecial(vOFMT, str("%.6g"))
	in.globals[vNR] = num(0)
	in.globals[vFNR] = num(0)
	in.globals[vRSTART] = num(0)
	in.globals[vRLENGTH] = num(-1)
	env := newArray()
	for _, kv := range c.Environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env.set(k, strnum(v))
		}
	}
	in.garr[vENVIRON] = env
	pi := newArray()
	pi.set("version", str("5.2.1"))
	pi.set("FS", str("FS"))
	in.garr[vPROCINFO] = pi
	return in
}

// start sets up ARGV and -v/-F, then runs the program.
func (in *interp) start(o *options) int {
	argv := newArray()
	argv.set("0", str("awk"))
	for i, a := range o.operands {
		argv.set(strconv.Itoa(i+1), strnum(a))
	}
	in.garr[vARGV] = argv
	in.globals[vARGC] = num(float64(len(o.operands) + 1))
	return in.runProgram(func() {
		if o.fs != nil {
			in.setSpecial(vFS, str(unescape(*o.fs)))
		}
		for _, a := range o.assigns {
			eq := strings.IndexByte(a, '=')
			in.assignOperand(a[:eq], a[eq+1:])
		}
	})
}

// checkAssigns checks the -v assignments in order before the program is
// read, as gawk's option loop does: one without '=' is a usage error
// (status 1), a bad or reserved name a fatal one.
func checkAssigns(c *commands.Context, assigns []string) (int, bool) {
	for _, a := range assigns {
		name, _, ok := strings.Cut(a, "=")
		switch {
		case !ok:
			fmt.Fprintf(c.Stderr, "awk: `%s' argument to `-v' not in `var=value' form\n\n%s", a, help)
			return 1, false
		case !isIdent(name):
			fmt.Fprintf(c.Stderr, "awk: fatal: `%s' is not a legal variable name\n", name)
			return 2, false
		case reservedName(name):
			fmt.Fprintf(c.Stderr, "awk: fatal: cannot use gawk builtin `%s' as variable name\n", name)
			return 2, false
		}
	}
	return 0, true
}

// reservedName: a keyword or builtin function cannot be assigned.
func reservedName(name string) bool {
	_, kw := tables().keywords[name]
	_, bi := tables().builtinNames[name]
	return kw || bi
}

// assignOperand performs a command-line assignment (-v or var=value).
// gawk forgets the source line first, so later messages carry none.
func (in *interp) assignOperand(name, val string) {
	in.line = 0
	if reservedName(name) {
		in.fatal("cannot use gawk builtin `%s' as variable name", name)
	}
	idx, ok := in.prog.globals[name]
	if _, isFunc := in.prog.funcs[name]; isFunc {
		in.fatal("cannot use function `%s' as variable name", name)
	}
	if !ok {
		return // the program never mentions it
	}
	v := strnum(unescape(val))
	if idx < numSpecial {
		in.setSpecial(idx, v)
		return
	}
	if idx >= vARGV && idx < numPredef {
		in.fatal("cannot assign to array `%s'", name)
	}
	in.globals[idx] = v
}

// unescape processes backslash escapes as in a string literal.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	lx := lexer{src: strings.ReplaceAll(s, "\n", "\\n") + "\"", line: 1}
	t := lx.scanString(0)
	if t.t != tString {
		return s
	}
	return t.s
}

func (in *interp) warn(format string, args ...any) {
	in.out.Flush()
	fmt.Fprintf(in.c.Stderr, "awk: %s%s\n", in.where(), fmt.Sprintf(format, args...))
}

func (in *interp) errorMsg(format string, args ...any) {
	in.out.Flush()
	fmt.Fprintf(in.c.Stderr, "awk: %s%s\n", in.where(), fmt.Sprintf(format, args...))
}
