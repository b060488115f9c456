package search

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/gnure"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// grepOpts are in GNU grep's order, which its "ambiguous" message lists.
// Options marked unsupported are in the table so that abbreviations
// resolve (and are ambiguous) as in GNU grep.
var grepOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'G', Long: "basic-regexp"}, {Short: 'E', Long: "extended-regexp"},
	{Long: "fixed-regexp", Key: "F"}, {Short: 'F', Long: "fixed-strings"},
	{Short: 'P', Long: "perl-regexp"},
	{Short: 'A', Long: "after-context", Arg: true}, {Short: 'B', Long: "before-context", Arg: true},
	{Long: "binary-files", Arg: true, Key: "x-binary-files"}, {Short: 'b', Long: "byte-offset"},
	{Short: 'C', Long: "context", Arg: true},
	{Long: "color", Optional: true, Key: "noop"}, {Long: "colour", Optional: true, Key: "noop"},
	{Short: 'c', Long: "count"},
	{Short: 'D', Long: "devices", Arg: true, Key: "x-devices"},
	{Short: 'd', Long: "directories", Arg: true, Key: "x-directories"},
	{Long: "exclude", Arg: true}, {Long: "exclude-from", Arg: true, Key: "x-exclude-from"},
	{Long: "exclude-dir", Arg: true},
	{Short: 'f', Long: "file", Arg: true},
	{Short: 'l', Long: "files-with-matches"}, {Short: 'L', Long: "files-without-match"},
	{Long: "group-separator", Arg: true, Key: "x-group-separator"},
	{Long: "include", Arg: true},
	{Short: 'i', Long: "ignore-case"}, {Short: 'y'}, {Long: "no-ignore-case"},
	{Short: 'T', Long: "initial-tab", Key: "x-initial-tab"},
	{Long: "label", Arg: true},
	{Long: "line-buffered", Key: "noop"},
	{Short: 'n', Long: "line-number"},
	{Short: 'x', Long: "line-regexp"},
	{Short: 'm', Long: "max-count", Arg: true},
	{Short: 'h', Long: "no-filename"},
	{Long: "no-group-separator", Key: "x-no-group-separator"},
	{Short: 's', Long: "no-messages"},
	{Short: 'Z', Long: "null"}, {Short: 'z', Long: "null-data"},
	{Short: 'o', Long: "only-matching"},
	{Short: 'q', Long: "quiet"},
	{Short: 'r', Long: "recursive"},
	{Short: 'R', Long: "dereference-recursive", Key: "r"},
	{Short: 'e', Long: "regexp", Arg: true},
	{Short: 'v', Long: "invert-match"},
	{Long: "silent", Key: "q"},
	{Short: 'a', Long: "text"},
	{Short: 'U', Long: "binary", Key: "noop"},
	{Short: 'H', Long: "with-filename"},
	{Short: 'w', Long: "word-regexp"},
	{Short: 'I'},
}, Usage: 2, Help: "Usage: grep [OPTION]... PATTERNS [FILE]...\nSearch for PATTERNS in each FILE.\n"}

// stripColor drops --color[=WHEN] and --colour[=WHEN] before parsing: the
// optional argument does not fit the option table, and output is never
// coloured here (a sandbox has no terminal), so every WHEN means never.
func stripColor(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		name, _, _ := strings.Cut(a, "=")
		if name == "--color" || name == "--colour" {
			continue
		}
		out = append(out, a)
	}
	return out
}

// grepRun is the state of one grep invocation.
type grepRun struct {
	c                         *commands.Context
	m                         *grepMatcher
	invert, count, only       bool
	listMatch, listNoMatch    bool
	lineNum, names, quiet     bool
	byteOff                   bool   // -b: each output line starts with its byte offset
	label                     string // --label: the name of standard input
	noMsgs, recursive, binary bool
	after, before             int
	maxCount                  int64
	sep                       byte
	nullName                  bool
	include, exclude, exclDir []string
	out                       *bufio.Writer
	matched, failed           bool
	wrote, werr               bool // flushed something / a flush failed
}

