package quote

import "testing"

// printf %q as bash 5.2 prints it.
func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"abc":     "abc",
		"a b":     `a\ b`,
		"it's":    `it\'s`,
		"":        "''",
		"a\nb":    `$'a\nb'`,
		"x*y?[z]": `x\*y\?\[z\]`,
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %q, want %q", in, got, want)
		}
	}
}
