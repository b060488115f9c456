package jsexec

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
)

// The child half of TestNoHostFileAccess runs when this variable is set.
const hostFSChildEnv = "JSEXEC_HOSTFS_CHILD"

// Markers the child stats so the parent can cut its part of the trace
// from the test binary's own start-up and shutdown.
const (
	markBegin = "/jsexec-hostfs-begin"
	markEnd   = "/jsexec-hostfs-end"
)

// hostFSScripts exercise what used to reach the host: local-time Dates
// (Go loads /etc/localtime for time.Local) and esbuild bundles (it listed
// the working directory "/" looking for the entry point on disk).
var hostFSScripts = [][]string{
	{"-c", `const d = new Date(2020, 0, 1); console.log(d.getHours(), d.getTimezoneOffset(), String(d), d.toLocaleString(), Date.parse("2020-01-01T00:00"), Date())`},
	{"-m", "-c", `import {x} from "./lib.ts"; import * as p from "node:path"; console.log("module", x, p.basename("/a/b"))`},
	{"main.ts"},
	{"--strip-types", "-c", `const x: number = 2; console.log("ts", x, new Date(0).getHours())`},
}

func runHostFSChild(t *testing.T) {
	e := newEnv(t)
	e.write(t, "/home/user/lib.ts", "export const x: number = 1;\n")
	e.write(t, "/home/user/main.ts", "import {x} from './lib.ts';\nconsole.log('main', x as number);\n")
	cmd := New(Options{})
	_, _ = os.Stat(markBegin)
	for _, args := range hostFSScripts {
		var out, errb bytes.Buffer
		c := &commands.Context{Args: append([]string{"js-exec"}, args...), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			FS: e.fs, Dir: "/home/user", Environ: []string{"HOME=/home/user", "TZ=America/New_York"}}
		code := cmd.Run(context.Background(), c)
		fmt.Printf("status %d: %s%s", code, out.String(), errb.String())
	}
	_, _ = os.Stat(markEnd)
}

// TestNoHostFileAccess runs js-exec in a child process under strace and
// fails on any file system call between the markers.
func TestNoHostFileAccess(t *testing.T) {
	if os.Getenv(hostFSChildEnv) != "" {
		runHostFSChild(t)
		return
	}
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("strace not installed: host file access is not checked")
	}
	trace := filepath.Join(t.TempDir(), "trace")
	cmd := exec.Command(strace, "-f", "-qq", "-e", "trace=%file,getdents64", "-o", trace,
		os.Args[0], "-test.run=^TestNoHostFileAccess$", "-test.count=1")
	// No TZ: Go would load the host's /etc/localtime for time.Local.
	cmd.Env = []string{hostFSChildEnv + "=1", "PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	// The child really ran the scripts, in the sandbox's zone.
	for _, want := range []string{"status 0: 0 300 Wed Jan 01 2020 00:00:00 GMT-0500 (Eastern Standard Time) 1/1/2020, 12:00:00 AM 1577854800000",
		"status 0: module 1 b", "status 0: main 1", "status 0: ts 2 19"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("child output lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	b, e := -1, -1
	for i, l := range lines {
		if strings.Contains(l, markBegin) && b < 0 {
			b = i
		}
		if strings.Contains(l, markEnd) {
			e = i
		}
	}
	if b < 0 || e < b {
		t.Fatalf("markers not in the trace:\n%s", data)
	}
	call := regexp.MustCompile(`^\d+\s+(\w+)\((.*)$`)
	n := 0
	for _, l := range lines[b+1 : e] {
		m := call.FindStringSubmatch(l)
		if m == nil || strings.Contains(m[2], `"/proc/`) || strings.Contains(m[2], `"/sys/`) {
			continue
		}
		n++
		t.Errorf("host file access: %s", l)
	}
	t.Logf("%d file system calls between the markers", n)
}
