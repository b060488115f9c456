package pattern

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func mustCompile(t testing.TB, pat string, mode Mode) *Pattern {
	t.Helper()
	p, err := Compile(pat, mode)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pat, err)
	}
	return p
}

func TestNoExponentialBlowup(t *testing.T) {
	as := strings.Repeat("a", 5000)
	p := mustCompile(t, "*(a|aa)*(a|aa)b", ExtGlob)
	if p.Match(as) || !p.Match(as+"b") {
		t.Fatal("*(a|aa)*(a|aa)b wrong on 5000 a's")
	}
	for _, pat := range []string{"!(*a*a*a*a*a*b)", "*(*(*(a)))c", "+(a|a*|*a)x", "*a*a*a*a*a*a*a*a*b"} {
		if mustCompile(t, pat, ExtGlob).Match(as) != strings.HasPrefix(pat, "!") {
			t.Errorf("%s on 5000 a's", pat)
		}
	}
	// The reversed and find automata are linear too.
	q := mustCompile(t, "*(a|aa)b", ExtGlob)
	if q.LongestSuffix(as) != -1 || q.ShortestPrefix(as) != -1 {
		t.Error("suffix/prefix on a's")
	}
	if _, _, ok := q.Find(as, 0); ok {
		t.Error("Find on a's")
	}
}

func TestNestingBound(t *testing.T) {
	deep := strings.Repeat("@(", 100000) + strings.Repeat(")", 100000)
	if _, err := Compile(deep, ExtGlob); !errors.Is(err, ErrTooDeep) {
		t.Fatalf("deep nesting: %v", err)
	}
	ok := strings.Repeat("@(", MaxDepth-1) + "a" + strings.Repeat(")", MaxDepth-1)
	p := mustCompile(t, ok, ExtGlob)
	if !p.Match("a") || p.Match("b") {
		t.Fatal("nested groups within the bound")
	}
	// Without extglob the same text is literal and needs no depth at all.
	if !mustCompile(t, deep, 0).Match(deep) {
		t.Fatal("literal deep text")
	}
}

func TestMetaHelpers(t *testing.T) {
	hard := `a*b?c[d]e\f(g|h)+@!{x}`
	q := QuoteMeta(hard)
	for _, mode := range []Mode{0, ExtGlob, ExtGlob | NoCase} {
		if HasMeta(q, mode) {
			t.Errorf("HasMeta(QuoteMeta) = true in mode %d", mode)
		}
		p := mustCompile(t, q, mode)
		if !p.Match(hard) || p.Match("ab") {
			t.Errorf("QuoteMeta pattern mode %d", mode)
		}
	}
	if Unescape(q) != hard {
		t.Errorf("Unescape(QuoteMeta(s)) = %q", Unescape(q))
	}
	for pat, want := range map[string]bool{"a": false, "a*": true, "[a": false, "[a]": true, `\*`: false, "@(a)": false, "x?": true} {
		if got := HasMeta(pat, 0); got != want {
			t.Errorf("HasMeta(%q) = %v", pat, got)
		}
	}
	if !HasMeta("@(a)", ExtGlob) || !HasMeta("!(a)", ExtGlob) {
		t.Error("extglob groups are meta under ExtGlob")
	}
}

func TestPeriodAndPathname(t *testing.T) {
	cases := []struct {
		pat, s string
		mode   Mode
		want   bool
	}{
		{"*", ".a", Period, false},
		{"?a", ".a", Period, false},
		{"[.]a", ".a", Period, false},
		{".*", ".a", Period, true},
		{"*", ".a", 0, true},
		{"a*", "a.b", Period, true},
		{"*/*", "a/.b", Period | Pathname, false},
		{"*/.*", "a/.b", Period | Pathname, true},
		{"*", "a/b", Pathname, false},
		{"a?b", "a/b", Pathname, false},
		{"!(x)", ".a", Period | ExtGlob, false},
		{"@(.a|b)", ".a", Period | ExtGlob, true},
		{"*(.)a", ".a", Period | ExtGlob, true},
	}
	for _, c := range cases {
		if got := mustCompile(t, c.pat, c.mode).Match(c.s); got != c.want {
			t.Errorf("%q ~ %q mode %d = %v", c.pat, c.s, c.mode, got)
		}
	}
}

func TestFindFrom(t *testing.T) {
	p := mustCompile(t, "b+(a)", ExtGlob)
	s := "baa-ba-baaa"
	var got []string
	for from := 0; ; {
		a, b, ok := p.Find(s, from)
		if !ok {
			break
		}
		got = append(got, s[a:b])
		from = b
	}
	if strings.Join(got, ",") != "baa,ba,baaa" {
		t.Fatalf("Find loop gave %q", got)
	}
	if _, _, ok := p.Find(s, len(s)+1); ok {
		t.Fatal("from past the end")
	}
}

func TestConcurrentUse(t *testing.T) {
	p := mustCompile(t, "*(ab|c)!(x)d", ExtGlob)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if !p.Match("abcabd") || p.Match("x") {
					t.Error("concurrent match wrong")
					return
				}
			}
		}()
	}
	wg.Wait()
}

// FuzzCompileMatch checks that no pattern or subject panics or disagrees
// between Match and the prefix/suffix scans.
func FuzzCompileMatch(f *testing.F) {
	for _, s := range []string{"*(a|b)", "!(x)*", "[[:alpha:]-z]", "@(a|[)", "\\", "[!]"} {
		f.Add(s, "abxz")
	}
	f.Fuzz(func(t *testing.T, pat, s string) {
		if len(pat) > 200 || len(s) > 200 {
			return
		}
		p, err := Compile(pat, ExtGlob)
		if err != nil {
			return
		}
		m := p.Match(s)
		if (p.LongestPrefix(s) == len(s)) != m || (p.LongestSuffix(s) == 0) != m {
			t.Fatalf("%q ~ %q: Match %v, prefix %d, suffix %d", pat, s, m, p.LongestPrefix(s), p.LongestSuffix(s))
		}
		p.Find(s, 0)
	})
}

// TestCacheReset drives a pattern whose DFA has 2^13 states, more than the
// cache keeps, and checks every prefix against the rule it encodes.
func TestCacheReset(t *testing.T) {
	p := mustCompile(t, "*a????????????", 0)
	var b strings.Builder
	x := uint32(12345)
	for i := 0; i < 12000; i++ {
		x = x*1103515245 + 12345
		b.WriteByte("ab"[(x>>16)&1])
	}
	s := b.String()
	for n := 0; n <= len(s); n += 1499 {
		want := n >= 13 && s[n-13] == 'a'
		if got := p.Match(s[:n]); got != want {
			t.Fatalf("prefix %d: got %v", n, got)
		}
	}
	if p.uni.budget.gen == 0 {
		t.Fatal("the cache never reset; the test does not reach the bound")
	}
}
