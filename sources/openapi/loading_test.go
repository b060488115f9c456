package openapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// brokenSpec has one good operation and three broken ones of different
// kinds; only the good one may load, and each broken one is named.
const brokenSpec = `{"openapi":"3.0.3","info":{"title":"b","version":"1"},"servers":[{"url":"http://127.0.0.1:1"}],
"paths":{
 "/good":{"get":{"operationId":"good","parameters":[{"name":"q","in":"query","schema":{"type":"string","example":123}}],"responses":{"200":{"description":"ok"}}}},
 "/badref":{"get":{"operationId":"badRef","parameters":[{"$ref":"#/components/parameters/Missing"}],"responses":{"200":{"description":"ok"}}}},
 "/badschema":{"post":{"operationId":"badSchema","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Nope"}}}},"responses":{"200":{"description":"ok"}}}},
 "/noname":{"get":{"operationId":"noName","parameters":[{"in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}
}}`

func TestBrokenOperationsSkipped(t *testing.T) {
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "b", Spec: []byte(brokenSpec)})
	var we *WarningsError
	if !errors.As(err, &we) || src == nil {
		t.Fatalf("err = %v (%T), want a *WarningsError beside the source", err, err)
	}
	if got := strings.Join(src.Paths(), " "); got != "b.good.good" {
		t.Errorf("paths = %s", got)
	}
	want := []string{
		`GET /badref: skipped: parameter: $ref "#/components/parameters/Missing" does not resolve`,
		`POST /badschema: skipped: arguments: $ref "#/components/schemas/Nope" does not resolve`,
		`GET /noname: skipped: a parameter without name or in`,
	}
	if got := src.Warnings(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// validate: strict refuses the spec, naming every problem.
	reg = toolcmd.NewRegistry()
	_, err = Add(context.Background(), reg, Config{Name: "b", Spec: []byte(brokenSpec), Strict: true})
	if err == nil || !strings.HasPrefix(err.Error(), `openapi source "b": invalid spec (validate: strict): GET /badref: skipped`) || reg.Len() != 0 {
		t.Errorf("strict: %v, %d tools", err, reg.Len())
	}
}

// TestOpenAPI31 checks 3.1 schemas are taken as 2020-12: type arrays,
// array defaults, examples, const — none of which 3.0 rules allow.
func TestOpenAPI31(t *testing.T) {
	spec := `{"openapi":"3.1.0","info":{"title":"x","version":"1"},"servers":[{"url":"http://127.0.0.1:1"}],"paths":{"/t":{"post":{"operationId":"t",
	 "requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{
	   "tags":{"type":"array","items":{"type":"string"},"default":["a"],"examples":[["x"]]},
	   "note":{"type":["string","null"]},
	   "kind":{"const":"k"}}}}}},"responses":{"200":{"description":"ok"}}}}}}`
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "x", Spec: []byte(spec), Strict: true}); err != nil {
		t.Fatal(err)
	}
	inv := toolcmd.NewInvoker(reg)
	inv.Elicit = toolcmd.AcceptAll
	if _, err := inv.Invoke(context.Background(), "x.t.t", json.RawMessage(`{"kind":"other"}`)); err == nil || !strings.Contains(err.Error(), `argument "kind"`) {
		t.Errorf("const not enforced: %v", err)
	}
	_, err := inv.Invoke(context.Background(), "x.t.t", json.RawMessage(`{"kind":"k","note":null,"tags":["z"]}`))
	if err == nil || !strings.Contains(err.Error(), "POST http://127.0.0.1:1/t") {
		t.Errorf("valid call did not reach the transport: %v", err)
	}
}

// TestSwagger2TupleItems checks draft-4 tuple items become prefixItems.
func TestSwagger2TupleItems(t *testing.T) {
	spec := `{"swagger":"2.0","info":{"title":"x","version":"1"},"host":"127.0.0.1:1","basePath":"/v2","schemes":["http"],"paths":{"/p":{"post":{"operationId":"p",
	 "parameters":[{"name":"body","in":"body","required":true,"schema":{"type":"object","properties":{"point":{"type":"array","items":[{"type":"number"},{"type":"string"}]}}}}],
	 "responses":{"200":{"description":"ok"}}}}}}`
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "x", Spec: []byte(spec)}); err != nil {
		t.Fatal(err)
	}
	tl, _ := reg.Get("x.p.p")
	if !strings.Contains(string(tl.InputSchema), `"point":{"prefixItems":[{"type":"number"},{"type":"string"}],"type":"array"}`) {
		t.Errorf("schema = %s", tl.InputSchema)
	}
	inv := toolcmd.NewInvoker(reg)
	inv.Elicit = toolcmd.AcceptAll
	if _, err := inv.Invoke(context.Background(), "x.p.p", json.RawMessage(`{"point":["north",1]}`)); err == nil || !strings.Contains(err.Error(), `point`) {
		t.Errorf("tuple order not enforced: %v", err)
	}
	if _, err := inv.Invoke(context.Background(), "x.p.p", json.RawMessage(`{"point":[1,"north"]}`)); err == nil || !strings.Contains(err.Error(), "POST http://127.0.0.1:1/v2/p") {
		t.Errorf("valid tuple: %v", err)
	}
}

