package toolcmd

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// The README's "Three surfaces, one tool" and "Argument input modes".
func TestReadmeInputModes(t *testing.T) {
	cmds, _ := readmeCommands(t)
	tests := []struct {
		name  string
		stdin io.Reader
		argv  []string
	}{
		{"key=value", nil, []string{"math", "add", "a=2", "b=3"}},
		{"--key value", nil, []string{"math", "add", "--a", "2", "--b", "3"}},
		{"--key=value", nil, []string{"math", "add", "--a=2", "--b=3"}},
		{"--json", nil, []string{"math", "add", "--json", `{"a":2,"b":3}`}},
		{"--json=", nil, []string{"math", "add", `--json={"a":2,"b":3}`}},
		{"stdin", sin(`{"a":2,"b":3}` + "\n"), []string{"math", "add"}},
		{"positional object", nil, []string{"math", "add", `{"a":2,"b":3}`}},
		{"mixed", nil, []string{"math", "add", "a=2", "--b", "3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, cmds, tc.stdin, tc.argv...)
			if r.stdout != "{\"sum\":5}\n" || r.stderr != "" || r.code != 0 {
				t.Errorf("got %q %q %d, want {\"sum\":5}\\n", r.stdout, r.stderr, r.code)
			}
		})
	}
}

func TestReadmeBareFlagAndCoercion(t *testing.T) {
	cmds, _ := readmeCommands(t)
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"--verbose"}, `{"verbose":true}`},
		{[]string{"a=2"}, `{"a":2}`},
		{[]string{"--ok=true"}, `{"ok":true}`},
		{[]string{"xs=[1,2]"}, `{"xs":[1,2]}`},
		{[]string{`cfg={"k":1}`}, `{"cfg":{"k":1}}`},
		{[]string{"name=hello world"}, `{"name":"hello world"}`},
		{[]string{"n=007"}, `{"n":"007"}`},
		{[]string{"v=null"}, `{"v":null}`},
		{[]string{"e="}, `{"e":""}`},
		{[]string{"f=1.5e3"}, `{"f":1.5e3}`},
		{[]string{"big=12345678901234567890"}, `{"big":12345678901234567890}`},
		{[]string{"s=\"quoted\""}, `{"s":"quoted"}`},
		{[]string{"url=a=b"}, `{"url":"a=b"}`},
		{[]string{"--neg", "-5"}, `{"neg":-5}`},
		{[]string{"--x", "--y"}, `{"x":true,"y":true}`},
		{[]string{"html=<a&b>"}, `{"html":"<a&b>"}`},
		{nil, `"<undefined>"`},
		{[]string{"--json", "{}"}, `{}`},
	}
	for _, tc := range tests {
		r := run(t, cmds, nil, append([]string{"debug", "echo"}, tc.argv...)...)
		if r.stdout != tc.want+"\n" || r.code != 0 {
			t.Errorf("debug echo %q: got %q %q %d, want %s", tc.argv, r.stdout, r.stderr, r.code, tc.want)
		}
	}
}

// flags > --json > piped stdin, merged key by key.
func TestReadmePrecedence(t *testing.T) {
	cmds, _ := readmeCommands(t)
	tests := []struct {
		stdin string
		argv  []string
		want  string
	}{
		{`{"a":1}`, []string{"--a=99"}, `{"a":99}`},
		{`{"a":1,"b":2}`, []string{"--a=99"}, `{"a":99,"b":2}`},
		{`{"a":1,"b":2}`, []string{"--json", `{"a":5}`}, `{"a":5,"b":2}`},
		{`{"a":1}`, []string{"a=3", "--json", `{"a":5}`}, `{"a":3}`},
		{"", []string{"--json", `{"a":5}`, "--a", "6"}, `{"a":6}`},
		{"not json", []string{"x=1"}, `{"x":1}`},
		{`[1,2]`, []string{"x=1"}, `{"x":1}`},
		{`[1,2]`, nil, `"<undefined>"`},
		{"  ", nil, `"<undefined>"`},
		{`{"a":1}`, []string{"a=2", "a=3"}, `{"a":3}`},
	}
	for _, tc := range tests {
		r := run(t, cmds, sin(tc.stdin), append([]string{"debug", "echo"}, tc.argv...)...)
		if r.stdout != tc.want+"\n" || r.code != 0 {
			t.Errorf("%q | debug echo %q: got %q %q, want %s", tc.stdin, tc.argv, r.stdout, r.stderr, tc.want)
		}
	}
	// The README's own sentence: echo '{"a":1}' | math add --a=99 calls
	// math.add({ a: 99 }).
	if r := run(t, cmds, sin(`{"a":1}`), "math", "add", "--a=99"); r.stdout != "{\"sum\":99}\n" {
		t.Errorf("got %q", r.stdout)
	}
}

