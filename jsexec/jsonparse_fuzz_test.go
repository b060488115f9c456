package jsexec

import (
	"strings"
	"sync"
	"testing"

	"github.com/dop251/goja"
)

// fuzzJSON is one runtime for FuzzHostJSON's inputs (one per fuzzing
// process; the inputs only read it).
var fuzzJSON = sync.OnceValues(func() (*rt, goja.Callable) {
	r, err := jsonTestRT()
	if err != nil {
		panic(err)
	}
	dv, err := r.vm.RunString(describeJS)
	if err != nil {
		panic(err)
	}
	describe, _ := goja.AssertFunction(dv)
	return r, describe
})

// FuzzHostJSON is the one-pass parser against goja's JSON.parse on any
// text: both accept it with the same value (every property, in order, by
// its descriptor) or both refuse it — except numbers out of range, which
// the parser makes ±Infinity where goja throws.
func FuzzHostJSON(f *testing.F) {
	for _, s := range append(append([]string{}, jsonTexts...), badJSONTexts...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Count(text, "[")+strings.Count(text, "{") > 200 {
			return // nesting has its own tests; goja's parser recurses without a bound
		}
		r, describe := fuzzJSON()
		desc := func(v goja.Value) string {
			s, err := describe(goja.Undefined(), v)
			if err != nil {
				t.Fatal(err)
			}
			return s.String()
		}
		got, gerr := r.parseHostJSON(text)
		want, werr := r.in.parse(goja.Undefined(), r.vm.ToValue(text))
		switch {
		case gerr != nil && werr != nil:
		case gerr == nil && werr == nil:
			if g, w := desc(got), desc(want); g != w {
				t.Fatalf("%q:\n parser     %s\n JSON.parse %s", text, g, w)
			}
		case gerr == nil && strings.Contains(desc(got), "Infinity"):
			// out of range: ±Infinity here, goja threw
		default:
			t.Fatalf("%q: parser error %v, JSON.parse error %v", text, gerr, werr)
		}
	})
}
