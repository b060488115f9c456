package main

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"slices"
	"sort"
	"strings"
)

// Word is one shell word or a group that goes together ("-n 5", "<&-").
// Text is bash source, quoted already. Tag names what it exercises; the
// tags left after shrinking name the divergence category. Keep marks the
// words the command cannot do without (sed's script, tr's sets), which the
// shrinker leaves alone.
type Word struct {
	Text string
	Tag  string
	Keep bool
}

// Stage is one command of a pipeline.
type Stage struct {
	Name  string
	Words []Word
}

func (s Stage) text() string {
	var b strings.Builder
	b.WriteString(s.Name)
	for _, w := range s.Words {
		b.WriteByte(' ')
		b.WriteString(w.Text)
	}
	return b.String()
}

// Inv is one generated test: the command under test (the last stage),
// perhaps fed by a producer stage, with a fixture on stdin, in a locale.
type Inv struct {
	Cmd    string
	Index  int
	Stages []Stage
	// Stdin names the fixture fed on the script's stdin ("" is empty).
	Stdin  string
	Locale string
	// Post is shell text run after the command (Spec.Post).
	Post string
}

// Text is the script both sides run.
func (v Inv) Text() string {
	parts := make([]string, len(v.Stages))
	for i, s := range v.Stages {
		parts[i] = s.text()
	}
	return strings.Join(parts, " | ") + v.Post
}

// Tags lists the distinct tags of the invocation, in order: the producer,
// the words of the command, stdin and locale.
func (v Inv) Tags() []string {
	var out []string
	add := func(t string) {
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	for i, s := range v.Stages {
		if i < len(v.Stages)-1 {
			add("pipe")
			continue
		}
		for _, w := range s.Words {
			add(w.Tag)
		}
	}
	if v.Stdin != "" && len(v.Stages) == 1 {
		if t := fixtureTag(v.Stdin); t != "" {
			add("stdin:" + t)
		}
	}
	if v.Locale != "C" {
		add("utf8loc")
	}
	return out
}

// Gen draws from one seeded source, so (seed, command, index) always
// yields the same invocation.
type Gen struct {
	r    *rand.Rand
	spec *Spec
}

func (g *Gen) intn(n int) int           { return g.r.Intn(n) }
func (g *Gen) chance(n int) bool        { return g.r.Intn(n) == 0 }
func (g *Gen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }

// Opt is one option of a command. Arg, when set, draws its value (quoted
// shell text; sometimes an invalid one); nil means a flag.
type Opt struct {
	Short byte
	Long  string
	Arg   func(g *Gen) string
}

func (o Opt) name() string {
	if o.Short != 0 {
		return "-" + string(o.Short)
	}
	return "--" + o.Long
}

// Spec describes how to call one command.
type Spec struct {
	Name string
	Opts []Opt
	// Lead draws the operands that come first and stay (a program, a
	// pattern, tr's sets); nil for none.
	Lead func(g *Gen) []Word
	// Files are the fixtures operands are drawn from; MaxFiles bounds
	// their number (0: the command takes no file operands).
	Files    []string
	MaxFiles int
	// Stdin are the fixtures fed on stdin; nil means Files.
	Stdin []string
	// NoPipe: never fed by a producer (it reads no stdin).
	NoPipe bool
	// Invoke is how the script calls the command, when not by Name
	// ("env printf" reaches the printf command, not bash's builtin).
	Invoke string
	// Post is shell text appended to every invocation: "| sort" for find,
	// whose order is the host directory's, or a look at the files a
	// command wrote ("; cat out").
	Post string
}

// specs is every command the harness knows, in report order; the spec_*.go
// files add to it.
var specs []*Spec

func findSpec(name string) *Spec {
	for _, s := range specs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// SpecNames lists the commands in report order.
func SpecNames() []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.Name
	}
	return out
}

