package openapi

import (
	"context"
	"encoding/json"
	"fmt"
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

// BenchmarkDiscover300 measures parse + validate + register of a
// 300-operation spec.
func BenchmarkDiscover300(b *testing.B) {
	spec := bigSpec(300)
	b.SetBytes(int64(len(spec)))
	for b.Loop() {
		reg := toolcmd.NewRegistry()
		if _, err := Add(context.Background(), reg, Config{Name: "big", Spec: spec}); err != nil {
			b.Fatal(err)
		}
	}
}
