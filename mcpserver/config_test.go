package mcpserver

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

func envOf(m map[string]string) Env {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func parse(t testing.TB, name, text string, o LoadOptions) (*Config, error) {
	t.Helper()
	return ParseConfig(filepath.Join(t.TempDir(), name), []byte(text), o)
}

func mustParse(t testing.TB, name, text string, o LoadOptions) *Config {
	t.Helper()
	cfg, err := parse(t, name, text, o)
	if err != nil {
		t.Fatalf("ParseConfig: %v", err)
	}
	return cfg
}

func TestDialects(t *testing.T) {
	opencode := `{"servers":{"math":{"type":"local","command":["node","m.js","--x"],"environment":{"A":"1","B":"env"},"env":{"B":"e","C":"3"},"cwd":"/w"},
	  "docs":{"type":"remote","url":"https://e.x/mcp","headers":{"H":"v"}}}}`
	claude := `
servers:
  math:
    type: stdio
    command: node
    args: [m.js, --x]
    env: {A: "1", B: e, C: 3}
    environment: {B: env}
    cwd: /w
  docs:
    type: http
    url: https://e.x/mcp
    headers: {H: v}
`
	for _, tc := range []struct{ name, text string }{{"config.json", opencode}, {"config.yaml", claude}} {
		cfg := mustParse(t, tc.name, tc.text, LoadOptions{})
		m := cfg.Servers["math"]
		if m.Kind != KindStdio || !reflect.DeepEqual(m.Command, []string{"node", "m.js", "--x"}) || m.Cwd != "/w" {
			t.Errorf("%s: math = %+v", tc.name, m)
		}
		if want := map[string]string{"A": "1", "B": "env", "C": "3"}; !reflect.DeepEqual(m.Env, want) {
			t.Errorf("%s: env = %v, want %v (environment wins)", tc.name, m.Env, want)
		}
		d := cfg.Servers["docs"]
		if d.Kind != KindHTTP || d.URL != "https://e.x/mcp" || d.Headers["H"] != "v" || d.OAuth == nil {
			t.Errorf("%s: docs = %+v", tc.name, d)
		}
		if !reflect.DeepEqual(cfg.Names, []string{"docs", "math"}) || cfg.Settings.Bind != "127.0.0.1" {
			t.Errorf("%s: names %v bind %q", tc.name, cfg.Names, cfg.Settings.Bind)
		}
	}
}

func TestServerFields(t *testing.T) {
	cfg := mustParse(t, "config.json", `{"jsmcp":{"auto_strip_tool_prefixes":true,"normalize_tool_names":true,"bind":"0.0.0.0"},
	 "servers":{"a":{"type":"sse","url":"u","oauth":false,"description":"D","enabled":false,"timeout":1500,
	   "strip_tool_prefix":"x_","normalize_tool_names":false,"blocked_tools":["rm",{"glob":"del*"},{"regex":"^drop"}]},
	   "b":{"type":"remote","url":"u","oauth":{"clientId":"id","clientSecret":"s","scope":"r w"},"strip_tool_prefix":true},
	   "c":{"type":"http","url":"u","oauth":null,"strip_tool_prefix":false}}}`, LoadOptions{})
	s := cfg.Settings
	if !s.AutoStripToolPrefixes || !s.NormalizeToolNames || s.Bind != "0.0.0.0" {
		t.Errorf("settings %+v", s)
	}
	a := cfg.Servers["a"]
	if a.OAuth != nil || a.Description != "D" || a.Enabled || a.Timeout != 1500*time.Millisecond ||
		a.Strip != StripFixed || a.StripPrefix != "x_" || a.Normalize == nil || *a.Normalize || len(a.Blocked) != 3 {
		t.Errorf("a = %+v", a)
	}
	for name, want := range map[string]bool{"rm": true, "delete": true, "drop_table": true, "rmx": false, "xdel": false} {
		if got := anyMatch(a.Blocked, name); got != want {
			t.Errorf("blocked(%q) = %v", name, got)
		}
	}
	if b := cfg.Servers["b"]; *b.OAuth != (OAuthConfig{ClientID: "id", ClientSecret: "s", Scope: "r w"}) || b.Strip != StripInfer {
		t.Errorf("b = %+v", b)
	}
	if c := cfg.Servers["c"]; c.OAuth == nil || c.Strip != StripNone {
		t.Errorf("c = %+v", c)
	}
	// The justbash key is accepted as a synonym of jsmcp.
	cfg = mustParse(t, "config.json", `{"justbash":{"bind":"::1"}}`, LoadOptions{})
	if cfg.Settings.Bind != "::1" {
		t.Errorf("justbash.bind = %q", cfg.Settings.Bind)
	}
}

func TestConfigErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{`[]`, "the top level must be an object"},
		{`{"servers":{"a":{"type":"local","command":"x"}},}`, "invalid JSON"},
		{`{"bogus":1}`, "bogus: unknown top-level key"},
		{`{"servers":{"my-server":{"type":"local","command":"x"}}}`, "servers.my-server: server names must be valid JavaScript identifiers"},
		{`{"servers":{"1a":{"type":"local","command":"x"}}}`, "servers.1a: server names must be valid JavaScript identifiers"},
		{`{"servers":{"class":{"type":"local","command":"x"}}}`, "servers.class: server name is a JavaScript reserved word"},
		{`{"servers":{"data":{"type":"local","command":"x"}}}`, "servers.data: server name is taken by a built-in global"},
		{`{"servers":{"a":{"command":"x"}}}`, "servers.a.type: is required"},
		{`{"servers":{"a":{"type":"ftp","command":"x"}}}`, `servers.a.type: must be one of local, stdio, remote, http, sse, openapi, graphql, js, command (got "ftp")`},
		{`{"servers":{"a":{"type":"local"}}}`, "servers.a.command: is required for a local server"},
		{`{"servers":{"a":{"type":"stdio","command":[]}}}`, "servers.a.command: must be a non-empty array"},
		{`{"servers":{"a":{"type":"stdio","command":""}}}`, "servers.a.command: must not be empty"},
		{`{"servers":{"a":{"type":"stdio","command":5}}}`, "servers.a.command: must be a string or an array of strings (got number)"},
		{`{"servers":{"a":{"type":"stdio","command":"x","args":"y"}}}`, "servers.a.args: must be an array of strings"},
		{`{"servers":{"a":{"type":"stdio","command":"x","env":{"K":[]}}}}`, "servers.a.env.K: must be a string (got array)"},
		{`{"servers":{"a":{"type":"http"}}}`, "servers.a.url: is required for a http server"},
		{`{"servers":{"a":{"type":"sse","url":"u","oauth":{"callbackPort":1}}}}`, "servers.a.oauth.callbackPort: is not supported"},
		{`{"servers":{"a":{"type":"http","url":"u","headersHelper":"x"}}}`, "servers.a.headersHelper: is not supported"},
		{`{"servers":{"a":{"type":"http","url":"u","enabled":"yes"}}}`, `servers.a.enabled: must be a boolean (got string "yes")`},
		{`{"servers":{"a":{"type":"http","url":"u","timeout":-1}}}`, "servers.a.timeout: must be a positive number of milliseconds"},
		{`{"servers":{"a":{"type":"http","url":"u","strip_tool_prefix":3}}}`, "servers.a.strip_tool_prefix: must be a string or a boolean"},
		{`{"servers":{"a":{"type":"http","url":"u","blocked_tools":[{"regex":"("}]}}}`, "servers.a.blocked_tools[0].regex: invalid regular expression"},
		{`{"servers":{"a":{"type":"http","url":"u","blocked_tools":[{"glob":"a","regex":"b"}]}}}`, "servers.a.blocked_tools[0]: a selector object must have exactly one of glob or regex"},
		{`{"servers":{"a":{"type":"http","url":"u","blocked_tools":[{"like":"a"}]}}}`, "servers.a.blocked_tools[0].like: unknown selector"},
		{`{"servers":{"a":{"type":"http","url":"u"}},"presets":{"work":{"b":true}}}`, `presets.work.b: unknown server "b" (configured servers: a)`},
		{`{"servers":{"a":{"type":"http","url":"u"}},"presets":{"work":{"a":5}}}`, "presets.work.a: must be a tool name or an array"},
		{`{"servers":{"a":{"type":"http","url":"u"}},"presets":[]}`, "presets: must be an object of presets"},
		{`{"jsmcp":{"bind":""}}`, "jsmcp.bind: must not be empty"},
		{`{"jsmcp":{"auto_strip":true}}`, "jsmcp.auto_strip: unknown setting"},
		{`{"justbash":{"max_workers":0}}`, "justbash.max_workers: must be a whole number from 1 to 65536 (got 0)"},
		{`{"justbash":{"max_workers":2.5}}`, "justbash.max_workers: must be a whole number from 1 to 65536 (got 2.5)"},
		{`{"justbash":{"max_session_bytes":"1G"}}`, `justbash.max_session_bytes: must be a positive whole number (got string "1G")`},
		{`{"justbash":{"max_session_bytes":-5}}`, "justbash.max_session_bytes: must be a whole number from 1 to"},
		{`{"servers":{"a":{"type":"openapi"}}}`, "servers.a.spec: is required for an openapi server"},
	}
	for _, tc := range cases {
		_, err := parse(t, "config.json", tc.text, LoadOptions{})
		var ce *ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%s: error %v is not a ConfigError", tc.text, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "config.json") {
			t.Errorf("%s:\n got %v\nwant file and %q", tc.text, err, tc.want)
		}
	}
	if _, err := parse(t, "config.yaml", "servers: [\n", LoadOptions{}); err == nil || !strings.Contains(err.Error(), "invalid YAML") {
		t.Errorf("bad YAML: %v", err)
	}
}

