package sed

import (
	"strings"
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
)

// FuzzSed runs sed with a fuzzed script, fuzzed options and input over
// fuzzkit's filesystem (so r, w and -i reach real files). No panic may
// escape and the run must end: branches loop without reading input, and
// s///, G, H and N grow the spaces without bound unless sed checks.
func FuzzSed(f *testing.F) {
	for _, s := range []struct{ script, opts, in string }{
		{"s/a/b/g", "", "abc\naaa\n"},
		{"s/\\(a\\)\\(b*\\)/\\2\\1/2p", "-n", "abbab\n"},
		{"s/x*/-/g;s/$/\\n/;y/abc/xyz/", "-E", "abc\n"},
		{"/a/,/b/{=;l 5;}", "-n", "a\nq\nb\nc\n"},
		{"$!N;P;D", "", "1\n2\n3\n"},
		{"1~2d;0,/x/s//y/", "", "x\nx\nx\n"},
		{"h;G;x;H;g", "-z", "a\x00b\x00"},
		{"r a.txt\nw /tmp/out\nR b.txt", "-s", "1\n2\n"},
		{"a\\\nappended\ni\\\ninserted\nc\\\nchanged", "", "l\n"},
		{"e echo hi", "", "x\n"},
		{":a;s/.*/&&/;ba", "", "x\n"},
		{":a;ba", "", "x\n"},
		{"p", "", ""},
		{"s/[[:alpha:]]\\{2,\\}/<&>/gw /dev/stdout", "--posix", "hello w\n"},
		{"s/(a|b)+\\1/X/I", "-r", "ABab\n"},
		{"q5", "-i.bak", ""},
		{"T;t;b end;:end;Q", "--debug", "z\n"},
	} {
		f.Add(s.script, s.opts, s.in)
	}
	f.Fuzz(func(t *testing.T, script, opts, in string) {
		if fuzzkit.TooBig(script, opts, in) {
			t.Skip()
		}
		args := append([]string{"sed"}, fuzzkit.Args(opts)...)
		args = append(args, "-e", script)
		if strings.Contains(opts, "-i") || strings.Contains(opts, "-s") {
			args = append(args, "a.txt", "b.txt")
		}
		fuzzkit.Run(t, New(), fuzzkit.NewFS(), in, args...)
	})
}
