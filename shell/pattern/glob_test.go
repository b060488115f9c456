package pattern

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// globTree is built both in a vfs.Mem and in a real directory for bash.
var globTree = struct {
	dirs, files []string
	links       [][2]string // target, link
}{
	dirs:  []string{"d", "d/e", "d/e/f", ".h", "a-b", "a-b/x", "emp", "D2"},
	files: []string{"a", "b", ".a", ".b", "A.txt", "B.TXT", "abc", "d/x", "d/e/x", "d/e/f/g", ".h/y", ".h/z", "sp ace", "q*", "br[ack]et"},
	links: [][2]string{{"d", "ld"}, {"e", "d/le"}, {"nowhere", "d/dang"}},
}

const memRoot = "/t/w"

func buildMem(t testing.TB) vfs.FS {
	t.Helper()
	m := vfs.NewMem()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(m.MkdirAll(memRoot, 0o755))
	for _, d := range globTree.dirs {
		must(m.MkdirAll(memRoot+"/"+d, 0o755))
	}
	for _, f := range globTree.files {
		fh, err := m.OpenFile(memRoot+"/"+f, os.O_CREATE|os.O_WRONLY, 0o644)
		must(err)
		must(fh.Close())
	}
	for _, l := range globTree.links {
		must(m.Symlink(l[0], memRoot+"/"+l[1]))
	}
	return m
}

func buildReal(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range globTree.dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range globTree.files {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range globTree.links {
		if err := os.Symlink(l[0], filepath.Join(root, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// globRow is one pathname expansion. In pat, "ROOT" stands for the absolute
// root of the tree. want was recorded from bash 5.2 (nil: no match).
type globRow struct {
	pat    string
	opts   string // letters: s globstar, d dotglob, n nocaseglob, x extglob, k globskipdots off
	ignore string // GLOBIGNORE, colon-separated
	want   []string
}

func (r globRow) options() GlobOptions {
	o := GlobOptions{
		GlobStar: strings.Contains(r.opts, "s"),
		DotGlob:  strings.Contains(r.opts, "d"),
		NoCase:   strings.Contains(r.opts, "n"),
		ExtGlob:  strings.Contains(r.opts, "x"),
		KeepDots: strings.Contains(r.opts, "k"),
	}
	if r.ignore != "" {
		o.Ignore = strings.Split(r.ignore, ":")
	}
	return o
}

func runGlob(t *testing.T, fsys vfs.FS, r globRow) []string {
	t.Helper()
	got, err := Glob(context.Background(), fsys, memRoot, strings.ReplaceAll(r.pat, "ROOT", memRoot), r.options())
	if err != nil {
		t.Fatalf("Glob(%q): %v", r.pat, err)
	}
	for i := range got {
		got[i] = strings.ReplaceAll(got[i], memRoot, "ROOT")
	}
	if len(got) == 0 {
		got = nil
	}
	return got
}

func TestGlobTable(t *testing.T) {
	if len(globRows) < 60 {
		t.Fatalf("only %d glob rows", len(globRows))
	}
	fsys := buildMem(t)
	for _, r := range globRows {
		if got := runGlob(t, fsys, r); !reflect.DeepEqual(got, r.want) {
			t.Errorf("Glob(%q, %q, ignore %q)\n got  %q\n bash %q", r.pat, r.opts, r.ignore, got, r.want)
		}
	}
}

// bashGlob expands every row's pattern with /bin/bash in a real copy of
// the tree.
func bashGlob(t *testing.T, rows []globRow) [][]string {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found: the recorded glob table stands alone")
	}
	if v := versionOf(bash); !strings.HasPrefix(string(v), "5.2") {
		t.Skipf("bash is %s, the table was recorded from 5.2", v)
	}
	root := buildReal(t)
	var b strings.Builder
	b.WriteString("shopt -s nullglob\n")
	for _, r := range rows {
		// Order matters in bash: unsetting GLOBIGNORE turns dotglob off,
		// setting it turns dotglob on until the next shopt.
		b.WriteString("unset GLOBIGNORE\n")
		for c, opt := range map[string]string{"s": "globstar", "d": "dotglob", "n": "nocaseglob", "x": "extglob"} {
			if strings.Contains(r.opts, c) {
				fmt.Fprintf(&b, "shopt -s %s\n", opt)
			} else {
				fmt.Fprintf(&b, "shopt -u %s\n", opt)
			}
		}
		if strings.Contains(r.opts, "k") {
			b.WriteString("shopt -u globskipdots\n")
		} else {
			b.WriteString("shopt -s globskipdots\n")
		}
		if r.ignore != "" {
			fmt.Fprintf(&b, "GLOBIGNORE=%s\n", bashQuote(r.ignore))
		}
		fmt.Fprintf(&b, "r=( %s ); for f in \"${r[@]}\"; do printf '%%s\\0' \"$f\"; done; printf '\\1\\0'\n",
			strings.ReplaceAll(r.pat, "ROOT", root))
	}
	cmd := exec.Command(bash, "--norc", "--noprofile")
	cmd.Dir = root
	cmd.Stdin = strings.NewReader(b.String())
	cmd.Env = []string{"LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	var res [][]string
	var cur []string
	for _, f := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if f == "\x01" {
			res = append(res, cur)
			cur = nil
			continue
		}
		cur = append(cur, strings.ReplaceAll(f, root, "ROOT"))
	}
	if len(res) != len(rows) {
		t.Fatalf("bash answered %d of %d rows", len(res), len(rows))
	}
	return res
}

func TestGlobTableAgainstBash(t *testing.T) {
	res := bashGlob(t, globRows)
	for i, r := range globRows {
		if !reflect.DeepEqual(res[i], r.want) {
			t.Errorf("Glob(%q, %q, ignore %q): recorded %q, bash now %q", r.pat, r.opts, r.ignore, r.want, res[i])
		}
	}
	if os.Getenv("PATTERN_GEN") != "" {
		var b strings.Builder
		for i, r := range globRows {
			fmt.Fprintf(&b, "\t{%q, %q, %q, %#v},\n", r.pat, r.opts, r.ignore, res[i])
		}
		if err := os.WriteFile("globrows.gen", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestGlobLimitAndCancel(t *testing.T) {
	fsys := buildMem(t)
	_, err := Glob(context.Background(), fsys, memRoot, "*", GlobOptions{MaxResults: 3})
	if !errors.Is(err, ErrTooManyResults) || !strings.Contains(err.Error(), "(3)") {
		t.Fatalf("want the limit named, got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := vfs.NewMem()
	for i := 0; i < 200; i++ {
		if err := m.MkdirAll(fmt.Sprintf("/r/d%d/e", i), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Glob(ctx, m, "/r", "**", GlobOptions{GlobStar: true}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled ** walk: %v", err)
	}
}
