package toolcmd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func discoveryRegistry(t testing.TB) *Registry {
	reg, _ := typedRegistry(t)
	noop := func(context.Context, json.RawMessage) (json.RawMessage, error) { return nil, nil }
	must(t, reg.Add(Tool{Path: "petstore.listPets", Description: "List all pets in the store", Source: Source{Kind: SourceOpenAPI, Name: "petstore"}, Invoke: noop}))
	must(t, reg.Add(Tool{Path: "petstore.getPetById", Description: "Find a pet by its id", Source: Source{Kind: SourceOpenAPI, Name: "petstore"},
		Annotations: Annotations{ReadOnly: true}, Invoke: noop}))
	must(t, reg.Add(Tool{Path: "files.read_file", Description: "Read a file and return its text", Source: Source{Kind: SourceMCP, Name: "files"}, Invoke: noop}))
	must(t, reg.Add(Tool{Path: "stats.sum", Description: "Sum numbers in a list", Invoke: noop}))
	return reg
}

func TestToolsList(t *testing.T) {
	cmds := Commands(NewInvoker(discoveryRegistry(t)))
	tests := []struct {
		argv           []string
		stdout, stderr string
		code           int
	}{
		{[]string{"tools", "list"}, "calc.add               Add two numbers\n" +
			"calc.find              Find things\n" +
			"files.read_file        Read a file and return its text\n" +
			"petstore.getPetById    Find a pet by its id\n" +
			"petstore.listPets      List all pets in the store\n" +
			"stats.sum              Sum numbers in a list\n", "", 0},
		{[]string{"tools", "list", "calc"}, "calc.add     Add two numbers\ncalc.find    Find things\n", "", 0},
		{[]string{"tools", "list", "nope"}, "", "tools: list: no tools in namespace \"nope\"\n", 1},
		{[]string{"tools", "list", "stats", "--json"}, `[{"path":"stats.sum","command":"stats sum","description":"Sum numbers in a list","source":"inline"}]` + "\n", "", 0},
		{[]string{"tools", "frob"}, "", "tools: unknown command \"frob\"\nRun 'tools --help' for usage.\n", 1},
		{[]string{"tools", "search"}, "", "tools: search: missing query\n", 2},
		{[]string{"tools", "describe"}, "", "tools: describe: missing tool path\n", 2},
		{[]string{"tools", "describe", "no.such"}, "", "tools: describe: unknown tool \"no.such\"\n", 1},
		{[]string{"tools", "search", "zebra"}, "", "tools: search: no tools match \"zebra\"\n", 1},
	}
	for _, tc := range tests {
		r := run(t, cmds, nil, tc.argv...)
		if r.stdout != tc.stdout || r.stderr != tc.stderr || r.code != tc.code {
			t.Errorf("%q: got (%q, %q, %d)\nwant (%q, %q, %d)", tc.argv, r.stdout, r.stderr, r.code, tc.stdout, tc.stderr, tc.code)
		}
	}
	if r := run(t, cmds, nil, "tools"); !strings.HasPrefix(r.stdout, "Discover the tools available as commands\n\nUSAGE\n  tools <command> [flags]\n") || r.code != 0 {
		t.Errorf("tools help: %q", r.stdout)
	}
}

func TestToolsSearchRanking(t *testing.T) {
	reg := discoveryRegistry(t)
	tests := []struct {
		query string
		want  []string // the paths in rank order
	}{
		{"pet", []string{"petstore.listPets", "petstore.getPetById"}},
		{"list pets", []string{"petstore.listPets", "petstore.getPetById", "stats.sum"}},
		{"read file", []string{"files.read_file"}},
		{"add numbers", []string{"calc.add", "stats.sum"}},
		{"sum", []string{"stats.sum"}},
		{"calc.find", []string{"calc.find", "calc.add", "petstore.getPetById"}},
		{"getPetById", []string{"petstore.getPetById", "petstore.listPets"}},
	}
	for _, tc := range tests {
		var got []string
		for _, m := range reg.Search(tc.query) {
			got = append(got, m.Tool.Path)
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("search %q: got %v, want %v", tc.query, got, tc.want)
		}
	}
	r := run(t, Commands(NewInvoker(reg)), nil, "tools", "search", "add", "numbers")
	if r.stdout != "calc.add     Add two numbers\nstats.sum    Sum numbers in a list\n" || r.code != 0 {
		t.Errorf("tools search: %q %q", r.stdout, r.stderr)
	}
}

const describeCalcAdd = `calc.add
  Add two numbers

COMMAND
  calc add

JAVASCRIPT
  await tools.calc.add({ a: 1, b: 1 })

SOURCE
  inline

PARAMETERS
  a   number   required  first addend
  b   number   required  second addend

INPUT SCHEMA
  {
    "type": "object",
    "properties": {
      "a": {
        "type": "number",
        "description": "first addend"
      },
      "b": {
        "type": "number",
        "description": "second addend"
      }
    },
    "required": [
      "a",
      "b"
    ],
    "additionalProperties": false
  }

OUTPUT SCHEMA
  {
    "type": "object",
    "properties": {
      "sum": {
        "type": "number"
      }
    },
    "required": [
      "sum"
    ],
    "additionalProperties": false
  }

TYPESCRIPT
  tools.calc.add(args: { a: number; b: number }): Promise<{ sum: number }>
`

