package commands

import (
	"bufio"
	"bytes"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

func init() { register("rg", runRg) }

var rgOpts = optParser{opts: []opt{
	{short: 'e', long: "regexp", arg: true}, {short: 'f', long: "file", arg: true},
	{short: 'i', long: "ignore-case"}, {short: 's', long: "case-sensitive"}, {short: 'S', long: "smart-case"},
	{short: 'F', long: "fixed-strings"}, {short: 'w', long: "word-regexp"}, {short: 'x', long: "line-regexp"},
	{short: 'v', long: "invert-match"}, {short: 'c', long: "count"}, {long: "count-matches"},
	{short: 'l', long: "files-with-matches"}, {long: "files-without-match"}, {long: "files"},
	{short: 'o', long: "only-matching"}, {short: 'm', long: "max-count", arg: true},
	{short: 'q', long: "quiet"}, {short: 'n', long: "line-number"}, {short: 'N', long: "no-line-number"},
	{short: 'A', long: "after-context", arg: true}, {short: 'B', long: "before-context", arg: true},
	{short: 'C', long: "context", arg: true}, {short: 'g', long: "glob", arg: true}, {long: "iglob", arg: true},
	{short: 't', long: "type", arg: true}, {short: 'T', long: "type-not", arg: true}, {long: "type-list"},
	{long: "hidden"}, {long: "no-ignore"}, {short: 'u', long: "unrestricted"}, {long: "json"},
	{short: 'H', long: "with-filename"}, {short: 'I', long: "no-filename"},
	{long: "heading"}, {long: "no-heading"}, {long: "column"}, {long: "vimgrep"},
	{short: '0', long: "null"}, {short: 'r', long: "replace", arg: true},
	{short: 'a', long: "text"}, {short: 'L', long: "follow"}, {short: 'U', long: "multiline"},
	{short: 'd', long: "max-depth", arg: true}, {long: "sort", arg: true}, {long: "sortr", arg: true}, {long: "include-zero"},
	{long: "passthru"}, {long: "context-separator", arg: true}, {long: "no-messages"},
	{long: "stats"}, {long: "no-config"}, {short: 'j', long: "threads", arg: true},
	{long: "trim"}, {short: 'b', long: "byte-offset"},
}, usage: 2, help: rgHelp}

const rgHelp = "Usage: rg [OPTIONS] PATTERN [PATH ...]\n       rg [OPTIONS] -e PATTERN ... [PATH ...]\n       rg [OPTIONS] --files [PATH ...]\n" +
	"Recursively search the current directory for lines matching a regex pattern,\n" +
	"respecting .gitignore, .ignore and .rgignore files and skipping hidden files.\n"

// rgRun is the state of one rg invocation.
type rgRun struct {
	c                      *Context
	m                      *grepMatcher
	invert, count, countM  bool
	listMatch, listNoMatch bool
	files, quiet, only     bool
	lineNum, names         bool
	heading, json, column  bool
	vimgrep, null, text    bool
	multiline              bool // -U: a match may span lines
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

func runRg(ctx contextT, c *Context) int {
	res, args, status, ok := rgOpts.parse(c, stripColor(c.Args[1:]))
	if !ok {
		return status
	}
	g := &rgRun{c: c, maxCount: -1, maxDep: -1, ctxSep: "--", out: newOut(c.Stdout)}
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

func (g *rgRun) options(res []optResult) (pats []string, have bool, cs rgCase, st int) {
	cs.mode = 's'
	for _, r := range res {
		switch r.key {
		case "e":
			pats, have = append(pats, r.val), true
		case "f":
			data, err := readAllFrom(g.c, r.val)
			if st, ok := g.c.LimitStatus(err); ok {
				return nil, false, cs, st
			}
			if err != nil {
				g.c.Errorf("%s: %s", r.val, ErrText(err))
				return nil, false, cs, 2
			}
			have = true
			if data != "" {
				pats = append(pats, strings.Split(strings.TrimSuffix(data, "\n"), "\n")...)
			}
		case "i", "s", "S":
			cs.mode = r.key[0]
		case "F":
			cs.fixed = true
		case "w":
			cs.word = true
		case "x":
			cs.line = true
		case "A", "B", "C", "m", "d":
			n, err := strconv.ParseInt(r.val, 10, 64)
			if err != nil || n < 0 {
				g.c.Errorf("invalid value '%s' for '-%s <NUM>': invalid digit found in string", r.val, r.key)
				return nil, false, cs, 2
			}
			g.setNum(r.key, n)
		case "sort", "sortr":
			switch r.val {
			case "path", "modified", "accessed", "created", "none":
			default:
				g.c.Errorf("invalid value '%s' for '--%s <SORTBY>' [possible values: path, modified, accessed, created, none]", r.val, r.key)
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

func (g *rgRun) flag(r optResult) {
	switch r.key {
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
	case "n":
		g.lineNum = true
	case "N":
		g.lineNum = false
	case "g", "iglob":
		g.globs = append(g.globs, newRgGlob(r.val, r.key == "iglob"))
	case "t":
		g.types = append(g.types, r.val)
	case "T":
		g.notTypes = append(g.notTypes, r.val)
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
		v := r.val
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
		g.sortBy, g.sortRev = r.val, r.key == "sortr"
	case "context-separator":
		g.ctxSep = r.val
	case "no-messages":
		g.noMsgs = true
	case "trim":
		g.trim = true
	case "b":
		g.byteOff = true
	}
}

func (g *rgRun) typeListOnly(res []optResult) bool {
	for _, r := range res {
		if r.key == "type-list" {
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
	case nil, eofReader:
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

func (g *rgRun) run(ctx contextT, paths []string) int {
	piped := false
	if len(paths) == 0 && !g.files && g.stdinGiven() {
		// The interpreter hands every command a pipe as stdin, so an
		// empty one is taken to mean "nothing was piped in". Peek blocks
		// only until the first byte arrives; the rest is streamed.
		br := bufio.NewReaderSize(ctxReader{ctx, g.c.stdin()}, 64*1024)
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
	for _, a := range g.c.Args[1:] {
		switch a {
		case "-H", "--with-filename":
			g.names = true
		case "-I", "--no-filename":
			g.names = false
		}
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
		return g.c.writeFailure(err)
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
