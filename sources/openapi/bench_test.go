package openapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// bigSpec returns a 3.0 spec with n operations over n/2 paths (GET and
// POST each), all sharing one $ref'd schema.
func bigSpec(n int) []byte {
	paths := map[string]any{}
	ref := map[string]any{"$ref": "#/components/schemas/Item"}
	for i := 0; i < n/2; i++ {
		paths[fmt.Sprintf("/v1/res%d/{id}", i)] = map[string]any{
			"parameters": []any{map[string]any{"name": "id", "in": "path", "required": true, "schema": map[string]any{"type": "string"}}},
			"get": map[string]any{"operationId": fmt.Sprintf("get%d", i), "parameters": []any{map[string]any{"name": "q", "in": "query", "schema": map[string]any{"type": "string"}}},
				"responses": map[string]any{"200": map[string]any{"description": "ok", "content": map[string]any{"application/json": map[string]any{"schema": ref}}}}},
			"post": map[string]any{"operationId": fmt.Sprintf("post%d", i), "requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": ref}}},
				"responses": map[string]any{"201": map[string]any{"description": "created"}}},
		}
	}
	doc := map[string]any{"openapi": "3.0.3", "info": map[string]any{"title": "big", "version": "1"}, "servers": []any{map[string]any{"url": "http://127.0.0.1:1"}}, "paths": paths,
		"components": map[string]any{"schemas": map[string]any{"Item": map[string]any{"type": "object", "properties": map[string]any{
			"name": map[string]any{"type": "string"}, "tags": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}, "child": ref}}}}}
	b, _ := json.Marshal(doc)
	return b
}

func TestBigSpecRegistersAll(t *testing.T) {
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "big", Spec: bigSpec(300)})
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Paths()) != 300 || reg.Len() != 300 {
		t.Errorf("registered %d/%d tools", len(src.Paths()), reg.Len())
	}
}

// BenchmarkDiscover300 measures parse + process + register of a
// 300-operation spec (no cache).
func BenchmarkDiscover300(b *testing.B) {
	spec := bigSpec(300)
	b.SetBytes(int64(len(spec)))
	b.ReportAllocs()
	for b.Loop() {
		reg := toolcmd.NewRegistry()
		if _, err := Add(context.Background(), reg, Config{Name: "big", Spec: spec, CacheDir: "-"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkToolCall is one call through the Invoker (validation, request
// building, HTTP round trip to a local server, response) with its
// allocations:
//
//	go test ./sources/openapi -run '^$' -bench ToolCall -benchmem
func BenchmarkToolCall(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":1,"name":"Rex","tags":["a","b"]}`)
	}))
	defer srv.Close()
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "s", Spec: []byte(semanticsSpec), BaseURL: srv.URL, NoWriteApproval: true, CacheDir: "-"}); err != nil {
		b.Fatal(err)
	}
	inv := toolcmd.NewInvoker(reg)
	for _, c := range []struct{ name, tool, args string }{
		{"get-query", "s.issues.listIssues", `{"labels":["a","b"],"per_page":5}`},
		{"post-json-body", "s.issues.createIssue", `{"title":"t","milestone":3,"assignee":{"login":"x"}}`},
		{"post-form", "s.customers.createCustomer", `{"email":"a@b.c","metadata":{"k":"v"},"expand":["x"]}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			args := json.RawMessage(c.args)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := inv.Invoke(context.Background(), c.tool, args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