func TestReadmeOutputAndErrors(t *testing.T) {
	cmds, _ := readmeCommands(t)
	tests := []struct {
		argv           []string
		stdout, stderr string
		code           int
	}{
		{[]string{"math", "add", "a=2", "b=3"}, "{\"sum\":5}\n", "", 0},
		{[]string{"math", "divide", "a=1", "b=0"}, "", "math: divide: divide by zero\n", 1},
		{[]string{"math", "divide", "a=7", "b=2"}, "{\"quotient\":3}\n", "", 0},
		{[]string{"math", "nope"}, "", "math: unknown command \"nope\"\nRun 'math --help' for usage.\n", 1},
		{[]string{"math", "nope", "a=1"}, "", "math: unknown command \"nope\"\nRun 'math --help' for usage.\n", 1},
		{[]string{"cache", "invalidate", "key=u:1"}, "", "", 0},
		{[]string{"util", "answer"}, "42\n", "", 0},
		{[]string{"db", "query", "sql=SELECT * FROM users"}, "{\"rows\":[{\"name\":\"ada\"},{\"name\":\"bob\"}]}\n", "", 0},
		{[]string{"math", "add", "--json", "{bad"}, "", "math: add: Invalid --json value: invalid character 'b' looking for beginning of object key string\n", 1},
		{[]string{"math", "add", "--json", "[1]"}, "", "math: add: Invalid --json value: --json must be a JSON object\n", 1},
		{[]string{"math", "add", "--json"}, "", "math: add: flag needs an argument: --json\n", 2},
		{[]string{"math", "add", "oops"}, "", "math: add: unexpected argument \"oops\" (use key=value, --key value or --json '{...}')\n", 2},
	}
	for _, tc := range tests {
		r := run(t, cmds, nil, tc.argv...)
		if r.stdout != tc.stdout || r.stderr != tc.stderr || r.code != tc.code {
			t.Errorf("%q: got (%q, %q, %d), want (%q, %q, %d)", tc.argv, r.stdout, r.stderr, r.code, tc.stdout, tc.stderr, tc.code)
		}
	}
	// `math add a=2 b=3 | jq -r .sum` prints 5: the output is one JSON document.
	r := run(t, cmds, nil, "math", "add", "a=2", "b=3")
	var v struct{ Sum float64 }
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || v.Sum != 5 {
		t.Errorf("output %q does not decode to sum 5: %v", r.stdout, err)
	}
}

const readmeMathHelp = `Executor tools: math

USAGE
  math <command> [flags]

COMMANDS
  add       Add two numbers
  divide    Integer divide; throws on zero

EXAMPLES
  math add key=value
  math divide --key value

LEARN MORE
  math <command> --help
`

const readmeMathAddHelp = `Add two numbers

USAGE
  math add [key=value ...]
  math add [--key value ...]
  math add --json '{...}'
  <stdin> | math add

FLAGS
  --json string    Pass all arguments as a JSON object
  --help           Show this help

EXAMPLES
  math add key=value
  math add --key value
  math add --json '{"key":"value"}'
  echo '{"key":"value"}' | math add
  math add key=value | jq -r .field
`

func TestReadmeHelp(t *testing.T) {
	cmds, _ := readmeCommands(t)
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"math", "--help"}, readmeMathHelp},
		{[]string{"math"}, readmeMathHelp},
		{[]string{"math", "add", "--help"}, readmeMathAddHelp},
		{[]string{"math", "add", "a=1", "--help"}, readmeMathAddHelp},
		{[]string{"petstore", "--help"}, "Executor tools: petstore\n\nUSAGE\n  petstore <command> [flags]\n\nCOMMANDS\n" +
			"  get-pet-by-id    Get a pet\n  list-pets        List all pets\n\nEXAMPLES\n" +
			"  petstore get-pet-by-id key=value\n  petstore list-pets --key value\n\nLEARN MORE\n  petstore <command> --help\n"},
		{[]string{"util", "--help"}, "Executor tools: util\n\nUSAGE\n  util <command> [flags]\n\nCOMMANDS\n" +
			"  answer       A bare number\n  timestamp    Current time\n\nEXAMPLES\n" +
			"  util answer key=value\n  util timestamp --key value\n\nLEARN MORE\n  util <command> --help\n"},
		{[]string{"db", "--help"}, "Executor tools: db\n\nUSAGE\n  db <command> [flags]\n\nCOMMANDS\n" +
			"  query    Run a SQL query\n\nEXAMPLES\n  db query key=value\n\nLEARN MORE\n  db <command> --help\n"},
	}
	for _, tc := range tests {
		r := run(t, cmds, nil, tc.argv...)
		if r.stdout != tc.want || r.code != 0 || r.stderr != "" {
			t.Errorf("%q:\n got %q\nwant %q", tc.argv, r.stdout, tc.want)
		}
	}
}

