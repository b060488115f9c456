package jsexec

import "testing"

// Expected outputs were taken from node v20.
func TestNodeCompatFormatting(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"console.table objects", `console.table([{a:1,b:"x"},{a:22,c:true}])`,
			"┌─────────┬────┬─────┬──────┐\n│ (index) │ a  │ b   │ c    │\n├─────────┼────┼─────┼──────┤\n│ 0       │ 1  │ 'x' │      │\n│ 1       │ 22 │     │ true │\n└─────────┴────┴─────┴──────┘\n"},
		{"console.table values", `console.table([1,"two"])`,
			"┌─────────┬────────┐\n│ (index) │ Values │\n├─────────┼────────┤\n│ 0       │ 1      │\n│ 1       │ 'two'  │\n└─────────┴────────┘\n"},
		{"console.table primitive", `console.table("str")`, "str\n"},
		{"numbers grouped", `console.log(Array.from({length:30},(_, i)=>i*7))`,
			"[\n    0,   7,  14,  21,  28,  35,  42,  49,\n   56,  63,  70,  77,  84,  91,  98, 105,\n  112, 119, 126, 133, 140, 147, 154, 161,\n  168, 175, 182, 189, 196, 203\n]\n"},
		{"strings grouped", `console.log(Array.from({length:8},(_, i)=>"s"+i))`, "[\n  's0', 's1', 's2',\n  's3', 's4', 's5',\n  's6', 's7'\n]\n"},
		{"nested grouped", `console.log({a: Array.from({length:10},(_, i)=>i)})`,
			"{\n  a: [\n    0, 1, 2, 3, 4,\n    5, 6, 7, 8, 9\n  ]\n}\n"},
		{"short stays on one line", `console.log([1,2,3,4,5,6])`, "[ 1, 2, 3, 4, 5, 6 ]\n"},
		{"for await", `for await (const x of (async function* () { yield 1; yield 2 })()) console.log(x)`, "1\n2\n"},
		{"import.meta.url", `console.log(import.meta.url)`, "file:///home/user/[eval1]\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := js(t, tc.code)
			if out != tc.want || code != 0 {
				t.Errorf("got %q (stderr %q, status %d)\nwant %q", out, errOut, code, tc.want)
			}
		})
	}
}
