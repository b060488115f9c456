package arith

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// Input may nest as deep as it likes: the result is an error, never a Go
// stack overflow.
func TestDeepNesting(t *testing.T) {
	const n = 250000
	cases := map[string]string{
		"parens":  strings.Repeat("(", n) + "1" + strings.Repeat(")", n),
		"open":    strings.Repeat("(", n),
		"minus":   strings.Repeat("-", n) + "1",
		"signs":   strings.Repeat("- ", n) + "1",
		"not":     strings.Repeat("!", n) + "1",
		"power":   strings.Repeat("2**", n) + "1",
		"assign":  strings.Repeat("x=", n) + "1",
		"cond":    strings.Repeat("1?", n) + "1" + strings.Repeat(":1", n),
		"opassgn": strings.Repeat("x+=", n) + "1",
		"mixed":   strings.Repeat("(-~!(", n/4) + "1" + strings.Repeat("))", n/4),
	}
	for name, expr := range cases {
		_, err := Eval(expr, newTestEnv(""))
		var ae *Error
		if !errors.As(err, &ae) || ae.Msg != "expression recursion level exceeded" {
			t.Errorf("%s: got %v, want a recursion error", name, err)
		}
	}
}

// A long flat expression is not nesting: it evaluates.
func TestLongFlat(t *testing.T) {
	expr := strings.Repeat("1+", 100000) + "1"
	if v, err := Eval(expr, newTestEnv("")); err != nil || v != 100001 {
		t.Fatalf("got %d, %v", v, err)
	}
}

// bash allows 1024 nested evaluations of variable values (the top level
// counts as one), and says where it stopped.
func TestVariableChain(t *testing.T) {
	chain := func(n int) *testEnv {
		e := newTestEnv("")
		for i := 1; i < n; i++ {
			e.vars[fmt.Sprintf("v%d", i)] = fmt.Sprintf("v%d", i+1)
		}
		e.vars[fmt.Sprintf("v%d", n)] = "7"
		return e
	}
	if v, err := Eval("v1", chain(1023)); err != nil || v != 7 {
		t.Fatalf("1023 links: got %d, %v", v, err)
	}
	_, err := Eval("v1", chain(1024))
	want := `v1024: expression recursion level exceeded (error token is "v1024")`
	if err == nil || err.Error() != want {
		t.Fatalf("1024 links: got %v, want %s", err, want)
	}
}

// Deep values in a chain share one budget, so the sum of their nesting is
// bounded too, while a few deep values are fine.
func TestDeepValuesInChain(t *testing.T) {
	chain := func(n int) *testEnv {
		e := newTestEnv("")
		deep := strings.Repeat("-(", 400) + "v%d" + strings.Repeat(")", 400)
		for i := 1; i <= n; i++ {
			e.vars[fmt.Sprintf("v%d", i)] = fmt.Sprintf(deep, i+1)
		}
		e.vars[fmt.Sprintf("v%d", n+1)] = "7"
		return e
	}
	if v, err := Eval("v1", chain(10)); err != nil || v != 7 {
		t.Fatalf("10 deep values: got %d, %v", v, err)
	}
	_, err := Eval("v1", chain(200))
	var ae *Error
	if !errors.As(err, &ae) || ae.Msg != "expression recursion level exceeded" {
		t.Fatalf("200 deep values: got %v, want a recursion error", err)
	}
}

// Subscripts evaluated by the Env count against the same budget through
// DepthEnv.
func TestNestedSubscripts(t *testing.T) {
	const n = 5000
	expr := strings.Repeat("a[", n) + "0" + strings.Repeat("]", n)
	e := newTestEnv("a[0]=0")
	_, err := Eval(expr, e)
	var ae *Error
	if !errors.As(err, &ae) || ae.Msg != "expression recursion level exceeded" {
		t.Fatalf("got %v, want a recursion error", err)
	}
	if e.depth != (Depth{}) {
		t.Fatalf("depth not restored: %+v", e.depth)
	}
	if v, err := Eval(strings.Repeat("a[", 100)+"0"+strings.Repeat("]", 100), e); err != nil || v != 0 {
		t.Fatalf("100 nested subscripts: got %d, %v", v, err)
	}
}

