package jsexec

import (
	"runtime/debug"
	"strings"
	"testing"
)

// nestedSource builds n levels of one construct that goja's parser or
// compiler recurses on.
var nestedSource = map[string]func(n int) string{
	"parens":          func(n int) string { return "x=" + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) },
	"arrays":          func(n int) string { return "x=" + strings.Repeat("[", n) + strings.Repeat("]", n) },
	"blocks":          func(n int) string { return strings.Repeat("{", n) + strings.Repeat("}", n) },
	"objects":         func(n int) string { return "x=" + strings.Repeat("{a:", n) + "1" + strings.Repeat("}", n) },
	"functions":       func(n int) string { return strings.Repeat("function f(){", n) + strings.Repeat("}", n) },
	"templates":       func(n int) string { return "x=" + strings.Repeat("`${", n) + "1" + strings.Repeat("}`", n) },
	"unary":           func(n int) string { return "x=" + strings.Repeat("!", n) + "1" },
	"typeof":          func(n int) string { return "x=" + strings.Repeat("typeof ", n) + "1" },
	"binary chain":    func(n int) string { return "x=1" + strings.Repeat("+1", n) },
	"binary by lines": func(n int) string { return "x=1" + strings.Repeat(" +\n1", n) },
	"member chain":    func(n int) string { return "x={};x.a=x;x.a" + strings.Repeat(".a", n) },
	"call chain":      func(n int) string { return "f=()=>f;f()" + strings.Repeat("()", n) },
	"assignments":     func(n int) string { return "var a;" + strings.Repeat("a=", n) + "1" },
	"conditionals":    func(n int) string { return "x=" + strings.Repeat("1?1:", n) + "1" },
	"arrows":          func(n int) string { return "x=" + strings.Repeat("a=>", n) + "1" },
	"if statements":   func(n int) string { return strings.Repeat("if(1)", n) + ";" },
	// The backreference sends it to regexp2, whose parser recurses.
	"regex groups": func(n int) string { return "x=/" + strings.Repeat("(", n) + "a" + strings.Repeat(")", n) + "\\1/" },
	// goja reads /'/ as a regex after if(...); a scanner taking it for a
	// division would skip the rest of the line as a string.
	"hidden after if": func(n int) string { return "if (1) /'/; x=" + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) },
}

// Deeply nested source used to overflow Go's stack in the parser and kill
// the host; each construct now ends with the limit and status 125 before
// any parsing, as a script, an ES module, TypeScript, a required file, a
// statically imported module and a dynamically imported one.
func TestSourceNestingRefused(t *testing.T) {
	for name, gen := range nestedSource {
		t.Run(name, func(t *testing.T) {
			n := 300_000
			if name == "unary" || name == "binary chain" {
				n = 3_000_000
			}
			src := gen(n)
			e := newEnv(t)
			e.write(t, "/home/user/deep.js", src)
			e.write(t, "/home/user/deep.mjs", src)
			for _, args := range [][]string{{"-c", src}, {"deep.mjs"}, {"--strip-types", "-c", src}, {"-c", "try { require('./deep.js') } catch (e) {} console.log('survived')"}, {"-m", "-c", "import './deep.mjs'; console.log('survived')"}, {"-c", "try { await import('./deep.mjs') } catch (e) {} console.log('survived')"}} {
				out, stderr, code := e.run(t, "", Options{}, args...)
				if code != ExitLimit || stderr != "js-exec: max nesting depth exceeded (10000)\n" || out != "" {
					t.Fatalf("%.20q: status %d, out %q, stderr %.200q", args, code, out, stderr)
				}
			}
		})
	}
}

