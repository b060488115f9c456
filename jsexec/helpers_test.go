package jsexec

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/toolcmd"
	"github.com/justbash/justbash/vfs"
)

// testTools builds a registry: math.add, a.b.c.d (echo), fail.now,
// cache.invalidate (empty result).
func testTools(t testing.TB) *toolcmd.Invoker {
	t.Helper()
	reg := toolcmd.NewRegistry()
	add := func(path string, f func(ctx context.Context, args json.RawMessage) (json.RawMessage, error)) {
		if err := reg.Add(toolcmd.Tool{Path: path, Invoke: f}); err != nil {
			t.Fatal(err)
		}
	}
	add("math.add", func(_ context.Context, args json.RawMessage) (json.RawMessage, error) {
		var in struct{ A, B float64 }
		if err := json.Unmarshal(args, &in); err != nil {
			return nil, err
		}
		return json.Marshal(map[string]float64{"sum": in.A + in.B})
	})
	add("a.b.c.d", func(_ context.Context, args json.RawMessage) (json.RawMessage, error) {
		return json.Marshal(map[string]any{"path": "a.b.c.d", "args": json.RawMessage(orNull(args))})
	})
	add("fail.now", func(context.Context, json.RawMessage) (json.RawMessage, error) {
		return nil, errString("upstream exploded")
	})
	add("cache.invalidate", func(context.Context, json.RawMessage) (json.RawMessage, error) { return nil, nil })
	return toolcmd.NewInvoker(reg)
}

type errString string

func (e errString) Error() string { return string(e) }

func orNull(b json.RawMessage) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	return b
}

// cmdEnv is a sandbox context for the command: a Mem FS and a fake shell
// that records scripts and answers "echo X" style requests.
type cmdEnv struct {
	fs      *vfs.Mem
	scripts []string
}

func (e *cmdEnv) run(t testing.TB, stdin string, opts Options, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &commands.Context{
		Args: append([]string{"js-exec"}, args...), Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		FS: e.fs, Dir: "/home/user", Environ: []string{"HOME=/home/user", "GREETING=hello"},
		Script: func(ctx context.Context, script string, _ []string, stdio commands.IO) int {
			e.scripts = append(e.scripts, script)
			in := ""
			if stdio.Stdin != nil {
				b := new(bytes.Buffer)
				_, _ = b.ReadFrom(stdio.Stdin)
				in = b.String()
			}
			switch {
			case strings.HasPrefix(script, "echo "):
				_, _ = stdio.Stdout.Write([]byte(strings.TrimPrefix(script, "echo ") + "\n"))
				return 0
			case script == "cat":
				_, _ = stdio.Stdout.Write([]byte(in))
				return 0
			}
			_, _ = stdio.Stderr.Write([]byte("sh: " + script + ": command not found\n"))
			return 127
		},
	}
	code := New(opts).Run(context.Background(), c)
	return out.String(), errb.String(), code
}

func newEnv(t testing.TB) *cmdEnv {
	t.Helper()
	m := vfs.NewMem()
	if err := m.MkdirAll("/home/user", 0o755); err != nil {
		t.Fatal(err)
	}
	return &cmdEnv{fs: m}
}

func (e *cmdEnv) write(t testing.TB, name, content string) {
	t.Helper()
	f, err := e.fs.OpenFile(name, 0x241, 0o644) // O_WRONLY|O_CREATE|O_TRUNC
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write([]byte(content))
	_ = f.Close()
}

// js runs code in node mode and returns stdout, stderr, status.
func js(t testing.TB, code string) (string, string, int) {
	t.Helper()
	return newEnv(t).run(t, "", Options{Tools: testTools(t)}, "-c", code)
}
