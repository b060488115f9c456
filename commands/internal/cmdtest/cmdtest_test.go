package cmdtest

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// fixture commands: "where" prints its directory, "run" runs its
// arguments through Exec in a subdirectory (as find -execdir does), "cat1"
// copies stdin.
func fixture(r *commands.Registry) {
	r.RegisterBuiltin("where", func(ctx context.Context, c *commands.Context) int {
		io.WriteString(c.Stdout, c.Dir+"\n")
		return 0
	})
	r.RegisterBuiltin("run", func(ctx context.Context, c *commands.Context) int {
		if c.Exec == nil {
			io.WriteString(c.Stderr, "no exec\n")
			return 126
		}
		ctx = commands.WithExecEnv(ctx, []string{"PWD=/tmp"})
		return c.Exec(ctx, c.Args[1:], commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
	})
	r.RegisterBuiltin("cat1", func(ctx context.Context, c *commands.Context) int {
		io.Copy(c.Stdout, c.Stdin)
		return 0
	})
}

func TestHarness(t *testing.T) {
	h := H{Reg: NewRegistry(fixture)}
	fsys := NewFS(t, map[string]string{"/home/user/d/f": "x", "/home/user/e/": ""})
	if data, err := vfs.ReadFile(fsys, "/home/user/d/f"); err != nil || string(data) != "x" {
		t.Errorf("NewFS file: %q %v", data, err)
	}
	if fi, err := fsys.Stat("/home/user/e"); err != nil || !fi.IsDir() || !fi.ModTime().Equal(Clock) {
		t.Errorf("NewFS dir: %v %v", fi, err)
	}
	if out, _, st := h.Run(t, fsys, "", "where"); st != 0 || out != "/home/user\n" {
		t.Errorf("Run where: (%d) %q", st, out)
	}
	if _, errs, st := h.Run(t, fsys, "", "run", "where"); st != 126 || errs != "no exec\n" {
		t.Errorf("Run has no Exec: (%d) %q", st, errs)
	}
	if out, _, st := h.Exec(t, fsys, "", "run", "where"); st != 0 || out != "/tmp\n" {
		t.Errorf("Exec follows the exec env's PWD: (%d) %q", st, out)
	}
	if _, errs, st := h.Exec(t, fsys, "", "run", "nope"); st != 127 || !strings.Contains(errs, "nope: command not found") {
		t.Errorf("Exec of a missing command: (%d) %q", st, errs)
	}
	h.Cases(t, []Case{{Name: "stdin", Args: []string{"cat1"}, Stdin: "in", Out: "in"}})
}

func TestReaders(t *testing.T) {
	buf := make([]byte, 5)
	if n, err := (Endless{}).Read(buf); n != 5 || err != nil || string(buf) != "zzzzz" {
		t.Errorf("Endless: %d %v %q", n, err, buf)
	}
	var w LineCounter
	io.WriteString(&w, "a\nb\nc")
	if w.Lines != 2 {
		t.Errorf("LineCounter: %d", w.Lines)
	}
}
