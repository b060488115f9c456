package commands_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/justbash/justbash/shell"
)

// gnuScript is a case found by the BusyBox test suite: a script run in
// the sandbox and, for the oracle check, by the host's bash with GNU
// coreutils, diffutils, findutils and grep.
type gnuScript struct {
	name, script, stdout string
	files                map[string]string
}

// busyboxGNUCases: each stdout was recorded by running the script with
// /bin/bash and the GNU tools (LC_ALL=C) in a directory holding files;
// TestBusyboxCasesGNUOracle re-checks them against the host. The scripts
// avoid timestamps and the tools' program-name prefixes in messages.
var busyboxGNUCases = []gnuScript{
	// diff
	{name: "diff-stdin-twice", script: "echo stdin | { diff - -; echo $?; wc -c; }", stdout: "0\n6\n"},
	{name: "diff-B-all-blank", script: "printf 'a\\n' | diff -uB - in; echo $?", files: map[string]string{"in": "\na\n\n"}, stdout: "0\n"},
	{name: "diff-qB-blank-line", script: "printf '\\n1\\n' | diff -qB - in; echo $?", files: map[string]string{"in": "1\n"}, stdout: "0\n"},
	{name: "diff-qB-real-change", script: "printf '0\\n' | diff -qB - in; echo $?", files: map[string]string{"in": "1\n"}, stdout: "Files - and in differ\n1\n"},
	{name: "diff-B-whitespace-is-not-blank", script: "diff -B a b; echo $?", files: map[string]string{"a": "a\n", "b": "a\n \n"}, stdout: "1a2\n>  \n1\n"},
	{name: "diff-B-drops-blank-hunk", script: "diff -B a b; echo $?", files: map[string]string{"a": "a\nb\nc\nd\ne\nf\ng\nh\n", "b": "a\n\nb\nc\nd\ne\nf\ng\nX\n"}, stdout: "8c9\n< h\n---\n> X\n1\n"},
	{name: "diff-B-keeps-blank-in-context", script: "diff -uB a b | tail -n +3; echo $?", files: map[string]string{"a": "a\nb\nc\n", "b": "a\n\nb\nX\n"}, stdout: "@@ -1,3 +1,4 @@\n a\n+\n b\n-c\n+X\n0\n"},
	{name: "diff-sB-identical", script: "diff -sB a b; echo $?", files: map[string]string{"a": "a\nb\n", "b": "a\n\nb\n"}, stdout: "Files a and b are identical\n0\n"},
}

func TestBusyboxCasesGNU(t *testing.T) {
	for _, tc := range busyboxGNUCases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for n, d := range tc.files {
				files["/home/user/"+n] = d
			}
			sh, err := shell.New(shell.Options{Files: files, Env: map[string]string{"LC_ALL": "C"}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := sh.Exec(context.Background(), tc.script)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stdout != tc.stdout {
				t.Errorf("%s\ngot  %q\nwant %q\nstderr %q", tc.script, res.Stdout, tc.stdout, res.Stderr)
			}
		})
	}
}

// TestBusyboxCasesGNUOracle runs the table with the host's bash and GNU
// tools, so no expectation is our own output.
func TestBusyboxCasesGNUOracle(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash on the host")
	}
	for _, tool := range []string{"diff", "od", "printf", "md5sum", "tail", "uniq", "rev", "grep", "xargs"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s on the host", tool)
		}
	}
	if out, _ := exec.Command("diff", "--version").Output(); !strings.Contains(string(out), "GNU diffutils") {
		t.Skip("host diff is not GNU diffutils")
	}
	for _, tc := range busyboxGNUCases {
		dir := t.TempDir()
		for n, d := range tc.files {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(d), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(bash, "-c", tc.script)
		cmd.Dir = dir
		cmd.Env = []string{"LC_ALL=C", "PATH=" + os.Getenv("PATH")}
		out, _ := cmd.Output()
		if string(out) != tc.stdout {
			t.Errorf("%s: host bash + GNU tools give %q, the table says %q", tc.name, out, tc.stdout)
		}
	}
}
