package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeToolExamples runs, verbatim and from the repository root,
// every command of the README's "Install" and "Tools from the command
// line" sections, with the built binary first on PATH.
func TestReadmeToolExamples(t *testing.T) {
	root, _ := filepath.Abs("../..")
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "## Tools from the command line")
	end := strings.Index(text, "## Test")
	if start < 0 || end < start {
		t.Fatal("README lost its tools section")
	}
	var cmds []string
	blocks := strings.Split(text[start:end], "```")
	for i := 1; i < len(blocks); i += 2 {
		for _, l := range strings.Split(strings.TrimSpace(blocks[i]), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				cmds = append(cmds, l)
			}
		}
	}
	if len(cmds) < 4 {
		t.Fatalf("found only %d commands: %q", len(cmds), cmds)
	}
	want := map[string]string{
		"justbash --tools examples/math.js -c 'math add a=2 b=3 | jq .sum'":                                "5\n",
		"justbash --tools examples/todo.yaml --approve accept-all -c 'todo add title=milk | jq -r .title'": "milk\n",
	}
	path := filepath.Dir(binary) + string(os.PathListSeparator) + os.Getenv("PATH")
	todo := filepath.Join(t.TempDir(), "todo.json")
	t.Cleanup(func() { os.Remove(filepath.Join(root, "examples", "todo", "todo")) })
	for _, c := range cmds {
		cmd := exec.Command("sh", "-c", c)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "PATH="+path, "TODO_FILE="+todo)
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("%s: %v\n%s", c, err, out)
			continue
		}
		if w, ok := want[c]; ok && string(out) != w {
			t.Errorf("%s: printed %q, want %q", c, out, w)
		}
		delete(want, c)
	}
	for c := range want {
		t.Errorf("README no longer shows %s", c)
	}
}

// TestStdinReadOnlyWhenRead checks that a script leaves the input it does
// not read to the next program of the pipe (bash does the same).
func TestStdinReadOnlyWhenRead(t *testing.T) {
	for _, c := range []struct{ script, want string }{
		{"true", "a\nb\nc\n"},
		{"read x; echo got $x", "got a\nb\nc\n"},
		{"cat", "a\nb\nc\n"},
	} {
		cmd := exec.Command("sh", "-c", `printf 'a\nb\nc\n' | { "$0" -c "$1"; cat; }`, binary, c.script)
		out, err := cmd.Output()
		if err != nil || string(out) != c.want {
			t.Errorf("%s: %q %v, want %q", c.script, out, err, c.want)
		}
	}
}
