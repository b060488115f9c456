package jsexec

import (
	"context"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// A script whose first line holds no token gets no source map: such a map
// has no mapping, so positions must come out the same with and without
// it. Compiled both ways, the same errors report the same places.
func TestLineOneMapBlankFirstLine(t *testing.T) {
	for _, src := range []string{"\nnull.x", "   \t\n  null.x", "\r\nfunction f() { throw new Error('e') }\nf()", ""} {
		if m := lineOneMap("[eval]", src, len(bodyPrefix)); m != "" {
			t.Errorf("%q: got a map %q, want none", src, m)
		}
		stack := func(withMap bool) string {
			wrapped := bodyPrefix + src + "\n})"
			if withMap {
				wrapped += inlineMap(firstLineMap("[eval]", src, len(bodyPrefix)))
			}
			prg, err := compileSandboxed("[eval]", wrapped)
			if err != nil {
				t.Fatal(err)
			}
			vm := goja.New()
			fv, err := vm.RunProgram(prg)
			if err != nil {
				t.Fatal(err)
			}
			fn, _ := goja.AssertFunction(fv)
			pv, err := fn(goja.Undefined())
			if err != nil {
				return err.Error()
			}
			p := pv.Export().(*goja.Promise)
			if p.State() != goja.PromiseStateRejected {
				return "fulfilled"
			}
			return p.Result().ToObject(vm).Get("stack").String()
		}
		if with, without := stack(true), stack(false); with != without {
			t.Errorf("%q: with the empty map %q, without %q", src, with, without)
		}
	}
	if lineOneMap("[eval]", " x\n", len(bodyPrefix)) == "" {
		t.Error("a first line with a token got no map")
	}
}

// Through Run, a blank first line keeps the user's line numbers, and a
// token on line 1 keeps its column.
func TestBlankFirstLinePositions(t *testing.T) {
	for code, want := range map[string]string{
		"\n\n  null.x":      "[eval]:3:8",
		"\n  )":             "line 2, column 3",
		"  null.x":          "[eval]:1:8",
		"\n  throw Error()": "[eval]:2:",
	} {
		_, err := Run(context.Background(), code, RunOptions{})
		if err == nil || !strings.Contains(err.Error()+errStack(err), want) {
			t.Errorf("%q: error %v (stack %q), want %q in it", code, err, errStack(err), want)
		}
	}
}

func errStack(err error) string {
	if e, ok := err.(*Error); ok {
		return e.Stack
	}
	return ""
}
