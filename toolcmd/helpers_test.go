package toolcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
)

// runResult is what one command run produced.
type runResult struct {
	stdout, stderr string
	code           int
}

// run executes argv[0] from the command table with the given stdin
// (nil means no stdin at all).
func run(t testing.TB, cmds map[string]commands.Command, stdin io.Reader, argv ...string) runResult {
	t.Helper()
	cmd, ok := cmds[argv[0]]
	if !ok {
		t.Fatalf("no command %q", argv[0])
	}
	var out, errb bytes.Buffer
	c := &commands.Context{Args: argv, Stdin: stdin, Stdout: &out, Stderr: &errb, Dir: "/"}
	code := cmd.Run(context.Background(), c)
	return runResult{out.String(), errb.String(), code}
}

// readmeRegistry holds the tools the README's examples use.
func readmeRegistry(t testing.TB) *Registry {
	t.Helper()
	reg := NewRegistry()
	num := func(v any) float64 { f, _ := v.(float64); return f }
	err := reg.AddInline(map[string]Tool{
		"math.add": Untyped("Add two numbers", func(_ context.Context, a map[string]any) (any, error) {
			return map[string]any{"sum": num(a["a"]) + num(a["b"])}, nil
		}),
		"math.divide": Untyped("Integer divide; throws on zero", func(_ context.Context, a map[string]any) (any, error) {
			if num(a["b"]) == 0 {
				return nil, errors.New("divide by zero")
			}
			return map[string]any{"quotient": int(num(a["a"]) / num(a["b"]))}, nil
		}),
		"db.query": Untyped("Run a SQL query", func(_ context.Context, a map[string]any) (any, error) {
			return map[string]any{"rows": []any{map[string]any{"name": "ada"}, map[string]any{"name": "bob"}}}, nil
		}),
		"util.timestamp": Untyped("Current time", func(context.Context, map[string]any) (any, error) {
			return map[string]any{"ts": 1700000000}, nil
		}),
		"util.answer": Untyped("A bare number", func(context.Context, map[string]any) (any, error) {
			return 42, nil
		}),
		"cache.invalidate": Untyped("Drop a cache key", func(context.Context, map[string]any) (any, error) {
			return nil, nil
		}),
		"debug.echo": Tool{Description: "Echo the arguments", Invoke: func(_ context.Context, a json.RawMessage) (json.RawMessage, error) {
			if len(a) == 0 {
				return json.RawMessage(`"<undefined>"`), nil
			}
			return a, nil
		}},
		"petstore.listPets":   Untyped("List all pets", func(context.Context, map[string]any) (any, error) { return []any{"rex"}, nil }),
		"petstore.getPetById": Untyped("Get a pet", func(_ context.Context, a map[string]any) (any, error) { return map[string]any{"id": a["id"]}, nil }),
		"docs.read_file":      Untyped("Read a file", func(_ context.Context, a map[string]any) (any, error) { return map[string]any{"path": a["path"]}, nil }),
		"a.b.c.d":             Untyped("Deep", func(context.Context, map[string]any) (any, error) { return "deep", nil }),
		"a.b.cD":              Untyped("Deep camel", func(context.Context, map[string]any) (any, error) { return "camel", nil }),
	})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func readmeCommands(t testing.TB) (map[string]commands.Command, *Invoker) {
	inv := NewInvoker(readmeRegistry(t))
	return Commands(inv), inv
}

func sin(s string) io.Reader { return strings.NewReader(s) }