// Plan generates n invocations from seed, spread evenly over the commands
// of only (comma-separated; empty means all). Invocation i of a command
// depends only on (seed, command, i), so -only reproduces a full run's.
func Plan(seed int64, n int, only string) ([]Inv, error) {
	chosen := specs
	if only != "" {
		chosen = nil
		for _, name := range strings.Split(only, ",") {
			s := findSpec(strings.TrimSpace(name))
			if s == nil {
				return nil, fmt.Errorf("unknown command %q (have %s)", name, strings.Join(SpecNames(), ","))
			}
			chosen = append(chosen, s)
		}
	}
	out := make([]Inv, 0, n)
	for i := 0; i < n; i++ {
		s := chosen[i%len(chosen)]
		idx := i / len(chosen)
		h := fnv.New64a()
		fmt.Fprintf(h, "%d/%s/%d", seed, s.Name, idx)
		g := &Gen{r: rand.New(rand.NewSource(int64(h.Sum64()))), spec: s}
		inv := g.invocation()
		inv.Index = idx
		out = append(out, inv)
	}
	return out, nil
}

// invocation draws one call of g.spec.
func (g *Gen) invocation() Inv {
	s := g.spec
	inv := Inv{Cmd: s.Name, Locale: "C", Post: s.Post}
	if g.chance(3) {
		inv.Locale = "C.UTF-8"
	}
	call := s.Name
	if s.Invoke != "" {
		call = s.Invoke
	}
	last := Stage{Name: call, Words: g.words(true)}
	if !s.NoPipe && g.chance(6) {
		inv.Stages = append(inv.Stages, g.producer())
	} else {
		stdin := s.Stdin
		if stdin == nil {
			stdin = s.Files
		}
		if len(stdin) > 0 && !g.chance(4) {
			inv.Stdin = stdin[g.intn(len(stdin))]
		}
		switch {
		case g.chance(10):
			last.Words = append(last.Words, Word{Text: "<&-", Tag: "stdin-closed"})
		case len(stdin) > 0 && g.chance(10):
			f := stdin[g.intn(len(stdin))]
			last.Words = append(last.Words, Word{Text: "< " + f, Tag: "redir"})
		}
	}
	inv.Stages = append(inv.Stages, last)
	return inv
}

// producer is a valid call of another command that feeds the one under
// test; its stderr is dropped so that the two stages' messages cannot
// interleave differently from run to run.
func (g *Gen) producer() Stage {
	var cands []*Spec
	for _, s := range specs {
		if s.MaxFiles > 0 && s.Lead == nil {
			cands = append(cands, s)
		}
	}
	p := &Gen{r: g.r, spec: cands[g.intn(len(cands))]}
	st := Stage{Name: p.spec.Name, Words: p.words(false)}
	st.Words = append(st.Words, Word{Text: "2>/dev/null"})
	return st
}

// words draws options and operands; wild adds invalid options, "--",
// missing files and directories.
func (g *Gen) words(wild bool) []Word {
	s := g.spec
	var opts, operands []Word
	for n := g.intn(4); n > 0 && len(s.Opts) > 0; n-- {
		opts = append(opts, g.option(s.Opts[g.intn(len(s.Opts))]))
	}
	if wild && g.chance(6) {
		opts = append(opts, g.badOption())
	}
	if s.Lead != nil {
		operands = append(operands, s.Lead(g)...)
	}
	if s.MaxFiles > 0 {
		for n := g.intn(s.MaxFiles + 1); n > 0; n-- {
			f := s.Files[g.intn(len(s.Files))]
			if wild && g.chance(8) {
				f = g.pick(missingFile, "d", "-")
			}
			operands = append(operands, Word{Text: f, Tag: fixtureTag(f)})
		}
	}
	// GNU permutes: options may follow operands, unless "--" ends them.
	out := append([]Word(nil), operands...)
	for _, o := range opts {
		at := len(out)
		if len(out) > 0 && g.chance(4) {
			at = g.intn(len(out) + 1)
		}
		out = slices.Insert(out, at, o)
	}
	// Now and then "--" ends the options before all operands.
	if wild && g.chance(10) && len(operands) > 0 {
		out = append(opts, Word{Text: "--", Tag: "endopts"})
		out = append(out, operands...)
	}
	if wild && g.chance(12) {
		if o, ok := g.argOpt(); ok {
			out = append(out, Word{Text: o, Tag: "noarg"})
		}
	}
	return out
}