// The README's naming table, plus aliases and deep paths.
func TestReadmeNaming(t *testing.T) {
	cmds, _ := readmeCommands(t)
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"math", "add", "a=1", "b=1"}, `{"sum":2}`},
		{[]string{"petstore", "list-pets"}, `["rex"]`},
		{[]string{"petstore", "listPets"}, `["rex"]`},
		{[]string{"petstore", "get-pet-by-id", "id=7"}, `{"id":7}`},
		{[]string{"petstore", "getPetById", "id=7"}, `{"id":7}`},
		{[]string{"docs", "read-file", "path=/x"}, `{"path":"/x"}`},
		{[]string{"docs", "read_file", "path=/x"}, `{"path":"/x"}`},
		{[]string{"a", "b.c.d"}, `"deep"`},
		{[]string{"a", "b", "c", "d"}, `"deep"`},
		{[]string{"a", "b.c-d"}, `"camel"`},
		{[]string{"a", "b.cD"}, `"camel"`},
	}
	for _, tc := range tests {
		r := run(t, cmds, nil, tc.argv...)
		if r.stdout != tc.want+"\n" || r.code != 0 {
			t.Errorf("%q: got %q %q %d", tc.argv, r.stdout, r.stderr, r.code)
		}
	}
	names := []struct{ in, want string }{
		{"add", "add"}, {"listPets", "list-pets"}, {"getPetById", "get-pet-by-id"}, {"read_file", "read-file"},
		{"v2Api", "v2-api"}, {"getV2Users", "get-v2-users"}, {"base64Encode", "base64-encode"},
		{"parseXMLDocument", "parse-xml-document"}, {"HTTPServer", "http-server"}, {"file_2", "file-2"},
		{"oauth2Token", "oauth2-token"}, {"b.cD", "b.c-d"}, {"already-kebab", "already-kebab"}, {"ID", "id"},
	}
	for _, n := range names {
		if got := KebabCase(n.in); got != n.want {
			t.Errorf("KebabCase(%q) = %q, want %q", n.in, got, n.want)
		}
	}
}

// The README's js-exec examples go through Invoker.Invoke: object, array,
// primitive, undefined, thrown error, deep path, unknown tool.
func TestReadmeInvokeResults(t *testing.T) {
	_, inv := readmeCommands(t)
	ctx := context.Background()
	tests := []struct {
		path, args, want, err string
	}{
		{"math.add", `{"a":3,"b":4}`, `{"sum":7}`, ""},
		{"db.query", `{"sql":"SELECT * FROM users"}`, `{"rows":[{"name":"ada"},{"name":"bob"}]}`, ""},
		{"util.timestamp", ``, `{"ts":1700000000}`, ""},
		{"cache.invalidate", `{"key":"u:1"}`, ``, ""},
		{"math.divide", `{"a":1,"b":0}`, ``, "divide by zero"},
		{"a.b.c.d", ``, `"deep"`, ""},
		{"nope.x", ``, ``, "Unknown tool: nope.x"},
		{"math.add", `{bad`, ``, "math.add: invalid arguments: not valid JSON"},
	}
	for _, tc := range tests {
		out, err := inv.Invoke(ctx, tc.path, json.RawMessage(tc.args))
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: err %v, want %q", tc.path, err, tc.err)
			}
			continue
		}
		if err != nil || string(out) != tc.want {
			t.Errorf("%s: got %q %v, want %q", tc.path, out, err, tc.want)
		}
	}
	if _, err := inv.Invoke(ctx, "nope.x", nil); !errors.Is(err, ErrUnknownTool) {
		t.Errorf("unknown tool error does not wrap ErrUnknownTool: %v", err)
	}
}

// "Inline tools win when paths conflict with SDK-discovered ones."
func TestInlineWinsOverDiscovered(t *testing.T) {
	reg := NewRegistry()
	ret := func(s string) InvokeFunc {
		return func(context.Context, json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(`"` + s + `"`), nil
		}
	}
	disc := Tool{Path: "api.get", Description: "discovered", Source: Source{Kind: SourceOpenAPI, Name: "api"}, Invoke: ret("openapi")}
	inl := Tool{Path: "api.get", Description: "inline", Invoke: ret("inline")}
	inv := NewInvoker(reg)
	call := func() string {
		out, err := inv.Invoke(context.Background(), "api.get", nil)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(out)
	}
	must(t, reg.Add(disc))
	if got := call(); got != `"openapi"` {
		t.Fatalf("got %s", got)
	}
	must(t, reg.Add(inl))
	if got := call(); got != `"inline"` {
		t.Fatalf("inline added after: got %s", got)
	}
	// Re-discovery replaces the hidden discovered tool; inline still wins.
	must(t, reg.Replace(disc))
	if got := call(); got != `"inline"` {
		t.Fatalf("after rediscovery: got %s", got)
	}
	if err := reg.Add(disc); err == nil || !strings.Contains(err.Error(), "already registered") {
		t.Errorf("duplicate discovered Add: %v", err)
	}
	if n := reg.RemoveSource(Source{Kind: SourceOpenAPI, Name: "api"}); n != 1 {
		t.Errorf("RemoveSource removed %d", n)
	}
	if got := call(); got != `"inline"` {
		t.Fatalf("after RemoveSource: got %s", got)
	}
	must(t, reg.Add(disc))
	if !reg.Remove("api.get") || reg.Remove("api.get") {
		t.Error("Remove reported wrongly")
	}
	if got := call(); got != "error: Unknown tool: api.get" {
		t.Errorf("after Remove: %s", got)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
