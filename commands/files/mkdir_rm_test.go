package files

import (
	"testing"

	"github.com/justbash/justbash/commands/internal/fileinfo"
)

// TestMkdirModesAndParents: modes as GNU mkdir sets them (umask 022),
// and -pv naming each component as typed.
func TestMkdirModesAndParents(t *testing.T) {
	cases := []struct {
		args []string
		dir  string
		perm string
		out  string
	}{
		{[]string{"mkdir", "-m", "u-w", "a"}, "a", "dr-xrwxrwx", ""},
		{[]string{"mkdir", "-m", "g+w,o=", "a"}, "a", "drwxrwx---", ""},
		{[]string{"mkdir", "-m", "-w", "a"}, "a", "dr-xrwxrwx", ""},
		{[]string{"mkdir", "-m", "=x", "a"}, "a", "d--x--x--x", ""},
		{[]string{"mkdir", "-m", "1777", "a"}, "a", "drwxrwxrwt", ""},
		{[]string{"mkdir", "-pm", "700", "x/y"}, "x", "drwxr-xr-x", ""},
		{[]string{"mkdir", "-pm", "700", "x/y"}, "x/y", "drwx------", ""},
		{[]string{"mkdir", "-vp", "a/b/../c", "./x//y/"}, "a/c", "drwxr-xr-x",
			"mkdir: created directory 'a'\nmkdir: created directory 'a/b'\nmkdir: created directory 'a/b/../c'\nmkdir: created directory './x'\nmkdir: created directory './x//y/'\n"},
	}
	for _, tc := range cases {
		fsys := newTestFS(t, nil)
		out, errOut, st := runIn(t, fsys, "", tc.args...)
		fi, err := fsys.Stat("/home/user/" + tc.dir)
		if st != 0 || errOut != "" || out != tc.out || err != nil || fileinfo.ModeString(fi.Mode()) != tc.perm {
			t.Errorf("%q: status %d err %q out %q; %s mode %v (%v), want %s", tc.args, st, errOut, out, tc.dir, fi, err, tc.perm)
		}
	}
	// -p with -m leaves an existing directory alone.
	fsys := newTestFS(t, map[string]string{"/home/user/k/": ""})
	if _, _, st := runIn(t, fsys, "", "mkdir", "-p", "-m", "700", "k"); st != 0 {
		t.Fatal("mkdir -p existing failed")
	}
	if fi, _ := fsys.Stat("/home/user/k"); fi.Mode().Perm() != 0o755 {
		t.Errorf("mkdir -p -m changed an existing dir: %v", fi.Mode())
	}
}

// TestRmInteractive answers rm's prompts from stdin as GNU rm reads them.
func TestRmInteractive(t *testing.T) {
	files := map[string]string{"/home/user/f": "hi\n", "/home/user/g": "", "/home/user/d/x": "", "/home/user/d/e/": ""}
	fsys := newTestFS(t, files)
	_, errOut, st := runIn(t, fsys, "y\nn\n", "rm", "-i", "f", "g")
	want := "rm: remove regular file 'f'? rm: remove regular empty file 'g'? "
	if st != 0 || errOut != want {
		t.Errorf("rm -i: %d %q, want %q", st, errOut, want)
	}
	if _, err := fsys.Stat("/home/user/f"); err == nil {
		t.Error("rm -i y kept f")
	}
	if _, err := fsys.Stat("/home/user/g"); err != nil {
		t.Error("rm -i n removed g")
	}
	_, errOut, _ = runIn(t, fsys, "n\n", "rm", "-I", "a", "b", "c", "g")
	if errOut != "rm: remove 4 arguments? " {
		t.Errorf("rm -I: %q", errOut)
	}
	if _, err := fsys.Stat("/home/user/g"); err != nil {
		t.Error("rm -I n removed g")
	}
	// End of input means no; -f after -i turns prompting off again.
	if _, _, st := runIn(t, fsys, "", "rm", "-r", "-i", "-f", "d"); st != 0 {
		t.Error("rm -r -i -f failed")
	}
	if _, err := fsys.Stat("/home/user/d"); err == nil {
		t.Error("rm -rif kept d")
	}
}
