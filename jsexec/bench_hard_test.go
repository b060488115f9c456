package jsexec

import (
	"context"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// stringifyBench serialises 2,000 small records 20 times per run.
const stringifyBench = `const a = []; for (let i = 0; i < 2000; i++) a.push({id: i, name: "item " + i, tags: ["x", "y"], ok: i % 2 === 0, v: i / 3});
let n = 0; for (let k = 0; k < 20; k++) n += JSON.stringify(a).length; return n`

// BenchmarkStringifyOurs is JSON.stringify as scripts get it (jsonstr.go).
func BenchmarkStringifyOurs(b *testing.B) {
	for b.Loop() {
		if _, err := Run(context.Background(), stringifyBench, RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStringifyGoja is the same script on a bare goja VM with goja's
// own JSON.stringify, for comparison.
func BenchmarkStringifyGoja(b *testing.B) {
	for b.Loop() {
		vm := goja.New()
		if _, err := vm.RunString("(function () {" + stringifyBench + "})()"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSourceNesting is the scan every script and module goes through
// before it is parsed (bytes/s in the output).
func BenchmarkSourceNesting(b *testing.B) {
	src := strings.Repeat("function f(a, b) { if (a > b) { return `x${a}` + \"(\" } /* c */ return [a, b].map((x) => x * 2); }\n", 10000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, ok := sourceNesting(src, MaxSourceNesting); !ok {
			b.Fatal("refused")
		}
	}
}