// option draws one spelling of o: short, attached, clustered, long,
// long=VALUE or an unambiguous abbreviation.
func (g *Gen) option(o Opt) Word {
	long := o.Long != "" && (o.Short == 0 || g.chance(2))
	if long {
		name, tag := "--"+o.Long, o.name()
		if ab := g.abbrev(o.Long); ab != "" && g.chance(3) {
			name, tag = "--"+ab, tag+"(abbr)"
		}
		if o.Arg == nil {
			return Word{Text: name, Tag: tag}
		}
		if g.chance(2) {
			return Word{Text: name + "=" + o.Arg(g), Tag: tag}
		}
		return Word{Text: name + " " + o.Arg(g), Tag: tag}
	}
	short := "-" + string(o.Short)
	if o.Arg == nil {
		// Cluster with another flag now and then: -nE.
		if g.chance(4) {
			for _, p := range g.spec.Opts {
				if p.Short != 0 && p.Arg == nil && p.Short != o.Short {
					if g.chance(2) {
						return Word{Text: short + string(p.Short), Tag: o.name() + p.name()[1:]}
					}
				}
			}
		}
		return Word{Text: short, Tag: o.name()}
	}
	v := o.Arg(g)
	if g.chance(2) && v != "''" {
		return Word{Text: short + v, Tag: o.name() + "N"}
	}
	return Word{Text: short + " " + v, Tag: o.name()}
}

// abbrev returns a random unambiguous proper prefix of long among the
// spec's long names, or "" if there is none.
func (g *Gen) abbrev(long string) string {
	var names []string
	for _, o := range g.spec.Opts {
		if o.Long != "" {
			names = append(names, o.Long)
		}
	}
	sort.Strings(names)
	var ok []string
	for n := 1; n < len(long); n++ {
		p := long[:n]
		hits := 0
		for _, x := range names {
			if strings.HasPrefix(x, p) {
				hits++
			}
		}
		if hits == 1 {
			ok = append(ok, p)
		}
	}
	if len(ok) == 0 {
		return ""
	}
	return ok[g.intn(len(ok))]
}

// badOption draws an unknown short or long option, or an ambiguous
// abbreviation when the command has one.
func (g *Gen) badOption() Word {
	switch g.intn(3) {
	case 0:
		for _, c := range "QYjK" {
			if !slices.ContainsFunc(g.spec.Opts, func(o Opt) bool { return o.Short == byte(c) }) {
				return Word{Text: "-" + string(c), Tag: "badopt"}
			}
		}
	case 1:
		var names []string
		for _, o := range g.spec.Opts {
			if o.Long != "" {
				names = append(names, o.Long)
			}
		}
		for _, a := range names {
			for _, b := range names {
				if a < b && a[0] == b[0] {
					n := 1
					for n < len(a) && n < len(b) && a[n] == b[n] {
						n++
					}
					if n < len(a) && n < len(b) {
						return Word{Text: "--" + a[:n], Tag: "ambig"}
					}
				}
			}
		}
	}
	return Word{Text: "--bogus", Tag: "badlong"}
}

// argOpt returns an option that takes a value, spelled without one.
func (g *Gen) argOpt() (string, bool) {
	var withArg []Opt
	for _, o := range g.spec.Opts {
		if o.Arg != nil {
			withArg = append(withArg, o)
		}
	}
	if len(withArg) == 0 {
		return "", false
	}
	o := withArg[g.intn(len(withArg))]
	if o.Long != "" && (o.Short == 0 || g.chance(2)) {
		return "--" + o.Long, true
	}
	return "-" + string(o.Short), true
}

// q quotes s for bash when it needs it.
func q(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-+_.,:/=%@", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// oneOf returns an Arg drawing one of vals (quoted).
func oneOf(vals ...string) func(g *Gen) string {
	return func(g *Gen) string { return q(vals[g.intn(len(vals))]) }
}

// lead returns a Lead drawing one entry of alts, each a list of operands.
func lead(tag string, alts ...[]string) func(g *Gen) []Word {
	return func(g *Gen) []Word {
		a := alts[g.intn(len(alts))]
		ws := make([]Word, len(a))
		for i, s := range a {
			ws[i] = Word{Text: q(s), Keep: true}
		}
		if len(ws) > 0 {
			ws[0].Tag = tag
		}
		return ws
	}
}
