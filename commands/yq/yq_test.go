package yq

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

const doc = `name: demo
version: 3
zeta: true
alpha:
  - b: 1
    a: 2
  - b: 3
    a: 4
nested:
  inner: x
  list: [1, 2]
`

func newFS(t *testing.T) vfs.FS {
	t.Helper()
	fsys := vfs.NewMem()
	fsys.MkdirAll("/w", 0o755)
	files := map[string]string{
		"/w/d.yaml":    doc,
		"/w/d.json":    `{"z": 1, "a": [true, null], "m": {"k": "s", "b": 1.5}}`,
		"/w/p.csv":     "name,age,ok\nann,31,true\nbob,4.5,false\n",
		"/w/q.jq":      ".nested.inner",
		"/w/multi.yml": "a: 1\n---\nb: 2\n",
	}
	for name, data := range files {
		if err := vfs.WriteFile(fsys, name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

func runYQ(t *testing.T, fsys vfs.FS, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &commands.Context{Args: append([]string{"yq"}, args...), Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		FS: fsys, Dir: "/w", Environ: []string{"HOME=/w", "GREETING=hi"}}
	code := New().Run(context.Background(), c)
	return out.String(), errb.String(), code
}

func TestYQ(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		stdin string
		out   string
		code  int
	}{
		{"identity keeps order", []string{"."}, doc, "name: demo\nversion: 3\nzeta: true\nalpha:\n  - b: 1\n    a: 2\n  - b: 3\n    a: 4\nnested:\n  inner: x\n  list:\n    - 1\n    - 2\n", 0},
		{"lone file operand", []string{"d.yaml"}, "", "name: demo\nversion: 3\nzeta: true\nalpha:\n  - b: 1\n    a: 2\n  - b: 3\n    a: 4\nnested:\n  inner: x\n  list:\n    - 1\n    - 2\n", 0},
		{"to json", []string{"-o", "json", ".nested"}, doc, "{\n  \"inner\": \"x\",\n  \"list\": [\n    1,\n    2\n  ]\n}\n", 0},
		{"json indent 4", []string{"-oj", "-I", "4", ".alpha[0]"}, doc, "{\n    \"b\": 1,\n    \"a\": 2\n}\n", 0},
		{"compact json", []string{"-j", "-c", ".alpha"}, doc, "[{\"b\":1,\"a\":2},{\"b\":3,\"a\":4}]\n", 0},
		{"flow yaml", []string{"-c", ".nested"}, doc, "{inner: x, list: [1, 2]}\n", 0},
		{"assignment appends key", []string{".nested.new = 5 | .nested"}, doc, "inner: x\nlist:\n  - 1\n  - 2\nnew: 5\n", 0},
		{"scalar unwrapped", []string{".name"}, doc, "demo\n", 0},
		{"json string quoted", []string{"-o=json", ".name"}, doc, "\"demo\"\n", 0},
		{"json raw", []string{"-o=json", "-r", ".name"}, doc, "demo\n", 0},
		{"iterate", []string{".alpha[] | .a"}, doc, "2\n4\n", 0},
		{"top-level list", []string{"keys"}, doc, "- alpha\n- name\n- nested\n- version\n- zeta\n", 0},
		{"arith", []string{".version * 1.5"}, doc, "4.5\n", 0},
		{"env", []string{"-n", "$ENV.GREETING"}, "", "hi\n", 0},
		{"exit status null", []string{"-e", ".missing"}, doc, "null\n", 1},
		{"exit status true", []string{"-e", ".zeta"}, doc, "true\n", 0},
		{"json input keeps order", []string{"-p", "json", "-o", "json", "-c", "."}, `{"z": 1, "a": [true, null], "m": {"k": "s", "b": 1.5}}`, "{\"z\":1,\"a\":[true,null],\"m\":{\"k\":\"s\",\"b\":1.5}}\n", 0},
		{"json file by extension to yaml", []string{".", "d.json"}, "", "z: 1\na:\n  - true\n  - null\nm:\n  k: s\n  b: 1.5\n", 0},
		{"json stream", []string{"-p", "json", "-o", "json", "-c", ".x"}, `{"x":1} {"x":2}`, "1\n2\n", 0},
		{"multi documents", []string{".", "multi.yml"}, "", "a: 1\n---\nb: 2\n", 0},
		{"slurp", []string{"-s", "-o", "json", "-c", ".", "multi.yml"}, "", "[{\"a\":1},{\"b\":2}]\n", 0},
		{"inputs", []string{"-n", "-o", "json", "-c", "[inputs]", "multi.yml"}, "", "[{\"a\":1},{\"b\":2}]\n", 0},
		{"from file", []string{"-f", "q.jq", "d.yaml"}, "", "x\n", 0},
		{"csv input", []string{"-p", "csv", "-o", "json", "-c", "."}, "name,age,ok\nann,31,true\nbob,4.5,false\n", "[{\"name\":\"ann\",\"age\":31,\"ok\":true},{\"name\":\"bob\",\"age\":4.5,\"ok\":false}]\n", 0},
		{"csv output", []string{"-o", "csv", ".alpha"}, doc, "b,a\n1,2\n3,4\n", 0},
		{"tsv output rows", []string{"-n", "-o", "tsv", "[[1, \"a b\"], [2, \"c\"]]"}, "", "1\ta b\n2\tc\n", 0},
		{"large int from json", []string{"-p", "json", "-c", "-o", "json", "."}, "{\"n\": 123456789012345678901234567890}", "{\"n\":123456789012345678901234567890}\n", 0},
		{"yaml 1.1 booleans quoted", []string{".a = \"y\" | .b = \"no\""}, "{}", "a: \"y\"\nb: \"no\"\n", 0},
		{"multiline string", []string{"."}, "s: |\n  one\n  two\n", "s: |\n  one\n  two\n", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runYQ(t, newFS(t), tc.stdin, tc.args...)
			if out != tc.out || code != tc.code {
				t.Errorf("got (%q, %d) stderr %q\nwant (%q, %d)", out, code, errs, tc.out, tc.code)
			}
		})
	}
}

func TestYQErrors(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		stdin string
		err   string
	}{
		{"bad yaml", []string{"."}, "a: [1,\n", "Error: bad yaml in -:"},
		{"bad json", []string{"-p", "json", "."}, "{\"a\":", "Error: bad json in -:"},
		{"bad expression", []string{".a |||"}, "", "Error: unexpected token"},
		{"runtime error", []string{".name + 1"}, doc, "Error: cannot add: string (\"demo\") and number (1)"},
		{"unknown format", []string{"-p", "ini", "."}, "", "Error: unknown format \"ini\" (supported: yaml, json, csv, tsv, toml, xml)"},
		{"missing file", []string{".", "nope.yaml"}, "", "Error: open nope.yaml: No such file or directory"},
		{"inplace without file", []string{"-i", ".a = 1"}, "", "Error: write in place flag only applicable"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, errs, code := runYQ(t, newFS(t), tc.stdin, tc.args...)
			if code != 1 || !strings.HasPrefix(errs, tc.err) {
				t.Errorf("got %d %q, want 1 and prefix %q", code, errs, tc.err)
			}
		})
	}
}

func TestYQInPlace(t *testing.T) {
	fsys := newFS(t)
	out, errs, code := runYQ(t, fsys, "", "-i", ".version = 4 | .nested.inner = \"yy\"", "d.yaml")
	if out != "" || errs != "" || code != 0 {
		t.Fatalf("%q %q %d", out, errs, code)
	}
	got, _ := vfs.ReadFile(fsys, "/w/d.yaml")
	want := strings.Replace(strings.Replace(doc, "version: 3", "version: 4", 1), "inner: x", "inner: yy", 1)
	want = strings.Replace(want, "list: [1, 2]", "list:\n    - 1\n    - 2", 1)
	if string(got) != want {
		t.Fatalf("in place:\n%s\nwant:\n%s", got, want)
	}
	// JSON files stay JSON.
	runYQ(t, fsys, "", "-i", ".z = 2", "d.json")
	got, _ = vfs.ReadFile(fsys, "/w/d.json")
	if !strings.HasPrefix(string(got), "{\n  \"z\": 2,\n  \"a\": [") {
		t.Fatalf("json in place: %s", got)
	}
	entries, _ := fsys.ReadDir("/w")
	for _, e := range entries {
		if strings.Contains(e.Name(), "tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
