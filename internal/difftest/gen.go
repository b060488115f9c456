package main

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"strings"
)

// Stmt is one complete bash command (it may span lines). Tag names the
// construct it exercises; the tags left after shrinking name the
// divergence category in reports.
type Stmt struct {
	Tag  string
	Code string
}

// Script is one generated test: statements of one area, run in order.
type Script struct {
	Area  string
	Index int
	Stmts []Stmt
}

// Text joins the statements into the script both shells run.
func (s Script) Text() string { return joinStmts(s.Stmts) }

func joinStmts(stmts []Stmt) string {
	var b strings.Builder
	for _, st := range stmts {
		b.WriteString(st.Code)
		b.WriteByte('\n')
	}
	return b.String()
}

// Tags lists the distinct tags of the statements, in order.
func (s Script) Tags() []string {
	var out []string
	seen := map[string]bool{}
	for _, st := range s.Stmts {
		if !seen[st.Tag] {
			seen[st.Tag] = true
			out = append(out, st.Tag)
		}
	}
	return out
}

// Gen draws script fragments from one seeded source, so a (seed, area,
// index) triple always yields the same script.
type Gen struct {
	r *rand.Rand
}

// NewGen returns a generator over r.
func NewGen(r *rand.Rand) *Gen { return &Gen{r: r} }

func (g *Gen) intn(n int) int { return g.r.Intn(n) }

// pick returns one of xs.
func (g *Gen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }

// chance is true with probability 1/n.
func (g *Gen) chance(n int) bool { return g.r.Intn(n) == 0 }

// producer makes one statement of an area.
type producer func(g *Gen) Stmt

// area is a named group of producers; setup statements (if any) come first
// in every script of the area.
type area struct {
	name  string
	setup func(g *Gen) []Stmt
	prods []producer
	// min and max bound the number of producer statements per script.
	min, max int
}

// areas lists every area in the order reports show them. Each grammar_*.go
// file contributes its group.
var areas = func() []area {
	var all []area
	all = append(all, wordAreas()...)
	all = append(all, paramAreas()...)
	all = append(all, arithAreas()...)
	all = append(all, flowAreas()...)
	all = append(all, ioAreas()...)
	all = append(all, builtinAreas()...)
	all = append(all, nrefAreas()...)
	return all
}()

// AreaNames lists the area names in report order.
func AreaNames() []string {
	out := make([]string, len(areas))
	for i, a := range areas {
		out[i] = a.name
	}
	return out
}

func findArea(name string) (area, bool) {
	for _, a := range areas {
		if a.name == name {
			return a, true
		}
	}
	return area{}, false
}

// scriptSeed derives the source of one script from the run seed, the area
// and the index, so -area A reproduces exactly the scripts of A in a full run.
func scriptSeed(seed int64, areaName string, index int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s/%d", seed, areaName, index)
	return int64(h.Sum64() >> 1)
}

// Generate builds script number index of the named area.
func Generate(seed int64, areaName string, index int) (Script, error) {
	a, ok := findArea(areaName)
	if !ok {
		return Script{}, fmt.Errorf("unknown area %q (have %s)", areaName, strings.Join(AreaNames(), ", "))
	}
	g := NewGen(rand.New(rand.NewSource(scriptSeed(seed, areaName, index))))
	s := Script{Area: a.name, Index: index}
	if a.setup != nil {
		s.Stmts = append(s.Stmts, a.setup(g)...)
	}
	n := a.min + g.intn(a.max-a.min+1)
	for range n {
		s.Stmts = append(s.Stmts, a.prods[g.intn(len(a.prods))](g))
	}
	return s, nil
}

// Plan lists the scripts of a run: n scripts spread round-robin over the
// selected areas (all when only is empty).
func Plan(seed int64, n int, only string) ([]Script, error) {
	names := AreaNames()
	if only != "" {
		names = strings.Split(only, ",")
	}
	var out []Script
	for i := range n {
		name := names[i%len(names)]
		s, err := Generate(seed, name, i/len(names))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// show prints each expansion between angle brackets on one line, so empty
// fields and word boundaries are visible in the output.
func show(words ...string) string {
	return "printf '<%s>' " + strings.Join(words, " ") + "; echo"
}

// values are bash literals of awkward strings: spaces, globs, separators,
// quotes, escapes, non-ASCII, text that looks like an option or arithmetic.
var values = []string{
	`''`, `a`, `'hello world'`, `'  lead  trail  '`, `'a*b'`, `'x:y::z'`,
	`$'tab\there'`, `'a\b'`, `'*'`, `-n`, `'héllo wörld'`, `path/to/file.txt`,
	`'AbC dEf'`, `'1+1'`, `"a'b"`, `'a"b'`, `'$HOME'`, `$'line1\nline2'`,
	`'foo.tar.gz'`, `'/usr/local/bin'`, `'aaa bbb aaa'`, `'-e'`, `'a,b,,c'`,
}

func (g *Gen) value() string { return values[g.intn(len(values))] }