func TestSubstitutions(t *testing.T) {
	dir := t.TempDir()
	home := t.TempDir()
	os.WriteFile(filepath.Join(dir, "token.txt"), []byte("s3cret\n"), 0o600)
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "v.txt"), []byte("sub-value"), 0o600)
	os.WriteFile(filepath.Join(home, "h.txt"), []byte("from-home"), 0o600)
	abs := filepath.Join(home, "h.txt")
	env := envOf(map[string]string{"TOKEN": "tok", "EMPTY": "", "DIR": "sub"})
	text := `{"servers":{"a":{"type":"http","url":"https://x/{env:TOKEN}/{env:UNSET}",
	  "headers":{"A":"${TOKEN}","B":"${UNSET:-dflt}","C":"${EMPTY:-fallback}","D":"${UNSET}","E":"{file:token.txt}",
	  "F":"{file:{env:DIR}/v.txt}","G":"{file:~/h.txt}","H":"{file:` + abs + `}","I":"$HOME and {env} stay"}}}}`
	cfg, err := ParseConfig(filepath.Join(dir, "config.json"), []byte(text), LoadOptions{Env: env, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	a := cfg.Servers["a"]
	if a.URL != "https://x/tok/" {
		t.Errorf("url = %q", a.URL)
	}
	want := map[string]string{"A": "tok", "B": "dflt", "C": "fallback", "D": "", "E": "s3cret", "F": "sub-value",
		"G": "from-home", "H": "from-home", "I": "$HOME and {env} stay"}
	if !reflect.DeepEqual(a.Headers, want) {
		t.Errorf("headers:\n got %v\nwant %v", a.Headers, want)
	}
	// Substitution also reaches presets and settings.
	cfg, err = ParseConfig(filepath.Join(dir, "config.json"),
		[]byte(`{"jsmcp":{"bind":"${BIND:-127.0.0.2}"},"servers":{"a":{"type":"http","url":"u"}},"presets":{"p":{"a":"${T}"}}}`),
		LoadOptions{Env: envOf(map[string]string{"T": "tool1"})})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Settings.Bind != "127.0.0.2" || !cfg.Presets["p"].Rule("a").Allows("tool1") || cfg.Presets["p"].Rule("a").Allows("tool2") {
		t.Errorf("bind %q, preset rule %+v", cfg.Settings.Bind, cfg.Presets["p"].Rule("a"))
	}
	_, err = ParseConfig(filepath.Join(dir, "config.json"), []byte(`{"servers":{"a":{"type":"http","url":"u","headers":{"X":"{file:missing.txt}"}}}}`), LoadOptions{})
	if err == nil || !strings.Contains(err.Error(), "servers.a.headers.X: {file:missing.txt}: no such file or directory") {
		t.Errorf("missing file: %v", err)
	}
}

func TestFindConfig(t *testing.T) {
	dir := t.TempDir()
	if _, err := FindConfig(dir); err == nil || !strings.Contains(err.Error(), "no config file found") {
		t.Errorf("empty dir: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "config.yml"), []byte("servers: {}\n"), 0o600)
	if p, err := FindConfig(dir); err != nil || filepath.Base(p) != "config.yml" {
		t.Errorf("one file: %q %v", p, err)
	}
	os.WriteFile(filepath.Join(dir, "config.json"), []byte("{}"), 0o600)
	if _, err := FindConfig(dir); err == nil || !strings.Contains(err.Error(), "multiple config files found (config.json, config.yml)") {
		t.Errorf("two files: %v", err)
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_CONFIG_HOME": "/x"}, "/x/justbash"},
		{map[string]string{"XDG_CONFIG_HOME": ""}, "/home/u/.config/justbash"},
		{nil, "/home/u/.config/justbash"},
	} {
		if got := ConfigDir(DirOptions{Env: envOf(tc.env), Home: "/home/u"}); got != tc.want {
			t.Errorf("ConfigDir(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
	if got := DataDir(DirOptions{Env: envOf(map[string]string{"XDG_DATA_HOME": "/d"}), Home: "/h"}); got != "/d/justbash" {
		t.Errorf("DataDir = %q", got)
	}
	if got := DataDir(DirOptions{Home: "/h"}); got != "/h/.local/share/justbash" {
		t.Errorf("DataDir = %q", got)
	}
}

func TestNames(t *testing.T) {
	for in, want := range map[string]string{"readValue": "read_value", "read-value": "read_value", "getHTTPResponse": "get_http_response",
		"Already_snake": "already_snake", "tool2Name": "tool2_name", "v2": "v2", "ABC": "abc", "a..b": "a_b"} {
		if got := SnakeCase(in); got != want {
			t.Errorf("SnakeCase(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"tool-name": "tool_name", "2fa": "_2fa", "ok_$x": "ok_$x", "a.b c": "a_b_c"} {
		if got := Alias(in); got != want {
			t.Errorf("Alias(%q) = %q, want %q", in, got, want)
		}
	}
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"github_list_issues", "github_get_issue"}, "github_"},
		{[]string{"tool__read-value", "tool__write-value"}, "tool__"},
		{[]string{"a.x", "a.y", "b.z"}, ""},
		{[]string{"only_one"}, ""},
		{[]string{"svc:get", "svc:put"}, "svc:"},
		{[]string{"x_", "x_a"}, ""}, // would empty a name
	} {
		if got := InferPrefix(tc.names); got != tc.want {
			t.Errorf("InferPrefix(%v) = %q, want %q", tc.names, got, tc.want)
		}
	}
	// Glob: ? is exactly one character, anchored.
	sel := Selector{Glob: "mul_?", re: mustGlob("mul_?")}
	for name, want := range map[string]bool{"mul_a": true, "mul_": false, "mul_ab": false, "xmul_a": false} {
		if sel.Match(name) != want {
			t.Errorf("glob mul_? on %q = %v", name, !want)
		}
	}
	def := &ServerDef{Strip: StripInfer, Normalize: ptr(true)}
	got, err := exposeNames(def, Settings{}, []string{"srv_readValue", "srv_writeValue"})
	if err != nil || got["srv_readValue"] != "read_value" || got["srv_writeValue"] != "write_value" {
		t.Errorf("exposeNames = %v, %v", got, err)
	}
	if _, err := exposeNames(&ServerDef{Normalize: ptr(true)}, Settings{}, []string{"readValue", "read-value"}); err == nil ||
		!strings.Contains(err.Error(), `both become "read_value"`) {
		t.Errorf("duplicate after normalize: %v", err)
	}
	// Global settings apply unless the server overrides them.
	got, _ = exposeNames(&ServerDef{}, Settings{AutoStripToolPrefixes: true, NormalizeToolNames: true}, []string{"p_aB", "p_cD"})
	if got["p_aB"] != "a_b" {
		t.Errorf("global settings: %v", got)
	}
	got, _ = exposeNames(&ServerDef{Strip: StripNone, Normalize: ptr(false)}, Settings{AutoStripToolPrefixes: true, NormalizeToolNames: true}, []string{"p_aB", "p_cD"})
	if got["p_aB"] != "p_aB" {
		t.Errorf("server override: %v", got)
	}
}

func ptr[T any](v T) *T { return &v }

func mustGlob(g string) *regexp.Regexp { return regexp.MustCompile(globRegexp(g)) }

// max_workers and max_session_bytes reach the worker pool and the session
// budget, which list_servers reports; explicit Options win over them.
func TestLimitSettings(t *testing.T) {
	for _, file := range []struct{ name, text string }{
		{"config.json", `{"justbash":{"max_workers":3,"max_session_bytes":1048576}}`},
		{"config.yaml", "justbash:\n  max_workers: 3\n  max_session_bytes: 1048576\n"},
	} {
		cfg := mustParse(t, file.name, file.text, LoadOptions{})
		if cfg.Settings.MaxWorkers != 3 || cfg.Settings.MaxSessionBytes != 1<<20 {
			t.Fatalf("%s: settings %+v", file.name, cfg.Settings)
		}
		wr := &WorkerRunner{Command: []string{"unused"}}
		rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: wr})
		if err != nil {
			t.Fatal(err)
		}
		lim := rt.Limits()
		rt.Close()
		if lim.Workers == nil || lim.Workers.Max != 3 || lim.Sessions.MaxBytes != 1<<20 {
			t.Errorf("%s: limits %+v (workers %+v)", file.name, lim, lim.Workers)
		}
		wr = &WorkerRunner{Command: []string{"unused"}, MaxWorkers: 5}
		rt, err = NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: wr, MaxSessionBytes: 2 << 20})
		if err != nil {
			t.Fatal(err)
		}
		lim = rt.Limits()
		rt.Close()
		if lim.Workers.Max != 5 || lim.Sessions.MaxBytes != 2<<20 {
			t.Errorf("%s: explicit options lost: %+v %+v", file.name, lim, lim.Workers)
		}
	}
	// Unset: the defaults.
	rt, err := NewRuntime(context.Background(), mustParse(t, "config.json", `{}`, LoadOptions{}), Options{Start: fakeStarter, Runner: &WorkerRunner{Command: []string{"unused"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if lim := rt.Limits(); lim.Workers.Max != DefaultMaxWorkers || lim.Sessions.MaxBytes != DefaultMaxSessionBytes {
		t.Errorf("defaults: %+v %+v", lim, lim.Workers)
	}
}
