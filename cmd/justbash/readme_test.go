package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readmeExample is one "$ command" of a ```console block of README.md and
// what it must print (stdout and stderr together).
type readmeExample struct {
	line int    // 1-based line of the command in the README
	cmd  string // the command, verbatim
	want string // its expected output, "" for none
	skip string // why it is not run ("" runs it)
}

// parseReadme extracts the shell examples of a README written to the
// convention stated in the HTML comment at the top of README.md: ```console
// blocks of "$ " commands each followed by its output, an HTML comment
// "skip: REASON" right before a block to skip it, and no fenced block
// without a language.
func parseReadme(text string) ([]readmeExample, error) {
	lines := strings.Split(text, "\n")
	var out []readmeExample
	skip := ""
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		if strings.HasPrefix(l, "<!--") {
			if r, ok := strings.CutPrefix(l, "<!-- skip:"); ok && strings.HasSuffix(r, "-->") {
				skip = strings.TrimSpace(strings.TrimSuffix(r, "-->"))
				if skip == "" {
					return nil, fmt.Errorf("line %d: skip without a reason", i+1)
				}
				continue
			}
			// Any other comment (the convention itself) is not content.
			for !strings.Contains(lines[i], "-->") {
				if i++; i == len(lines) {
					return nil, errors.New("unterminated HTML comment")
				}
			}
			skip = ""
			continue
		}
		lang, fence := strings.CutPrefix(l, "```")
		if !fence {
			if l != "" {
				skip = "" // the marker must sit right before its block
			}
			continue
		}
		if lang == "" {
			return nil, fmt.Errorf("line %d: fenced block without a language", i+1)
		}
		start := i + 1
		for i++; i < len(lines) && strings.TrimRight(lines[i], " \t\r") != "```"; i++ {
		}
		if i == len(lines) {
			return nil, fmt.Errorf("line %d: unterminated block", start)
		}
		if lang == "console" {
			ex, err := consoleExamples(lines[start:i], start+1, skip)
			if err != nil {
				return nil, err
			}
			out = append(out, ex...)
		}
		skip = ""
	}
	return out, nil
}

// consoleExamples splits a console block's body (first line numbered
// first) into commands and their outputs.
func consoleExamples(body []string, first int, skip string) ([]readmeExample, error) {
	var out []readmeExample
	for j, l := range body {
		if c, ok := strings.CutPrefix(l, "$ "); ok {
			out = append(out, readmeExample{line: first + j, cmd: c, skip: skip})
			continue
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("line %d: output before any \"$ \" command", first+j)
		}
		out[len(out)-1].want += l + "\n"
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("line %d: console block without a command", first)
	}
	return out, nil
}

