package openapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// petstore is a tiny in-memory implementation of the test specs.
type petstore struct {
	mu   sync.Mutex
	pets map[int]map[string]any
	next int
	seen []string // "METHOD path?query | header values" per request
}

func newPetstore() *petstore {
	return &petstore{pets: map[int]map[string]any{1: {"id": 1, "name": "Rex", "tag": "dog"}, 2: {"id": 2, "name": "Tom", "tag": "cat"}}, next: 3}
}

func (p *petstore) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seen = append(p.seen, fmt.Sprintf("%s %s | key=%s auth=%s trace=%s", r.Method, r.URL.RequestURI(), r.Header.Get("X-Api-Key"), r.Header.Get("Authorization"), r.Header.Get("X-Trace")))
	writeJSON := func(code int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(v)
	}
	switch {
	case r.URL.Path == "/v1/health":
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "ok\n")
	case r.URL.Path == "/v1/pets" && r.Method == "GET":
		tag := r.URL.Query().Get("tag")
		out := []any{}
		for id := 1; id < p.next; id++ {
			if pet, ok := p.pets[id]; ok && (tag == "" || pet["tag"] == tag) {
				out = append(out, pet)
			}
		}
		writeJSON(200, out)
	case r.URL.Path == "/v1/pets" && r.Method == "POST":
		var pet map[string]any
		if r.Header.Get("Content-Type") != "application/json" || json.NewDecoder(r.Body).Decode(&pet) != nil {
			writeJSON(400, map[string]string{"error": "bad body"})
			return
		}
		pet["id"] = p.next
		p.pets[p.next] = pet
		p.next++
		writeJSON(201, pet)
	case strings.HasPrefix(r.URL.Path, "/v1/pets/"):
		var id int
		if _, err := fmt.Sscanf(strings.TrimPrefix(r.URL.Path, "/v1/pets/"), "%d", &id); err != nil {
			writeJSON(400, map[string]string{"error": "bad id"})
			return
		}
		pet, ok := p.pets[id]
		if !ok {
			writeJSON(404, map[string]string{"error": "pet not found"})
			return
		}
		if r.Method == "DELETE" {
			delete(p.pets, id)
			w.WriteHeader(204)
			return
		}
		writeJSON(200, pet)
	default:
		http.NotFound(w, r)
	}
}

func startPetstore(t *testing.T) (*petstore, *httptest.Server) {
	p := newPetstore()
	ts := httptest.NewServer(p)
	t.Cleanup(ts.Close)
	return p, ts
}

