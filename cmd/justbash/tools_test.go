package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// petsSpec is a small OpenAPI document; its server URL is a placeholder
// the config's baseUrl replaces, so the test also covers ${VAR}.
const petsSpec = `{
  "openapi": "3.0.3",
  "info": {"title": "Pets", "version": "1"},
  "servers": [{"url": "https://pets.example.invalid"}],
  "paths": {
    "/pets": {"get": {"operationId": "listPets", "summary": "List pets",
      "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}],
      "responses": {"200": {"description": "pets", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}}},
    "/pets/{petId}": {"get": {"operationId": "getPetById", "summary": "One pet",
      "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}],
      "responses": {"200": {"description": "pet", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
  }
}`

var petNames = []string{"rex", "tom", "kiki"}

// petsServer answers the two operations of petsSpec on 127.0.0.1.
func petsServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/pets" {
			n := len(petNames)
			if l, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && l < n {
				n = l
			}
			var pets []map[string]any
			for i := 0; i < n; i++ {
				pets = append(pets, map[string]any{"id": i + 1, "name": petNames[i]})
			}
			json.NewEncoder(w).Encode(pets)
			return
		}
		id, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/pets/"))
		if err != nil || id < 1 || id > len(petNames) {
			http.Error(w, `{"error":"no such pet"}`, http.StatusNotFound)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"id": id, "name": petNames[id-1]})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// writeToolsConfig writes the spec and a config with: shop (OpenAPI, a
// relative spec path), meta (this binary as an MCP stdio server), and
// three broken sources of different kinds.
func writeToolsConfig(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("pets.json", petsSpec)
	write("inner.json", `{"servers":{}}`)
	cfg := fmt.Sprintf(`
servers:
  shop:
    type: openapi
    spec: pets.json
    baseUrl: ${PETS_URL}
  meta:
    type: stdio
    command: [%q, mcp, run, --config, %q]
  nospec:
    type: openapi
    spec: missing.json
  crashes:
    type: local
    command: %q
    args: [mcp, frobnicate]
`, binary, filepath.Join(dir, "inner.json"), binary)
	write("tools.yaml", cfg)
	return filepath.Join(dir, "tools.yaml")
}

// runWithEnv runs the binary with extra environment variables.
func runWithEnv(t *testing.T, env []string, stdin string, args ...string) outcome {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("justbash %q did not finish", args)
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return outcome{out.String(), errb.String(), code}
}

func TestToolsFlag(t *testing.T) {
	srv := petsServer(t)
	cfg := writeToolsConfig(t)
	env := []string{"PETS_URL=" + srv.URL}
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		code   int
	}{
		{"openapi call through jq", []string{"-c", "shop pets-list-pets limit=2 | jq -r '.[].name'"}, "", "rex\ntom\n", 0},
		{"dotted subcommand and path parameter", []string{"-c", "shop pets-get-pet-by-id --pet-id 3 | jq -c ."}, "", `{"id":3,"name":"kiki"}` + "\n", 0},
		{"http error fails the command", []string{"-c", "shop pets-get-pet-by-id pet-id=9 >/dev/null 2>&1; echo $?; shop pets-get-pet-by-id pet-id=1 >/dev/null; echo $?"}, "", "1\n0\n", 0},
		{"mcp stdio server", []string{"-c", "meta list-servers | jq -c .servers"}, "", "[]\n", 0},
		{"script on stdin", nil, "shop pets-list-pets | jq length\n", "3\n", 0},
		{"tools list", []string{"-c", "tools list shop >/dev/null; tools list meta > /dev/null; tools list | cut -d' ' -f1 | grep -E '^(shop|meta)\\.(pets|list_servers)'"}, "",
			"meta.list_servers\nshop.pets_getPetById\nshop.pets_listPets\n", 0},
		// The names are the MCP server's; groups and camelCase still work.
		{"group help and camelCase", []string{"-c", "shop pets --help | sed -n 7,8p; js-exec -c 'console.log((await tools.shop.petsGetPetById({petId: 3})).name)'"}, "",
			"  get-pet-by-id  One pet\n  list-pets      List pets\n" + "kiki\n", 0},
		{"broken sources fail when used", []string{"-c", "nospec x 2>&1; echo $?; crashes x 2>/dev/null; echo $?"}, "",
			"nospec: tool source failed: read spec: open " + filepath.Join(filepath.Dir(cfg), "missing.json") + ": no such file or directory\n1\n1\n", 0},
		{"deny-all", []string{"--approve", "deny-all", "-c", "shop pets-list-pets; echo $?; meta list-servers 2>&1 | grep -c denied"}, "", "1\n1\n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--tools", cfg}, tc.args...)
			got := runWithEnv(t, env, tc.stdin, args...)
			if got.stdout != tc.stdout || got.code != tc.code {
				t.Errorf("stdout %q, exit %d; want %q, exit %d\nstderr: %s", got.stdout, got.code, tc.stdout, tc.code, got.stderr)
			}
		})
	}
}

// TestToolsSourceStates checks that tools list reports every source's
// state, a broken one with its reason, while the good ones work.
func TestToolsSourceStates(t *testing.T) {
	srv := petsServer(t)
	cfg := writeToolsConfig(t)
	got := runWithEnv(t, []string{"PETS_URL=" + srv.URL}, "", "--tools", cfg, "-c",
		"shop pets-get-pet-by-id pet-id=1 | jq -r .name; for s in meta nospec crashes; do tools list $s >/dev/null 2>&1; done; tools list | sed -n '/^SOURCES/,/^$/p'")
	want := []string{"rex", "SOURCES", "  crashes  failed: ", "  meta     ready (stdio, 6 tools)", "  nospec   failed: read spec: ", "  shop     ready (openapi, 2 tools)"}
	lines := strings.Split(got.stdout, "\n")
	if got.code != 0 || len(lines) < len(want) {
		t.Fatalf("stdout %q, exit %d\nstderr: %s", got.stdout, got.code, got.stderr)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d = %q, want prefix %q\n%s", i, lines[i], w, got.stdout)
		}
	}
}

func TestToolsFlagErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("servers: [\n"), 0o600)
	sub := filepath.Join(dir, "sub.json")
	os.WriteFile(sub, []byte(`{"servers":{"x":{"type":"openapi","spec":"{file:absent.txt}"}}}`), 0o600)
	typeless := filepath.Join(dir, "typeless.yaml")
	os.WriteFile(typeless, []byte("servers:\n  typeless:\n    url: http://127.0.0.1:1/\n"), 0o600)
	badName := filepath.Join(dir, "badname.yaml")
	os.WriteFile(badName, []byte("servers:\n  my-api:\n    type: graphql\n    url: http://127.0.0.1:1/\n"), 0o600)
	tests := []struct {
		name   string
		args   []string
		stderr string
		code   int
	}{
		{"missing file", []string{"--tools", filepath.Join(dir, "none.json")}, "justbash: --tools " + filepath.Join(dir, "none.json") + ": no such file or directory\n", 1},
		{"syntax error", []string{"--tools", bad}, "justbash: config " + bad + ": invalid YAML: ", 1},
		{"file substitution fails", []string{"--tools", sub}, "justbash: config " + sub + ": servers.x.spec: {file:absent.txt}: ", 1},
		{"invalid server (same rule as justbash mcp)", []string{"--tools", typeless}, "justbash: config " + typeless + ": servers.typeless.type: is required", 1},
		{"bad server name", []string{"--tools", badName}, "justbash: config " + badName + ": servers.my-api: server names must be valid JavaScript identifiers", 1},
		{"unknown profile", []string{"--tools", typeless, "--profile", "nope"}, "justbash: config " + typeless + ": servers.typeless.type", 1},
		{"unknown policy", []string{"--approve", "maybe"}, "justbash: --approve: unknown policy \"maybe\" (want prompt, allow-all, deny-all or accept-all)\n", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runCLI(t, "", append(tc.args, "-c", "echo ran")...)
			if got.code != tc.code || got.stdout != "" || !strings.HasPrefix(got.stderr, tc.stderr) {
				t.Errorf("stdout %q, stderr %q, exit %d; want stderr starting %q, exit %d", got.stdout, got.stderr, got.code, tc.stderr, tc.code)
			}
		})
	}
}

// TestToolsREPL checks that the interactive shell has the tools too.
func TestToolsREPL(t *testing.T) {
	srv := petsServer(t)
	cfg := writeToolsConfig(t)
	s := newTmux(t, fmt.Sprintf("env PETS_URL=%s %s --tools %s 2>/dev/null", srv.URL, binary, cfg))
	s.line(prompt, "shop pets-list-pets limit=1 | jq -r '.[0].name' | tr a-z A-Z")
	s.waitFor("\nREX\n")
}

// TestToolsOpenAPIProblems: a spec with broken operations is ready with
// the good ones, lists what it skipped, is cached under XDG_CACHE_HOME,
// and fails as a whole under validate: strict.
func TestToolsOpenAPIProblems(t *testing.T) {
	dir := t.TempDir()
	spec := `{"openapi":"3.0.3","info":{"title":"b","version":"1"},"servers":[{"url":"http://127.0.0.1:1"}],"paths":{
 "/good":{"get":{"operationId":"good","summary":"A good one","responses":{"200":{"description":"ok"}}}},
 "/badref":{"get":{"operationId":"badRef","parameters":[{"$ref":"#/components/parameters/Missing"}],"responses":{"200":{"description":"ok"}}}}}}`
	if err := os.WriteFile(filepath.Join(dir, "b.json"), []byte(spec), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "tools.yaml")
	if err := os.WriteFile(cfg, []byte("servers:\n  b:\n    type: openapi\n    spec: b.json\n  strict:\n    type: openapi\n    spec: b.json\n    validate: strict\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, "cache")
	want := "SOURCES\n" +
		"  b       ready (openapi, 1 tools)\n" +
		"    1 problem(s) while loading:\n" +
		"      GET /badref: skipped: parameter: $ref \"#/components/parameters/Missing\" does not resolve\n" +
		"  strict  failed: invalid spec (validate: strict): GET /badref: skipped: parameter: $ref \"#/components/parameters/Missing\" does not resolve\n\n"
	for run := 1; run <= 2; run++ {
		got := runWithEnv(t, []string{"XDG_CACHE_HOME=" + cache}, "", "--tools", cfg, "-c",
			"tools list b >/dev/null; tools list strict >/dev/null 2>&1; tools list | sed -n '/^SOURCES/,/^$/p'; b good good --help | head -1")
		if got.stdout != want+"A good one\n" || got.code != 0 {
			t.Errorf("run %d: stdout\n%s\nwant\n%s\nstderr: %s", run, got.stdout, want+"A good one\n", got.stderr)
		}
		entries, _ := filepath.Glob(filepath.Join(cache, "justbash", "openapi", "*.rec"))
		if len(entries) != 2 { // one per source name: the tool paths start with it
			t.Errorf("run %d: cache entries %v", run, entries)
		}
	}
}
