package search

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

var rgOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'e', Long: "regexp", Arg: true}, {Short: 'f', Long: "file", Arg: true},
	{Short: 'i', Long: "ignore-case"}, {Short: 's', Long: "case-sensitive"}, {Short: 'S', Long: "smart-case"},
	{Short: 'F', Long: "fixed-strings"}, {Short: 'w', Long: "word-regexp"}, {Short: 'x', Long: "line-regexp"},
	{Short: 'v', Long: "invert-match"}, {Short: 'c', Long: "count"}, {Long: "count-matches"},
	{Short: 'l', Long: "files-with-matches"}, {Long: "files-without-match"}, {Long: "files"},
	{Short: 'o', Long: "only-matching"}, {Short: 'm', Long: "max-count", Arg: true},
	{Short: 'q', Long: "quiet"}, {Short: 'n', Long: "line-number"}, {Short: 'N', Long: "no-line-number"},
	{Short: 'A', Long: "after-context", Arg: true}, {Short: 'B', Long: "before-context", Arg: true},
	{Short: 'C', Long: "context", Arg: true}, {Short: 'g', Long: "glob", Arg: true}, {Long: "iglob", Arg: true},
	{Short: 't', Long: "type", Arg: true}, {Short: 'T', Long: "type-not", Arg: true}, {Long: "type-list"},
	{Long: "hidden"}, {Long: "no-ignore"}, {Short: 'u', Long: "unrestricted"}, {Long: "json"},
	{Short: 'H', Long: "with-filename"}, {Short: 'I', Long: "no-filename"},
	{Long: "heading"}, {Long: "no-heading"}, {Long: "column"}, {Long: "vimgrep"},
	{Short: '0', Long: "null"}, {Short: 'r', Long: "replace", Arg: true},
	{Short: 'a', Long: "text"}, {Short: 'L', Long: "follow"}, {Short: 'U', Long: "multiline"},
	{Short: 'd', Long: "max-depth", Arg: true}, {Long: "sort", Arg: true}, {Long: "sortr", Arg: true}, {Long: "include-zero"},
	{Long: "passthru"}, {Long: "context-separator", Arg: true}, {Long: "no-messages"},
	{Long: "stats"}, {Long: "no-config"}, {Short: 'j', Long: "threads", Arg: true},
	{Long: "trim"}, {Short: 'b', Long: "byte-offset"},
}, Usage: 2, Help: rgHelp}

const rgHelp = "Usage: rg [OPTIONS] PATTERN [PATH ...]\n       rg [OPTIONS] -e PATTERN ... [PATH ...]\n       rg [OPTIONS] --files [PATH ...]\n" +
	"Recursively search the current directory for lines matching a regex pattern,\n" +
	"respecting .gitignore, .ignore and .rgignore files and skipping hidden files.\n"

// rgRun is the state of one rg invocation.
type rgRun struct {
	c                      *commands.Context
	m                      *grepMatcher
	invert, count, countM  bool
	listMatch, listNoMatch bool
	files, quiet, only     bool
	lineNum, names         bool
	// nameFlag is the last of -H (1) and -I (-1); 0: neither was given.
	nameFlag              int
	heading, json, column bool
	vimgrep, null, text   bool
	multiline             bool // -U: a match may span lines
	// sortBy and sortRev are --sort/--sortr: files in each directory by
	// path (the default here) or by time, ascending or descending.
	sortBy                string
	sortRev               bool
	passthru, includeZero bool
	hidden, noIgnore      bool
	noMsgs, trim, byteOff bool
	replace               *string
	after, before, maxDep int
	maxCount              int64
	ctxSep                string
	globs                 []rgGlob
	types, notTypes       []string
	out                   *bufio.Writer
	matched, failed       bool
	printedAny            bool
	stats                 rgStats
}

func runRg(ctx context.Context, c *commands.Context) int {
	res, args, status, ok := rgOpts.Parse(c, stripColor(c.Args[1:]))
	if !ok {
		return status
	}
	g := &rgRun{c: c, maxCount: -1, maxDep: -1, ctxSep: "--", out: commands.NewOut(c.Stdout)}
	pats, have, cs, st := g.options(res)
	if st >= 0 {
		return st
	}
	if g.typeListOnly(res) {
		return g.printTypes()
	}
	if !g.checkTypes() {
		return 2
	}
	if !have && !g.files {
		if len(args) == 0 {
			c.Errorf("%s", "no pattern given (rg [OPTIONS] PATTERN [PATH ...])")
			return 2
		}
		pats, args = []string{args[0]}, args[1:]
	}
	if !g.files {
		if st := g.compile(pats, cs); st >= 0 {
			return st
		}
	}
	return g.run(ctx, args)
}