func runGrep(ctx context.Context, c *commands.Context) int {
	argv := stripColor(c.Args[1:])
	res, args, err := grepOpts.Split(argv)
	var uerr *opts.Error
	if errors.As(err, &uerr) {
		// GNU grep puts its usage line between the message and the hint.
		c.Errorf("%s", uerr.Msg)
		fmt.Fprintf(c.Stderr, "Usage: %s [OPTION]... PATTERNS [FILE]...\nTry '%s --help' for more information.\n", c.Name(), c.Name())
		return 2
	}
	if err != nil {
		_, _, status, _ := grepOpts.Parse(c, argv)
		return status
	}
	g := &grepRun{c: c, maxCount: -1, sep: '\n', out: commands.NewOut(c.Stdout)}
	mode := byte('G')
	switch c.Name() {
	case "egrep":
		mode = 'E'
	case "fgrep":
		mode = 'F'
	}
	pats, havePats, icase, word, whole, names, st := g.options(res, &mode)
	if st >= 0 {
		return st
	}
	if !havePats {
		if len(args) == 0 {
			return opts.UsageError(c, 2, "%s", "Usage: grep [OPTION]... PATTERNS [FILE]...")
		}
		pats = strings.Split(args[0], "\n")
		args = args[1:]
	}
	if havePats && len(pats) == 0 && !g.invert && !g.listNoMatch {
		// GNU grep: with no pattern at all (-f /dev/null) nothing can
		// match, so it exits 1 without reading or printing, even with -c.
		return 1
	}
	if g.maxCount == 0 {
		// GNU grep -m 0 stops before reading anything: no output, even
		// with -c, and status 1.
		return 1
	}
	m, err := newGrepMatcher(pats, mode, icase, word, whole)
	if err != nil {
		c.Errorf("%s", gnure.RegcompMessage(pats[len(pats)-1], err))
		return 2
	}
	g.m = m
	if len(args) == 0 {
		if g.recursive {
			args = []string{"."}
			g.names = names != "h"
			g.files(ctx, args, true)
			return g.finish()
		}
		args = []string{"-"}
	}
	// GNU names files when there are several operands or -r meets a
	// directory; `grep -r x -` or `grep -r x file` print bare lines.
	g.names = names == "H" || names == "" && (len(args) > 1 || g.recursive && g.anyDir(args))
	g.files(ctx, args, false)
	return g.finish()
}

// anyDir tells whether an operand (other than "-") is a directory.
func (g *grepRun) anyDir(args []string) bool {
	for _, a := range args {
		if a == "-" {
			continue
		}
		if fi, err := g.c.FS.Stat(g.c.Abs(a)); err == nil && fi.IsDir() {
			return true
		}
	}
	return false
}

func (g *grepRun) finish() int {
	if err := g.out.Flush(); err != nil {
		return g.c.WriteFailure(err)
	}
	switch {
	case g.failed && !(g.quiet && g.matched):
		return 2
	case g.matched:
		return 0
	}
	return 1
}

// options applies the parsed flags; st >= 0 means exit with st now.
func (g *grepRun) options(res []opts.Result, mode *byte) (pats []string, have, icase, word, whole bool, names string, st int) {
	c := g.c
	for _, r := range res {
		switch r.Key {
		case "noop": // --line-buffered, -U: nothing to do here
		case "label":
			g.label = r.Val
		case "E", "F", "G":
			*mode = r.Key[0]
		case "P":
			*mode = 'P' // RE2 syntax, the subset of PCRE it can express
		case "e":
			pats = append(pats, strings.Split(r.Val, "\n")...)
			have = true
		case "f":
			data, err := readAllFrom(c, r.Val)
			if st, ok := c.LimitStatus(err); ok {
				return nil, false, false, false, false, "", st
			}
			if err != nil {
				c.Errorf("%s: %s", r.Val, commands.ErrText(err))
				return nil, false, false, false, false, "", 2
			}
			have = true
			if data != "" {
				pats = append(pats, strings.Split(strings.TrimSuffix(data, "\n"), "\n")...)
			}
		case "i", "y":
			icase = true
		case "no-ignore-case":
			icase = false
		case "w":
			word = true
		case "x":
			whole = true
		case "h", "H":
			names = r.Key
		case "A", "B", "C", "m":
			n, err := strconv.ParseInt(r.Val, 10, 64)
			if err != nil || n < 0 && r.Key != "m" {
				if r.Key == "m" {
					c.Errorf("invalid max count") // sic: GNU's wording
				} else {
					c.Errorf("invalid context length argument")
				}
				return nil, false, false, false, false, "", 2
			}
			switch r.Key {
			case "A":
				g.after = int(n)
			case "B":
				g.before = int(n)
			case "C":
				g.after, g.before = int(n), int(n)
			case "m":
				g.maxCount = n
			}
		default:
			if name, ok := strings.CutPrefix(r.Key, "x-"); ok {
				c.Errorf("--%s is not supported", name)
				return nil, false, false, false, false, "", 2
			}
			g.flag(r)
		}
	}
	return pats, have, icase, word, whole, names, -1
}

