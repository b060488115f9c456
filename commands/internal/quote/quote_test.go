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

// TestShellEscape: gnulib's shell-escape style, as GNU xargs -t printed
// these words (printf 'x\ty\0...' | xargs -0 -t true).
func TestShellEscape(t *testing.T) {
	for in, want := range map[string]string{
		"x\ty": `'x'$'\t''y'`, "\ty": `''$'\t''y'`, "a": "a", "it's": `"it's"`, "x\x01y": `'x'$'\001''y'`,
		"": "''", "a b": "'a b'", "a=b": "'a=b'", "~x": "'~x'", "\xff": `''$'\377'`, "a\n": `'a'$'\n'`,
		"it's $x": `'it'\''s $x'`, "a\n\nb": `'a'$'\n\n''b'`,
	} {
		if got := ShellEscape(in); got != want {
			t.Errorf("ShellEscape(%q) = %s, want %s", in, got, want)
		}
	}
}
