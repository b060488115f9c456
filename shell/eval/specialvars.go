package eval

import (
	"strings"
	"time"

	"github.com/justbash/justbash/shell/arith"
	"mvdan.cc/sh/v3/syntax"
)

// frameFile is a call frame's BASH_SOURCE entry: its file, or for a
// function read from -c text "environment" and from standard input
// "main", as bash names them.
func (r *Runner) frameFile(f frame) string {
	if f.file != "" {
		return f.file
	}
	if r.mode == 'c' {
		return "environment"
	}
	return "main"
}

// assocView is BASH_ALIASES or BASH_CMDS: an associative array showing
// the alias or command hash table. bash builds it by walking its table
// (nbuckets buckets) and inserting each entry in a new array of as many
// buckets; we model the walk on a table filled in sorted order (the
// tables are Go maps), which differs from bash only within a bucket.
func assocView(m map[string]string, nbuckets uint32) *Var {
	walk := newAssocBuckets(nbuckets)
	for _, k := range sortedKeys(m) {
		walk.set(k, "")
	}
	a := newAssocBuckets(nbuckets)
	for _, k := range walk.order() {
		a.set(k, m[k])
	}
	return &Var{set: true, attrs: attrAssoc, assoc: a}
}

// bash's tables of aliases and remembered commands have these sizes.
const (
	aliasBuckets = 64
	hashBuckets  = 256
)

// newAssocBuckets is an empty array over a table of n buckets (a power
// of two).
func newAssocBuckets(n uint32) *assocArray {
	a := newAssoc()
	a.nbuckets = n
	return a
}

// bash computes GROUPS and DIRSTACK when a script first refers to one of
// them; until then a listing of all variables (set, declare -p) shows
// it empty.
const (
	dynGroups uint8 = 1 << iota
	dynDirStack
)

// unreferenced reports whether a listing is to show the variable empty;
// any other use marks it referenced.
func (r *Runner) unreferenced(bit uint8) bool {
	if r.listing {
		return r.dynSeen&bit == 0
	}
	r.dynSeen |= bit
	return false
}

// setLoopRef handles a for loop over a nameref: each word becomes the
// name the reference points to (even a readonly one), not a value of its
// target, as in bash and ksh93. ok is false when name is no nameref;
// stop is true when the word is no valid name (reported, status 1).
func (r *Runner) setLoopRef(name, word string) (ok, stop bool) {
	v := r.vars.visible(name)
	if !v.has(attrNameref) || !v.set {
		return false, false
	}
	if !validRefTarget(word) {
		r.errorf("`%s': not a valid identifier", word)
		r.status = 1
		return true, true
	}
	v.str = word
	return true, false
}

// setBashCommand records the simple command about to be expanded and run
// for BASH_COMMAND; a trap's own commands leave the trapped one.
func (r *Runner) setBashCommand(c syntax.Command, rds []*syntax.Redirect) {
	if r.inTrap == "" {
		r.bashNode, r.bashRds, r.bashSrc, r.bashHead = c, rds, r.src, ""
	}
}

// bashCommand is BASH_COMMAND: the current command as bash prints it
// (its words' source text, single-spaced, then its redirections).
func (r *Runner) bashCommand() string {
	if r.bashNode == nil {
		return r.bashHead
	}
	p := &bashPrinter{}
	if r.bashSrc != nil {
		p.src, p.extraBang = r.bashSrc.text, r.bashSrc.extraBang
	}
	p.command(r.bashNode, 0)
	for _, rd := range r.bashRds {
		p.w(" ")
		p.redirect(rd)
	}
	return printedBytes(r.bashSrc, p.b.String())
}

// bashRandom is $RANDOM's generator, the one bash 5.2 documents and
// uses so that a seeded sequence (RANDOM=42) repeats bash's values: the
// Park-Miller "minimal standard" generator (x' = 16807x mod 2^31-1), its
// two halves xored into 15 bits, never the same value twice in a row. A
// subshell (another pid) reseeds on first use unless it assigned RANDOM.
type bashRandom struct {
	state  uint32
	last   int
	pid    int
	seeded bool
}

func (b *bashRandom) next(pid int) int {
	if !b.seeded || b.pid != pid {
		b.state = uint32(time.Now().UnixNano()) ^ uint32(pid)<<16
		b.last, b.pid, b.seeded = 0, pid, true
	}
	for {
		b.state = minStdNext(b.state)
		v := int((b.state>>16)^(b.state&0xffff)) & 32767
		if v != b.last {
			b.last = v
			return v
		}
	}
}

// seedFrom seeds as RANDOM=value does: the value read as an unsigned
// number (what strtoul accepts of it).
func (b *bashRandom) seedFrom(val string, pid int) {
	var n uint64
	for _, c := range strings.TrimLeft(val, " \t\n") {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + uint64(c-'0')
	}
	b.state, b.last, b.pid, b.seeded = uint32(n), 0, pid, true
}

// minStdNext is one step of the minimal standard generator, computed
// without overflow (Schrage's method); 0 is replaced as bash does.
func minStdNext(x uint32) uint32 {
	if x == 0 {
		x = 123459876
	}
	s := int64(x)
	hi, lo := s/127773, s%127773
	t := 16807*lo - 2836*hi
	if t < 0 {
		t += 0x7fffffff
	}
	return uint32(t)
}

// ignoreEOFVar mirrors set -o ignoreeof in IGNOREEOF as bash does: on
// sets it to 10, off unsets it (and assigning or unsetting the variable
// turns the option on or off, in setVar and unsetVar).
func (r *Runner) ignoreEOFVar(on bool) {
	g := r.vars.global()
	if on {
		g.vars["IGNOREEOF"] = &Var{set: true, str: "10"}
		return
	}
	delete(g.vars, "IGNOREEOF")
}

// letArith evaluates one argument of let. Its words were expanded as
// any command's, so the expression is evaluated as it stands: a $ or a
// quote left in it is a syntax error, as in bash (subscripts are still
// expanded when an element is read, by the arithmetic Env).
func (r *Runner) letArith(text string) (int64, bool) {
	saved := r.arithCtx
	r.arithCtx = "let"
	defer func() { r.arithCtx = saved }()
	n, err := arith.Eval(text, arithEnv{r})
	if err != nil {
		r.arithError(err)
		return 0, false
	}
	return n, true
}