func readSpec(t *testing.T, name string) []byte {
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func call(inv *toolcmd.Invoker, path, args string) (string, error) {
	out, err := inv.Invoke(context.Background(), path, json.RawMessage(args))
	return string(out), err
}

func TestPetstoreVariants(t *testing.T) {
	for _, spec := range []string{"petstore30.yaml", "petstore31.json", "petstore2.json"} {
		t.Run(spec, func(t *testing.T) {
			store, ts := startPetstore(t)
			reg := toolcmd.NewRegistry()
			src, err := Add(context.Background(), reg, Config{Name: "petstore", Spec: readSpec(t, spec), BaseURL: ts.URL + "/v1",
				Headers: map[string]string{"X-Api-Key": "k1"}, Query: map[string]string{"v": "7"},
				Auth: func(r *http.Request) error { r.Header.Set("Authorization", "Bearer s3cret"); return nil }})
			if err != nil {
				t.Fatalf("Add: %v", err)
			}
			for _, p := range []string{"petstore.pets.listPets", "petstore.pets.createPet", "petstore.pets.getPet", "petstore.pets.deletePet"} {
				if _, ok := reg.Get(p); !ok {
					t.Errorf("missing %s in %v", p, src.Paths())
				}
			}
			inv := toolcmd.NewInvoker(reg)
			tests := []struct{ path, args, want, wantErr string }{
				{"petstore.pets.listPets", `{"tag":"cat"}`, `[{"id":2,"name":"Tom","tag":"cat"}]`, ""},
				{"petstore.pets.listPets", ``, `[{"id":1,"name":"Rex","tag":"dog"},{"id":2,"name":"Tom","tag":"cat"}]`, ""},
				{"petstore.pets.getPet", `{"petId":1,"X-Trace":"abc"}`, `{"id":1,"name":"Rex","tag":"dog"}`, ""},
				{"petstore.pets.getPet", `{"petId":99}`, "", `HTTP 404 Not Found: {"error":"pet not found"}`},
				{"petstore.pets.getPet", `{}`, "", "petId"},
				{"petstore.pets.getPet", `{"petId":"x"}`, "", "petId"},
				// Writes need approval; the default elicitation policy declines.
				{"petstore.pets.createPet", `{"body":{"name":"Kit"}}`, "", "Tool invocation denied: petstore.pets.createPet (approval declined)"},
				{"petstore.pets.deletePet", `{"petId":1}`, "", "approval declined"},
			}
			for _, tc := range tests {
				got, err := call(inv, tc.path, tc.args)
				if tc.wantErr != "" {
					if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
						t.Errorf("%s(%s): err = %v, want %q", tc.path, tc.args, err, tc.wantErr)
					}
					continue
				}
				if err != nil || got != tc.want {
					t.Errorf("%s(%s) = %s, %v; want %s", tc.path, tc.args, got, err, tc.want)
				}
			}
			var approvals []string
			inv.Elicit = func(_ context.Context, ec toolcmd.ElicitContext) (toolcmd.ElicitResponse, error) {
				approvals = append(approvals, ec.Request.Message)
				return toolcmd.ElicitResponse{Action: toolcmd.ActionAccept}, nil
			}
			if got, err := call(inv, "petstore.pets.createPet", `{"body":{"name":"Kit","tag":"cat"}}`); err != nil || got != `{"id":3,"name":"Kit","tag":"cat"}` {
				t.Errorf("createPet = %s, %v", got, err)
			}
			// The body's fields as flat arguments (issue 14: they were dropped).
			if got, err := call(inv, "petstore.pets.createPet", `{"name":"zed"}`); err != nil || got != `{"id":4,"name":"zed"}` {
				t.Errorf("createPet(name) = %s, %v", got, err)
			}
			if _, err := call(inv, "petstore.pets.createPet", `{}`); err == nil || !strings.Contains(err.Error(), "missing request body") {
				t.Errorf("createPet without body: %v", err)
			}
			if got, err := call(inv, "petstore.pets.deletePet", `{"petId":1}`); err != nil || got != "" {
				t.Errorf("deletePet = %q, %v", got, err)
			}
			if len(approvals) != 4 || !strings.Contains(approvals[0], "POST /pets") || !strings.Contains(approvals[3], "DELETE /pets/{petId}") {
				t.Errorf("approval prompts = %q", approvals)
			}
			store.mu.Lock()
			defer store.mu.Unlock()
			if store.seen[0] != "GET /v1/pets?tag=cat&v=7 | key=k1 auth=Bearer s3cret trace=" {
				t.Errorf("first request = %q", store.seen[0])
			}
			if store.seen[2] != "GET /v1/pets/1?v=7 | key=k1 auth=Bearer s3cret trace=abc" {
				t.Errorf("getPet request = %q", store.seen[2])
			}
		})
	}
}

