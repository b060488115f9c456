package fspath

import "testing"

// basename and dirname as GNU coreutils 9.1 print them.
func TestBaseDir(t *testing.T) {
	for _, tc := range []struct{ in, base, dir string }{
		{"/usr/lib/", "lib", "/usr"},
		{"usr", "usr", "."},
		{"/", "/", "/"},
		{"//", "/", "/"},
		{"a//b//", "b", "a"},
		{"", "", "."},
		{"/a", "a", "/"},
	} {
		if got := Base(tc.in, ""); got != tc.base {
			t.Errorf("Base(%q) = %q, want %q", tc.in, got, tc.base)
		}
		if got := Dir(tc.in); got != tc.dir {
			t.Errorf("Dir(%q) = %q, want %q", tc.in, got, tc.dir)
		}
	}
	if got := Base("file.txt", ".txt"); got != "file" {
		t.Errorf("suffix: %q", got)
	}
	if got := Base(".txt", ".txt"); got != ".txt" {
		t.Errorf("suffix equal to name: %q", got)
	}
}