// TestRelativeExternalRefs: a spec file's directory is granted to its
// $refs; a ref leaving it is refused for that operation only.
func TestRelativeExternalRefs(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "api")
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "schemas"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "schemas", "pet.yaml"), []byte("Pet:\n  type: object\n  required: [name]\n  properties:\n    name: {type: string}\n    owner: {$ref: 'owner.yaml#/Owner'}\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "schemas", "owner.yaml"), []byte("Owner:\n  type: object\n  properties:\n    id: {type: integer}\n"), 0o644))
	must(os.WriteFile(filepath.Join(root, "secret.yaml"), []byte("S: {type: string}\n"), 0o644))
	spec := `openapi: 3.0.3
info: {title: x, version: "1"}
servers: [{url: "http://127.0.0.1:1"}]
paths:
  /pets:
    post:
      operationId: addPet
      requestBody:
        content:
          application/json:
            schema: {$ref: "./schemas/pet.yaml#/Pet"}
      responses: {"200": {description: ok}}
  /leak:
    get:
      operationId: leak
      parameters: [{name: s, in: query, schema: {$ref: "../secret.yaml#/S"}}]
      responses: {"200": {description: ok}}
`
	must(os.WriteFile(filepath.Join(dir, "openapi.yaml"), []byte(spec), 0o644))
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "x", SpecPath: filepath.Join(dir, "openapi.yaml"), CacheDir: "-"})
	if got := strings.Join(src.Paths(), " "); got != "x.pets.addPet" {
		t.Errorf("paths = %s (err %v)", got, err)
	}
	if err == nil || !strings.Contains(err.Error(), `GET /leak: skipped: arguments: external $ref "../secret.yaml": outside the spec's directory`) {
		t.Errorf("err = %v", err)
	}
	tl, _ := reg.Get("x.pets.addPet")
	if !strings.Contains(string(tl.InputSchema), `"owner":{"$ref":"#/$defs/owner_Owner"}`) || !strings.Contains(string(tl.InputSchema), `"owner_Owner":{"properties":{"id":{"type":"integer"}},"type":"object"}`) {
		t.Errorf("schema = %s", tl.InputSchema)
	}
	inv := toolcmd.NewInvoker(reg)
	inv.Elicit = toolcmd.AcceptAll
	if _, err := inv.Invoke(context.Background(), "x.pets.addPet", json.RawMessage(`{"name":"a","owner":{"id":"x"}}`)); err == nil || !strings.Contains(err.Error(), `argument "owner.id": expected integer`) {
		t.Errorf("external schema not enforced: %v", err)
	}
}

// fanOutSpec is the shape that made the old inliner exponential (Stripe):
// each level refers to the next twice, so inlining writes 2^levels copies.
func fanOutSpec(levels int) []byte {
	schemas := map[string]any{}
	for i := 0; i < levels; i++ {
		next := map[string]any{"type": "string"}
		if i+1 < levels {
			next = map[string]any{"$ref": fmt.Sprintf("#/components/schemas/L%d", i+1)}
		}
		schemas[fmt.Sprintf("L%d", i)] = map[string]any{"type": "object", "properties": map[string]any{"a": next, "b": next, "c": map[string]any{"type": "array", "items": next}}}
	}
	doc := map[string]any{"openapi": "3.0.3", "info": map[string]any{"title": "f", "version": "1"}, "servers": []any{map[string]any{"url": "http://127.0.0.1:1"}},
		"paths": map[string]any{"/x": map[string]any{"post": map[string]any{"operationId": "x",
			"requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/L0"}}}},
			"responses":   map[string]any{"200": map[string]any{"description": "ok", "content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/L0"}}}}}}}},
		"components": map[string]any{"schemas": schemas}}
	b, _ := json.Marshal(doc)
	return b
}

func TestSchemasByReference(t *testing.T) {
	// 3^60 copies inlined; by reference, one definition per level.
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "f", Spec: fanOutSpec(60)}); err != nil {
		t.Fatal(err)
	}
	tl, _ := reg.Get("f.x.x")
	if len(tl.InputSchema) > 20000 {
		t.Errorf("input schema is %d bytes", len(tl.InputSchema))
	}
	if n := strings.Count(string(tl.InputSchema), `"L59":{`); n != 1 {
		t.Errorf("L59 defined %d times", n)
	}
	// The output schema's share is smaller: the deep levels are stubs.
	if !strings.Contains(string(tl.OutputSchema), `"$ref":"#/$defs/L0"`) || len(tl.OutputSchema) > maxOutputDefs+4096 {
		t.Errorf("output schema (%d bytes) = %.300s", len(tl.OutputSchema), tl.OutputSchema)
	}
	// TypeScript names the types instead of expanding them.
	if ts := tl.TypeScript(); !strings.Contains(ts, "a?: L1") {
		t.Errorf("typescript = %.300s", ts)
	}
}

