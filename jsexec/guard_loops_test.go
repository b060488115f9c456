package jsexec

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Built-ins that loop natively over a length the script picks end with
// the memory limit (status 125) before the loop starts; without the check
// each ran for minutes, past any timeout. The timeout here is generous
// for a loaded machine; a missing check shows as a timeout instead.
func TestNativeLoopsRefusedBeforeLooping(t *testing.T) {
	const sparse = "new Array(2**30)"
	cases := []struct{ name, code, want string }{
		{"concat", `[].concat(new Array(2**30))`, "js-exec: memory exceeded (Array.prototype.concat would need 17179869184 bytes; limit 536870912)"},
		{"concat spreadable", `[].concat({length: 2**30, [Symbol.isConcatSpreadable]: true})`, "(Array.prototype.concat would need"},
		{"concat several", `const a = new Array(2**24); [].concat(a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a)`, "(Array.prototype.concat would need"},
		{"slice", sparse + `.slice()`, "(Array.prototype.slice would need 17179869184 bytes"},
		{"splice", sparse + `.splice(0, 1)`, "(Array.prototype.splice would need"},
		{"map", sparse + `.map((x) => x)`, "(Array.prototype.map would need"},
		{"filter", sparse + `.filter(Boolean)`, "(Array.prototype.filter would need"},
		{"forEach", sparse + `.forEach(() => {})`, "(Array.prototype.forEach would need"},
		{"reduce", sparse + `.reduce((a, b) => a, 0)`, "(Array.prototype.reduce would need"},
		{"some", sparse + `.some(Boolean)`, "(Array.prototype.some would need"},
		{"every", sparse + `.every(Boolean)`, "(Array.prototype.every would need"},
		{"find", `const a = []; a.length = 2**32 - 1; a.find((x) => x === 1)`, "(Array.prototype.find would need"},
		{"indexOf", sparse + `.indexOf(1)`, "(Array.prototype.indexOf would need"},
		{"indexOf array-like", `Array.prototype.indexOf.call({length: 2**40}, 1)`, "(Array.prototype.indexOf would need 17592186044416 bytes"},
		{"lastIndexOf", sparse + `.lastIndexOf(1)`, "(Array.prototype.lastIndexOf would need"},
		{"includes", sparse + `.includes(1)`, "(Array.prototype.includes would need"},
		{"sort", sparse + `.sort()`, "(Array.prototype.sort would need"},
		{"reverse", sparse + `.reverse()`, "(Array.prototype.reverse would need"},
		{"flat", sparse + `.flat()`, "(Array.prototype.flat would need"},
		{"toLocaleString", sparse + `.toLocaleString()`, "(Array.prototype.toLocaleString would need"},
		{"toString via join", sparse + `.toString()`, "(Array.prototype.join would need"},
		{"unshift", sparse + `.unshift(1)`, "(Array.prototype.unshift would need"},
		{"shift", sparse + `.shift()`, "(Array.prototype.shift would need"},
		{"split by empty string", `"x".repeat(2**25).split("")`, "js-exec: memory exceeded (String.prototype.split would need 1073741824 bytes; limit 536870912)"},
		{"split by string", `("x,").repeat(2**24).split(",")`, "(String.prototype.split would need"},
		{"replaceAll with $`", "\"a\".repeat(2**20).replaceAll(\"a\", \"$`\")", "(String.prototype.replaceAll would need"},
		{"replaceAll growing", `"a".repeat(2**24).replaceAll("a", "bbbbb")`, "(String.prototype.replaceAll would need"},
		{"replace with $'", "\"a\".repeat(2**25).replace(\"a\", \"$'$'$'\")", "(String.prototype.replace would need"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := newEnv(t).run(t, "", Options{Limits: Limits{Timeout: time.Minute}}, "-c", tc.code)
			if code != ExitLimit || !strings.Contains(stderr, tc.want) {
				t.Fatalf("status %d, stderr %q; want %d and %q", code, stderr, ExitLimit, tc.want)
			}
		})
	}
}

// The checks keep results on ordinary and on large-but-cheap inputs.
func TestNativeLoopGuardsKeepSemantics(t *testing.T) {
	cases := []struct{ code, want string }{
		{`[[1, 2].concat([3], 4, [[5]]), [].concat.length, [].slice.name]`, `[[1,2,3,4,[5]],1,"slice"]`},
		{`[[3, 1, 2].sort(), [1, 2, 3].reverse(), [1, [2, [3]]].flat(Infinity), [1, 2, 3].slice(-2), [1, 2, 3].splice(1, 1)]`, `[[1,2,3],[3,2,1],[1,2,3],[2,3],[2]]`},
		{`[[1, 2, 3].map((x) => x * 2), [1, 2, 3].filter((x) => x > 1), [1, 2, 3].reduce((a, b) => a + b), [1, 2, 3].indexOf(3), [1, 2].includes(2), [1, 2].findLast((x) => x < 9)]`, `[[2,4,6],[2,3],6,2,true,2]`},
		{`["a,b,,c".split(","), "abc".split(""), "a,b,c".split(",", 2), "abc".split(), "a1b2".split(/\d/)]`, `[["a","b","","c"],["a","b","c"],["a","b"],["abc"],["a","b",""]]`},
		{"[\"xax\".replaceAll(\"a\", \"[$`]\"), \"abc\".replace(\"b\", \"$&$&\"), \"aXbX\".replaceAll(\"X\", \"-\"), \"abc\".replace(\"b\", () => \"$'\"), \"aa\".replaceAll(\"\", \"-\")]",
			`["x[x]x","abbc","a-b-","a$'c","-a-a-"]`},
		// Large but cheap: a slice at the end of a huge sparse array, a
		// split of a big string into a few pieces, concat of a non-array,
		// a method called on an array-like.
		{`const a = []; a.length = 2**32 - 1; return [a.slice(-3).length, a.splice(2**32 - 2, 1).length]`, `[3,1]`},
		{`["x".repeat(2**25).split(",").length, "x".repeat(2**25).split("", 3).length, [].concat({length: 2**40}).length, Array.prototype.map.call({length: 2, 0: 1, 1: 2}, (x) => x + 1)]`, `[1,3,1,[2,3]]`},
	}
	for _, tc := range cases {
		code := tc.code
		if !strings.Contains(code, "return") {
			code = "return " + code
		}
		res, err := Run(context.Background(), code, RunOptions{})
		if err != nil || string(res.Value) != tc.want {
			t.Errorf("%s: got %s, %v; want %s", tc.code, res.Value, err, tc.want)
		}
	}
}
