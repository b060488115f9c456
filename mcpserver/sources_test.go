package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const petSpec = `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /pets/{id}:
    get:
      operationId: getPet
      summary: Fetch one pet
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {id: {type: integer}, name: {type: string}}}
`

// petAPI serves GET /pets/{id} and records the query string it got.
func petAPI(t *testing.T) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := strings.TrimPrefix(r.URL.Path, "/pets/")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":%s,"name":"rex","key":%q}`, id, r.URL.Query().Get("key"))
	}))
	t.Cleanup(ts.Close)
	return ts
}

// gqlAPI answers introspection with a tiny schema and `hello` queries.
func gqlAPI(t *testing.T) *httptest.Server {
	typeRef := func(kind, name string) map[string]any { return map[string]any{"kind": kind, "name": name} }
	introspection := map[string]any{"data": map[string]any{"__schema": map[string]any{
		"queryType": map[string]any{"name": "Query"},
		"types": []any{
			map[string]any{"kind": "OBJECT", "name": "Query", "fields": []any{
				map[string]any{"name": "hello", "description": "Say hello", "type": typeRef("SCALAR", "String"),
					"args": []any{map[string]any{"name": "name", "type": typeRef("SCALAR", "String")}}},
			}},
			map[string]any{"kind": "SCALAR", "name": "String"},
		},
		"directives": []any{},
	}}}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Query     string         `json:"query"`
			Variables map[string]any `json:"variables"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(req.Query, "__schema") {
			json.NewEncoder(w).Encode(introspection)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"hello": fmt.Sprintf("hello %v", req.Variables["name"])}})
	}))
	t.Cleanup(ts.Close)
	return ts
}

func sourcesRuntime(t *testing.T, cfgText, dir string) *Runtime {
	t.Helper()
	cfg, err := ParseConfig(filepath.Join(dir, "config.json"), []byte(cfgText), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: SourceStarter(nil, nil), Runner: JSRunner{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt
}

func TestOpenAPIAndGraphQLServers(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pets.yaml"), []byte(petSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	pets, gql := petAPI(t), gqlAPI(t)
	cfgText := fmt.Sprintf(`{"servers": {
	  "pets": {"type": "openapi", "spec": "pets.yaml", "baseUrl": %q, "queryParams": {"key": "k1"}, "description": "pet store"},
	  "greet": {"type": "graphql", "url": %q},
	  "nospec": {"type": "openapi", "spec": "missing.yaml"},
	  "deadgql": {"type": "graphql", "url": "http://127.0.0.1:1/graphql", "timeout": 2000}
	}}`, pets.URL, gql.URL)
	rt := sourcesRuntime(t, cfgText, dir)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("s")})

	servers := structured(t, rt.Call(ctx, ToolListServers, nil))["servers"].([]any)
	got := map[string]map[string]any{}
	for _, s := range servers {
		m := s.(map[string]any)
		got[m["name"].(string)] = m
	}
	if got["pets"]["ok"] != true || got["greet"]["ok"] != true {
		t.Fatalf("healthy sources not ok: %s", toJSON(servers))
	}
	for _, bad := range []string{"nospec", "deadgql"} {
		e, _ := got[bad]["error"].(map[string]any)
		if got[bad]["ok"] != false || e == nil || e["message"] == "" {
			t.Fatalf("%s should report an error: %s", bad, toJSON(got[bad]))
		}
	}
	if msg := got["nospec"]["error"].(map[string]any)["message"].(string); !strings.Contains(msg, "missing.yaml") {
		t.Errorf("nospec error does not name the file: %s", msg)
	}

	lt := structured(t, rt.Call(ctx, ToolListTools, map[string]any{"server": "pets"}))
	tools := lt["tools"].([]any)
	if len(tools) != 1 || tools[0].(map[string]any)["name"] != "pets.getPet" || tools[0].(map[string]any)["alias"] != "pets_getPet" {
		t.Fatalf("pets tools: %s", toJSON(tools))
	}

	res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `const p = await pets.pets_getPet({id: 7}); const g = await greet.query_hello({name: "bo"}); return [p.id, p.name, p.key, g]`})
	if res.IsError {
		t.Fatal(texts(res))
	}
	if v := toJSON(structured(t, res)["value"]); v != `[7,"rex","k1","hello bo"]` {
		t.Fatalf("value = %s", v)
	}
	// Bracket access by the exposed name works too, and bash sees the tools.
	res = rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `return (await pets["pets.getPet"]({id: 3})).id`})
	if v := toJSON(structured(t, res)["value"]); res.IsError || v != "3" {
		t.Fatalf("bracket call: %v %s", texts(res), v)
	}
	res = rt.Call(ctx, ToolBash, map[string]any{"script": "pets pets_getPet id=5"})
	if out := structured(t, res)["stdout"]; res.IsError || !strings.Contains(fmt.Sprint(out), `"id":5`) {
		t.Fatalf("bash: %v %v", texts(res), out)
	}
}

// An upstream that adds a tool and says tools/list_changed shows the new
// tool in list_tools and execute_code without a restart.
func TestUpstreamToolsListChanged(t *testing.T) {
	up := server.NewMCPServer("up", "1", server.WithToolCapabilities(true))
	up.AddTool(mcp.NewTool("one"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("1"), nil
	})
	ts := httptest.NewServer(server.NewStreamableHTTPServer(up))
	t.Cleanup(ts.Close)
	rt := sourcesRuntime(t, fmt.Sprintf(`{"servers": {"up": {"type": "http", "url": %q, "oauth": false}}, "justbash": {"approve": "accept-all"}}`, ts.URL+"/mcp"), t.TempDir())
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("s")})
	names := func() string {
		lt := rt.Call(ctx, ToolListTools, map[string]any{"server": "up"})
		if lt.IsError {
			t.Fatal(texts(lt))
		}
		var out []string
		for _, x := range structured(t, lt)["tools"].([]any) {
			out = append(out, x.(map[string]any)["name"].(string))
		}
		return strings.Join(out, ",")
	}
	if n := names(); n != "one" {
		t.Fatalf("tools = %s", n)
	}
	// The session's shell exists before the change and must follow it.
	if res := rt.Call(ctx, ToolBash, map[string]any{"script": "up one"}); res.IsError || structured(t, res)["stdout"] != "\"1\"\n" {
		t.Fatalf("bash before: %v", toJSON(res))
	}
	up.AddTool(mcp.NewTool("two"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("2"), nil
	})
	deadline := time.Now().Add(10 * time.Second)
	for names() != "one,two" {
		if time.Now().After(deadline) {
			t.Fatalf("tools after list_changed = %s", names())
		}
		time.Sleep(50 * time.Millisecond)
	}
	res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `return await up.two({})`})
	if v := toJSON(structured(t, res)["value"]); res.IsError || v != `"2"` {
		t.Fatalf("call new tool: %v %s", texts(res), v)
	}
	if res := rt.Call(ctx, ToolBash, map[string]any{"script": "up two"}); res.IsError || structured(t, res)["stdout"] != "\"2\"\n" {
		t.Fatalf("bash after: %v", toJSON(res))
	}
}