// rgCase is the case mode chosen by -i, -s and -S (last one wins).
type rgCase struct {
	fixed, word, line bool
	mode              byte // 'i', 's' or 'S'
}

func (g *rgRun) options(res []opts.Result) (pats []string, have bool, cs rgCase, st int) {
	cs.mode = 's'
	for _, r := range res {
		switch r.Key {
		case "e":
			pats, have = append(pats, r.Val), true
		case "f":
			data, err := readAllFrom(g.c, r.Val)
			if st, ok := g.c.LimitStatus(err); ok {
				return nil, false, cs, st
			}
			if err != nil {
				g.c.Errorf("%s: %s", r.Val, commands.ErrText(err))
				return nil, false, cs, 2
			}
			have = true
			if data != "" {
				pats = append(pats, strings.Split(strings.TrimSuffix(data, "\n"), "\n")...)
			}
		case "i", "s", "S":
			cs.mode = r.Key[0]
		case "F":
			cs.fixed = true
		case "w":
			cs.word = true
		case "x":
			cs.line = true
		case "A", "B", "C", "m", "d":
			n, err := strconv.ParseInt(r.Val, 10, 64)
			if err != nil || n < 0 {
				g.c.Errorf("invalid value '%s' for '-%s <NUM>': invalid digit found in string", r.Val, r.Key)
				return nil, false, cs, 2
			}
			g.setNum(r.Key, n)
		case "sort", "sortr":
			switch r.Val {
			case "path", "modified", "accessed", "created", "none":
			default:
				g.c.Errorf("invalid value '%s' for '--%s <SORTBY>' [possible values: path, modified, accessed, created, none]", r.Val, r.Key)
				return nil, false, cs, 2
			}
			g.flag(r)
		default:
			g.flag(r)
		}
	}
	return pats, have, cs, -1
}

func (g *rgRun) setNum(key string, n int64) {
	switch key {
	case "A":
		g.after = int(n)
	case "B":
		g.before = int(n)
	case "C":
		g.after, g.before = int(n), int(n)
	case "m":
		g.maxCount = n
	case "d":
		g.maxDep = int(n)
	}
}

func (g *rgRun) flag(r opts.Result) {
	switch r.Key {
	case "v":
		g.invert = true
	case "c":
		g.count = true
	case "count-matches":
		g.countM = true
	case "l":
		g.listMatch = true
	case "files-without-match":
		g.listNoMatch = true
	case "files":
		g.files = true
	case "o":
		g.only = true
	case "q":
		g.quiet = true
	case "H":
		g.nameFlag = 1
	case "I":
		g.nameFlag = -1
	case "n":
		g.lineNum = true
	case "N":
		g.lineNum = false
	case "g", "iglob":
		g.globs = append(g.globs, newRgGlob(r.Val, r.Key == "iglob"))
	case "t":
		g.types = append(g.types, r.Val)
	case "T":
		g.notTypes = append(g.notTypes, r.Val)
	case "hidden":
		g.hidden = true
	case "no-ignore":
		g.noIgnore = true
	case "u":
		// -u disables ignore files, -uu also shows hidden files, -uuu
		// searches binary files; each occurrence goes one step further.
		switch {
		case !g.noIgnore:
			g.noIgnore = true
		case !g.hidden:
			g.hidden = true
		default:
			g.text = true
		}
	case "json":
		g.json = true
	case "column":
		g.column, g.lineNum = true, true
	case "vimgrep":
		g.vimgrep, g.column, g.lineNum = true, true, true
	case "heading":
		g.heading = true
	case "no-heading":
		g.heading = false
	case "0":
		g.null = true
	case "r":
		v := r.Val
		g.replace = &v
	case "a":
		g.text = true
	case "U":
		g.multiline = true
	case "passthru":
		g.passthru = true
	case "include-zero":
		g.includeZero = true
	case "sort", "sortr":
		g.sortBy, g.sortRev = r.Val, r.Key == "sortr"
	case "context-separator":
		g.ctxSep = r.Val
	case "no-messages":
		g.noMsgs = true
	case "trim":
		g.trim = true
	case "b":
		g.byteOff = true
	}
}

func (g *rgRun) typeListOnly(res []opts.Result) bool {
	for _, r := range res {
		if r.Key == "type-list" {
			return true
		}
	}
	return false
}

