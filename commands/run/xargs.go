package run

import (
	"cmp"
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

var xargsOpts = opts.Parser{Opts: []opts.Opt{
	{Short: '0', Long: "null"},
	{Short: 'a', Long: "arg-file", Arg: true},
	{Short: 'd', Long: "delimiter", Arg: true},
	// GNU's deprecated -e[EOF], -i[R] and -l[N] (and their long names)
	// take a value only when attached; oldForms maps them onto -E, -I, -L.
	{Short: 'E', Arg: true}, {Short: 'e', Long: "eof", Optional: true},
	{Short: 'I', Arg: true}, {Short: 'i', Long: "replace", Optional: true},
	{Short: 'L', Arg: true}, {Short: 'l', Long: "max-lines", Optional: true},
	// GNU's table order (its "ambiguous" message lists them so).
	{Short: 'n', Long: "max-args", Arg: true},
	{Short: 's', Long: "max-chars", Arg: true},
	{Short: 'P', Long: "max-procs", Arg: true},
	{Short: 'r', Long: "no-run-if-empty"},
	{Short: 't', Long: "verbose"},
	{Short: 'x', Long: "exit"},
	{Short: 'p', Long: "interactive"},
}, Usage: 1, StopAtOperand: true, Help: "Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...\nRun COMMAND with arguments INITIAL-ARGS and more arguments read from input.\n  -0  items are separated by a null, not whitespace\n  -d CHAR  items are separated by CHAR\n  -I R  replace R in INITIAL-ARGS with names read from standard input\n  -L N  use at most N non-blank input lines per command line\n  -n N  use at most N arguments per command line\n  -P N  run at most N processes at a time\n  -r  if there are no arguments, do not run COMMAND\n  -s N  limit length of command line to N characters\n  -t  print commands before executing them\n"}

type xargsRun struct {
	c        *commands.Context
	ctx      context.Context
	cmd      []string
	replace  string
	hasRepl  bool
	maxArgs  int
	maxLines int
	maxChars int
	trace    bool
	prompt   bool // -p: ask on /dev/tty, which a sandbox never has
	noEmpty  bool
	procs    int
	stdout   io.Writer
	stderr   io.Writer

	mu     sync.Mutex
	status int
	stop   bool
}

// oldForms turns -e[EOF], -i[R] and -l[N] into -E, -I and -L, in place
// and in order: "-e" alone means no end-of-file string, "-i" replaces "{}",
// "-l" takes one line.
func oldForms(res []opts.Result) (lLetter string) {
	lLetter = "L"
	for i, r := range res {
		switch r.Key {
		case "e":
			res[i] = opts.Result{Key: "E", Val: r.Val}
		case "i":
			res[i] = opts.Result{Key: "I", Val: cmp.Or(r.Val, "{}")}
		case "l":
			res[i] = opts.Result{Key: "L", Val: cmp.Or(r.Val, "1")}
			lLetter = "l"
		case "L":
			lLetter = "L"
		}
	}
	return lLetter
}

func runXargs(ctx context.Context, c *commands.Context) int {
	res, cmd, status, ok := xargsOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	lLetter := oldForms(res) // how the last -L was spelled, for GNU's message
	x := &xargsRun{c: c, ctx: ctx, cmd: cmd, maxChars: 128 * 1024, procs: 1}
	if len(x.cmd) == 0 {
		x.cmd = []string{"echo"}
	}
	f := opts.ToFlags(res)
	num := func(k string, min int) (int, bool) {
		v, err := strconv.Atoi(f[k])
		if err == nil && v < min && (k == "n" || k == "L") {
			letter := k
			if k == "L" {
				letter = lLetter
			}
			return 0, opts.UsageError(c, 1, "value %d for -%s option should be >= %d", v, letter, min) < 0
		}
		if err != nil || v < min {
			return 0, opts.UsageError(c, 1, "invalid number \"%s\" for -%s option", f[k], k) < 0
		}
		return v, true
	}
	for _, k := range []string{"n", "L", "s", "P"} {
		if !f.Has(k) {
			continue
		}
		min := 1
		if k == "P" {
			min = 0
		}
		v, ok := num(k, min)
		if !ok {
			return 1
		}
		switch k {
		case "n":
			x.maxArgs = v
		case "L":
			x.maxLines = v
		case "s":
			x.maxChars = v
		case "P":
			x.procs = v
		}
	}
	if x.procs == 0 {
		x.procs = 64
	}
	x.replace, x.hasRepl = f["I"]
	x.trace, x.prompt, x.noEmpty = f.Has("t"), f.Has("p"), f.Has("r")
	in := c.In()
	if a, ok := f["a"]; ok {
		r, err := c.OpenInput(a)
		if err != nil {
			c.Errorf("Cannot open input file '%s': %s", a, commands.ErrText(err))
			return 1
		}
		defer r.Close()
		in = r
	}
	return x.stream(commands.NewCtxReader(ctx, in), f)
}

// splitXargsWords applies the default quoting: blanks separate, single and
// double quotes group, backslash escapes; a line ending in a blank
// continues onto the next one for -L.
// With lines set (-I), blanks do not separate: each line is one item,
// leading blanks removed, quotes still processed.
func splitXargsWords(s, eof string, lines bool) (items []xargsItem, errMsg string, atEOF bool) {
	var cur strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\n' {
				kind := "single"
				if quote == '"' {
					kind = "double"
				}
				return items, fmt.Sprintf("unmatched %s quote; by default quotes are special to xargs unless you use the -0 option", kind), false
			} else {
				cur.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			quote, inWord = ch, true
		case ch == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case lines && strings.IndexByte(" \t\v\f\r", ch) >= 0:
			// GNU strips any leading white space of an -I line, but
			// only blanks separate words otherwise.
			if inWord {
				cur.WriteByte(ch)
			}
		case ch == ' ' || ch == '\t' || ch == '\n':
			if inWord {
				if w, _, _ := strings.Cut(cur.String(), "\x00"); eof != "" && w == eof {
					return items, "", true // the word as a C string, NUL-cut
				}
				items = append(items, xargsItem{cur.String(), ch == '\n'})
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if quote != 0 {
		kind := "single"
		if quote == '"' {
			kind = "double"
		}
		return items, fmt.Sprintf("unmatched %s quote; by default quotes are special to xargs unless you use the -0 option", kind), false
	}
	if inWord {
		if eof != "" && cur.String() == eof {
			return items, "", true
		}
		items = append(items, xargsItem{cur.String(), true})
	}
	return items, "", false
}
