package sources

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/justbash/justbash/sources/graphql"
	"github.com/justbash/justbash/sources/mcp"
	"github.com/justbash/justbash/sources/openapi"
	"github.com/justbash/justbash/toolcmd"
)

func TestLoadAllIsolatesFailures(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `[{"id":1,"name":"Rex"}]`)
	}))
	defer api.Close()
	spec, err := os.ReadFile("openapi/testdata/petstore31.json")
	if err != nil {
		t.Fatal(err)
	}
	reg := toolcmd.NewRegistry()
	set := LoadAll(context.Background(), reg, []Spec{
		{MCP: &mcp.Config{Name: "broken", Command: "/nonexistent/server"}},
		{OpenAPI: &openapi.Config{Name: "petstore", Spec: spec, BaseURL: api.URL}},
		{GraphQL: &graphql.Config{Name: "petstore", URL: api.URL}},
		{OpenAPI: &openapi.Config{Name: "junk", Spec: []byte("{}")}},
		{},
	})
	defer set.Close()
	errs := []string{`mcp source "broken": start:`, "", `graphql source "petstore": name already used by the openapi source`, `openapi source "junk": not an OpenAPI`, "source 5: no kind given"}
	for i, want := range errs {
		r := set.Results[i]
		if (want == "") != (r.Err == nil) || (r.Err != nil && !strings.Contains(r.Err.Error(), want)) {
			t.Errorf("result %d (%s): err = %v, want %q", i, r.Name, r.Err, want)
		}
	}
	if got := strings.Join(set.Results[1].Tools, " "); got != "petstore.pets.createPet petstore.pets.deletePet petstore.pets.getPet petstore.pets.listPets" {
		t.Errorf("petstore tools = %s", got)
	}
	out, err := toolcmd.NewInvoker(reg).Invoke(context.Background(), "petstore.pets.listPets", nil)
	if err != nil || string(out) != `[{"id":1,"name":"Rex"}]` {
		t.Errorf("listPets = %s, %v", out, err)
	}
	if set.Err() == nil {
		t.Error("Set.Err() = nil")
	}
	set.Close()
	if reg.Len() != 0 {
		t.Errorf("%d tools left after Close", reg.Len())
	}
}

func TestParseConfig(t *testing.T) {
	env := map[string]string{"TOKEN": "abc", "EMPTY": "", "HOME": "/home/u"}
	files := map[string]string{"/cfg/key.txt": "k-123\n"}
	opts := ConfigOptions{
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		ReadFile: func(p string) ([]byte, error) {
			if v, ok := files[p]; ok {
				return []byte(v), nil
			}
			return nil, errors.New("no such file")
		},
		Dir:     "/cfg",
		BaseEnv: []string{"PATH=/bin"},
	}
	yamlCfg := `
servers:
  math:
    type: stdio
    command: node
    args: [server.js]
    env: {A: "1", B: "2"}
    environment: {B: "3"}
    cwd: work
  docs:
    type: local
    command: [uvx, docs-mcp, --flag]
    timeout: 1500
  remote:
    type: http
    url: https://example.com/mcp
    headers: {Authorization: "Bearer ${TOKEN}", X-Empty: "${EMPTY:-fallback}", X-Unset: "${NOPE:-dflt}", X-Env: "{env:TOKEN}"}
  petstore:
    type: openapi
    spec: specs/petstore.yaml
    baseUrl: https://api.example.com/v1
    headers: {X-Key: "{file:key.txt}"}
    queryParams: {api_key: k}
  petstore2:
    type: openapi
    spec: https://example.com/openapi.json
  countries:
    type: graphql
    url: https://countries.example.com/graphql
  off:
    type: sse
    url: https://x
    enabled: false
jsmcp: {bind: 127.0.0.1}
`
	specs, err := ParseConfig([]byte(yamlCfg), opts)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Spec{}
	for _, s := range specs {
		byName[s.Name()] = s
	}
	if len(specs) != 6 || byName["off"].Kind() != "" {
		t.Fatalf("specs = %d (%v)", len(specs), byName)
	}
	m := byName["math"].MCP
	if m.Command != "node" || strings.Join(m.Args, " ") != "server.js" || m.Env["A"] != "1" || m.Env["B"] != "3" || m.Dir != "/cfg/work" || m.BaseEnv[0] != "PATH=/bin" {
		t.Errorf("math = %+v", m)
	}
	d := byName["docs"].MCP
	if d.Command != "uvx" || strings.Join(d.Args, " ") != "docs-mcp --flag" || d.ConnectTimeout.Milliseconds() != 1500 {
		t.Errorf("docs = %+v", d)
	}
	r := byName["remote"].MCP
	if r.Type != "http" || r.Headers["Authorization"] != "Bearer abc" || r.Headers["X-Empty"] != "fallback" || r.Headers["X-Unset"] != "dflt" || r.Headers["X-Env"] != "abc" {
		t.Errorf("remote = %+v", r)
	}
	p := byName["petstore"].OpenAPI
	if p.SpecPath != "/cfg/specs/petstore.yaml" || p.BaseURL != "https://api.example.com/v1" || p.Headers["X-Key"] != "k-123" || p.Query["api_key"] != "k" {
		t.Errorf("petstore = %+v", p)
	}
	if byName["petstore2"].OpenAPI.SpecURL != "https://example.com/openapi.json" {
		t.Errorf("petstore2 = %+v", byName["petstore2"].OpenAPI)
	}
	if byName["countries"].GraphQL.URL != "https://countries.example.com/graphql" {
		t.Errorf("countries = %+v", byName["countries"].GraphQL)
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ cfg, want string }{
		{`servers: {a: {type: stdio}}`, `config: server "a": command must be a non-empty string or array`},
		{`servers: {a: {type: ftp}}`, `config: server "a": unknown type "ftp"`},
		{`servers: {a: {type: openapi}}`, `config: server "a": missing spec`},
		{`servers: {a: {type: graphql}}`, `config: server "a": missing url`},
		{`servers: {a: {type: http, headers: {K: "{file:x}"}}}`, `{file:x}: file substitution not available`},
		{`servers: [`, `config:`},
	}
	for _, tc := range tests {
		_, err := ParseConfig([]byte(tc.cfg), ConfigOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.cfg, err, tc.want)
		}
	}
	// validate and allowExternalRefs reach the OpenAPI config.
	opts, err := ParseConfig([]byte(`servers: {a: {type: openapi, spec: a.json, validate: strict, allowExternalRefs: true}, b: {type: openapi, spec: b.json}}`), ConfigOptions{})
	if err != nil || len(opts) != 2 || !opts[0].OpenAPI.Strict || !opts[0].OpenAPI.AllowExternalRefs || opts[1].OpenAPI.Strict || opts[1].OpenAPI.AllowExternalRefs {
		t.Errorf("openapi options: %v %+v", err, opts)
	}
	if _, err := ParseConfig([]byte(`servers: {a: {type: openapi, spec: a.json, validate: loose}}`), ConfigOptions{}); err == nil || !strings.Contains(err.Error(), `validate: want "strict" or "warn", got "loose"`) {
		t.Errorf("bad validate: %v", err)
	}
	// One bad server does not hide the good ones.
	specs, err := ParseConfig([]byte(`{"servers":{"bad":{"type":"x"},"good":{"type":"graphql","url":"http://h/g"}}}`), ConfigOptions{})
	if err == nil || len(specs) != 1 || specs[0].Name() != "good" {
		t.Errorf("specs = %v, err = %v", specs, err)
	}
}
