package posixre

import (
	"regexp"
	"strings"
	"testing"
)

// Expectations below were taken from GNU grep 3.x and GNU sed 4.x in the
// C locale: a pattern must select exactly the lines the GNU tool selects.

type matchCase struct {
	pat  string
	ere  bool
	in   string
	want bool
}

func checkMatches(t *testing.T, opts Options, cases []matchCase) {
	t.Helper()
	for _, c := range cases {
		got, err := Translate(c.pat, c.ere, opts)
		if err != nil {
			t.Errorf("Translate(%q, ere=%v): %v", c.pat, c.ere, err)
			continue
		}
		re, err := regexp.Compile(got)
		if err != nil {
			t.Errorf("Translate(%q, ere=%v) = %q does not compile: %v", c.pat, c.ere, got, err)
			continue
		}
		if m := re.MatchString(c.in); m != c.want {
			t.Errorf("%q (ere=%v, RE2 %q) on %q: match=%v, want %v", c.pat, c.ere, got, c.in, m, c.want)
		}
	}
}

func TestTranslateGrepMatches(t *testing.T) {
	checkMatches(t, Options{CheckGroups: true}, []matchCase{
		{`a\{2,3\}`, false, "aab", true},
		{`a\{2,3\}`, false, "ab", false},
		{`a\{,2\}b`, false, "b", true},
		{`\(ab\)*c`, false, "ababc", true},
		{`\(ab\)*c`, false, "ab", false},
		{`a\|b`, false, "b", true},
		{`a\|b`, false, "c", false},
		{`*a`, false, "*a", true},
		{`*a`, false, "a", false},
		{`^*a`, false, "*a", true},
		{`a^b`, false, "a^b", true},
		{`a$b`, false, "a$b", true},
		{`a+`, false, "a+", true},
		{`a+`, false, "aa", false},
		{`x\+`, false, "xx", true},
		{`a\?b`, false, "b", true},
		{`[]a]`, false, "]", true},
		{`[^]a]x`, false, "bx", true},
		{`[^]a]x`, false, "]x", false},
		{`[[:digit:]]\+`, false, "12", true},
		{`[[:digit:]]\+`, false, "ab", false},
		{`[a\]`, false, `\`, true},
		{`\<ab\>`, false, "ab cd", true},
		{`\<ab\>`, false, "aab", false},
		{`a\tb`, false, "atb", true},
		{`a\tb`, false, "a\tb", false},
		{`a{2}`, false, "a{2}", true},
		{`a)`, true, "a)", true},
		{`a{2}`, true, "aa", true},
		{`a{2}`, true, "a{2}", false},
		{`a{,2}b`, true, "b", true},
		{`(ab)+c`, true, "ababc", true},
		{`(ab)+c`, true, "c", false},
		{`a{x`, true, "a{x", true},
		{`a|b`, true, "b", true},
	})
}

// sedEscape stands in for GNU sed's one-byte escapes (\t, \xHH) so the
// CharEscape hook can be checked without importing the sed package.
func sedEscape(s string) (byte, int, bool) {
	switch {
	case s[0] == 't':
		return '\t', 1, true
	case s[0] == 'x' && len(s) >= 3:
		if s[1:3] == "41" {
			return 'A', 3, true
		}
	}
	return 0, 0, false
}

func TestTranslateSedMatches(t *testing.T) {
	opts := Options{CharEscape: sedEscape}
	checkMatches(t, opts, []matchCase{
		{`a\tb`, false, "a\tb", true},
		{`a\tb`, false, "atb", false},
		{`\x41`, false, "A", true},
		{`[\x41]`, false, "A", true},
		{`[\x41]`, false, "x", false},
		{`[\\]`, false, `\`, true},
		{`[\\]`, false, "a", false},
		{`a\{,2\}b`, false, "aaab", true},
		{`\(a\|x\)b`, false, "ab", true},
		{`a{,2}b`, true, "b", true},
		{`(a|x)b`, true, "xb", true},
	})
}

func TestTranslateText(t *testing.T) {
	grep := Options{CheckGroups: true}
	sed := Options{CharEscape: sedEscape}
	cases := []struct {
		pat  string
		ere  bool
		opts Options
		want string
	}{
		{`a\{,3\}`, false, grep, `a{0,3}`},
		{`a\{,3\}`, false, sed, `a{0,3}`},
		{`[a\]`, false, grep, `[a\\]`},
		{`[a[]`, false, grep, `[a\[]`},
		{`[[.a.][=b=]]`, false, grep, `[ab]`},
		{`\n`, false, grep, `\n`},
		{"\\`a\\'", false, grep, `\Aa\z`},
		// Unchecked, a lone ERE ")" is left for RE2 to reject.
		{`a)`, true, sed, `a)`},
		{`a)`, true, grep, `a\)`},
	}
	for _, c := range cases {
		got, err := Translate(c.pat, c.ere, c.opts)
		if err != nil || got != c.want {
			t.Errorf("Translate(%q, ere=%v) = %q, %v; want %q", c.pat, c.ere, got, err, c.want)
		}
	}
}

func TestTranslateErrors(t *testing.T) {
	grep := Options{CheckGroups: true}
	sed := Options{
		CharEscape:   sedEscape,
		BracketError: "unterminated address regex",
		BackrefError: "back-references refused",
	}
	cases := []struct {
		pat  string
		ere  bool
		opts Options
		want string
	}{
		{`a\{2,1\}`, false, grep, `Invalid content of \{\}`},
		{`a\{x\}`, false, grep, `Invalid content of \{\}`},
		{`a\{2`, false, grep, `Unmatched \{`},
		{`\(a`, false, grep, `Unmatched ( or \(`},
		{`a\)`, false, grep, `Unmatched ) or \)`},
		{`(a`, true, grep, `Unmatched ( or \(`},
		{`a{2,1}`, true, grep, `Invalid content of \{\}`},
		{`[a`, false, grep, `Unmatched [, [^, [:, [., or [=`},
		{`[[:alpha`, false, grep, `Unmatched [, [^, [:, [., or [=`},
		{`[[:foo:]]`, false, grep, `Invalid character class name`},
		{`\(a\)\1`, false, grep, `back-references are not supported`},
		{`[a`, false, sed, `unterminated address regex`},
		{`[[:foo:]]`, false, sed, `Invalid character class name`},
		{`\(a\)\1`, false, sed, `back-references refused`},
	}
	for _, c := range cases {
		got, err := Translate(c.pat, c.ere, c.opts)
		if err == nil || err.Error() != c.want {
			t.Errorf("Translate(%q, ere=%v) = %q, %v; want error %q", c.pat, c.ere, got, err, c.want)
		}
	}
	// Without CheckGroups, unbalanced groups pass through untouched.
	for _, p := range []string{`\(a`, `a\)`} {
		if _, err := Translate(p, false, sed); err != nil {
			t.Errorf("unchecked Translate(%q): %v", p, err)
		}
	}
	if _, err := Translate(`a\`, false, grep); err == nil || !strings.Contains(err.Error(), "railing backslash") {
		t.Errorf("trailing backslash: got %v", err)
	}
}