// Just under the budget, every construct parses and runs with Go's stack
// capped at 128 MiB, an eighth of the real maximum: the budget trips long
// before the stack is at risk.
func TestSourceNestingBudgetFitsTheStack(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(128 << 20))
	for name, gen := range nestedSource {
		t.Run(name, func(t *testing.T) {
			// The largest n the scanner accepts.
			lo, hi := 1, MaxSourceNesting
			for lo < hi {
				mid := (lo + hi + 1) / 2
				if _, ok := sourceNesting(gen(mid), MaxSourceNesting); ok {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
			_, stderr, code := newEnv(t).run(t, "", Options{}, "-c", gen(lo)+"\n;console.log('ok')")
			if code != 0 {
				t.Fatalf("n=%d: status %d, stderr %.300q", lo, code, stderr)
			}
		})
	}
}

// The scanner skips what cannot nest and counts what can.
func TestSourceNestingScanner(t *testing.T) {
	deep := strings.Repeat("(", 20000)
	cases := []struct {
		name, src string
		ok        bool
	}{
		{"brackets in a string", `x = "` + deep + `"`, true},
		{"brackets in a single-quoted string", `x = '` + deep + `'`, true},
		{"brackets in a line comment", "// " + deep + "\nx = 1", true},
		{"brackets in a block comment", "/* " + deep + " */ x = 1", true},
		{"brackets in template text", "x = `" + deep + "`", true},
		{"operators in a long string", `x = "` + strings.Repeat("+/=", 50000) + `"`, true},
		{"statements separated by semicolons", strings.Repeat("a = 1 + 2;", 50000), true},
		{"statements on lines without semicolons", strings.Repeat("a = b + c\n", 50000), true},
		{"array of many elements", "x = [" + strings.Repeat("1 + 1,", 50000) + "]", true},
		{"division is not a regex", "x = a / b / c; y = " + strings.Repeat("(", 100) + strings.Repeat(")", 100), true},
		{"template expression nesting", "x = `" + strings.Repeat("${`", 20000), false},
		{"regex after return counted", "function f() { return /" + deep + "/ }", false},
		{"string opened inside a regex is not skipped", "x = {} / '" + deep, false},
		{"brace then regex is counted", "x = {} / " + deep + "1/1", false},
		{"line continued by an operator", "x = 1" + strings.Repeat("+\n1", 20000), false},
	}
	for _, tc := range cases {
		peak, ok := sourceNesting(tc.src, MaxSourceNesting)
		if ok != tc.ok {
			t.Errorf("%s: ok %v (peak %d), want %v", tc.name, ok, peak, tc.ok)
		}
	}
}

// Patterns built at run time reach the regex parsers without passing the
// source scan: they are checked where they are compiled.
func TestRegexPatternNestingRefused(t *testing.T) {
	deep := `"(".repeat(1e6) + "a" + ")".repeat(1e6) + "\\1"`
	for _, code := range []string{
		"new RegExp(" + deep + ")",
		"RegExp(" + deep + ", 'g')",
		"class R extends RegExp {}; new R(" + deep + ")",
		"RegExp({ toString() { return " + deep + " } })",
		"RegExp({ [Symbol.match]: true, source: " + deep + " })",
		`"a".match(` + deep + ")",
		`"a".search(` + deep + ")",
		`[..."a".matchAll(` + deep + ")]",
	} {
		_, stderr, status := js(t, "try { "+code+" } catch (e) {} console.log('survived')")
		if status != ExitLimit || stderr != "js-exec: max nesting depth exceeded (10000)\n" {
			t.Errorf("%s: status %d, stderr %.200q", code, status, stderr)
		}
	}
}

// The RegExp wrapper keeps the constructor's behaviour.
func TestRegExpWrapperSemantics(t *testing.T) {
	code := `class R extends RegExp {}; const r = new R("a(b)", "g"); const q = /a/;
		return [r instanceof R, r instanceof RegExp, RegExp(q) === q, RegExp(q, "g") === q, new RegExp(q) === q, new RegExp(r, "i").flags,
			String(RegExp("x")), /a/.constructor === RegExp, "xay".search("a"), [..."aXbX".matchAll("X")].length, "abc".match("b").index,
			RegExp.prototype.constructor === RegExp, RegExp.name, RegExp.length, RegExp({ [Symbol.match]: true, source: "z+", flags: "y" }).flags,
			new RegExp({ toString() { return "q" } }).source, r.exec("xab")[1]]`
	res, err := Run(t.Context(), code, RunOptions{})
	want := `[true,true,true,false,false,"i","/x/",true,1,2,1,true,"RegExp",2,"y","q","b"]`
	if err != nil || string(res.Value) != want {
		t.Fatalf("got %s, %v\nwant %s", res.Value, err, want)
	}
}
