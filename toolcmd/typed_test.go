package toolcmd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
)

type addIn struct {
	A float64 `json:"a" jsonschema:"first addend"`
	B float64 `json:"b" jsonschema:"second addend"`
}

type addOut struct {
	Sum float64 `json:"sum"`
}

type findIn struct {
	Query  string   `json:"query" jsonschema:"what to look for"`
	Mode   string   `json:"mode,omitempty" enum:"fast,exact" jsonschema:"how to match"`
	Limit  int      `json:"limit,omitempty"`
	Tags   []string `json:"tags,omitempty"`
	DryRun bool     `json:"dryRun,omitempty"`
	Zip    string   `json:"zip,omitempty"`
}

type findOut struct {
	Got  findIn   `json:"got"`
	Hits []string `json:"hits"`
}

func typedRegistry(t testing.TB) (*Registry, map[string]commands.Command) {
	t.Helper()
	reg := NewRegistry()
	must(t, reg.AddInline(map[string]Tool{
		"calc.add": Func("Add two numbers", func(_ context.Context, in addIn) (addOut, error) {
			return addOut{Sum: in.A + in.B}, nil
		}),
		"calc.find": Func("Find things", func(_ context.Context, in findIn) (findOut, error) {
			return findOut{Got: in, Hits: []string{}}, nil
		}),
	}))
	return reg, Commands(NewInvoker(reg))
}

func TestTypedSchemas(t *testing.T) {
	tl := Func("Add two numbers", func(_ context.Context, in addIn) (addOut, error) { return addOut{}, nil })
	wantIn := `{"type":"object","properties":{"a":{"type":"number","description":"first addend"},"b":{"type":"number","description":"second addend"}},"required":["a","b"],"additionalProperties":false}`
	if string(tl.InputSchema) != wantIn {
		t.Errorf("input schema\n got %s\nwant %s", tl.InputSchema, wantIn)
	}
	wantOut := `{"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"],"additionalProperties":false}`
	if string(tl.OutputSchema) != wantOut {
		t.Errorf("output schema\n got %s\nwant %s", tl.OutputSchema, wantOut)
	}
	f := Func("", func(_ context.Context, in findIn) (findOut, error) { return findOut{}, nil })
	if !strings.Contains(string(f.InputSchema), `"mode":{"type":"string","description":"how to match","enum":["fast","exact"]}`) {
		t.Errorf("enum tag not applied: %s", f.InputSchema)
	}
	// Types without a schema are reported at registration, not by a panic.
	bad := Func("", func(_ context.Context, in struct{ F func() }) (any, error) { return nil, nil })
	bad.Path = "x.bad"
	if err := NewRegistry().Add(bad); err == nil || !strings.Contains(err.Error(), `tool "x.bad": input type`) {
		t.Errorf("Add of a func-typed input: %v", err)
	}
	notObj := Func("", func(_ context.Context, in string) (any, error) { return nil, nil })
	notObj.Path = "x.str"
	if err := NewRegistry().Add(notObj); err == nil || !strings.Contains(err.Error(), "must be a struct") {
		t.Errorf("Add of a string input: %v", err)
	}
}

