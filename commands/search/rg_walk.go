package search

import (
	"context"
	"sync"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fnmatch"

	"path"
	"slices"
	"sort"
	"strings"
)

// rgTarget is one operand: a file, a directory to walk, or stdin.
type rgTarget struct {
	shown string // how paths below it are printed ("" strips "./")
	path  string
	dir   bool
	stdin bool
}

// rgRule is one line of an ignore file, or one -g glob.
type rgRule struct {
	base     string // directory the rule is relative to (sandbox path)
	pat      string
	neg      bool // "!pat": re-include
	dirOnly  bool // "pat/": directories only
	anchored bool // has a '/' before its end: match the whole relative path
	fold     bool
}

// rgGlob is a -g/--iglob argument.
type rgGlob = rgRule

func newRgGlob(s string, fold bool) rgGlob {
	r := parseIgnoreLine("", s)
	r.fold = fold
	return r
}

// parseIgnoreLine reads one gitignore pattern relative to base.
func parseIgnoreLine(base, line string) rgRule {
	r := rgRule{base: base}
	if strings.HasPrefix(line, "!") {
		r.neg, line = true, line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	if strings.Contains(line, "/") {
		r.anchored, line = true, strings.TrimPrefix(line, "/")
	}
	r.pat = line
	return r
}

// matches tests a path (relative to the rule's base) against the rule.
func (r *rgRule) matches(rel string, isDir bool) bool {
	if r.dirOnly && !isDir || r.pat == "" {
		return false
	}
	if r.anchored {
		return globPath(r.pat, rel, r.fold)
	}
	return globPath(r.pat, path.Base(rel), r.fold)
}

// globPath matches slash-separated segments, where a "**" segment matches
// any number of segments and other segments are fnmatch patterns.
func globPath(pat, name string, fold bool) bool {
	return globSegs(strings.Split(pat, "/"), strings.Split(name, "/"), fold)
}

func globSegs(ps, ns []string, fold bool) bool {
	for len(ps) > 0 {
		if ps[0] == "**" {
			for k := 0; k <= len(ns); k++ {
				if globSegs(ps[1:], ns[k:], fold) {
					return true
				}
			}
			return false
		}
		if len(ns) == 0 || !fnmatch.Match(ps[0], ns[0], fold) {
			return false
		}
		ps, ns = ps[1:], ns[1:]
	}
	return len(ns) == 0
}

// target searches one operand.
func (g *rgRun) target(ctx context.Context, t rgTarget) {
	switch {
	case t.stdin:
		g.searchReader(ctx, "<stdin>", g.c.In())
	case t.dir:
		g.walk(ctx, t, g.c.Abs(t.path), t.shown, 1, nil)
	default:
		if _, err := g.c.FS.Stat(g.c.Abs(t.path)); err != nil {
			g.warn("%s: %s (os error 2)", t.path, commands.ErrText(err))
			return
		}
		if g.files {
			g.printPath(t.shown)
			return
		}
		g.searchPath(ctx, t.shown, t.path, true)
	}
}

// walk visits dir (abs) printed as shown, with the ignore rules gathered
// from the directories above it.
func (g *rgRun) walk(ctx context.Context, t rgTarget, abs, shown string, depth int, rules []rgRule) {
	if g.maxDep >= 0 && depth > g.maxDep {
		return
	}
	ents, err := g.c.FS.ReadDir(abs)
	if err != nil {
		g.warn("%s: %s", displayJoin(shown, ""), commands.ErrText(err))
		return
	}
	if !g.noIgnore {
		rules = g.loadIgnores(abs, rules)
	}
	names := make([]string, 0, len(ents))
	isDir := map[string]bool{}
	mtime := map[string]int64{}
	for _, e := range ents {
		names = append(names, e.Name())
		isDir[e.Name()] = e.IsDir()
		if g.sortBy == "modified" || g.sortBy == "accessed" || g.sortBy == "created" {
			// The sandbox keeps one time per file: all three sort by it.
			if fi, err := e.Info(); err == nil {
				mtime[e.Name()] = fi.ModTime().UnixNano()
			}
		}
	}
	sort.Strings(names)
	if len(mtime) > 0 {
		sort.SliceStable(names, func(i, j int) bool { return mtime[names[i]] < mtime[names[j]] })
	}
	if g.sortRev {
		slices.Reverse(names)
	}
	for _, name := range names {
		if ctx.Err() != nil || g.quiet && g.matched {
			return
		}
		if !g.hidden && strings.HasPrefix(name, ".") || name == ".git" {
			continue
		}
		childAbs := path.Join(abs, name)
		childShown := displayJoin(shown, name)
		rel := strings.TrimPrefix(strings.TrimPrefix(childShown, shownRoot(t)), "/")
		dir := isDir[name]
		if ignoredBy(rules, childAbs, dir) || !g.globOK(rel, dir) {
			continue
		}
		if dir {
			g.walk(ctx, t, childAbs, childShown, depth+1, rules)
			continue
		}
		if !g.typeOK(name) {
			continue
		}
		if g.files {
			g.printPath(childShown)
			continue
		}
		g.searchPath(ctx, childShown, childAbs, false)
	}
}

func shownRoot(t rgTarget) string { return t.shown }

// displayJoin joins an operand and a name as ripgrep prints it: no "./"
// prefix when no path was given.
func displayJoin(shown, name string) string {
	switch {
	case shown == "":
		return name
	case name == "":
		return shown
	case strings.HasSuffix(shown, "/"):
		return shown + name
	}
	return shown + "/" + name
}

// loadIgnores appends the rules of dir's .gitignore, .ignore and
// .rgignore files (later files take precedence, as in ripgrep).
func (g *rgRun) loadIgnores(dir string, rules []rgRule) []rgRule {
	out := rules[:len(rules):len(rules)]
	for _, f := range []string{".gitignore", ".ignore", ".rgignore"} {
		data, err := readAllFrom(g.c, path.Join(dir, f))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(data, "\n") {
			line = strings.TrimSuffix(line, "\r")
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				continue
			}
			out = append(out, parseIgnoreLine(dir, strings.TrimRight(line, " ")))
		}
	}
	return out
}

