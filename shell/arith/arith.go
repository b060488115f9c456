// Package arith evaluates bash arithmetic — $(( )), (( )), let, for ((;;)),
// declare -i assignments, array subscripts and [[ -eq ]] operands — exactly
// as bash 5.2 does.
//
// The caller expands $-parameters and removes quotes first, as bash does;
// this package does the rest. A bare name's value is itself parsed and
// evaluated as an expression, recursively, as bash does (x="1+1" then
// $((x*2)) is 4), with bash's limit of 1024 nested evaluations. Integers are
// 64-bit and wrap around; errors carry bash's own message text.
//
// bash evaluates while it parses, so the work to the left of a syntax error
// is done before the error is reported. Compiled expressions keep that
// order (see parse.go), so caching them changes nothing a script can see.
//
// Where this package differs from bash on purpose:
//   - Nesting inside one expression (parentheses, unary operators, the
//     right-hand sides of = ** ?:) is bounded at 1024 levels, and the summed
//     depth of all expressions being evaluated at once at 50000, both
//     reported as "expression recursion level exceeded". bash has no such
//     bound and overflows its stack.
//   - What bash does with an element of an array is the Env's business:
//     negative indices, associative keys, a[] (which bash reports, twice,
//     without stopping) and a[@].
//
// For the Env: implement DepthEnv when Get or Set evaluates subscripts with
// Eval, so nesting through subscripts is bounded like bash's, and IndexEnv
// so that a[i++]++ evaluates its subscript once, as bash does.
package arith

import (
	"fmt"
	"strings"
	"sync"
)

// Env gives arithmetic access to shell variables. sub is nil for a plain
// name, else the raw subscript text between [ and ]: the Env decides how to
// read it (an arithmetic index for an indexed array, which it may evaluate by
// calling Eval again, or a string key for an associative one). bash expands
// $-parameters in a subscript when it reads the element (x='a[$j]' then
// $((x))), so that is the Env's job too. An empty subscript (a[]) is passed
// as a pointer to "".
type Env interface {
	Get(name string, sub *string) (val string, set bool, err error)
	Set(name string, sub *string, val int64) error
}

// DepthEnv is an Env that shares one recursion account among nested
// evaluations: when its Get or Set evaluates a subscript by calling Eval, the
// nested evaluation counts against the same bound as bash's expression
// depth. An Env whose subscripts can nest (a[a[a[…]]]) should implement it.
type DepthEnv interface {
	Env
	ArithDepth() *Depth
}

// Depth is the recursion account of one evaluation and those nested in it.
// The zero value is ready to use; it must not be shared between goroutines.
type Depth struct {
	contexts int // expressions being evaluated, as bash's expr_depth
	height   int // sum of their tree heights: bounds the Go stack
}

const (
	// maxContexts is bash's MAX_EXPR_RECURSION_LEVEL.
	maxContexts = 1024
	// maxHeight bounds the total nesting of all expressions being
	// evaluated at once, which is what the Go stack holds.
	maxHeight = 50000
)

// Error is an arithmetic error as bash reports it. Expr is the expression
// being evaluated (for a variable's value, that value), without leading
// blanks; Token is the text from the offending token to the end.
type Error struct {
	Expr, Msg, Token string
	// atEntry marks a recursion error raised on entering an evaluation
	// (an Env evaluating a subscript): bash names the expression that
	// holds the subscript, which the outer evaluation fills in.
	atEntry bool
}

const msgTooDeep = "expression recursion level exceeded"

// Error renders bash's text without the "bash: line N: " (and "let: " or
// "((: ") prefix, which the caller adds.
func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s (error token is \"%s\")", e.Expr, e.Msg, e.Token)
}

// Expr is a compiled expression. It is immutable and safe for concurrent use.
type Expr struct {
	src    string
	root   *node // nil for an empty or all-blank expression
	height int
	err    *Error
}

// Compile parses expr. When expr has a syntax error, Compile returns that
// error and also an Expr whose Eval does the work bash does before it meets
// the error, then returns it; a caller that evaluates should use the Expr.
func Compile(expr string) (*Expr, error) {
	x := compile(expr)
	if x.err != nil {
		return x, x.err
	}
	return x, nil
}

func compile(expr string) *Expr {
	x := &Expr{src: expr}
	if strings.TrimLeft(expr, " \t\n") == "" {
		return x
	}
	p := &parser{src: strings.TrimLeft(expr, " \t")}
	p.lx.src = expr
	x.root = p.parse()
	x.height = treeHeight(x.root)
	x.err = p.err
	return x
}

func treeHeight(n *node) int {
	h := 0
	for _, k := range n.kids {
		if k != nil {
			h = max(h, treeHeight(k))
		}
	}
	return h + 1
}

// Empty reports whether the expression is empty or all blank: it evaluates
// to 0, but for ((;;)) an empty condition means true.
func (x *Expr) Empty() bool { return x.root == nil }

// String returns the source text.
func (x *Expr) String() string { return x.src }

// Eval parses expr (through a cache) and evaluates it.
func Eval(expr string, env Env) (int64, error) {
	return cached(expr).Eval(env)
}

// Eval evaluates the expression with env's variables.
func (x *Expr) Eval(env Env) (int64, error) {
	if x.root == nil {
		return 0, nil
	}
	var d *Depth
	if de, ok := env.(DepthEnv); ok {
		d = de.ArithDepth()
	}
	if d == nil {
		// A pool, because escape analysis moves a local to the heap once
		// the recursive evaluator holds a pointer to it.
		d = depthPool.Get().(*Depth)
		*d = Depth{} // in case an Env panicked through a previous use
		defer depthPool.Put(d)
	}
	if d.contexts >= maxContexts || d.height+x.height > maxHeight {
		return 0, &Error{Expr: strings.TrimLeft(x.src, " \t"), Msg: msgTooDeep, Token: strings.TrimLeft(x.src, " \t\n"), atEntry: true}
	}
	d.contexts++
	d.height += x.height
	st := state{env: env, d: d}
	v, err := st.eval(x.root, false)
	d.contexts--
	d.height -= x.height
	return v, err
}

var depthPool = sync.Pool{New: func() any { return new(Depth) }}

// The cache maps expression text to compiled expressions. Its size is
// bounded by the total text held; when full, entries are dropped at random
// (Go's map iteration order), which is enough for loops that reuse a few
// expressions.
const (
	cacheMaxBytes = 256 << 10
	cacheMaxExpr  = 4 << 10
)

var cache struct {
	sync.RWMutex
	m     map[string]*Expr
	bytes int
}

func cached(expr string) *Expr {
	cache.RLock()
	x, ok := cache.m[expr]
	cache.RUnlock()
	if ok {
		return x
	}
	x = compile(expr)
	if len(expr) > cacheMaxExpr {
		return x
	}
	cache.Lock()
	if cache.m == nil {
		cache.m = make(map[string]*Expr)
	}
	for k := range cache.m {
		if cache.bytes+len(expr) <= cacheMaxBytes {
			break
		}
		cache.bytes -= len(k)
		delete(cache.m, k)
	}
	if _, dup := cache.m[expr]; !dup {
		cache.m[expr] = x
		cache.bytes += len(expr)
	}
	cache.Unlock()
	return x
}

// IndexEnv is an Env that resolves a subscript once for an element that is
// both read and written (a[i++]++, a[i++]+=2), as bash does: Index returns
// the subscript's resolved form (the evaluated index of an indexed array, the
// key of an associative one), which is then passed to Get and Set in place of
// the raw text, so side effects in the subscript happen once.
type IndexEnv interface {
	Env
	Index(name, sub string) (string, error)
}
