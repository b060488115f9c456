package toolcmd_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/toolcmd"
)

type AddArgs struct {
	A float64 `json:"a" jsonschema:"first addend"`
	B float64 `json:"b" jsonschema:"second addend"`
}

type AddResult struct {
	Sum float64 `json:"sum"`
}

// A typed Go tool becomes `math add` in the shell and math.add for Invoke.
func Example() {
	reg := toolcmd.NewRegistry()
	err := reg.AddInline(map[string]toolcmd.Tool{
		"math.add": toolcmd.Func("Add two numbers", func(_ context.Context, in AddArgs) (AddResult, error) {
			return AddResult{Sum: in.A + in.B}, nil
		}),
		"math.divide": toolcmd.Untyped("Integer divide; throws on zero", func(_ context.Context, args map[string]any) (any, error) {
			if args["b"] == 0.0 {
				return nil, errors.New("divide by zero")
			}
			return map[string]any{"q": args["a"].(float64) / args["b"].(float64)}, nil
		}),
	})
	if err != nil {
		panic(err)
	}
	inv := toolcmd.NewInvoker(reg)
	out, _ := inv.Invoke(context.Background(), "math.add", []byte(`{"a":2,"b":3}`))
	fmt.Println(string(out))

	cmds := toolcmd.Commands(inv)
	var stdout, stderr bytes.Buffer
	for _, argv := range [][]string{{"math", "add", "a=1", "b=2"}, {"math", "divide", "a=1", "b=0"}, {"math", "add", "a=1"}} {
		stdout.Reset()
		stderr.Reset()
		code := cmds["math"].Run(context.Background(), &commands.Context{Args: argv, Stdout: &stdout, Stderr: &stderr})
		fmt.Printf("%q %q %d\n", stdout.String(), stderr.String(), code)
	}
	// Output:
	// {"sum":5}
	// "{\"sum\":3}\n" "" 0
	// "" "math: divide: divide by zero\n" 1
	// "" "math: add: missing required argument \"b\"\n" 1
}