// ignoredBy applies ignore rules in order; the last matching rule wins.
func ignoredBy(rules []rgRule, abs string, isDir bool) bool {
	ignored := false
	for i := range rules {
		r := &rules[i]
		rel, ok := strings.CutPrefix(abs, strings.TrimSuffix(r.base, "/")+"/")
		if !ok {
			continue
		}
		if r.matches(rel, isDir) {
			ignored = !r.neg
		}
	}
	return ignored
}

// globOK applies -g: "!glob" excludes files and directories; plain globs
// whitelist files (a file must match one of them).
func (g *rgRun) globOK(rel string, isDir bool) bool {
	if len(g.globs) == 0 {
		return true
	}
	included, haveInclude := false, false
	for i := range g.globs {
		r := &g.globs[i]
		if !r.neg {
			haveInclude = true
		}
		if r.matches(rel, isDir) {
			if r.neg {
				return false
			}
			included = true
		}
	}
	return isDir || !haveInclude || included
}

// rgTypes is the built-in subset of ripgrep's file type table.
var rgTypes = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"c":        {"*.[chH]", "*.[chH].in", "*.cats"},
		"cpp":      {"*.[ChH]", "*.cc", "*.cpp", "*.cxx", "*.hh", "*.hpp", "*.hxx", "*.inl"},
		"css":      {"*.css", "*.scss"},
		"csv":      {"*.csv"},
		"go":       {"*.go"},
		"html":     {"*.htm", "*.html"},
		"java":     {"*.java"},
		"js":       {"*.cjs", "*.js", "*.jsx", "*.mjs", "*.vue"},
		"json":     {"*.json", "composer.lock"},
		"markdown": {"*.markdown", "*.md", "*.mdown", "*.mdwn", "*.mkd", "*.mkdn", "*.mdx"},
		"md":       {"*.markdown", "*.md", "*.mdown", "*.mdwn", "*.mkd", "*.mkdn", "*.mdx"},
		"php":      {"*.php", "*.php3", "*.php4", "*.php5", "*.phtml"},
		"py":       {"*.py", "*.pyi"},
		"ruby":     {"*.gemspec", "*.rb", ".irbrc", "Gemfile", "Rakefile"},
		"rust":     {"*.rs"},
		"sh":       {"*.bash", "*.sh", "*.zsh", ".bashrc", ".profile", ".zshrc"},
		"sql":      {"*.psql", "*.sql"},
		"toml":     {"*.toml", "Cargo.lock"},
		"ts":       {"*.cts", "*.mts", "*.ts", "*.tsx"},
		"txt":      {"*.txt"},
		"xml":      {"*.xml", "*.xml.dist", "*.xsd", "*.xsl", "*.xslt"},
		"yaml":     {"*.yaml", "*.yml"},
	}
})

func typeMatches(name, typ string) bool {
	for _, gl := range rgTypes()[typ] {
		if fnmatch.Match(gl, name, false) {
			return true
		}
	}
	return false
}

// typeOK applies -t (any of) and -T (none of) to a file name.
func (g *rgRun) typeOK(name string) bool {
	for _, t := range g.notTypes {
		if typeMatches(name, t) {
			return false
		}
	}
	if len(g.types) == 0 {
		return true
	}
	for _, t := range g.types {
		if typeMatches(name, t) {
			return true
		}
	}
	return false
}

// checkTypes reports an unknown -t/-T name as ripgrep does.
func (g *rgRun) checkTypes() bool {
	for _, t := range append(append([]string(nil), g.types...), g.notTypes...) {
		if _, ok := rgTypes()[t]; !ok {
			g.c.Errorf("unrecognized file type: %s", t)
			return false
		}
	}
	return true
}

func (g *rgRun) printTypes() int {
	names := make([]string, 0, len(rgTypes()))
	for n := range rgTypes() {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		g.out.WriteString(n + ": " + strings.Join(rgTypes()[n], ", ") + "\n")
	}
	return g.c.FinishOut(g.out, 0)
}

func (g *rgRun) printPath(p string) {
	g.matched = true
	g.out.WriteString(p)
	if g.null {
		g.out.WriteByte(0)
	} else {
		g.out.WriteByte('\n')
	}
}
