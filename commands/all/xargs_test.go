package all

import (
	"context"
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/run"

	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// Expectations recorded with GNU findutils xargs (LC_ALL=C) fed
// printf 'a b\nc "d e" f\ng\n'.
func TestXargs(t *testing.T) {
	in := "a b\nc \"d e\" f\ng\n"
	mk := func(t *testing.T) vfs.FS { return newTestFS(t, nil) }
	runExecCases(t, mk, []execCase{
		{args: []string{"xargs"}, stdin: in, out: "a b c d e f g\n"},
		{args: []string{"xargs", "-n", "2"}, stdin: in, out: "a b\nc d e\nf g\n"},
		{args: []string{"xargs", "-I{}", "echo", "[{}]"}, stdin: in, out: "[a b]\n[c d e f]\n[g]\n"},
		{args: []string{"xargs", "-L", "1"}, stdin: in, out: "a b\nc d e f\ng\n"},
		{args: []string{"xargs", "-t", "-n", "3", "echo"}, stdin: in, out: "a b c\nd e f g\n", errOut: "echo a b c\necho 'd e' f g\n"},
		{args: []string{"xargs", "-0", "-n1"}, stdin: "p\x00q r\x00", out: "p\nq r\n"},
		{args: []string{"xargs", "-d", ",", "-n", "1"}, stdin: "x,y,z\n", out: "x\ny\nz\n\n"},
		{args: []string{"xargs", "-s", "12", "echo"}, stdin: in, out: "a b c\nd e f\ng\n"},
		{args: []string{"xargs", "false"}, stdin: in, status: 123},
		// -p asks on /dev/tty; recorded from GNU xargs 4.9 with no
		// controlling terminal, which is always the sandbox's case.
		{args: []string{"xargs", "-p", "echo"}, stdin: "a\n", status: 1,
			errOut: "echo axargs: failed to open /dev/tty for reading: No such device or address\n"},
		{args: []string{"xargs", "-r", "echo", "hi"}, stdin: ""},
		{args: []string{"xargs", "echo", "hi"}, stdin: "", out: "hi\n"},
		{args: []string{"xargs"}, stdin: "a 'b\n", out: "a\n", errOut: "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n", status: 1},
		{args: []string{"xargs", "nosuchcmd"}, stdin: "a\n", errOut: "nosuchcmd: command not found\n", status: 127},
		{args: []string{"xargs", "-n", "0"}, stdin: "a\n", errOut: "xargs: invalid number \"0\" for -n option\n", status: 1},
		{args: []string{"xargs", "-Z"}, errOut: "xargs: invalid option -- 'Z'\nTry 'xargs --help' for more information.\n", status: 1},
	})
}

// TestXargsParallel checks -P really overlaps: four sleeps of 200ms with
// -P 4 must run at the same time (a command records the peak).
func TestXargsParallel(t *testing.T) {
	var running, peak atomic.Int32
	testReg.Register("xargs-probe", commands.Func(func(ctx context.Context, c *commands.Context) int {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
		running.Add(-1)
		c.Stdout.Write([]byte(strings.Join(c.Args[1:], " ") + "\n"))
		return 0
	}))
	defer testReg.Remove("xargs-probe")
	out, _, st := runExec(t, newTestFS(t, nil), "1 2 3 4\n", "xargs", "-P", "4", "-n", "1", "xargs-probe")
	if st != 0 || len(strings.Fields(out)) != 4 {
		t.Fatalf("status %d out %q", st, out)
	}
	if peak.Load() < 2 {
		t.Errorf("peak concurrency %d, want parallel runs", peak.Load())
	}
}

// Input is parsed in chunks (xargsChunk); items, -L line counting, quotes
// and -E must come out as if the input were parsed whole, across many
// chunk boundaries.
func TestXargsStreamsAcrossChunks(t *testing.T) {
	var in, want strings.Builder
	for i := 0; len(in.String()) < 5*run.XargsChunk; i++ {
		// Quoted items with blanks, and lines ending in a blank (which
		// continue the -L line onto the next one).
		fmt.Fprintf(&in, "a%d 'b %d'  \nc%d\n", i, i, i)
		fmt.Fprintf(&want, "a%d b %d c%d\n", i, i, i)
	}
	out, errOut, st := runExec(t, newTestFS(t, nil), in.String(), "xargs", "-L", "1")
	if st != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", st, errOut)
	}
	if out != want.String() {
		t.Fatalf("output differs from whole-input parsing (%d vs %d bytes)", len(out), len(want.String()))
	}
	// -E stops at the end-of-file string even far into the input.
	out, errOut, st = runExec(t, newTestFS(t, nil), in.String()+"STOP\nafter\n", "xargs", "-E", "STOP", "echo")
	if st != 0 || errOut != "" || strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(want.String()), " ") {
		t.Fatalf("-E: status %d, stderr %q, %d bytes out", st, errOut, len(out))
	}
}
