package all

import (
	"fmt"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands/run"
	"github.com/justbash/justbash/vfs"
)

// Expectations recorded with GNU findutils xargs (LC_ALL=C) fed
// printf 'a b\nc "d e" f\ng\n'.
func TestXargs(t *testing.T) {
	in := "a b\nc \"d e\" f\ng\n"
	mk := func(t *testing.T) vfs.FS { return newTestFS(t, nil) }
	runExecCases(t, mk, []execCase{
		{Args: []string{"xargs"}, Stdin: in, Out: "a b c d e f g\n"},
		{Args: []string{"xargs", "-n", "2"}, Stdin: in, Out: "a b\nc d e\nf g\n"},
		{Args: []string{"xargs", "-I{}", "echo", "[{}]"}, Stdin: in, Out: "[a b]\n[c d e f]\n[g]\n"},
		{Args: []string{"xargs", "-L", "1"}, Stdin: in, Out: "a b\nc d e f\ng\n"},
		{Args: []string{"xargs", "-t", "-n", "3", "echo"}, Stdin: in, Out: "a b c\nd e f g\n", ErrOut: "echo a b c\necho 'd e' f g\n"},
		{Args: []string{"xargs", "-0", "-n1"}, Stdin: "p\x00q r\x00", Out: "p\nq r\n"},
		{Args: []string{"xargs", "-d", ",", "-n", "1"}, Stdin: "x,y,z\n", Out: "x\ny\nz\n\n"},
		{Args: []string{"xargs", "-s", "12", "echo"}, Stdin: in, Out: "a b c\nd e f\ng\n"},
		{Args: []string{"xargs", "false"}, Stdin: in, Status: 123},
		// -p asks on /dev/tty; recorded from GNU xargs 4.9 with no
		// controlling terminal, which is always the sandbox's case.
		{Args: []string{"xargs", "-p", "echo"}, Stdin: "a\n", Status: 1,
			ErrOut: "echo axargs: failed to open /dev/tty for reading: No such device or address\n"},
		{Args: []string{"xargs", "-r", "echo", "hi"}, Stdin: ""},
		{Args: []string{"xargs", "echo", "hi"}, Stdin: "", Out: "hi\n"},
		{Args: []string{"xargs"}, Stdin: "a 'b\n", Out: "a\n", ErrOut: "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n", Status: 1},
		{Args: []string{"xargs", "nosuchcmd"}, Stdin: "a\n", ErrOut: "nosuchcmd: command not found\n", Status: 127},
		{Args: []string{"xargs", "-n", "0"}, Stdin: "a\n", ErrOut: "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n", Status: 1},
		{Args: []string{"xargs", "-Z"}, ErrOut: "xargs: invalid option -- 'Z'\nTry 'xargs --help' for more information.\n", Status: 1},
	})
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
