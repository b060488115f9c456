package all_test

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

	// od: floats as gnulib's ftoastr prints them, --traditional operands
	{name: "od-f-le", script: `printf '\001\002\003\nABC\376' | od -f`, stdout: "0000000   6.3077975e-33  -6.4885867e+37\n0000010\n"},
	{name: "od-f-zero", script: `printf '\0\0\0\0\0\0\0\0' | od -f`, stdout: "0000000               0               0\n0000010\n"},
	{name: "od-f-special", script: `printf '\0\0\200\177\0\0\300\177\0\0\200\377\0\0\0\200' | od -tf4 -tx4`,
		stdout: "0000000             inf             nan            -inf              -0\n               7f800000        7fc00000        ff800000        80000000\n0000020\n"},
	{name: "od-f-subnormal-partial", script: `printf '\001\002\003' | od -f`, stdout: "0000000     2.76225e-40\n0000003\n"},
	{name: "od-F-double", script: `printf '\0\0\0\0\0\0\370\077' | od -F`, stdout: "0000000                      1.5\n0000010\n"},
	{name: "od-e-tfD-f8", script: `printf '\001\002\003\nABC\376\231\210\167\146\125\104\063\042\021' | od -e -tfD -t f8 -w8`,
		stdout: "0000000 -1.6121855651403595e+300\n        -1.6121855651403595e+300\n        -1.6121855651403595e+300\n" +
			"0000010   6.171838568684498e-144\n          6.171838568684498e-144\n          6.171838568684498e-144\n" +
			"0000020                 8.4e-323\n                        8.4e-323\n                        8.4e-323\n0000021\n"},
	{name: "od-f-aligned-with-d1", script: `printf '\0\0\240\077\0\0\0\0' | od -tf4 -td1`, stdout: "0000000                1.25                   0\n           0    0  -96   63    0    0    0    0\n0000010\n"},
	{name: "od-f3-invalid", script: "od -t f3 /dev/null 2>&1 | tail -n 1; echo $?", stdout: "this system doesn't provide a 3-byte floating point type\n0\n"},
	{name: "od-b-traditional", script: "printf HELLO | od -b --traditional", stdout: "0000000 110 105 114 114 117\n0000005\n"},
	{name: "od-b-traditional-file", script: "od -b --traditional in", files: map[string]string{"in": "HELLO"}, stdout: "0000000 110 105 114 114 117\n0000005\n"},
	{name: "od-traditional-offset-label", script: "od --traditional in 1 10", files: map[string]string{"in": "HELLO"}, stdout: "0000001 (0000010) 046105 047514\n0000005 (0000014)\n"},
	{name: "od-traditional-offset-stdin", script: "od --traditional 1 < in", files: map[string]string{"in": "HELLO"}, stdout: "0000001 046105 047514\n0000005\n"},
	{name: "od-traditional-plus-offset", script: "od --traditional in +1", files: map[string]string{"in": "HELLO"}, stdout: "0000001 046105 047514\n0000005\n"},
	{name: "od-traditional-two-files", script: "od --traditional in in 2>/dev/null; echo $?", files: map[string]string{"in": "HELLO"}, stdout: "1\n"},
	{name: "od-missing-file-no-address", script: "od nofile 2>/dev/null; echo $?", stdout: "1\n"},

	// md5sum/sha*sum -c: one blank (space or tab) before the name is a
	// layout of its own; a list without one valid line fails.
	{name: "sum-c-one-space", script: "echo 'da39a3ee5e6b4b0d3255bfef95601890afd80709 EMPTY' | sha1sum -c", files: map[string]string{"EMPTY": ""}, stdout: "EMPTY: OK\n"},
	{name: "sum-c-star", script: "echo 'da39a3ee5e6b4b0d3255bfef95601890afd80709 *EMPTY' | sha1sum -c", files: map[string]string{"EMPTY": ""}, stdout: "EMPTY: OK\n"},
	{name: "sum-c-tab", script: "printf 'd41d8cd98f00b204e9800998ecf8427e\tEMPTY\n' | md5sum -c", files: map[string]string{"EMPTY": ""}, stdout: "EMPTY: OK\n"},
	{name: "sum-c-two-then-star-name", script: "echo 'da39a3ee5e6b4b0d3255bfef95601890afd80709  *EMPTY' | sha1sum -c 2>&1 >/dev/null; echo $?", files: map[string]string{"EMPTY": ""},
		stdout: "sha1sum: '*EMPTY': No such file or directory\nsha1sum: WARNING: 1 listed file could not be read\n1\n"},
	{name: "sum-c-layouts-do-not-mix", script: "printf 'da39a3ee5e6b4b0d3255bfef95601890afd80709  EMPTY\nda39a3ee5e6b4b0d3255bfef95601890afd80709 EMPTY\n' | sha1sum -c 2>&1; echo $?", files: map[string]string{"EMPTY": ""},
		stdout: "EMPTY: OK\nsha1sum: WARNING: 1 line is improperly formatted\n0\n"},
	{name: "sum-c-one-space-keeps-blank", script: "printf 'da39a3ee5e6b4b0d3255bfef95601890afd80709 EMPTY\nda39a3ee5e6b4b0d3255bfef95601890afd80709  EMPTY\n' | sha1sum -c 2>/dev/null; echo $?", files: map[string]string{"EMPTY": ""},
		stdout: "EMPTY: OK\n EMPTY: FAILED open or read\n1\n"},
	{name: "sum-c-empty-list", script: "sha256sum -c EMPTY 2>&1; echo $?", files: map[string]string{"EMPTY": ""}, stdout: "sha256sum: EMPTY: no properly formatted checksum lines found\n1\n"},
	{name: "sum-c-junk-stdin", script: "echo junk | md5sum -c 2>&1; echo $?", stdout: "md5sum: 'standard input': no properly formatted checksum lines found\n1\n"},
	{name: "sum-c-bad-hex", script: "echo 'zz39a3ee5e6b4b0d3255bfef95601890afd80709 EMPTY' | sha1sum -c 2>&1; echo $?", stdout: "sha1sum: 'standard input': no properly formatted checksum lines found\n1\n"},

	// rev (util-linux): a NUL ends a line's text; the rest of that line,
	// newline included, is dropped, so the next line joins on.
	{name: "rev-nul", script: `printf 'lin\000e 1\n\nline 3\n' | rev`, stdout: "nil\n3 enil\n"},
	{name: "rev-nul-joins", script: `printf 'a\0b\nc\0d\ne\n' | rev`, stdout: "eca\n"},
	{name: "rev-nul-at-eof", script: `printf 'ab\000cd' | rev`, stdout: "ba"},

	// uniq: an output operand "-" is standard output.
	{name: "uniq-output-dash", script: "uniq in -", files: map[string]string{"in": "one\ntwo\ntwo\nthree\n"}, stdout: "one\ntwo\nthree\n"},

	// xargs: -I strips any leading white space; the old -e[EOF], -i[R]
	// and -l[N] forms take an attached argument or none.
	{name: "xargs-I-leading-space", script: `printf ' \n2\n\n4\n\n 6 6 \n \v \t 7\n\t\n\v\n' | xargs -I% echo '[%]'`, stdout: "[2]\n[4]\n[6 6 ]\n[7]\n"},
	{name: "xargs-vt-not-a-separator", script: `printf 'a\vb\n' | xargs echo`, stdout: "a\vb\n"},
	{name: "xargs-e-alone", script: `printf 'a\n_\nb\n' | xargs -e`, stdout: "a _ b\n"},
	{name: "xargs-e-attached", script: `printf 'a\n_\nb\n' | xargs -e_`, stdout: "a\n"},
	{name: "xargs-i", script: `printf 'a\nb\n' | xargs -i echo x{}`, stdout: "xa\nxb\n"},
	{name: "xargs-i-attached", script: `printf 'a\nb\n' | xargs -iZ echo Z-Z`, stdout: "a-a\nb-b\n"},
	{name: "xargs-l", script: `printf 'a b\nc\nd\n' | xargs -l2 echo`, stdout: "a b c\nd\n"},
	{name: "xargs-e-after-command", script: `printf 'a\n' | xargs echo -e x`, stdout: "x a\n"},

	// printf: a negative * precision counts as none, as in C.
	{name: "printf-neg-prec", script: `printf '|%.*f|\n' -12 5.25`, stdout: "|5.250000|\n"},
	{name: "printf-neg-width-prec", script: `printf '|%*.*f|\n' -23 -12 5.25`, stdout: "|5.250000               |\n"},
	{name: "printf-neg-prec-int-str", script: `printf '%.*d|%.*s|%.*x\n' -3 5 -1 abc -1 255`, stdout: "5|abc|ff\n"},
	{name: "printf-command-neg-prec", script: `env printf '|%.*f|\n' -12 5.25`, stdout: "|5.250000|\n"},
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
