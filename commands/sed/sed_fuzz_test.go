package sed

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
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
		{":a;s/.*/&&/;ba", "", "x\n"},
		{":a;ba", "", "x\n"},
		{"r a.txt\nw /tmp/out\nR b.txt", "-s", "1\n2\n"},
		{"a\\\nappended\ni\\\ninserted\nc\\\nchanged", "", "l\n"},
		{"e echo hi", "", "x\n"},
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

// TestSedLoopsEnd holds the two inputs that hung sed before it checked its
// context and the size of its spaces inside the command loop (found by
// the adversarial pass and again by FuzzShellExec).
func TestSedLoopsEnd(t *testing.T) {
	t.Run("doubling pattern space", func(t *testing.T) {
		r := fuzzkit.Run(t, New(), fuzzkit.NewFS(), "x\n", "sed", ":a;H;g;ba")
		if r.Status != 4 || !strings.Contains(r.Stderr, "pattern space too long") {
			t.Fatalf("status %d, stderr %q", r.Status, r.Stderr)
		}
	})
	t.Run("branch loop stops when cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		var errb fuzzkit.Cap
		errb.Max = 1 << 10
		// Cancel once sed has read its line: its per-line check is behind
		// it, so only a check inside the command loop can end the run.
		read := make(chan struct{})
		in := &signalReader{r: strings.NewReader("x\n"), read: read}
		c := &commands.Context{Args: []string{"sed", ":a;ba"}, Stdin: in,
			Stdout: &fuzzkit.Cap{Max: 1 << 10}, Stderr: &errb, FS: fuzzkit.NewFS(), Dir: "/home/user"}
		done := make(chan int, 1)
		go func() { done <- New().Run(ctx, c) }()
		<-read
		cancel()
		st, ok := fuzzkit.Wait(done, time.Minute)
		if !ok {
			t.Fatal("sed :a;ba did not return after its context was cancelled")
		}
		if st == 0 {
			t.Fatalf("status 0 after cancellation, stderr %q", errb.String())
		}
	})
}

// signalReader closes read at its first Read.
type signalReader struct {
	r    io.Reader
	read chan struct{}
	once sync.Once
}

func (s *signalReader) Read(p []byte) (int, error) {
	s.once.Do(func() { close(s.read) })
	return s.r.Read(p)
}