// compile builds the matcher; patterns use RE2 syntax, which is close to
// the Rust regex syntax ripgrep uses.
func (g *rgRun) compile(pats []string, cs rgCase) int {
	icase := cs.mode == 'i'
	if cs.mode == 'S' {
		icase = !hasUpperPattern(pats)
	}
	mode := byte('P')
	if cs.fixed {
		mode = 'F'
	}
	var split []string
	for _, p := range pats {
		split = append(split, strings.Split(p, "\n")...)
	}
	if mode == 'P' {
		// Report errors against the pattern as typed, not the combined
		// expression built from it.
		for _, p := range split {
			if _, err := regexp.Compile(p); err != nil {
				g.c.Errorf("regex parse error:\n    %s", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
				return 2
			}
		}
	}
	m, err := newGrepMatcher(split, mode, icase, cs.word, cs.line)
	if err != nil {
		g.c.Errorf("regex parse error:\n    %s", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		return 2
	}
	g.m = m
	return -1
}

// hasUpperPattern is smart case's test: an upper-case letter that is not
// part of an escape such as \S or \W.
func hasUpperPattern(pats []string) bool {
	for _, p := range pats {
		for i := 0; i < len(p); i++ {
			if p[i] == '\\' {
				i++
				continue
			}
			if p[i] < 0x80 && unicode.IsUpper(rune(p[i])) {
				return true
			}
		}
	}
	return false
}

// stdinGiven guesses whether something was piped or redirected in: rg
// searches standard input only then, and the working directory otherwise.
func (g *rgRun) stdinGiven() bool {
	switch r := g.c.Stdin.(type) {
	case nil, commands.EofReader:
		return false
	case *bytes.Reader:
		return r.Len() > 0
	case *strings.Reader:
		return r.Len() > 0
	case interface{ Stat() (fs.FileInfo, error) }:
		// A pipe or a redirected file is searched; a terminal or
		// /dev/null (character devices) is not, as ripgrep decides.
		fi, err := r.Stat()
		return err == nil && fi.Mode()&fs.ModeCharDevice == 0
	}
	return true
}

func (g *rgRun) run(ctx context.Context, paths []string) int {
	piped := false
	if len(paths) == 0 && !g.files && g.stdinGiven() {
		// The interpreter hands every command a pipe as stdin, so an
		// empty one is taken to mean "nothing was piped in". Peek blocks
		// only until the first byte arrives; the rest is streamed.
		br := bufio.NewReaderSize(commands.NewCtxReader(ctx, g.c.In()), 64*1024)
		if _, err := br.Peek(1); err == nil {
			g.c.Stdin, piped = br, true
		}
	}
	var targets []rgTarget
	switch {
	case piped:
		targets = []rgTarget{{shown: "<stdin>", stdin: true}}
	case len(paths) == 0:
		targets = []rgTarget{{shown: "", path: ".", dir: true}}
	default:
		for _, p := range paths {
			if p == "-" {
				targets = append(targets, rgTarget{shown: "<stdin>", stdin: true})
				continue
			}
			targets = append(targets, rgTarget{shown: p, path: p})
		}
	}
	g.names = len(targets) > 1
	for i := range targets {
		t := &targets[i]
		if t.stdin {
			continue
		}
		fi, err := g.c.FS.Stat(g.c.Abs(t.path))
		if err == nil && fi.IsDir() {
			t.dir, g.names = true, true
		}
	}
	g.applyNameFlags()
	for _, t := range targets {
		if ctx.Err() != nil || g.quiet && g.matched {
			break
		}
		g.target(ctx, t)
	}
	return g.finish()
}

// applyNameFlags lets -H/-I and --vimgrep override the default.
func (g *rgRun) applyNameFlags() {
	if g.nameFlag != 0 {
		g.names = g.nameFlag > 0
	}
	if g.vimgrep {
		g.names = true
	}
}

func (g *rgRun) finish() int {
	if g.json && !g.files {
		g.jsonSummary()
	}
	if err := g.out.Flush(); err != nil {
		return g.c.WriteFailure(err)
	}
	switch {
	case g.failed && !g.matched:
		return 2
	case g.matched:
		return 0
	}
	return 1
}

// warn prints "rg: msg" unless --no-messages.
func (g *rgRun) warn(format string, args ...any) {
	g.failed = true
	if !g.noMsgs {
		g.out.Flush()
		g.c.Errorf(format, args...)
	}
}