func (g *grepRun) flag(r opts.Result) {
	switch r.Key {
	case "b":
		g.byteOff = true
	case "v":
		g.invert = true
	case "c":
		g.count = true
	case "l":
		g.listMatch = true
	case "L":
		g.listNoMatch = true
	case "n":
		g.lineNum = true
	case "o":
		g.only = true
	case "q":
		g.quiet = true
	case "s":
		g.noMsgs = true
	case "r":
		g.recursive = true
	case "z":
		g.sep = 0
	case "a":
		g.binary = true
	case "Z":
		g.nullName = true
	case "include":
		g.include = append(g.include, r.Val)
	case "exclude":
		g.exclude = append(g.exclude, r.Val)
	case "exclude-dir":
		g.exclDir = append(g.exclDir, r.Val)
	}
}

// readAllFrom reads a whole (small) file such as a -f pattern list.
func readAllFrom(c *commands.Context, name string) (string, error) {
	r, err := c.OpenInput(name)
	if err != nil {
		return "", err
	}
	defer r.Close()
	b, err := c.ReadBounded(r)
	return string(b), err
}

// errorf prints a file error unless -s.
func (g *grepRun) errorf(format string, args ...any) {
	g.failed = true
	if !g.noMsgs {
		g.out.Flush()
		g.c.Errorf(format, args...)
	}
}

// files searches operands, descending into directories with -r.
func (g *grepRun) files(ctx context.Context, names []string, implicit bool) {
	for _, name := range names {
		if ctx.Err() != nil || g.werr || g.quiet && g.matched || g.m.err != nil {
			return
		}
		if name == "-" {
			label := "(standard input)"
			if g.label != "" {
				label = g.label
			}
			g.search(ctx, label, g.c.In())
			continue
		}
		fi, err := g.c.FS.Stat(g.c.Abs(name))
		if err != nil {
			g.errorf("%s: %s", name, commands.ErrText(err))
			continue
		}
		if fi.IsDir() {
			if !g.recursive {
				// GNU reads the directory, fails, and still reports it as
				// a file without matches (-c prints 0, -L its name).
				g.errorf("%s: Is a directory", name)
				g.summary(&fileScan{name: name})
				continue
			}
			g.walk(ctx, name, implicit)
			continue
		}
		g.searchFile(ctx, name, name)
	}
}

func (g *grepRun) walk(ctx context.Context, dir string, implicit bool) {
	ents, err := g.c.FS.ReadDir(g.c.Abs(dir))
	if err != nil {
		g.errorf("%s: %s", dir, commands.ErrText(err))
		return
	}
	for _, e := range ents {
		if ctx.Err() != nil || g.m.err != nil {
			return
		}
		// Keep the operand as typed ("./a" for "."), as GNU grep does.
		p := strings.TrimSuffix(dir, "/") + "/" + e.Name()
		if implicit && dir == "." {
			p = e.Name()
		}
		if e.IsDir() {
			if !globAny(g.exclDir, e.Name()) {
				g.walk(ctx, p, false)
			}
			continue
		}
		if !e.Type().IsRegular() {
			continue
		}
		if len(g.include) > 0 && !globAny(g.include, e.Name()) || globAny(g.exclude, e.Name()) {
			continue
		}
		g.searchFile(ctx, p, p)
	}
}

func globAny(pats []string, name string) bool {
	for _, p := range pats {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

func (g *grepRun) searchFile(ctx context.Context, shown, name string) {
	r, err := g.c.OpenRead(name)
	if err != nil {
		g.errorf("%s: %s", shown, commands.ErrText(err))
		return
	}
	defer r.Close()
	g.search(ctx, shown, r)
}
