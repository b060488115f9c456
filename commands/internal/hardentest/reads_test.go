package hardentest

import (
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// small are the limits of the read tests: 1 MiB, so each case reads at
// most a few MiB of /dev/zero before it must stop.
var small = commands.Limits{MaxReadBytes: 1 << 20, MaxStringBytes: 1 << 20}

const readLimitMsg = "justbash: max read bytes exceeded (1048576)\n"

// openDev opens a device of fs as a stdin.
func openDev(t *testing.T, fs vfs.FS, name string) io.Reader {
	t.Helper()
	f, err := fs.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// Every read of a whole input (a file operand, a -f script, a pattern
// file, standard input) stops at Limits.MaxReadBytes with the sandbox's
// message and status 125, instead of reading /dev/zero until the host
// runs out of memory.
func TestEndlessInputsStopAtReadLimit(t *testing.T) {
	cases := []struct {
		args      []string
		zeroStdin bool
	}{
		{args: []string{"grep", "-f", "/dev/zero", "x"}},
		{args: []string{"rg", "-f", "/dev/zero", "x"}},
		{args: []string{"jq", "-f", "/dev/zero"}},
		{args: []string{"jq", "-n", "--rawfile", "a", "/dev/zero", "1"}},
		{args: []string{"jq", "-n", "--slurpfile", "a", "/dev/zero", "1"}},
		{args: []string{"jq", ".", "/dev/urandom"}},
		{args: []string{"jq", "."}, zeroStdin: true},
		{args: []string{"sed", "-f", "/dev/zero"}},
		{args: []string{"sed", "p", "/dev/zero"}},
		{args: []string{"date", "-f", "/dev/zero"}},
		{args: []string{"yq", ".", "/dev/zero"}},
		{args: []string{"yq", "-p", "json", ".", "/dev/urandom"}},
		{args: []string{"sqlite3"}, zeroStdin: true},
		{args: []string{"diff", "/dev/zero", "/dev/zero"}},
		{args: []string{"sort", "/dev/zero"}},
		{args: []string{"tac", "/dev/zero"}},
		// base64 encodes as it reads (GNU does too); decoding reads it all.
		{args: []string{"base64", "-d", "/dev/zero"}},
		{args: []string{"join", "/dev/zero", "/dev/zero"}},
		{args: []string{"split", "-n", "2", "/dev/zero"}},
		{args: []string{"xxd", "-i", "/dev/zero"}},
		{args: []string{"column", "/dev/zero"}},
		{args: []string{"shuf", "/dev/zero"}},
		{args: []string{"xargs", "true"}, zeroStdin: true},
		{args: []string{"awk", "-f", "/dev/zero"}},
		{args: []string{"awk", "{print}", "/dev/zero"}},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			fs := newFS(t)
			r := run{args: tc.args, fs: fs, limits: small}
			if tc.zeroStdin {
				r.stdin = openDev(t, fs, "/dev/zero")
			}
			res := exec(t, r)
			if res.status != commands.StatusLimit || !strings.Contains(res.err, readLimitMsg) {
				t.Fatalf("status %d, stderr %q; want %d and %q", res.status, res.err, commands.StatusLimit, readLimitMsg)
			}
			t.Logf("heap grew %.1f MiB, %.1f MiB allocated in total", mib(res.heapGrew), mib(int64(res.total)))
		})
	}
}

// blockedReader is a stdin that never delivers data (an io.Pipe nobody
// writes) and says when the command first tries to read it.
type blockedReader struct {
	pr      *io.PipeReader
	reading chan struct{}
	once    sync.Once
}

func newBlocked(t *testing.T) *blockedReader {
	pr, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	return &blockedReader{pr: pr, reading: make(chan struct{})}
}

func (b *blockedReader) Read(p []byte) (int, error) {
	b.once.Do(func() { close(b.reading) })
	return b.pr.Read(p)
}

// A command blocked reading a stdin that never closes returns once the
// run is cancelled: the read itself is abandoned (see boundio.Reader).
func TestBlockedStdinReturnsOnCancel(t *testing.T) {
	cases := [][]string{
		{"cat"}, {"head", "-n", "1"}, {"jq", "."}, {"sqlite3"}, {"awk", "{print}"},
		{"sed", "p"}, {"sort"}, {"xargs"}, {"tac"}, {"wc"}, {"tr", "a", "b"},
		{"yq", "."}, {"base64"}, {"grep", "x"}, {"gzip", "-d"}, {"tar", "-t"},
		{"cut", "-c1"}, {"uniq"}, {"md5sum"}, {"od"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			stdin := newBlocked(t)
			reg := registry()
			cmd, ok := reg.Lookup(args[0])
			if !ok {
				t.Fatalf("no %s", args[0])
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c := &commands.Context{Args: args, Stdin: stdin, Stdout: io.Discard, Stderr: io.Discard,
				FS: newFS(t), Dir: "/home/user", Lookup: reg.Lookup, Names: reg.Names}
			done := make(chan int, 1)
			go func() { done <- cmd.Run(ctx, c) }()
			select {
			case <-stdin.reading:
			case st := <-done:
				t.Fatalf("returned %d without reading stdin", st)
			case <-time.After(time.Minute):
				t.Fatal("never read stdin")
			}
			cancel()
			select {
			case <-done:
			case <-time.After(time.Minute):
				t.Fatal("still blocked a minute after the cancel")
			}
		})
	}
}

// endless is `yes`: an input that never ends and never blocks.
type endless struct{ line string }

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	if n == 0 {
		n = copy(p, e.line)
	}
	return n, nil
}

// `yes | xargs -n1 true` runs commands as input arrives, with memory
// bounded by one chunk, and stops when the run is cancelled; a line
// without end is refused at the read limit.
func TestXargsEndlessInput(t *testing.T) {
	var runs int64
	var mu sync.Mutex
	reg := registry()
	reg.Register("count", commands.Func(func(context.Context, *commands.Context) int {
		mu.Lock()
		runs++
		mu.Unlock()
		return 0
	}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &commands.Context{Args: []string{"xargs", "-n1", "count"}, Stdin: endless{"y\n"},
		Stdout: io.Discard, Stderr: io.Discard, FS: newFS(t), Dir: "/home/user", Limits: small}
	c.Exec = func(ctx context.Context, argv []string, stdio commands.IO) int {
		cmd, _ := reg.Lookup(argv[0])
		mu.Lock()
		n := runs
		mu.Unlock()
		if n == 1000 {
			cancel() // enough: the commands ran while input kept coming
		}
		return cmd.Run(ctx, c)
	}
	cmd, _ := reg.Lookup("xargs")
	done := make(chan int, 1)
	go func() { done <- cmd.Run(ctx, c) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("xargs did not stop after the cancel")
	}
	if runs < 1000 {
		t.Fatalf("ran %d commands before stopping", runs)
	}
}

// A script that loops without reading input (`sed ':a;ba'`) still ends
// when the run is cancelled: sed checks the context on branches.
func TestSedEndlessBranchCancelled(t *testing.T) {
	res := exec(t, run{args: []string{"sed", ":a;ba"}, stdin: strings.NewReader("x\n"), timeout: 200 * time.Millisecond})
	if res.status == 0 {
		t.Fatalf("status 0, stderr %q", res.err)
	}
}
