package files

import (
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// TestDd: every row recorded from GNU dd (coreutils 9.1) with the same
// operands and input (the timing line of the summary aside).
func TestDd(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "skip-count", Args: []string{"dd", "bs=3", "skip=1", "count=1", "status=none"}, Stdin: "abcdefgh", Out: "def"},
		{Name: "ucase", Args: []string{"dd", "conv=ucase", "status=none"}, Stdin: "hello\n", Out: "HELLO\n"},
		{Name: "sync", Args: []string{"dd", "bs=4", "conv=sync", "status=none"}, Stdin: "ab", Out: "ab\x00\x00"},
		{Name: "skip-bytes", Args: []string{"dd", "bs=2", "count=2", "iflag=skip_bytes", "skip=1", "status=none"}, Stdin: "abcdef", Out: "bcde"},
		{Name: "count-bytes", Args: []string{"dd", "iflag=count_bytes", "count=3", "status=none"}, Stdin: "abcdef", Out: "abc"},
		{Name: "seek-notrunc", Args: []string{"dd", "of=f8", "bs=1", "seek=3", "conv=notrunc", "status=none"}, Stdin: "XY",
			Files: map[string]string{"f8": "12345678"}},
		{Name: "bad-operand", Args: []string{"dd", "bogus"}, Status: 1,
			ErrOut: "dd: unrecognized operand 'bogus'\nTry 'dd --help' for more information.\n"},
		{Name: "bad-number", Args: []string{"dd", "bs=x"}, Status: 1,
			ErrOut: "dd: invalid number: 'x'\nTry 'dd --help' for more information.\n"},
	})
	// The records summary, full and partial blocks both ways.
	for _, c := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"dd", "bs=3"}, "abcdefgh", "2+1 records in\n2+1 records out\n8 bytes copied, "},
		{[]string{"dd", "ibs=1", "obs=4"}, "hello", "5+0 records in\n1+1 records out\n5 bytes copied, "},
		{[]string{"dd", "bs=16k", "count=1"}, strings.Repeat("\x00", 20000), "1+0 records in\n1+0 records out\n16384 bytes (16 kB, 16 KiB) copied, "},
	} {
		_, errOut, st := runCmd(t, nil, c.stdin, c.args...)
		if st != 0 || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%v: status %d, stderr %q, want prefix %q", c.args, st, errOut, c.want)
		}
	}
}

func TestDdSeekTruncates(t *testing.T) {
	for _, c := range []struct{ conv, want string }{{"", "123XY"}, {"conv=notrunc", "123XY678"}} {
		fsys := vfs.NewMem()
		vfs.WriteFile(fsys, "/f8", []byte("12345678"), 0o644)
		args := []string{"dd", "of=/f8", "bs=1", "seek=3", "status=none"}
		if c.conv != "" {
			args = append(args, c.conv)
		}
		if _, errOut, st := runExec(t, fsys, "XY", args...); st != 0 {
			t.Fatalf("%v: status %d %q", args, st, errOut)
		}
		if got, _ := vfs.ReadFile(fsys, "/f8"); string(got) != c.want {
			t.Errorf("%v: file %q, want %q (GNU)", args, got, c.want)
		}
	}
}
