package shell

import (
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

type addIn struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}
type addOut struct {
	Sum float64 `json:"sum"`
}

func toolShell(t *testing.T) (*Shell, *toolcmd.Registry) {
	reg := toolcmd.NewRegistry()
	if err := reg.AddInline(map[string]toolcmd.Tool{
		"math.add": toolcmd.Func("Add two numbers", func(_ context.Context, in addIn) (addOut, error) {
			return addOut{Sum: in.A + in.B}, nil
		}),
	}); err != nil {
		t.Fatal(err)
	}
	return newShell(t, Options{Tools: toolcmd.NewInvoker(reg)}), reg
}

func TestToolsAsCommands(t *testing.T) {
	sh, reg := toolShell(t)
	tests := []struct{ script, want string }{
		{"math add a=2 b=3", "{\"sum\":5}\n"},
		{"echo '{\"a\":1,\"b\":2}' | math add", "{\"sum\":3}\n"},
		{"math add --a 4 --b=5 | cat", "{\"sum\":9}\n"},
		{"which math; type -t math", "/usr/bin/math\nfile\n"},
		{"x=$(math add a=1 b=1); echo \"got $x\"", "got {\"sum\":2}\n"},
	}
	for _, tt := range tests {
		if res := run(t, sh, tt.script); res.Stdout != tt.want {
			t.Errorf("%q: got %q (stderr %q) want %q", tt.script, res.Stdout, res.Stderr, tt.want)
		}
	}
	res := run(t, sh, "math nope; echo rc=$?")
	if !strings.Contains(res.Stderr, `math: unknown command "nope"`) || res.Stdout != "rc=1\n" {
		t.Errorf("unknown subcommand: %q %q", res.Stdout, res.Stderr)
	}
	// A namespace added after New is found too.
	reg.AddInline(map[string]toolcmd.Tool{"text.upper": toolcmd.Untyped("Upper-case s", func(_ context.Context, a map[string]any) (any, error) {
		return strings.ToUpper(a["s"].(string)), nil
	})})
	if res := run(t, sh, "text upper s=hi"); res.Stdout != "\"HI\"\n" {
		t.Errorf("late namespace: %q %q", res.Stdout, res.Stderr)
	}
}

func TestToolsDiscoveryAndHiding(t *testing.T) {
	sh, _ := toolShell(t)
	res := run(t, sh, "help | grep -c -x '  math'; ls /usr/bin | grep -x tools; tools list")
	if !strings.HasPrefix(res.Stdout, "1\ntools\n") || !strings.Contains(res.Stdout, "math.add") {
		t.Errorf("tools must be listed by help, /usr/bin and tools list: %q %q", res.Stdout, res.Stderr)
	}
	reg := toolcmd.NewRegistry()
	reg.AddInline(map[string]toolcmd.Tool{"math.add": toolcmd.Func("Add", func(_ context.Context, in addIn) (addOut, error) {
		return addOut{Sum: in.A + in.B}, nil
	})})
	hidden := newShell(t, Options{Tools: toolcmd.NewInvoker(reg), NoToolCommands: true})
	res = run(t, hidden, "math add a=1 b=2; echo rc=$?")
	if res.Stdout != "rc=127\n" {
		t.Errorf("NoToolCommands must keep tools out of the shell: %q", res.Stdout)
	}
}

func TestToolsFromJSExec(t *testing.T) {
	sh, _ := toolShell(t)
	res := run(t, sh, `js-exec -c 'const r = await tools.math.add({a: 3, b: 4}); console.log(r.sum)'`)
	if res.Stdout != "7\n" {
		t.Errorf("js-exec tools proxy: %q %q", res.Stdout, res.Stderr)
	}
	res = run(t, sh, `echo 'console.log(require("fs").readFileSync("/tmp/in.txt","utf8").trim())' > /tmp/s.js; echo hi > /tmp/in.txt; node /tmp/s.js`)
	if res.Stdout != "hi\n" {
		t.Errorf("node file with fs: %q %q", res.Stdout, res.Stderr)
	}
}