func TestNamingRules30(t *testing.T) {
	_, ts := startPetstore(t)
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "petstore", Spec: readSpec(t, "petstore30.yaml"), BaseURL: ts.URL + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	want := "petstore.health.getHealth petstore.pets.createPet petstore.pets.deletePet petstore.pets.getPet petstore.pets.listPets petstore.pets.pets_find petstore.pets.pets_find_get"
	if got := strings.Join(src.Paths(), " "); got != want {
		t.Errorf("paths =\n %s\nwant\n %s", got, want)
	}
	inv := toolcmd.NewInvoker(reg)
	if got, err := call(inv, "petstore.health.getHealth", ""); err != nil || got != `"ok\n"` {
		t.Errorf("health = %s, %v", got, err)
	}
	// The recursive Pet schema stays a reference: one definition, used
	// by the root and by its own "parent" field.
	get, _ := reg.Get("petstore.pets.getPet")
	if !strings.Contains(string(get.OutputSchema), `"parent":{"$ref":"#/$defs/Pet"}`) || !strings.HasSuffix(string(get.OutputSchema), `"$ref":"#/$defs/Pet"}`) {
		t.Errorf("output schema = %s", get.OutputSchema)
	}
	if get.Annotations.RequiresApproval || !get.Annotations.ReadOnly {
		t.Errorf("GET annotations = %+v", get.Annotations)
	}
	// 3.0 "nullable" becomes a null type; null is then accepted.
	if !strings.Contains(string(get.OutputSchema), `"tag":{"type":["string","null"]}`) {
		t.Errorf("nullable not converted: %s", get.OutputSchema)
	}
	if _, err := call(inv, "petstore.pets.listPets", `{"limit":0}`); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("limit below minimum: %v", err)
	}
	if !strings.HasPrefix(get.Description, "Get a pet") {
		t.Errorf("description = %q", get.Description)
	}
}

func TestNamingHelpers(t *testing.T) {
	groups := []struct{ path, tag, want string }{
		{"/api/v1/pets/{id}", "", "pets"},
		{"/v2.1/store/order", "", "store"},
		{"/{tenant}/users", "", "users"},
		{"/", "Admin Tools", "Admin_Tools"},
		{"/{id}", "", "root"},
		{"/user.accounts", "", "user_accounts"},
	}
	for _, g := range groups {
		var tags []string
		if g.tag != "" {
			tags = []string{g.tag}
		}
		if got := Group(g.path, tags); got != g.want {
			t.Errorf("Group(%q) = %q, want %q", g.path, got, g.want)
		}
	}
	leaves := []struct{ id, method, path, want string }{
		{"listPets", "GET", "/pets", "listPets"},
		{"pets/list", "GET", "/pets", "pets_list"},
		{"", "GET", "/pets/{petId}/toys", "getPetsByPetIdToys"},
		{"", "POST", "/user-accounts", "postUserAccounts"},
	}
	for _, l := range leaves {
		if got := Leaf(l.id, l.method, l.path); got != l.want {
			t.Errorf("Leaf(%q,%s %s) = %q, want %q", l.id, l.method, l.path, got, l.want)
		}
	}
}

func TestSpecFromURLWithRelativeServer(t *testing.T) {
	p := newPetstore()
	spec := strings.Replace(string(readSpecFile("petstore30.yaml")), "https://petstore.example.invalid/v1", "/v1", 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/openapi.yaml", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, spec) })
	mux.Handle("/v1/", p)
	ts := httptest.NewServer(mux)
	defer ts.Close()
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "ps", SpecURL: ts.URL + "/openapi.yaml"}); err != nil {
		t.Fatal(err)
	}
	if got, err := call(toolcmd.NewInvoker(reg), "ps.pets.getPet", `{"petId":2}`); err != nil || got != `{"id":2,"name":"Tom","tag":"cat"}` {
		t.Errorf("getPet = %s, %v", got, err)
	}
}

func readSpecFile(name string) []byte {
	b, _ := os.ReadFile("testdata/" + name)
	return b
}

func TestNoWriteApproval(t *testing.T) {
	_, ts := startPetstore(t)
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "ps", Spec: readSpec(t, "petstore2.json"), BaseURL: ts.URL + "/v1", NoWriteApproval: true}); err != nil {
		t.Fatal(err)
	}
	if got, err := call(toolcmd.NewInvoker(reg), "ps.pets.createPet", `{"body":{"name":"Kit"}}`); err != nil || got != `{"id":3,"name":"Kit"}` {
		t.Errorf("createPet = %s, %v", got, err)
	}
}