func TestToolsDescribe(t *testing.T) {
	cmds := Commands(NewInvoker(discoveryRegistry(t)))
	for _, argv := range [][]string{{"tools", "describe", "calc.add", "--full"}, {"tools", "describe", "calc", "add", "--full"}} {
		r := run(t, cmds, nil, argv...)
		if r.stdout != describeCalcAdd || r.code != 0 {
			t.Errorf("%q:\n%s", argv, r.stdout)
		}
	}
	// Without --full the schemas are left out; the rest is the same.
	concise := strings.Split(describeCalcAdd, "\nINPUT SCHEMA")[0] + "\n" + describeCalcAdd[strings.Index(describeCalcAdd, "TYPESCRIPT"):]
	if r := run(t, cmds, nil, "tools", "describe", "calc.add"); r.stdout != concise {
		t.Errorf("concise describe:\n%s\nwant\n%s", r.stdout, concise)
	}
	r := run(t, cmds, nil, "tools", "describe", "petstore", "get-pet-by-id")
	want := "petstore.getPetById\n  Find a pet by its id\n\nCOMMAND\n  petstore get-pet-by-id\n\nJAVASCRIPT\n  await tools.petstore.getPetById()\n\nSOURCE\n  openapi:petstore (read-only)\n\n" +
		"TYPESCRIPT\n  tools.petstore.getPetById(args?: Record<string, unknown>): Promise<unknown>\n"
	if r.stdout != want {
		t.Errorf("got %q\nwant %q", r.stdout, want)
	}
	r = run(t, cmds, nil, "tools", "describe", "calc.find", "--json")
	var d map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil {
		t.Fatalf("describe --json: %v: %q", err, r.stdout)
	}
	wantTS := `tools.calc.find(args: { query: string; mode?: "fast" | "exact"; limit?: number; tags?: string[] | null; dryRun?: boolean; zip?: string }): Promise<{ got: { query: string; mode?: "fast" | "exact"; limit?: number; tags?: string[] | null; dryRun?: boolean; zip?: string }; hits: string[] | null }>`
	if d["typescript"] != wantTS || d["command"] != "calc find" || d["inputSchema"] == nil {
		t.Errorf("describe --json: %v", d)
	}
}

func TestTypeScriptFromSchemas(t *testing.T) {
	tests := []struct{ in, out, want string }{
		{``, ``, `tools.x.y(args?: Record<string, unknown>): Promise<unknown>`},
		{`{"type":"object","properties":{"a-b":{"type":"integer"},"n":{"anyOf":[{"type":"string"},{"type":"number"}]}}}`, `{"type":"array","items":{"type":"object","properties":{"id":{"const":7}}}}`,
			`tools.x.y(args?: { "a-b"?: number; n?: string | number }): Promise<{ id?: 7 }[]>`},
		{`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"boolean"}}},"required":["m"]}`, `{"type":["string","null"]}`,
			`tools.x.y(args: { m: Record<string, boolean> }): Promise<string | null>`},
		{`{"type":"object","properties":{"xs":{"type":"array","items":{"enum":["a","b"]}}}}`, `{}`,
			`tools.x.y(args?: { xs?: Array<"a" | "b"> }): Promise<unknown>`},
	}
	for _, tc := range tests {
		got := Tool{Path: "x.y", InputSchema: json.RawMessage(tc.in), OutputSchema: json.RawMessage(tc.out)}.TypeScript()
		if got != tc.want {
			t.Errorf("in %s out %s:\n got %s\nwant %s", tc.in, tc.out, got, tc.want)
		}
	}
}

func TestComplete(t *testing.T) {
	reg := discoveryRegistry(t)
	tests := []struct {
		words []string
		want  string
	}{
		{nil, "calc files petstore stats tools"},
		{[]string{"p"}, "petstore"},
		{[]string{"petstore", ""}, "get-pet-by-id list-pets"},
		{[]string{"petstore", "l"}, "list-pets"},
		{[]string{"files", "r"}, "read-file"},
		{[]string{"calc", "find", "--"}, "--dryRun --help --json --limit --mode --query --tags --zip"},
		{[]string{"calc", "find", "query=x", "--"}, "--dryRun --help --json --limit --mode --tags --zip"},
		{[]string{"calc", "find", "l"}, "limit="},
		{[]string{"calc", "find", "mode="}, "mode=exact mode=fast"},
		{[]string{"calc", "add", ""}, "a= b="},
		{[]string{"tools", ""}, "describe list search"},
		{[]string{"tools", "describe", "calc."}, "calc.add calc.find"},
		{[]string{"tools", "list", "s"}, "stats"},
		{[]string{"nope", ""}, ""},
		{[]string{"calc", "nope", ""}, ""},
	}
	for _, tc := range tests {
		if got := strings.Join(reg.Complete(tc.words), " "); got != tc.want {
			t.Errorf("Complete(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
}