// Compile reports the first syntax error and still returns an Expr that
// does bash's work up to it.
func TestCompileError(t *testing.T) {
	x, err := Compile("x=5, 1 +")
	want := `x=5, 1 +: syntax error: operand expected (error token is "+")`
	if err == nil || err.Error() != want {
		t.Fatalf("Compile: got %v, want %s", err, want)
	}
	e := newTestEnv("")
	if _, err := x.Eval(e); err == nil || err.Error() != want {
		t.Fatalf("Eval: got %v", err)
	}
	if e.vars["x"] != "5" {
		t.Fatalf("x = %q, want the assignment before the error done", e.vars["x"])
	}
	if _, err := Compile("1 + 2"); err != nil {
		t.Fatal(err)
	}
}

// errEnv fails every access, as an Env does under set -u or for a readonly
// variable; the error comes back unchanged.
type errEnv struct{ get, set error }

func (e errEnv) Get(string, *string) (string, bool, error) { return "", false, e.get }
func (e errEnv) Set(string, *string, int64) error          { return e.set }

func TestEnvErrors(t *testing.T) {
	unbound := errors.New("x: unbound variable")
	if _, err := Eval("1 + x", errEnv{get: unbound}); err != unbound {
		t.Fatalf("got %v", err)
	}
	// Not read where bash does not read: the untaken side and x= targets.
	if v, err := Eval("0 && x", errEnv{get: unbound}); err != nil || v != 0 {
		t.Fatalf("got %d, %v", v, err)
	}
	readonly := errors.New("x: readonly variable")
	if _, err := Eval("x = 1", errEnv{set: readonly}); err != readonly {
		t.Fatalf("got %v", err)
	}
}

// Nothing is written in an untaken branch, even where it holds assignments.
func TestNoSideEffectsWhenSkipped(t *testing.T) {
	for _, expr := range []string{"0 && (x=1, y++, ++z, a[1]=2)", "1 || (x+=1)", "1 ? 2 : (x=3)", "0 ? x-- : 4", "0 && 2**(x=1)"} {
		e := newTestEnv("")
		if _, err := Eval(expr, e); err != nil {
			t.Errorf("%s: %v", expr, err)
		}
		if e.sets != 0 {
			t.Errorf("%s: %d writes", expr, e.sets)
		}
	}
}

func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			e := newTestEnv(fmt.Sprintf("x=%d", g))
			for i := 0; i < 2000; i++ {
				expr := fmt.Sprintf("x*%d + %d", i%50, i%7)
				v, err := Eval(expr, e)
				if want := int64(g*(i%50) + i%7); err != nil || v != want {
					t.Errorf("%s with x=%d: got %d, %v, want %d", expr, g, v, err, want)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}

// The cache holds a bounded amount of text.
func TestCacheBounded(t *testing.T) {
	for i := 0; i < 100000; i++ {
		Eval(fmt.Sprintf("%d + %d", i, i), newTestEnv(""))
	}
	cache.RLock()
	defer cache.RUnlock()
	if cache.bytes > cacheMaxBytes {
		t.Fatalf("cache holds %d bytes", cache.bytes)
	}
	n := 0
	for k := range cache.m {
		n += len(k)
	}
	if n != cache.bytes {
		t.Fatalf("cache counts %d bytes, holds %d", cache.bytes, n)
	}
}

func TestParseInt(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"12", 12, true}, {" 12 ", 12, true}, {"+12", 12, true}, {"-12", -12, true}, {"0", 0, true},
		{"012", 12, true}, {"9223372036854775807", 9223372036854775807, true},
		{"-9223372036854775808", -9223372036854775808, true}, {"9223372036854775808", 0, false},
		{"99999999999999999999", 0, false}, {"0x12", 0, false}, {"", 0, false}, {"-", 0, false},
		{"1 2", 0, false}, {"\t\n7 \t", 7, true}, {"7\n", 0, false}, {"12a", 0, false}, {"1.0", 0, false},
	} {
		if v, ok := ParseInt(c.in); v != c.want || ok != c.ok {
			t.Errorf("ParseInt(%q) = %d, %v; want %d, %v", c.in, v, ok, c.want, c.ok)
		}
	}
}

// Nested subscripts count as bash counts them: 1023 levels work, 1024 do
// not, and the message names the same text.
func TestNestedSubscriptsBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	var ins []input
	for _, n := range []int{1022, 1023, 1024, 1100} {
		ins = append(ins, input{"a[0]=0", strings.Repeat("a[", n) + "0" + strings.Repeat("]", n)})
	}
	want := bashBatch(t, bash, ins)
	for i, in := range ins {
		if got := run(in.setup, in.expr); got != want[i] {
			t.Errorf("%d levels:\n got %.200q\nwant %.200q", (len(in.expr)-1)/3, got, want[i])
		}
	}
}
