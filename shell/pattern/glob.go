package pattern

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/justbash/justbash/vfs"
)

// GlobOptions are the shell options pathname expansion follows.
type GlobOptions struct {
	DotGlob, GlobStar, NoCase, ExtGlob bool
	// KeepDots is bash's globskipdots turned off: '.' and '..' are names a
	// component may match, though only explicitly (by a leading '.' in the
	// pattern), dotglob or not.
	KeepDots bool
	// Ignore holds the GLOBIGNORE patterns. A result matching one (as a
	// whole path, '/' included) is dropped; when Ignore is non-empty, '.'
	// and '..' are never results and dot files match as under DotGlob.
	Ignore []string
	// MaxResults bounds the paths held at any step; 0 means
	// DefaultMaxResults. Past it Glob fails with ErrTooManyResults.
	MaxResults int
}

// DefaultMaxResults is the result bound when GlobOptions.MaxResults is 0.
const DefaultMaxResults = 100_000

// ErrTooManyResults is returned (wrapped, with the bound) when an
// expansion would hold more paths than GlobOptions.MaxResults.
var ErrTooManyResults = errors.New("glob result limit exceeded")

// comp is one slash-separated component of a glob pattern and the
// slashes after it, kept as written so results are spelled as bash does.
type comp struct {
	text, sep string
	// afterStar marks a ** that stands for several consecutive ones: what
	// it starts from counts as reached by a wildcard (see collapseStars).
	afterStar bool
}

// gstate is a path reached so far: as it will be printed, as the FS
// knows it, and whether a wildcard component produced it (which decides
// how bash spells a trailing ** that matched no directory).
type gstate struct {
	spelled, abs string
	meta         bool
	link         bool // a symlink a ** walk listed: a later ** lists it no deeper
}

type globber struct {
	ctx  context.Context
	fsys vfs.FS
	o    GlobOptions
	mode Mode
	dot  bool
	max  int
	n    int // loop counter for ctx checks
}

// Glob expands pat (escaped pattern text, absolute or relative to the
// absolute directory dir) against fsys. Results are spelled as bash
// prints them, sorted bytewise; no match gives an
// empty slice and the caller applies nullglob or failglob.
func Glob(ctx context.Context, fsys vfs.FS, dir, pat string, o GlobOptions) ([]string, error) {
	if pat == "" {
		return nil, nil
	}
	g := &globber{ctx: ctx, fsys: fsys, o: o, max: o.MaxResults}
	if g.max <= 0 {
		g.max = DefaultMaxResults
	}
	g.dot = o.DotGlob || len(o.Ignore) > 0
	g.mode = Pathname
	if o.ExtGlob {
		g.mode |= ExtGlob
	}
	if o.NoCase {
		g.mode |= NoCase
	}
	if !g.dot {
		g.mode |= Period
	}
	i := 0
	for i < len(pat) && pat[i] == '/' {
		i++
	}
	start := gstate{spelled: pat[:i], abs: dir}
	if i > 0 {
		start.abs = "/"
	}
	comps := splitComps(pat[i:])
	if o.GlobStar {
		comps = collapseStars(comps)
	}
	states := []gstate{start}
	ignore, err := g.ignorePatterns()
	if err != nil {
		return nil, err
	}
	// Final results match GLOBIGNORE as whole paths with '/' matched only
	// by '/' — except by a pattern's last '*' (see ignorePattern), which is
	// why GLOBIGNORE=D* hides Dir/z.txt from ** while GLOBIGNORE='*.txt'
	// keeps sub/x.txt.
	final := ignore
	for ci, c := range comps {
		var err error
		states, err = g.step(states, comps, ci, c, i == 0)
		if err != nil {
			return nil, err
		}
		trailingSlash := ci == len(comps)-2 && comps[len(comps)-1].text == ""
		if len(ignore) > 0 && ci < len(comps)-1 && !trailingSlash && c.text != "**" && HasMeta(c.text, g.mode) {
			// bash applies GLOBIGNORE to each level it globs, not only to
			// the final results: GLOBIGNORE=s* hides everything under sub.
			states = slices.DeleteFunc(states, func(st gstate) bool {
				return ignored(strings.TrimRight(st.spelled, "/"), ignore)
			})
		}
		if len(states) == 0 {
			return []string{}, nil
		}
	}
	return g.finish(states, final)
}