func TestBadSpecs(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Name: "a", Spec: []byte("not: [valid")}, `openapi source "a": parse spec`},
		{Config{Name: "b", Spec: []byte(`{"info":{}}`)}, `openapi source "b": not an OpenAPI 3.x or Swagger 2 spec`},
		// The only operation is broken, so nothing loads, and the reason names it.
		{Config{Name: "c", Spec: []byte(`{"openapi":"3.0.0","info":{"title":"x","version":"1"},"paths":{"/a":{"get":{"parameters":[{"$ref":"other.yaml#/p"}]}}}}`)},
			`openapi source "c": 1 problem(s): GET /a: skipped: parameter: external $ref "other.yaml": the spec was given as text, so there is no directory to resolve it in`},
		{Config{Name: "d", SpecURL: deadURL + "/spec.json"}, `openapi source "d": fetch spec`},
		{Config{Name: "e", SpecPath: "testdata/does-not-exist.yaml"}, `openapi source "e": read spec`},
		{Config{Name: "f"}, `openapi source "f": give exactly one of`},
		{Config{Name: "g", Strict: true, Spec: []byte(`{"openapi":"3.0.0","info":{"title":"x"},"paths":{"/a":{"get":{}},"/b/{id}":{"get":{}}}}`)},
			`openapi source "g": invalid spec (validate: strict): GET /b/{id}: path parameters not declared (taken as strings): id`},
	}
	for _, tc := range tests {
		reg := toolcmd.NewRegistry()
		_, err := Add(context.Background(), reg, tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.cfg.Name, err, tc.want)
		}
		if reg.Len() != 0 {
			t.Errorf("%s: tools registered", tc.cfg.Name)
		}
	}
}

func TestUnreachableAPI(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "ps", Spec: readSpec(t, "petstore31.json"), BaseURL: deadURL}); err != nil {
		t.Fatal(err)
	}
	_, err := call(toolcmd.NewInvoker(reg), "ps.pets.listPets", "")
	if err == nil || !strings.Contains(err.Error(), "GET "+deadURL+"/pets") {
		t.Errorf("err = %v", err)
	}
	var de *toolcmd.DeniedError
	if errors.As(err, &de) {
		t.Errorf("unexpected denial")
	}
}

func TestNormalize30Keywords(t *testing.T) {
	spec := `{"openapi":"3.0.3","info":{"title":"x","version":"1"},"servers":[{"url":"http://127.0.0.1:1"}],"paths":{"/n":{"post":{"operationId":"n",
	 "requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"v":{"type":"number","minimum":0,"exclusiveMinimum":true},"s":{"type":"string","nullable":true}}}}}},
	 "responses":{"200":{"description":"ok"}}}}}}`
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "x", Spec: []byte(spec)}); err != nil {
		t.Fatal(err)
	}
	tl, _ := reg.Get("x.n.n")
	want := `{"additionalProperties":false,"properties":{"body":{"description":"The whole request body; its fields may instead be given as separate arguments.",` +
		`"properties":{"s":{"type":["string","null"]},"v":{"exclusiveMinimum":0,"type":"number"}},"type":"object"},` +
		`"s":{"type":["string","null"]},"v":{"exclusiveMinimum":0,"type":"number"}},"type":"object"}`
	if string(tl.InputSchema) != want {
		t.Errorf("schema = %s\nwant     %s", tl.InputSchema, want)
	}
	inv := toolcmd.NewInvoker(reg)
	inv.Elicit = toolcmd.AcceptAll
	// exclusiveMinimum: 0 refuses 0 itself, naming the field and the bound.
	for args, want := range map[string]string{
		`{"body":{"v":0}}`: `x.n.n: argument "body.v": exclusiveMinimum: 0/1 is less than or equal to 0.000000`,
		`{"v":0}`:          `x.n.n: argument "v": exclusiveMinimum: 0/1 is less than or equal to 0.000000`,
	} {
		if _, err := call(inv, "x.n.n", args); err == nil || err.Error() != want {
			t.Errorf("%s: err = %v\nwant %s", args, err, want)
		}
	}
	// The bound is exclusive, not off by one: a little above passes the
	// checks and reaches the (absent) server.
	if _, err := call(inv, "x.n.n", `{"v":0.5}`); err == nil || !strings.Contains(err.Error(), "POST http://127.0.0.1:1/n") {
		t.Errorf("v=0.5: %v", err)
	}
}
