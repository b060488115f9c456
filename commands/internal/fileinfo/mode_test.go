package fileinfo

import (
	"io/fs"
	"testing"
)

// The mode strings GNU ls -l prints for these modes.
func TestModeString(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		0o644:                                     "-rw-r--r--",
		fs.ModeDir | 0o755:                        "drwxr-xr-x",
		fs.ModeSymlink | 0o777:                    "lrwxrwxrwx",
		fs.ModeSetuid | 0o755:                     "-rwsr-xr-x",
		fs.ModeSetuid | 0o644:                     "-rwSr--r--",
		fs.ModeDir | fs.ModeSticky | 0o777:        "drwxrwxrwt",
		fs.ModeNamedPipe | 0o600:                  "prw-------",
		fs.ModeDevice | fs.ModeCharDevice | 0o666: "crw-rw-rw-",
	} {
		if got := ModeString(m); got != want {
			t.Errorf("ModeString(%v) = %q, want %q", m, got, want)
		}
	}
}

// chmod's symbolic modes, as GNU chmod applies them (umask 022).
func TestApplyMode(t *testing.T) {
	for _, tc := range []struct {
		spec string
		old  uint32
		dir  bool
		want uint32
	}{
		{"u+x", 0o644, false, 0o744},
		{"go-r", 0o644, false, 0o600},
		{"a=rX", 0o644, false, 0o444},
		{"a=rX", 0o644, true, 0o555},
		{"+x", 0o644, false, 0o755}, // no who: the umask masks
		{"755", 0o600, false, 0o755},
		{"u=g", 0o640, false, 0o440},
	} {
		got, ok := ApplyMode(tc.spec, tc.old, tc.dir, 0o022)
		if !ok || got != tc.want {
			t.Errorf("ApplyMode(%q, %o) = %o %v, want %o", tc.spec, tc.old, got, ok, tc.want)
		}
	}
	if _, ok := ApplyMode("u+q", 0o644, false, 0o022); ok {
		t.Error("u+q accepted")
	}
}
