package hardentest

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/all"
	"github.com/justbash/justbash/vfs"
)

// registry holds every command the shell would register.
func registry() *commands.Registry { return all.Default() }

// newFS is an in-memory FS with the devices and quotas the shell sets up.
func newFS(t testing.TB, opts ...vfs.MemOption) *vfs.Mem {
	t.Helper()
	m := vfs.NewMem(opts...)
	for _, d := range []string{"/dev", "/home/user", "/tmp"} {
		if err := m.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, kind := range map[string]vfs.Device{"/dev/null": vfs.DevNull, "/dev/zero": vfs.DevZero, "/dev/urandom": vfs.DevRandom} {
		if err := m.Mknod(name, kind); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// run is one command run.
type run struct {
	args    []string
	stdin   io.Reader
	fs      vfs.FS
	limits  commands.Limits
	env     []string
	timeout time.Duration // default: generous; cancellation tests set it
}

type result struct {
	out, err string
	status   int
	heapGrew int64 // bytes of live heap gained during the run (may be < 0)
	total    uint64
}

// exec runs r, recovering nothing: a panic or crash fails the test binary,
// which is what these tests guard against.
func exec(t testing.TB, r run) result {
	t.Helper()
	reg := registry()
	if r.fs == nil {
		r.fs = newFS(t)
	}
	if r.stdin == nil {
		r.stdin = strings.NewReader("")
	}
	if r.timeout == 0 {
		r.timeout = 2 * time.Minute
	}
	var out, errb bytes.Buffer
	c := &commands.Context{
		Args: r.args, Stdin: r.stdin, Stdout: &limitBuf{b: &out}, Stderr: &limitBuf{b: &errb},
		FS: r.fs, Dir: "/home/user", Environ: append([]string{"HOME=/home/user"}, r.env...),
		Limits: r.limits, Lookup: reg.Lookup, Names: reg.Names,
	}
	c.Exec = func(ctx context.Context, argv []string, stdio commands.IO) int {
		cmd, ok := reg.Lookup(argv[0])
		if !ok {
			io.WriteString(stdio.Stderr, argv[0]+": command not found\n")
			return 127
		}
		cc := *c
		cc.Args, cc.Stdin, cc.Stdout, cc.Stderr = argv, stdio.Stdin, stdio.Stdout, stdio.Stderr
		return cmd.Run(ctx, &cc)
	}
	cmd, ok := reg.Lookup(r.args[0])
	if !ok {
		t.Fatalf("no command %s", r.args[0])
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
	defer cancel()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	st := cmd.Run(ctx, c)
	runtime.ReadMemStats(&after)
	return result{out: out.String(), err: errb.String(), status: st,
		heapGrew: int64(after.HeapAlloc) - int64(before.HeapAlloc),
		total:    after.TotalAlloc - before.TotalAlloc}
}

// limitBuf keeps at most 1 MiB of output: the tests look at messages, and
// a command that streams endlessly must not make the test itself grow.
type limitBuf struct{ b *bytes.Buffer }

func (l *limitBuf) Write(p []byte) (int, error) {
	if room := 1<<20 - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }
