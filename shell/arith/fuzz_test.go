package arith

import (
	"errors"
	"os"
	"testing"
	"time"
)

// FuzzEval: no input panics or hangs, and an expression that does not
// compile never evaluates without an error.
func FuzzEval(f *testing.F) {
	for _, r := range table {
		f.Add(r.expr)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		t0 := time.Now()
		defer func() {
			if d := time.Since(t0); d > 2*time.Second && os.Getenv("ARITH_FUZZ_SLOW") != "" {
				t.Fatalf("%v on %q", d, expr)
			}
		}()
		_, cerr := Compile(expr)
		_, err := Eval(expr, newTestEnv(diffSetup))
		if cerr != nil {
			var ae *Error
			if !errors.As(cerr, &ae) {
				t.Fatalf("Compile(%q) error %T", expr, cerr)
			}
			if err == nil {
				t.Fatalf("Compile(%q) fails with %v but Eval succeeds", expr, cerr)
			}
		}
	})
}