func splitComps(rest string) []comp {
	var comps []comp
	for rest != "" {
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			comps = append(comps, comp{text: rest})
			break
		}
		k := j
		for k < len(rest) && rest[k] == '/' {
			k++
		}
		comps = append(comps, comp{text: rest[:j], sep: rest[j:k]})
		if k == len(rest) {
			// A trailing slash: a last, empty component keeps directories.
			comps = append(comps, comp{})
		}
		rest = rest[k:]
	}
	return comps
}

// collapseStars keeps one of consecutive ** components: bash reads
// **/**/x as **/x, so it lists each path once, where expanding both
// would reach every path through every ancestor. The first ** still
// counts as a wildcard: d/**/** spells d itself "d", as d/* would, where
// d/** spells it "d/".
func collapseStars(comps []comp) []comp {
	out := comps[:0:0]
	after := false
	for i, c := range comps {
		if c.text == "**" && i+1 < len(comps) && comps[i+1].text == "**" {
			after = true
			continue
		}
		if c.text == "**" {
			c.afterStar = after
		}
		after = false
		out = append(out, c)
	}
	return out
}

func (g *globber) step(states []gstate, comps []comp, ci int, c comp, relative bool) ([]gstate, error) {
	last := ci == len(comps)-1
	var next []gstate
	add := func(st gstate) error {
		if len(next) >= g.max {
			return fmt.Errorf("%w (%d)", ErrTooManyResults, g.max)
		}
		next = append(next, st)
		return nil
	}
	var err error
	switch {
	case c.text == "" && last:
		for _, st := range states {
			if fi, e := g.fsys.Stat(st.abs); e == nil && fi.IsDir() {
				if err = add(st); err != nil {
					return nil, err
				}
			}
		}
	case g.o.GlobStar && c.text == "**":
		// bash leaves symlinked directories out of a leading **/x of a
		// relative pattern but lists them everywhere else.
		links := !(ci == 0 && relative && !(ci+1 < len(comps) && comps[ci+1].text == "" && ci+1 == len(comps)-1))
		for _, st := range states {
			st.meta = st.meta || c.afterStar
			if err = g.globStar(st, c, last, links, add); err != nil {
				return nil, err
			}
		}
	case !HasMeta(c.text, g.mode):
		lit := Unescape(c.text)
		if c.sep != "" && oddTrailingBackslashes(c.text) {
			// A backslash escaping the '/' after a literal directory
			// is quote removal's, as bash dequotes the directory part:
			// ./tmp\/a/* lists ./tmp/a.
			lit = lit[:len(lit)-1]
		}
		for _, st := range states {
			abs := path.Join(st.abs, lit)
			if lit == "." || lit == ".." {
				// The FS cleans "file/.." lexically; bash asks the file.
				if fi, e := g.fsys.Stat(st.abs); e != nil || !fi.IsDir() {
					continue
				}
			}
			if last {
				if _, e := g.fsys.Lstat(abs); e != nil {
					continue
				}
			}
			if err = add(gstate{st.spelled + lit + c.sep, abs, st.meta, false}); err != nil {
				return nil, err
			}
		}
	default:
		m, err := Compile(c.text, g.mode)
		if err != nil {
			return nil, err
		}
		dots, err := g.dotsMatcher(c.text, m)
		if err != nil {
			return nil, err
		}
		for _, st := range states {
			ents, e := g.fsys.ReadDir(st.abs)
			if e != nil {
				continue // unreadable or not a directory: no matches here
			}
			for _, name := range dots {
				if err := add(gstate{st.spelled + name + c.sep, path.Join(st.abs, name), true, false}); err != nil {
					return nil, err
				}
			}
			for _, ent := range ents {
				if err := g.tick(); err != nil {
					return nil, err
				}
				if name := ent.Name(); m.Match(name) {
					if err := add(gstate{st.spelled + name + c.sep, path.Join(st.abs, name), true, false}); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return next, nil
}

// dotsMatcher lists which of '.' and '..' the component pattern matches
// when globskipdots is off. They must be matched explicitly, so the test
// is always made with Period, even under dotglob (where m lacks it).
func (g *globber) dotsMatcher(text string, m *Pattern) ([]string, error) {
	if !g.o.KeepDots {
		return nil, nil
	}
	if g.mode&Period == 0 {
		var err error
		if m, err = Compile(text, g.mode|Period); err != nil {
			return nil, err
		}
	}
	var names []string
	for _, n := range []string{".", ".."} {
		if m.Match(n) {
			names = append(names, n)
		}
	}
	return names, nil
}

func oddTrailingBackslashes(s string) bool {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

func (g *globber) tick() error {
	g.n++
	if g.n&63 == 0 {
		return g.ctx.Err()
	}
	return nil
}

// globStar expands a ** component from st. Not last, it stands for zero or
// more directories; last, for every path below st (st itself included,
// spelled as bash does: with its slash after a literal directory, without
// after a wildcard one, not at all when there is no directory part).
// Symbolic links are listed but never descended.
func (g *globber) globStar(st gstate, c comp, last, links bool, add func(gstate) error) error {
	if fi, e := g.fsys.Stat(st.abs); e != nil || !fi.IsDir() {
		return nil
	}
	if !last {
		if err := add(gstate{st.spelled, st.abs, true, st.link}); err != nil {
			return err
		}
	} else if st.spelled != "" {
		sp := st.spelled
		if st.meta {
			sp = strings.TrimRight(sp, "/")
		}
		if err := add(gstate{sp, st.abs, true, st.link}); err != nil {
			return err
		}
	}
	if st.link {
		return nil
	}
	type dirRef struct{ abs, spelled string }
	stack := []dirRef{{st.abs, st.spelled}}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		ents, err := g.fsys.ReadDir(d.abs)
		if err != nil {
			continue
		}
		for _, ent := range ents {
			if err := g.tick(); err != nil {
				return err
			}
			name := ent.Name()
			if name[0] == '.' && !g.dot {
				continue
			}
			abs, sp := path.Join(d.abs, name), d.spelled+name
			isDir, link := ent.IsDir(), false
			if isDir {
				stack = append(stack, dirRef{abs, sp + "/"})
			} else if !last && links && ent.Type()&fs.ModeSymlink != 0 {
				fi, err := g.fsys.Stat(abs)
				isDir, link = err == nil && fi.IsDir(), true
			}
			switch {
			case last:
				err = add(gstate{sp, abs, true, false})
			case isDir:
				err = add(gstate{sp + c.sep, abs, true, link})
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// finish drops ignored results and sorts bytewise. Duplicates stay, as
// in bash: **/a/** lists a/a/b once under a and once under a/a, since
// bash expands the directory part and then globs the last component in
// each directory it found, and sorts the concatenation.
func (g *globber) finish(states []gstate, ignore []ignorePattern) ([]string, error) {
	out := make([]string, 0, len(states))
	for _, st := range states {
		if st.spelled == "" || (len(ignore) > 0 && ignored(st.spelled, ignore)) {
			continue
		}
		out = append(out, st.spelled)
	}
	slices.Sort(out)
	return out, nil
}

// ignorePattern is one GLOBIGNORE pattern. bash matches them with
// FNM_PATHNAME ('/' matched only by '/'), but its matcher succeeds as soon
// as it reaches a pattern's final '*', whatever is left of the name,
// slashes included: GLOBIGNORE='sub/*' hides sub/deep/q, 'sub/deep' does
// not. An open pattern is that: the pattern without its final stars,
// which need only match a prefix of the name.
type ignorePattern struct {
	p    *Pattern
	open bool
}

func (ip ignorePattern) match(name string) bool {
	if !ip.open {
		return ip.p.Match(name)
	}
	for i := len(name); i >= 0; i-- {
		if ip.p.Match(name[:i]) {
			return true
		}
	}
	return false
}

// trimFinalStars drops the unescaped '*'s that end pat; ok is false when
// there are none (a final '*' escaped by an odd number of backslashes is
// a literal star).
func trimFinalStars(pat string) (string, bool) {
	end := len(pat)
	for end > 0 && pat[end-1] == '*' {
		bs := 0
		for i := end - 2; i >= 0 && pat[i] == '\\'; i-- {
			bs++
		}
		if bs%2 == 1 {
			break
		}
		end--
	}
	return pat[:end], end < len(pat)
}

// ignorePatterns compiles GLOBIGNORE's patterns.
func (g *globber) ignorePatterns() ([]ignorePattern, error) {
	imode := Pathname
	if g.o.ExtGlob {
		imode |= ExtGlob
	}
	if g.o.NoCase {
		imode |= NoCase
	}
	var ignore []ignorePattern
	for _, ig := range g.o.Ignore {
		body, open := trimFinalStars(ig)
		p, err := Compile(body, imode)
		if err != nil {
			return nil, err
		}
		ignore = append(ignore, ignorePattern{p: p, open: open})
	}
	return ignore, nil
}

func ignored(name string, ignore []ignorePattern) bool {
	base := name
	if i := strings.LastIndexByte(name, '/'); i >= 0 && i+1 < len(name) {
		base = name[i+1:]
	}
	if base == "." || base == ".." {
		return true
	}
	for _, p := range ignore {
		if p.match(name) {
			return true
		}
	}
	return false
}
