// Package fuzzkit is what the native Go fuzz targets of justbash share: a
// small sandbox filesystem with tight quotas, a way to turn fuzz strings
// into argument lists, output writers that stop at a cap, and a runner that
// calls a command with a short timeout and fails the fuzz input when the
// command does not return soon after it.
//
// A fuzz target checks three things about every input: no panic escapes
// (the fuzzing engine reports one as a crash), the run ends (a command that
// ignores its context past Grace is a hang) and the work stays bounded (the
// quotas and caps here). Output is never compared: the oracles live in the
// ordinary tests.
package fuzzkit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

const (
	// Timeout is the deadline each fuzzed run gets.
	Timeout = time.Second
	// Grace is how long past its deadline a run may take before it counts
	// as a hang. It is generous because the fuzzer shares two loaded cores
	// with other work; a real hang (a loop that never checks its context)
	// takes forever, not seconds.
	Grace = 30 * time.Second
	// MaxInput caps the bytes of any one fuzz string used; longer inputs
	// are skipped, not truncated, so a crash reproduces from its file.
	MaxInput = 64 << 10
	// MaxArgs caps how many arguments Args returns.
	MaxArgs = 24
	// MaxOutput caps what a run may write to each of stdout and stderr.
	MaxOutput = 1 << 20
)

// ErrOutputFull is returned by a Cap writer once it holds its cap.
var ErrOutputFull = errors.New("fuzzkit: output cap reached")

// Cap is a writer that keeps up to Max bytes and then fails, so a command
// printing without end stops on a write error instead of filling memory.
// It is safe for concurrent use: pipeline stages and jobs share stdout.
type Cap struct {
	Max int
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write keeps p, or fails once the cap is reached.
func (c *Cap) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := c.Max - c.buf.Len()
	if room <= 0 {
		return 0, ErrOutputFull
	}
	if len(p) > room {
		c.buf.Write(p[:room])
		return room, ErrOutputFull
	}
	return c.buf.Write(p)
}

// String is what was kept.
func (c *Cap) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// Args splits s on NUL bytes into at most MaxArgs arguments (argv cannot
// hold a NUL, so the separator never hides a case).
func Args(s string) []string {
	if s == "" {
		return nil
	}
	parts := strings.SplitN(s, "\x00", MaxArgs+1)
	if len(parts) > MaxArgs {
		parts = parts[:MaxArgs]
	}
	return parts
}

// TooBig reports whether any of the fuzz strings is over MaxInput, in
// which case the target skips the input.
func TooBig(ss ...string) bool {
	for _, s := range ss {
		if len(s) > MaxInput {
			return true
		}
	}
	return false
}

// Files is the content NewFS puts in /home/user, for commands to read
// when the fuzzer names them.
var Files = map[string]string{
	"a.txt":      "alpha beta\ngamma delta\n\nlast line\n",
	"b.txt":      "1\n2\n10\n-3\nx y z\n",
	"data.json":  `{"a":1,"b":[1,2,{"c":"d"}],"e":null,"f":true}` + "\n",
	"data.yaml":  "a: 1\nb:\n  - x\n  - y\nc: {d: e}\n",
	"data.csv":   "name,age\nann,3\nbob,4\n",
	"prog.awk":   "{ n += NF } END { print n }\n",
	"prog.sed":   "s/a/b/g\n2d\n",
	"f.jq":       ".a\n",
	"dir/x":      "x\n",
	"dir/sub/y":  "y\n",
	"empty":      "",
	"script.sh":  "echo hi\n",
	"noeol.txt":  "no newline",
	"bin.dat":    "\x00\x01\x02\xff\xfe text \x00",
	"unicode.tx": "héllo wörld ✓\n",
}