func TestParseReadmeConvention(t *testing.T) {
	text := "<!--\nthe convention\n```console\n-->\n# T\n\n" +
		"```console\n$ a\none\ntwo\n$ b\n```\n\n" +
		"<!-- skip: needs a terminal -->\n```console\n$ c\n```\n\n" +
		"<!-- skip: stale -->\n\ntext\n```console\n$ d\n```\n" +
		"```go\n$ not shell\n```\n"
	got, err := parseReadme(text)
	if err != nil {
		t.Fatal(err)
	}
	want := []readmeExample{
		{line: 8, cmd: "a", want: "one\ntwo\n"},
		{line: 11, cmd: "b"},
		{line: 16, cmd: "c", skip: "needs a terminal"},
		{line: 23, cmd: "d"}, // the marker was not right before the block
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{
		"```\necho untagged\n```\n",
		"```console\nout before command\n```\n",
		"```console\n$ x\n",
		"<!-- skip: -->\n```console\n$ x\n```\n",
		"<!-- never closed\n",
	} {
		if _, err := parseReadme(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

// TestReadmeExamples runs every console example of README.md, verbatim,
// with sh from the repository root and the built binary first on PATH,
// and compares what it prints. HOME, the XDG directories, GOBIN and the
// todo example's file point into a scratch directory, and GOPROXY=off
// keeps the go commands offline.
func TestReadmeExamples(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples, err := parseReadme(string(data))
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the README's go commands need the go tool on PATH")
	}
	env := readmeEnv(t)
	// The todo example builds into the clone; leave it as it was.
	built := filepath.Join(root, "examples", "todo", "todo")
	if _, err := os.Stat(built); errors.Is(err, os.ErrNotExist) {
		t.Cleanup(func() { os.Remove(built) })
	}
	ran := 0
	for _, ex := range examples {
		if ex.skip != "" {
			t.Logf("README.md:%d skipped (%s): %s", ex.line, ex.skip, ex.cmd)
			continue
		}
		if testing.Short() && (strings.HasPrefix(ex.cmd, "go install ") || strings.HasPrefix(ex.cmd, "go run ")) {
			// They compile all of justbash; examples/todo is small.
			t.Logf("README.md:%d skipped (-short: builds justbash): %s", ex.line, ex.cmd)
			continue
		}
		ran++
		got, err := runReadmeExample(root, env, ex.cmd)
		if err != nil || got != ex.want {
			t.Errorf("README.md:%d: %s\nerror: %v\nprinted:\n%s\nwant:\n%s", ex.line, ex.cmd, err, got, ex.want)
		}
	}
	// A README edit that breaks the convention silently would run nothing.
	if ran < 8 {
		t.Errorf("ran only %d README examples", ran)
	}
}

// readmeEnv is the host environment with PATH led by the built binary and
// the user's state replaced by scratch directories. The Go caches are kept
// (found before HOME moves) so that go run and go install stay fast.
func readmeEnv(t *testing.T) []string {
	tmp := t.TempDir()
	env := os.Environ()
	for _, v := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		out, err := exec.Command("go", "env", v).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", v, err)
		}
		env = append(env, v+"="+strings.TrimSpace(string(out)))
	}
	for _, d := range []string{"home", "config", "state", "data", "bin"} {
		if err := os.Mkdir(filepath.Join(tmp, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return append(env,
		"PATH="+filepath.Dir(binary)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+filepath.Join(tmp, "home"),
		"XDG_CONFIG_HOME="+filepath.Join(tmp, "config"),
		"XDG_STATE_HOME="+filepath.Join(tmp, "state"),
		"XDG_DATA_HOME="+filepath.Join(tmp, "data"),
		"GOBIN="+filepath.Join(tmp, "bin"),
		"GOPROXY=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly",
		"TODO_FILE="+filepath.Join(tmp, "todo.json"),
	)
}

// runReadmeExample runs one command with stdout and stderr on one pipe, so
// their interleaving is what a terminal would show. The deadline is only a
// guard against a hang: go install and go run may compile on a loaded
// machine.
func runReadmeExample(root string, env []string, command string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Dir = root
	cmd.Env = env
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
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

// readmeGoPrograms returns the ```go blocks of a README that are whole
// programs (they start with "package main"); fragments are not returned.
func readmeGoPrograms(text string) []string {
	var progs []string
	var cur []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case !in && strings.TrimRight(l, " \t\r") == "```go":
			in, cur = true, nil
		case in && strings.TrimRight(l, " \t\r") == "```":
			in = false
			if len(cur) > 0 && strings.HasPrefix(cur[0], "package main") {
				progs = append(progs, strings.Join(cur, "\n")+"\n")
			}
		case in:
			cur = append(cur, l)
		}
	}
	return progs
}

// printedComments is what a README program says it prints: the trailing
// "// " comment of each line that calls fmt.Print*, one line each.
func printedComments(prog string) string {
	var b strings.Builder
	for _, l := range strings.Split(prog, "\n") {
		if !strings.Contains(l, "fmt.Print") {
			continue
		}
		if i := strings.LastIndex(l, "// "); i >= 0 {
			b.WriteString(strings.TrimSpace(l[i+3:]) + "\n")
		}
	}
	return b.String()
}

// TestReadmeGoPrograms builds each whole Go program of the README against
// this clone (a scratch module whose replace directive points here, with
// this module's go.sum, offline) and checks it prints what its comments
// say.
func TestReadmeGoPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: building the README's Go programs compiles the library")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go tool on PATH")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	progs := readmeGoPrograms(string(data))
	if len(progs) == 0 {
		t.Fatal("README.md has no whole Go program")
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for i, prog := range progs {
		want := printedComments(prog)
		if want == "" {
			t.Errorf("program %d says nothing about what it prints", i+1)
			continue
		}
		dir := t.TempDir()
		mod := "module readmeexample\n\ngo 1.26\n\nrequire github.com/justbash/justbash v0.0.0\n\n" +
			"replace github.com/justbash/justbash => " + root + "\n"
		for name, body := range map[string]string{"go.mod": mod, "go.sum": string(sum), "main.go": prog} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, "go", "run", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
		out, err := cmd.Output()
		cancel()
		if err != nil || string(out) != want {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				out = append(out, ee.Stderr...)
			}
			t.Errorf("program %d: %v\nprinted:\n%s\nwant:\n%s", i+1, err, out, want)
		}
	}
}
