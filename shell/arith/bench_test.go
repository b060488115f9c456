package arith

import (
	"strconv"
	"testing"
)

// benchEnv holds one variable and allocates nothing itself, so the numbers
// measure this package alone.
type benchEnv struct {
	val string
	n   int64
}

func (e *benchEnv) Get(string, *string) (string, bool, error) { return e.val, true, nil }
func (e *benchEnv) Set(_ string, _ *string, v int64) error    { e.n = v; return nil }

func BenchmarkEvalCompare(b *testing.B) {
	env := &benchEnv{val: "5000"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if v, err := Eval("i < 10000", env); err != nil || v != 1 {
			b.Fatal(v, err)
		}
	}
}

func BenchmarkEvalIncrement(b *testing.B) {
	env := &benchEnv{val: "5000"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Eval("i++", env); err != nil {
			b.Fatal(err)
		}
	}
}

// A value that is itself an expression is compiled once, then cached.
func BenchmarkEvalExprValue(b *testing.B) {
	env := &benchEnv{val: "2*3+1"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if v, err := Eval("x * 2", env); err != nil || v != 14 {
			b.Fatal(v, err)
		}
	}
}

// The whole of for ((i=0; i<10000; i++)) with a map-based Env that stores
// strings, as a shell does.
func BenchmarkLoop10k(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		env := newTestEnv("")
		Eval("i=0", env)
		for {
			v, _ := Eval("i<10000", env)
			if v == 0 {
				break
			}
			Eval("i++", env)
		}
		if env.vars["i"] != strconv.Itoa(10000) {
			b.Fatal(env.vars["i"])
		}
	}
}

func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		compile("x = (a[i] + 3) * y ? z++ : 1 << 4")
	}
}
