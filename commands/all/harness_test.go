package all

import (
	"github.com/justbash/justbash/commands"

	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// testClock is a fixed "now" so ls dates and touch are reproducible.
var testClock = time.Date(2024, 11, 30, 12, 0, 0, 0, time.UTC)

func newTestFS(t *testing.T, files map[string]string) vfs.FS {
	t.Helper()
	fsys := vfs.NewMem(vfs.WithClock(func() time.Time { return testClock }))
	for _, d := range []string{"/home/user", "/bin", "/usr/bin", "/tmp"} {
		if err := fsys.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range files {
		if strings.HasSuffix(name, "/") {
			if err := fsys.MkdirAll(name, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := fsys.MkdirAll(parentDir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := vfs.WriteFile(fsys, name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

func parentDir(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return "/"
	}
	return p[:i]
}

// runIn runs a built-in command in /home/user of fsys.
func runIn(t *testing.T, fsys vfs.FS, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd, ok := testReg.Lookup(args[0])
	if !ok {
		t.Fatalf("no command %q", args[0])
	}
	var out, errb bytes.Buffer
	c := &commands.Context{
		Args: args, Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		FS: fsys, Dir: "/home/user",
		Environ: []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "USER=user"},
		Lookup:  testReg.Lookup, Names: testReg.Names,
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st := cmd.Run(ctx, c)
	return out.String(), errb.String(), st
}

// runCmd runs args on a fresh filesystem holding files.
func runCmd(t *testing.T, files map[string]string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runIn(t, newTestFS(t, files), stdin, args...)
}

// cmdCase is one table row: files are created relative to /home/user
// unless absolute.
type cmdCase struct {
	name   string
	args   []string
	stdin  string
	files  map[string]string
	out    string
	errOut string
	status int
}

func runCases(t *testing.T, cases []cmdCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range tc.files {
				if !strings.HasPrefix(k, "/") {
					k = "/home/user/" + k
				}
				files[k] = v
			}
			out, errOut, st := runCmd(t, files, tc.stdin, tc.args...)
			if out != tc.out {
				t.Errorf("%v stdout = %q, want %q", tc.args, out, tc.out)
			}
			if errOut != tc.errOut {
				t.Errorf("%v stderr = %q, want %q", tc.args, errOut, tc.errOut)
			}
			if st != tc.status {
				t.Errorf("%v status = %d, want %d", tc.args, st, tc.status)
			}
		})
	}
}

// testReg is the full command set the tests of this package run.
var testReg = Default()
