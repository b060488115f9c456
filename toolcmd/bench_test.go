package toolcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/justbash/justbash/commands"
)

func benchRegistry(b *testing.B) *Invoker {
	reg := NewRegistry()
	must(b, reg.AddInline(map[string]Tool{
		"math.add": Func("Add two numbers", func(_ context.Context, in addIn) (addOut, error) {
			return addOut{Sum: in.A + in.B}, nil
		}),
		"raw.add": Untyped("Add two numbers", func(_ context.Context, a map[string]any) (any, error) {
			x, _ := a["a"].(float64)
			y, _ := a["b"].(float64)
			return map[string]any{"sum": x + y}, nil
		}),
	}))
	return NewInvoker(reg)
}

// `math add a=1 b=2` through the namespace command (typed tool: schema
// validation included), stdin empty as the shell gives it.
func BenchmarkBashSurface(b *testing.B) {
	inv := benchRegistry(b)
	cmd := NamespaceCommand(inv, "math")
	var out, errb bytes.Buffer
	c := &commands.Context{Args: []string{"math", "add", "a=1", "b=2"}, Stdout: &out, Stderr: &errb}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		c.Stdin = bytes.NewReader(nil)
		if cmd.Run(ctx, c) != 0 {
			b.Fatal(errb.String())
		}
	}
	if out.String() != "{\"sum\":3}\n" {
		b.Fatalf("%q", out.String())
	}
}

func BenchmarkInvokeTyped(b *testing.B) {
	inv := benchRegistry(b)
	args := json.RawMessage(`{"a":1,"b":2}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := inv.Invoke(ctx, "math.add", args); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkInvokeUntyped(b *testing.B) {
	inv := benchRegistry(b)
	args := json.RawMessage(`{"a":1,"b":2}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := inv.Invoke(ctx, "raw.add", args); err != nil {
			b.Fatal(err)
		}
	}
}

// With a cancellable context the tool runs on its own goroutine.
func BenchmarkInvokeCancellable(b *testing.B) {
	inv := benchRegistry(b)
	args := json.RawMessage(`{"a":1,"b":2}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := inv.Invoke(ctx, "math.add", args); err != nil {
			b.Fatal(err)
		}
	}
}
