package openapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// bodySpecDoc has operations whose request bodies have properties: a JSON
// body with a field that shares its name with a path parameter, a
// form-encoded body, a body open to extra properties and an allOf body.
const bodySpecDoc = `{"openapi":"3.0.3","info":{"title":"b","version":"1"},"servers":[{"url":"http://127.0.0.1:1"}],
"paths":{
 "/shops/{shop}/pets":{"post":{"operationId":"addPet",
   "parameters":[{"name":"shop","in":"path","required":true,"schema":{"type":"string"}},
                 {"name":"dryRun","in":"query","schema":{"type":"boolean"}},
                 {"name":"X-Trace","in":"header","schema":{"type":"string"}}],
   "requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/NewPet"}}}},
   "responses":{"201":{"description":"ok"}}}},
 "/forms":{"post":{"operationId":"sendForm",
   "requestBody":{"content":{"application/x-www-form-urlencoded":{"schema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}}}},
   "responses":{"200":{"description":"ok"}}}},
 "/open":{"put":{"operationId":"putOpen",
   "requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"k":{"type":"string"}},"additionalProperties":true}}}},
   "responses":{"200":{"description":"ok"}}}},
 "/composed":{"post":{"operationId":"composed",
   "requestBody":{"required":true,"content":{"application/json":{"schema":{"allOf":[{"$ref":"#/components/schemas/NewPet"},{"type":"object","properties":{"age":{"type":"integer"}},"required":["age"]}]}}}},
   "responses":{"200":{"description":"ok"}}}}
},
"components":{"schemas":{"NewPet":{"type":"object","required":["name"],"properties":{
  "name":{"type":"string"},"tag":{"type":"string"},"shop":{"type":"string","description":"shop written into the record"}}}}}}`

// recorder is an HTTP server that keeps what each request carried.
type recorder struct {
	mu   sync.Mutex
	reqs []string // "METHOD URI | content-type | trace | body"
}