// NewFS returns an in-memory filesystem with the usual directories, the
// device files, Files in /home/user and tight quotas (1 MiB a file, 8 MiB
// in all, 4096 inodes), so a fuzzed command cannot grow it without end.
func NewFS() *vfs.Mem {
	m := vfs.NewMem(vfs.WithMaxFileSize(1<<20), vfs.WithMaxTotalBytes(8<<20), vfs.WithMaxInodes(4096),
		vfs.WithClock(func() time.Time { return time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC) }))
	for _, d := range []string{"/bin", "/usr/bin", "/tmp", "/home/user", "/etc", "/dev"} {
		m.MkdirAll(d, 0o755)
	}
	for _, d := range []struct {
		name string
		kind vfs.Device
	}{{"/dev/null", vfs.DevNull}, {"/dev/zero", vfs.DevZero}, {"/dev/urandom", vfs.DevRandom},
		{"/dev/random", vfs.DevRandom}, {"/dev/full", vfs.DevFull}} {
		m.Mknod(d.name, d.kind)
	}
	for name, data := range Files {
		p := "/home/user/" + name
		m.MkdirAll(p[:strings.LastIndexByte(p, '/')], 0o755)
		vfs.WriteFile(m, p, []byte(data), 0o644)
	}
	m.Symlink("a.txt", "/home/user/link")
	return m
}

// Result is what a fuzzed command run produced.
type Result struct {
	Stdout, Stderr string
	Status         int
}

// Run calls cmd with args (args[0] is the command name) and stdin in
// /home/user of fsys, with a Timeout deadline and capped output. It fails
// tb when the command has not returned Grace after the deadline. A panic
// in the command is not recovered: the fuzzing engine must see it.
func Run(tb testing.TB, cmd commands.Command, fsys vfs.FS, stdin string, args ...string) Result {
	tb.Helper()
	out, errw := &Cap{Max: MaxOutput}, &Cap{Max: MaxOutput}
	c := &commands.Context{
		Args: args, Stdin: strings.NewReader(stdin), Stdout: out, Stderr: errw,
		FS: fsys, Dir: "/home/user",
		Environ: []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "USER=user", "TZ=UTC", "LC_ALL=C.UTF-8"},
		// Tight, so an input that makes a command read or build without
		// end meets the limit in milliseconds rather than the 256 MiB
		// defaults.
		Limits: commands.Limits{MaxReadBytes: 4 << 20, MaxStringBytes: 4 << 20},
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- cmd.Run(ctx, c) }()
	st, ok := Wait(done, Timeout+Grace)
	if !ok {
		tb.Fatalf("%q did not return %v after its deadline (stdin %d bytes)", args, Grace, len(stdin))
	}
	// The command returned: its writers are no longer in use.
	return Result{Stdout: out.String(), Stderr: errw.String(), Status: st}
}

// Wait receives from done for at most d; ok is false when nothing came.
func Wait[T any](done <-chan T, d time.Duration) (v T, ok bool) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case v = <-done:
		return v, true
	case <-t.C:
		return v, false
	}
}

// Snapshot describes every file, directory and link of fsys outside the
// subtree skip (not following links), so a target can check that an
// extraction into skip left the rest of the filesystem as it was.
func Snapshot(fsys vfs.FS, skip string) map[string]string {
	out := map[string]string{}
	var walk func(dir string)
	walk = func(dir string) {
		ents, err := fsys.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			p := path.Join(dir, e.Name())
			if p == skip || strings.HasPrefix(p, skip+"/") {
				continue
			}
			fi, err := fsys.Lstat(p)
			if err != nil {
				out[p] = "lstat error"
				continue
			}
			desc := fmt.Sprintf("%v %d", fi.Mode(), fi.Size())
			switch {
			case fi.Mode()&fs.ModeSymlink != 0:
				t, _ := fsys.Readlink(p)
				desc += " -> " + t
			case fi.Mode().IsRegular():
				data, _ := vfs.ReadFile(fsys, p)
				desc += fmt.Sprintf(" %x", sha256.Sum256(data))
			}
			out[p] = desc
			if fi.IsDir() {
				walk(p)
			}
		}
	}
	walk("/")
	return out
}

// SameSnapshot fails tb when after differs from before, naming the paths.
func SameSnapshot(tb testing.TB, before, after map[string]string) {
	tb.Helper()
	for p, d := range after {
		if before[p] != d {
			tb.Fatalf("%s changed outside the destination: %q, was %q", p, d, before[p])
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			tb.Fatalf("%s vanished outside the destination", p)
		}
	}
}
