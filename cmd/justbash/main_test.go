package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// binary is the justbash program built once for all tests: the CLI is
// tested the way users run it, as a process.
var binary string

func TestMain(m *testing.M) {
	if d, err := strconv.Atoi(os.Getenv("JUSTBASH_TEST_RELAY")); err == nil {
		os.Exit(relayMain(d)) // a stand-in server of TestMCPFloor
	}
	dir, err := os.MkdirTemp("", "justbash-cli-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "justbash")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		os.RemoveAll(dir)
		panic("building justbash: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type outcome struct {
	stdout, stderr string
	code           int
}

// runCLI runs the binary with args and stdin and waits at most 20s.
func runCLI(t *testing.T, stdin string, args ...string) outcome {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("justbash %q did not finish", args)
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return outcome{out.String(), errb.String(), code}
}

func TestScripts(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.sh")
	if err := os.WriteFile(script, []byte("#!/bin/bash\necho \"$0 has $# args: $*\"\nread -r line\necho \"read: $line\"\nexit 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		stdin  string
		args   []string
		stdout string
		stderr string
		code   int
	}{
		{"-c", "", []string{"-c", "echo hello | tr a-z A-Z"}, "HELLO\n", "", 0},
		{"-c name args", "", []string{"-c", `echo "$0|$1|$2|$#"`, "prog", "a b", "c"}, "prog|a b|c|2\n", "", 0},
		{"-c $0 default", "", []string{"-c", `echo $0`}, "justbash\n", "", 0},
		{"-c reads stdin", "piped\n", []string{"-c", "tr a-z A-Z"}, "PIPED\n", "", 0},
		{"exit status", "", []string{"-c", "echo out; echo err >&2; exit 42"}, "out\n", "err\n", 42},
		{"last status", "", []string{"-c", "false"}, "", "", 1},
		{"file", "input line\n", []string{script, "x", "y"}, script + " has 2 args: x y\nread: input line\n", "", 7},
		{"missing file", "", []string{filepath.Join(dir, "nope.sh")}, "", "justbash: " + filepath.Join(dir, "nope.sh") + ": No such file or directory\n", 127},
		{"stdin script", "x=5\necho $((x*2))\npwd\n", nil, "10\n/home/user\n", "", 0},
		{"stdin script status", "exit 3\n", nil, "", "", 3},
		{"fs persists within run", "", []string{"-c", "echo data > /tmp/f; cat /tmp/f"}, "data\n", "", 0},
		{"errexit short", "", []string{"-e", "-c", "echo a; false; echo b"}, "a\n", "", 1},
		{"errexit long", "", []string{"--errexit", "-c", "echo a; false; echo b"}, "a\n", "", 1},
		{"no errexit", "", []string{"-c", "echo a; false; echo b"}, "a\nb\n", "", 0},
		{"errexit keeps line numbers", "", []string{"-e", "-c", "echo $LINENO\necho $LINENO"}, "1\n2\n", "", 0},
		{"cwd", "", []string{"--cwd", "/tmp", "-c", "pwd"}, "/tmp\n", "", 0},
		{"cwd relative", "", []string{"--cwd", "work", "-c", "pwd"}, "/home/user/work\n", "", 0},
		{"version", "", []string{"--version"}, "justbash dev\n", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(t, tt.stdin, tt.args...)
			if got.stdout != tt.stdout || got.stderr != tt.stderr || got.code != tt.code {
				t.Errorf("got stdout %q stderr %q code %d\nwant stdout %q stderr %q code %d",
					got.stdout, got.stderr, got.code, tt.stdout, tt.stderr, tt.code)
			}
		})
	}
}

func TestJSON(t *testing.T) {
	got := runCLI(t, "", "--json", "-c", "echo out; echo err >&2; exit 4")
	if got.code != 4 || got.stderr != "" {
		t.Fatalf("code %d stderr %q", got.code, got.stderr)
	}
	var res struct {
		Stdout   string `json:"stdout"`
		Stderr   string `json:"stderr"`
		ExitCode *int   `json:"exitCode"`
	}
	dec := json.NewDecoder(strings.NewReader(got.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&res); err != nil {
		t.Fatalf("stdout %q is not the JSON result: %v", got.stdout, err)
	}
	if res.Stdout != "out\n" || res.Stderr != "err\n" || res.ExitCode == nil || *res.ExitCode != 4 {
		t.Errorf("got %+v", res)
	}
	if !strings.HasSuffix(got.stdout, "}\n") || strings.Count(got.stdout, "\n") != 1 {
		t.Errorf("want exactly one JSON line, got %q", got.stdout)
	}
}

func TestUsage(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{"help", []string{"--help"}, 0, "--allow-write", ""},
		{"short help", []string{"-h"}, 0, "Usage:", ""},
		{"bad flag", []string{"--bogus"}, 2, "", "-bogus"},
		{"allow-write alone", []string{"--allow-write", "-c", ":"}, 2, "", "--allow-write needs --root"},
		{"bad profile", []string{"--limits", "turbo", "-c", ":"}, 2, "", "unknown profile"},
		{"missing root", []string{"--root", "/nonexistent-justbash-dir", "-c", ":"}, 1, "", "--root"},
		{"-c without script", []string{"-c"}, 2, "", "argument"},
		{"unknown command", []string{"-c", "nosuchcmd"}, 127, "", "nosuchcmd: command not found\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(t, "", tt.args...)
			if got.code != tt.code || !strings.Contains(got.stdout, tt.inStdout) || !strings.Contains(got.stderr, tt.inStderr) {
				t.Errorf("got code %d stdout %q stderr %q; want code %d, stdout with %q, stderr with %q",
					got.code, got.stdout, got.stderr, tt.code, tt.inStdout, tt.inStderr)
			}
		})
	}
}

func TestRootOverlay(t *testing.T) {
	host := t.TempDir()
	if err := os.WriteFile(filepath.Join(host, "a.txt"), []byte("original\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(host, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	got := runCLI(t, "", "--root", host, "-c",
		"pwd; cat a.txt; echo changed > a.txt; echo new > b.txt; rm -r sub; cat a.txt b.txt; ls; ls /usr/bin/cat")
	want := "/home/user/project\noriginal\nchanged\nnew\na.txt\nb.txt\n/usr/bin/cat\n"
	if got.stdout != want || got.code != 0 {
		t.Errorf("got %q (stderr %q, code %d), want %q", got.stdout, got.stderr, got.code, want)
	}
	data, err := os.ReadFile(filepath.Join(host, "a.txt"))
	if err != nil || string(data) != "original\n" {
		t.Errorf("host a.txt = %q, %v; the overlay must not write through", data, err)
	}
	if _, err := os.Stat(filepath.Join(host, "b.txt")); !os.IsNotExist(err) {
		t.Errorf("b.txt appeared on the host: %v", err)
	}
	if _, err := os.Stat(filepath.Join(host, "sub")); err != nil {
		t.Errorf("sub was removed from the host: %v", err)
	}
}

func TestRootCannotEscape(t *testing.T) {
	host := t.TempDir()
	secret := filepath.Join(filepath.Dir(host), "justbash-secret-"+filepath.Base(host))
	if err := os.WriteFile(secret, []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(secret)
	got := runCLI(t, "", "--root", host, "-c", "cat ../"+filepath.Base(secret)+"; cat ../../../"+filepath.Base(secret))
	if strings.Contains(got.stdout, "secret") || got.code == 0 {
		t.Errorf("read outside the root: stdout %q code %d", got.stdout, got.code)
	}
}

func TestRootAllowWrite(t *testing.T) {
	host := t.TempDir()
	if err := os.WriteFile(filepath.Join(host, "a.txt"), []byte("original\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runCLI(t, "", "--root", host, "--allow-write", "-c", "echo changed > a.txt; mkdir d; echo x > d/f")
	if got.code != 0 {
		t.Fatalf("code %d stderr %q", got.code, got.stderr)
	}
	for name, want := range map[string]string{"a.txt": "changed\n", "d/f": "x\n"} {
		data, err := os.ReadFile(filepath.Join(host, name))
		if err != nil || string(data) != want {
			t.Errorf("host %s = %q, %v; want %q", name, data, err, want)
		}
	}
}

func TestRootCwd(t *testing.T) {
	host := t.TempDir()
	if err := os.Mkdir(filepath.Join(host, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := runCLI(t, "", "--root", host, "--cwd", "sub", "-c", "pwd"); got.stdout != "/home/user/project/sub\n" {
		t.Errorf("got %+v", got)
	}
	got := runCLI(t, "", "--root", host, "--allow-write", "--cwd", "missing", "-c", "pwd")
	if got.code != 1 || !strings.Contains(got.stderr, "no such directory") {
		t.Errorf("got %+v", got)
	}
	if _, err := os.Stat(filepath.Join(host, "missing")); !os.IsNotExist(err) {
		t.Errorf("--cwd created a host directory: %v", err)
	}
}

func TestTimeout(t *testing.T) {
	start := time.Now()
	got := runCLI(t, "", "--timeout", "300ms", "-c", "while :; do :; done")
	if got.code != 124 || got.stderr != "justbash: timeout exceeded (300ms)\n" {
		t.Errorf("got %+v", got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("timeout took %v", d)
	}
	if got := runCLI(t, "", "--json", "--timeout", "200ms", "-c", "echo before; while :; do :; done"); got.stdout != `{"stdout":"before\n","stderr":"justbash: timeout exceeded (200ms)\n","exitCode":124}`+"\n" {
		t.Errorf("json timeout: %+v", got)
	}
}

func TestLimitsProfile(t *testing.T) {
	// 500 nested calls: within Normal's depth bound, beyond Hardened's.
	script := "f(){ if [ $1 -lt 500 ]; then f $(( $1 + 1 )); fi; }; f 0; echo ok"
	if got := runCLI(t, "", "--limits", "normal", "-c", script); got.stdout != "ok\n" || got.code != 0 {
		t.Errorf("normal: %+v", got)
	}
	got := runCLI(t, "", "--limits", "hardened", "-c", script)
	if got.code != 125 || got.stdout != "" || !strings.Contains(got.stderr, "max call depth exceeded") {
		t.Errorf("hardened: %+v", got)
	}
}

func TestInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT")
	}
	cmd := exec.Command(binary, "-c", "echo started; while :; do :; done")
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Signal only once the script runs, so the signal is the script's to handle.
	line, _ := bufio.NewReader(pipe).ReadString('\n')
	if line != "started\n" {
		t.Fatalf("first line %q", line)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Errorf("after SIGINT: %v, want exit status 130", err)
	}
}