func TestLoadBudget(t *testing.T) {
	reg := toolcmd.NewRegistry()
	_, err := Add(context.Background(), reg, Config{Name: "f", Spec: bigSpec(2000), LoadTimeout: time.Nanosecond, CacheDir: "-"})
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), `openapi source "f": spec exceeds the processing budget: processing took longer than 1ns`) {
		t.Errorf("err = %v", err)
	}
	if reg.Len() != 0 {
		t.Errorf("%d tools registered", reg.Len())
	}
}

func TestCache(t *testing.T) {
	dir := t.TempDir()
	spec := []byte(semanticsSpec)
	load := func(spec []byte) (*Source, *toolcmd.Registry) {
		reg := toolcmd.NewRegistry()
		src, err := Add(context.Background(), reg, Config{Name: "s", Spec: spec, CacheDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		return src, reg
	}
	a, regA := load(spec)
	b, regB := load(spec)
	if a.FromCache() || !b.FromCache() {
		t.Fatalf("from cache: first %v, second %v", a.FromCache(), b.FromCache())
	}
	if strings.Join(a.Paths(), " ") != strings.Join(b.Paths(), " ") {
		t.Errorf("paths differ: %v / %v", a.Paths(), b.Paths())
	}
	for _, p := range a.Paths() {
		x, _ := regA.Get(p)
		y, _ := regB.Get(p)
		if string(x.InputSchema) != string(y.InputSchema) || string(x.OutputSchema) != string(y.OutputSchema) || x.Description != y.Description || x.Annotations != y.Annotations {
			t.Errorf("%s differs after the cache", p)
		}
	}
	// A different spec is a different entry.
	c, _ := load(append([]byte(nil), strings.Replace(semanticsSpec, "createIssue", "openIssue", 1)...))
	if c.FromCache() {
		t.Error("changed spec read from the cache")
	}
	// A damaged entry is rebuilt, not trusted.
	entries, _ := filepath.Glob(filepath.Join(dir, "*.rec"))
	if len(entries) != 2 {
		t.Fatalf("cache entries: %v", entries)
	}
	for _, e := range entries {
		if err := os.WriteFile(e, []byte("garbage"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if d, _ := load(spec); d.FromCache() || len(d.Paths()) != len(a.Paths()) {
		t.Errorf("damaged cache: from cache %v, %d tools", d.FromCache(), len(d.Paths()))
	}
	if d, _ := load(spec); !d.FromCache() {
		t.Error("rebuilt entry not used")
	}
}

// TestCacheByFile: an unchanged spec file is recognised by its stamp
// without being read; an edited one is processed again.
func TestCacheByFile(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	file := filepath.Join(dir, "spec.json")
	if err := os.WriteFile(file, []byte(semanticsSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	load := func() *Source {
		src, err := Add(context.Background(), toolcmd.NewRegistry(), Config{Name: "s", SpecPath: file, CacheDir: cache})
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	if load().FromCache() {
		t.Fatal("first load from cache")
	}
	if b := load(); !b.FromCache() || len(b.Paths()) != 8 {
		t.Fatalf("second load: cached %v, %d tools", b.FromCache(), len(b.Paths()))
	}
	edited := strings.Replace(semanticsSpec, `"operationId":"putNote"`, `"operationId":"putMemos"`, 1)
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	c := load()
	if c.FromCache() || !strings.Contains(strings.Join(c.Paths(), " "), "s.notes.putMemos") {
		t.Errorf("edited spec: cached %v, paths %v", c.FromCache(), c.Paths())
	}
}

// TestYAMLAliasBomb: a YAML spec whose aliases expand exponentially is
// refused before it is converted, not expanded until memory runs out.
func TestYAMLAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("openapi: 3.0.0\na0: &a0 [x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 9; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [", i, i)
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("paths: {}\n")
	_, err := Add(context.Background(), toolcmd.NewRegistry(), Config{Name: "y", Spec: []byte(b.String()), CacheDir: "-"})
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "YAML aliases expand to more than") {
		t.Errorf("err = %v", err)
	}
	// Moderate reuse is fine.
	ok := "openapi: 3.0.0\ninfo: {title: t, version: '1'}\nservers: [{url: 'http://127.0.0.1:1'}]\n" +
		"x-common: &p {name: id, in: path, required: true, schema: {type: string}}\n" +
		"paths:\n  /a/{id}: {get: {operationId: a, parameters: [*p], responses: {'200': {description: ok}}}}\n" +
		"  /b/{id}: {get: {operationId: b, parameters: [*p], responses: {'200': {description: ok}}}}\n"
	src, err := Add(context.Background(), toolcmd.NewRegistry(), Config{Name: "y", Spec: []byte(ok), CacheDir: "-"})
	if err != nil || len(src.Paths()) != 2 {
		t.Errorf("aliases in a normal spec: %v", err)
	}
}
