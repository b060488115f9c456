package jsexec

import (
	"strings"
	"testing"

	"github.com/dop251/goja/parser"
)

// FuzzSourceNesting checks the scanner against goja's own parser: after
// any prefix, 200 levels of parentheses that goja parses as code must be
// counted. A prefix that put the scanner out of step (taking code for a
// string, a comment or a regex) would hide them, and with them any depth.
// Run longer with: go test -run=^$ -fuzz=FuzzSourceNesting ./jsexec/
func FuzzSourceNesting(f *testing.F) {
	for _, s := range []string{"x = (1 + 2) * 3", "if (a) /'/.test(b)", "`a${`b${c}`}`", "a / b / c", "/* ( */ // (\n'('",
		"x = {} / 1", "a\n+b\n++c", "return /[(]/g", "x = a++ / 2", "while (x) /\"/g.exec(y)", "({}) / 2 / 3", "`${'`'}`"} {
		f.Add(s)
	}
	const n = 200
	deep := "\n;x=" + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "\n"
	f.Fuzz(func(t *testing.T, prefix string) {
		src := prefix + deep
		if _, err := parser.ParseFile(nil, "", src, 0); err != nil {
			return // not a program: goja refuses it without recursing further
		}
		if peak, _ := sourceNesting(src, 1<<30); peak < n {
			t.Fatalf("goja parses %d levels after %q, the scanner counted %d", n, prefix, peak)
		}
	})
}
