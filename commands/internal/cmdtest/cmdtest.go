// Package cmdtest is the test harness the command packages share: an
// in-memory filesystem with the usual directories at a fixed clock, a
// registry made of the families a test needs, and runners that start a
// command the way the shell does (Lookup, Names, and a nested Exec for
// xargs, find -exec, env and the rest). Tables of Case and ExecCase rows
// run through it. It imports no command package, so a family's own tests
// use it without an import cycle: they build their registry from their
// Register (and those of the families a pipeline needs).
package cmdtest

import (
	"bytes"
	"context"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// Clock is the fixed "now" of NewFS, so ls dates and touch are
// reproducible.
var Clock = time.Date(2024, 11, 30, 12, 0, 0, 0, time.UTC)

// NewFS returns an in-memory FS at Clock with /home/user, /bin, /usr/bin
// and /tmp, holding files (absolute names; a name ending in "/" is a
// directory).
func NewFS(t testing.TB, files map[string]string) vfs.FS {
	t.Helper()
	fsys := vfs.NewMem(vfs.WithClock(func() time.Time { return Clock }))
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
		if err := fsys.MkdirAll(path.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := vfs.WriteFile(fsys, name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

// NewRegistry is a registry holding the commands of the given families.
func NewRegistry(families ...func(*commands.Registry)) *commands.Registry {
	r := commands.NewRegistry()
	for _, reg := range families {
		reg(r)
	}
	return r
}

// H runs commands from Reg.
type H struct{ Reg *commands.Registry }

// Context is the Context a command gets in /home/user of fsys. Its Exec
// runs registered commands, the way the shell wires nested commands
// (WithExecEnv's PWD picks the directory, as for find -execdir and
// env -C).
func (h H) Context(fsys vfs.FS, args []string, stdin string, out, errb *bytes.Buffer) *commands.Context {
	c := &commands.Context{
		Args: args, Stdin: strings.NewReader(stdin), Stdout: out, Stderr: errb,
		FS: fsys, Dir: "/home/user",
		Environ: []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "USER=user"},
		Lookup:  h.Reg.Lookup, Names: h.Reg.Names,
	}
	c.Exec = func(ctx context.Context, argv []string, stdio commands.IO) int {
		cmd, ok := h.Reg.Lookup(argv[0])
		if !ok {
			stdio.Stderr.Write([]byte(argv[0] + ": command not found\n"))
			return 127
		}
		sub := *c
		sub.Args, sub.Stdin, sub.Stdout, sub.Stderr = argv, stdio.Stdin, stdio.Stdout, stdio.Stderr
		if env, ok := commands.ExecEnvFrom(ctx); ok {
			sub.Environ = env
			for _, kv := range env {
				if d, ok := strings.CutPrefix(kv, "PWD="); ok {
					sub.Dir = d
				}
			}
		}
		return cmd.Run(ctx, &sub)
	}
	return c
}

// Run runs args in /home/user of fsys without nested execution.
func (h H) Run(t testing.TB, fsys vfs.FS, stdin string, args ...string) (out, errs string, status int) {
	t.Helper()
	return h.run(t, fsys, stdin, false, 10*time.Second, args)
}

// Exec runs args in /home/user of fsys with nested execution.
func (h H) Exec(t testing.TB, fsys vfs.FS, stdin string, args ...string) (out, errs string, status int) {
	t.Helper()
	return h.run(t, fsys, stdin, true, 20*time.Second, args)
}

func (h H) run(t testing.TB, fsys vfs.FS, stdin string, exec bool, d time.Duration, args []string) (string, string, int) {
	t.Helper()
	cmd, ok := h.Reg.Lookup(args[0])
	if !ok {
		t.Fatalf("no command %q", args[0])
	}
	var out, errb bytes.Buffer
	c := h.Context(fsys, args, stdin, &out, &errb)
	if !exec {
		c.Exec = nil
	}
	// The deadline only stops a runaway command; no test waits for it.
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	st := cmd.Run(ctx, c)
	return out.String(), errb.String(), st
}

// Cmd runs args on a fresh FS holding files.
func (h H) Cmd(t testing.TB, files map[string]string, stdin string, args ...string) (out, errs string, status int) {
	t.Helper()
	return h.Run(t, NewFS(t, files), stdin, args...)
}

// Case is one table row: Files are made relative to /home/user unless
// absolute.
type Case struct {
	Name   string
	Args   []string
	Stdin  string
	Files  map[string]string
	Out    string
	ErrOut string
	Status int
}

// Cases runs each row as a subtest on a fresh FS.
func (h H) Cases(t *testing.T, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range tc.Files {
				if !strings.HasPrefix(k, "/") {
					k = "/home/user/" + k
				}
				files[k] = v
			}
			out, errOut, st := h.Cmd(t, files, tc.Stdin, tc.Args...)
			if out != tc.Out {
				t.Errorf("%v stdout = %q, want %q", tc.Args, out, tc.Out)
			}
			if errOut != tc.ErrOut {
				t.Errorf("%v stderr = %q, want %q", tc.Args, errOut, tc.ErrOut)
			}
			if st != tc.Status {
				t.Errorf("%v status = %d, want %d", tc.Args, st, tc.Status)
			}
		})
	}
}

// ExecCase is a row run with nested execution against a shared FS
// builder.
type ExecCase struct {
	Args   []string
	Stdin  string
	Out    string
	ErrOut string
	Status int
}

// ExecCases runs each row as a subtest on mk's FS.
func (h H) ExecCases(t *testing.T, mk func(t *testing.T) vfs.FS, cases []ExecCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(strings.Join(tc.Args, " "), func(t *testing.T) {
			out, errOut, st := h.Exec(t, mk(t), tc.Stdin, tc.Args...)
			if out != tc.Out || errOut != tc.ErrOut || st != tc.Status {
				t.Errorf("%q\n got out=%q err=%q st=%d\nwant out=%q err=%q st=%d", tc.Args, out, errOut, st, tc.Out, tc.ErrOut, tc.Status)
			}
		})
	}
}

// Endless is an input that never ends: 'z' forever. A command that must
// stop early (head -c, sed 3q, a cancelled cat) is tested against it.
type Endless struct{}

func (Endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'z'
	}
	return len(p), nil
}

// LineCounter is an output that keeps only its count of lines, for
// benchmarks whose output is large.
type LineCounter struct{ Lines int }

func (w *LineCounter) Write(p []byte) (int, error) {
	for _, c := range p {
		if c == '\n' {
			w.Lines++
		}
	}
	return len(p), nil
}