func TestTypedValidation(t *testing.T) {
	reg, cmds := typedRegistry(t)
	inv := NewInvoker(reg)
	tests := []struct {
		args, want string
	}{
		{`{"a":1,"b":2}`, `{"sum":3}`},
		{`{"a":1}`, `error: calc.add: missing required argument "b"`},
		{``, `error: calc.add: missing required argument "a"`},
		{`{"a":"x","b":2}`, `error: calc.add: argument "a": expected number, got string "x"`},
		{`{"a":1,"b":2,"c":3}`, `error: calc.add: unknown argument "c" (known: a, b)`},
		{`[1]`, `error: calc.add: arguments must be a JSON object, got array`},
	}
	for _, tc := range tests {
		out, err := inv.Invoke(context.Background(), "calc.add", json.RawMessage(tc.args))
		got := string(out)
		if err != nil {
			got = "error: " + err.Error()
			var ae *ArgError
			if ae, _ = err.(*ArgError); ae == nil || ae.Tool != "calc.add" {
				t.Errorf("%s: error %T is not an ArgError for calc.add", tc.args, err)
			}
		}
		if got != tc.want {
			t.Errorf("calc.add %s: got %s, want %s", tc.args, got, tc.want)
		}
	}
	find := []struct {
		args, want string
	}{
		{`{"query":"q","mode":"slow"}`, `error: calc.find: argument "mode": must be one of "fast", "exact"; got "slow"`},
		{`{"query":"q","tags":["a",2]}`, `error: calc.find: argument "tags[1]": expected string, got integer 2`},
		{`{"query":"q","limit":1.5}`, `error: calc.find: argument "limit": expected integer, got number 1.5`},
	}
	for _, tc := range find {
		_, err := inv.Invoke(context.Background(), "calc.find", json.RawMessage(tc.args))
		if err == nil || "error: "+err.Error() != tc.want {
			t.Errorf("calc.find %s: got %v, want %s", tc.args, err, tc.want)
		}
	}
	// Through bash the tool name is the command prefix.
	r := run(t, cmds, nil, "calc", "add", "a=1")
	if r.stderr != "calc: add: missing required argument \"b\"\n" || r.code != 1 {
		t.Errorf("bash: got %q %d", r.stderr, r.code)
	}
}

// A schema refines the command line: string parameters keep their text,
// kebab flags reach camelCase fields.
func TestTypedCommandLine(t *testing.T) {
	_, cmds := typedRegistry(t)
	r := run(t, cmds, nil, "calc", "find", "query=123", "zip=02134", "--dry-run", "limit=5", "tags=[\"x\"]", "mode=fast")
	want := `{"got":{"query":"123","mode":"fast","limit":5,"tags":["x"],"dryRun":true,"zip":"02134"},"hits":[]}` + "\n"
	if r.stdout != want || r.code != 0 {
		t.Errorf("got %q %q, want %q", r.stdout, r.stderr, want)
	}
}

const calcFindHelp = `Find things

USAGE
  calc find [key=value ...]
  calc find [--key value ...]
  calc find --json '{...}'
  <stdin> | calc find

PARAMETERS
  query    string             required  what to look for
  mode     "fast" | "exact"   optional  how to match
  limit    number             optional
  tags     string[] | null    optional
  dryRun   boolean            optional
  zip      string             optional

FLAGS
  --json string    Pass all arguments as a JSON object
  --help           Show this help

EXAMPLES
  calc find key=value
  calc find --key value
  calc find --json '{"key":"value"}'
  echo '{"key":"value"}' | calc find
  calc find key=value | jq -r .field
`

func TestSchemaHelp(t *testing.T) {
	_, cmds := typedRegistry(t)
	r := run(t, cmds, nil, "calc", "find", "--help")
	if r.stdout != calcFindHelp {
		t.Errorf("got\n%s\nwant\n%s", r.stdout, calcFindHelp)
	}
}

// Keywords our own check does not cover still reach the library validator.
func TestLibraryValidationFallback(t *testing.T) {
	reg := NewRegistry()
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","minimum":1},"s":{"type":"string","pattern":"^[a-z]+$"}}}`)
	must(t, reg.Add(Tool{Path: "v.t", InputSchema: schema, Invoke: func(context.Context, json.RawMessage) (json.RawMessage, error) { return json.RawMessage(`1`), nil }}))
	inv := NewInvoker(reg)
	tests := []struct{ args, want string }{
		{`{"n":2,"s":"abc"}`, `1`},
		{`{"n":0}`, `error: v.t: argument "n": minimum: 0/1 is less than 1.000000`},
		{`{"s":"ABC"}`, `error: v.t: argument "s": pattern: "ABC" does not match regular expression "^[a-z]+$"`},
	}
	for _, tc := range tests {
		out, err := inv.Invoke(context.Background(), "v.t", json.RawMessage(tc.args))
		got := string(out)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.args, got, tc.want)
		}
	}
	if usesMore(Func("", func(_ context.Context, in findIn) (findOut, error) { return findOut{}, nil }).InputSchema, 0) {
		t.Error("a Go-derived schema should not need the library validator")
	}
}