func (rc *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	rc.mu.Lock()
	rc.reqs = append(rc.reqs, r.Method+" "+r.URL.RequestURI()+" | "+r.Header.Get("Content-Type")+" | "+r.Header.Get("X-Trace")+" | "+string(b))
	rc.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"ok":true}`)
}

func (rc *recorder) take() []string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	out := rc.reqs
	rc.reqs = nil
	return out
}

func bodyTools(t *testing.T) (*toolcmd.Registry, *recorder) {
	t.Helper()
	rc := &recorder{}
	ts := httptest.NewServer(rc)
	t.Cleanup(ts.Close)
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "b", Spec: []byte(bodySpecDoc), BaseURL: ts.URL}); err != nil {
		t.Fatal(err)
	}
	return reg, rc
}

func TestFlatBodyArguments(t *testing.T) {
	reg, rc := bodyTools(t)
	asked := 0
	inv := toolcmd.NewInvoker(reg)
	inv.Elicit = func(context.Context, toolcmd.ElicitContext) (toolcmd.ElicitResponse, error) {
		asked++
		return toolcmd.ElicitResponse{Action: toolcmd.ActionAccept}, nil
	}
	tests := []struct {
		name, tool, args string
		want             string // the request the server saw; "" when none may be sent
		wantErr          string
		asks             int // approvals asked
	}{
		{"flat fields", "b.shops.addPet", `{"shop":"s1","name":"zed","tag":"cat","dryRun":true,"X-Trace":"t1"}`,
			`POST /shops/s1/pets?dryRun=true | application/json | t1 | {"name":"zed","tag":"cat"}`, "", 1},
		{"body still accepted", "b.shops.addPet", `{"shop":"s1","body":{"name":"zed"}}`,
			`POST /shops/s1/pets | application/json |  | {"name":"zed"}`, "", 1},
		{"body and flat merged", "b.shops.addPet", `{"shop":"s1","body":{"name":"zed"},"tag":"dog"}`,
			`POST /shops/s1/pets | application/json |  | {"name":"zed","tag":"dog"}`, "", 1},
		{"field named like a parameter", "b.shops.addPet", `{"shop":"s1","body_shop":"s2","name":"zed"}`,
			`POST /shops/s1/pets | application/json |  | {"name":"zed","shop":"s2"}`, "", 1},
		{"form fields", "b.forms.sendForm", `{"a":"x y","b":2}`,
			`POST /forms | application/x-www-form-urlencoded |  | a=x+y&b=2`, "", 1},
		{"extra goes to an open body", "b.open.putOpen", `{"k":"v","other":[1]}`,
			`PUT /open | application/json |  | {"k":"v","other":[1]}`, "", 1},
		{"allOf fields", "b.composed.composed", `{"name":"zed","age":3}`,
			`POST /composed | application/json |  | {"age":3,"name":"zed"}`, "", 1},
		// Refusals: nothing is sent. Arguments that map nowhere are refused
		// by validation, before anyone is asked.
		{"unknown argument", "b.shops.addPet", `{"shop":"s1","name":"zed","colour":"red"}`, "", `unknown argument "colour"`, 0},
		{"unknown on form", "b.forms.sendForm", `{"a":"x","c":1}`, "", `unknown argument "c"`, 0},
		{"flat field of the wrong type", "b.forms.sendForm", `{"b":"two"}`, "", `argument "b": expected integer`, 0},
		{"field twice", "b.shops.addPet", `{"shop":"s1","body":{"name":"zed"},"name":"zod"}`, "", `body field "name" given twice`, 1},
		{"flat onto a non-object body", "b.shops.addPet", `{"shop":"s1","body":"raw","name":"zed"}`, "", `argument "body": expected object`, 0},
		{"required field missing", "b.shops.addPet", `{"shop":"s1","tag":"cat"}`, "", `missing required body field "name"`, 1},
		{"required body missing", "b.shops.addPet", `{"shop":"s1"}`, "", `missing request body: give its fields as arguments (body_shop, name, tag) or the whole body as "body"`, 1},
		{"allOf required", "b.composed.composed", `{"name":"zed"}`, "", `missing required body field "age"`, 1},
	}
	for _, tc := range tests {
		asked = 0
		got, err := call(inv, tc.tool, tc.args)
		reqs := rc.take()
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: err = %v, want %q", tc.name, err, tc.wantErr)
			}
			if len(reqs) != 0 {
				t.Errorf("%s: request sent: %q", tc.name, reqs)
			}
		} else {
			if err != nil || got != `{"ok":true}` {
				t.Errorf("%s: %s, %v", tc.name, got, err)
			}
			if len(reqs) != 1 || reqs[0] != tc.want {
				t.Errorf("%s: server saw %q\nwant %q", tc.name, reqs, tc.want)
			}
		}
		if asked != tc.asks {
			t.Errorf("%s: asked %d times, want %d", tc.name, asked, tc.asks)
		}
	}
}

// The input schema lists the body fields beside the parameters, keeps
// "body", and closes the object unless the body is open.
func TestFlatBodySchema(t *testing.T) {
	reg, _ := bodyTools(t)
	for _, tc := range []struct {
		tool   string
		props  string
		closed bool
	}{
		{"b.shops.addPet", "X-Trace body body_shop dryRun name shop tag", true},
		{"b.forms.sendForm", "a b body", true},
		{"b.open.putOpen", "body k", false},
		{"b.composed.composed", "age body name shop tag", true},
	} {
		tl, ok := reg.Get(tc.tool)
		if !ok {
			t.Fatalf("no %s", tc.tool)
		}
		var s struct {
			Properties           map[string]json.RawMessage `json:"properties"`
			Required             []string                   `json:"required"`
			AdditionalProperties *bool                      `json:"additionalProperties"`
		}
		if err := json.Unmarshal(tl.InputSchema, &s); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(sortedKeys(s.Properties), " "); got != tc.props {
			t.Errorf("%s: properties %q, want %q", tc.tool, got, tc.props)
		}
		if closed := s.AdditionalProperties != nil && !*s.AdditionalProperties; closed != tc.closed {
			t.Errorf("%s: closed = %v, want %v (%s)", tc.tool, closed, tc.closed, tl.InputSchema)
		}
		for _, r := range s.Required {
			if r == "body" || r == "name" {
				t.Errorf("%s: %q is required, but the body can come either way", tc.tool, r)
			}
		}
	}
	tl, _ := reg.Get("b.shops.addPet")
	if !strings.Contains(string(tl.InputSchema), `"body_shop":{"description":"shop written into the record"`) {
		t.Errorf("body_shop lost its schema: %s", tl.InputSchema)
	}
}
