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

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/toolcmd"
)

// exchange is one request a recordingServer saw.
type exchange struct {
	Method, Host, URI, ContentType, Body string
	Header                               http.Header
}

// recordingServer answers every request with a canned JSON reply (and
// a Link header when asked) and keeps what each request carried.
type recordingServer struct {
	*httptest.Server
	mu   sync.Mutex
	seen []exchange
	link string
}

func newRecordingServer(t *testing.T) *recordingServer {
	rs := &recordingServer{}
	rs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		host := r.Header.Get("X-Original-Host")
		if host == "" {
			host = r.Host
		}
		rs.mu.Lock()
		rs.seen = append(rs.seen, exchange{Method: r.Method, Host: host, URI: r.URL.RequestURI(), ContentType: r.Header.Get("Content-Type"), Body: string(b), Header: r.Header.Clone()})
		link := rs.link
		rs.mu.Unlock()
		if link != "" {
			w.Header().Set("Link", link)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-RateLimit-Remaining", "42")
		io.WriteString(w, `{"ok":true}`)
	}))
	t.Cleanup(rs.Close)
	return rs
}

func (rs *recordingServer) take() []exchange {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	out := rs.seen
	rs.seen = nil
	return out
}

func (rs *recordingServer) one(t *testing.T) exchange {
	t.Helper()
	got := rs.take()
	if len(got) != 1 {
		t.Fatalf("want one request, got %d: %+v", len(got), got)
	}
	return got[0]
}

// semanticsSpec exercises item 7 of issue 22: nullable without a type,
// form and multipart encodings, operation- and path-level servers, text
// and octet-stream bodies. OTHER is replaced by a second server's URL.
const semanticsSpec = `{"openapi":"3.0.3","info":{"title":"s","version":"1"},"servers":[{"url":"http://127.0.0.1:1/api"}],
"paths":{
 "/issues":{"post":{"operationId":"createIssue",
   "requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["title"],"properties":{
     "title":{"type":"string"},
     "milestone":{"oneOf":[{"type":"string"},{"type":"integer"}],"nullable":true},
     "assignee":{"allOf":[{"$ref":"#/components/schemas/User"}],"nullable":true}}}}}},
   "responses":{"201":{"description":"ok"}}},
  "get":{"operationId":"listIssues","parameters":[
     {"name":"labels","in":"query","schema":{"type":"array","items":{"type":"string"}}},
     {"name":"ids","in":"query","explode":false,"schema":{"type":"array","items":{"type":"integer"}}},
     {"name":"filter","in":"query","style":"deepObject","explode":true,"schema":{"type":"object","additionalProperties":{"type":"string"}}},
     {"name":"per_page","in":"query","schema":{"type":"integer","default":30}}],
   "responses":{"200":{"description":"ok"}}}},
 "/customers":{"post":{"operationId":"createCustomer",
   "requestBody":{"content":{"application/x-www-form-urlencoded":{
     "schema":{"type":"object","properties":{"email":{"type":"string"},"expand":{"type":"array","items":{"type":"string"}},
       "tags":{"type":"array","items":{"type":"string"}},"metadata":{"type":"object","additionalProperties":{"type":"string"}}}},
     "encoding":{"expand":{"style":"deepObject","explode":true},"metadata":{"style":"deepObject","explode":true}}}}},
   "responses":{"200":{"description":"ok"}}}},
 "/files":{"post":{"operationId":"uploadFile",
   "requestBody":{"content":{"multipart/form-data":{"schema":{"type":"object","properties":{"name":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}},"meta":{"type":"object"}}}}}},
   "responses":{"200":{"description":"ok"}}}},
 "/notes":{"put":{"operationId":"putNote",
   "requestBody":{"content":{"text/plain":{"schema":{"type":"string"}}}},
   "responses":{"200":{"description":"ok"}}}},
 "/blobs":{"put":{"operationId":"putBlob",
   "requestBody":{"content":{"application/octet-stream":{"schema":{"type":"string","format":"binary"}}}},
   "responses":{"200":{"description":"ok"}}}},
 "/assets":{"post":{"operationId":"uploadAsset","servers":[{"url":"OTHER/uploads"}],
   "parameters":[{"name":"name","in":"query","required":true,"schema":{"type":"string"}}],
   "responses":{"201":{"description":"ok"}}}},
 "/mirror":{"servers":[{"url":"OTHER/mirror"}],"get":{"operationId":"getMirror","responses":{"200":{"description":"ok"}}}}
},
"components":{"schemas":{"User":{"type":"object","properties":{"login":{"type":"string"}}}}}}`

func loadSemantics(t *testing.T, cfg Config) (*recordingServer, *recordingServer, *toolcmd.Invoker, *toolcmd.Registry) {
	t.Helper()
	main, other := newRecordingServer(t), newRecordingServer(t)
	cfg.Name = "s"
	cfg.Spec = []byte(strings.ReplaceAll(semanticsSpec, "OTHER", other.URL))
	if cfg.BaseURL == "" {
		cfg.BaseURL = main.URL + "/api"
	}
	cfg.NoWriteApproval = true
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, cfg); err != nil {
		t.Fatal(err)
	}
	return main, other, toolcmd.NewInvoker(reg), reg
}

func TestSemanticsRequests(t *testing.T) {
	main, other, inv, _ := loadSemantics(t, Config{Query: map[string]string{"per_page": "100", "api_version": "7"}})
	tests := []struct {
		name, tool, args string
		srv              *recordingServer
		method, uri      string
		ctype, body      string
	}{
		// nullable on a schema without a type (oneOf, allOf+$ref).
		{"nullable oneOf", "s.issues.createIssue", `{"title":"t","milestone":null,"assignee":null}`, main,
			"POST", "/api/issues?api_version=7&per_page=100", "application/json", `{"assignee":null,"milestone":null,"title":"t"}`},
		{"nullable value", "s.issues.createIssue", `{"title":"t","milestone":3,"assignee":{"login":"x"}}`, main,
			"POST", "/api/issues?api_version=7&per_page=100", "application/json", `{"assignee":{"login":"x"},"milestone":3,"title":"t"}`},
		// Query styles; an explicit per_page wins over the config's.
		{"query styles", "s.issues.listIssues", `{"labels":["a","b"],"ids":[1,2],"filter":{"state":"open"},"per_page":5}`, main,
			"GET", "/api/issues?api_version=7&filter%5Bstate%5D=open&ids=1%2C2&labels=a&labels=b&per_page=5", "", ""},
		// Form: arrays repeat the key by default, deepObject per encoding.
		{"form encoding", "s.customers.createCustomer", `{"email":"a@b.c","tags":["x","y"],"expand":["customer","invoice"],"metadata":{"k":"v"}}`, main,
			"POST", "/api/customers?api_version=7&per_page=100", "application/x-www-form-urlencoded",
			"email=a%40b.c&expand%5B0%5D=customer&expand%5B1%5D=invoice&metadata%5Bk%5D=v&tags=x&tags=y"},
		// Text and bytes bodies are sent as they are.
		{"text body", "s.notes.putNote", `{"body":"hello\nworld"}`, main, "PUT", "/api/notes?api_version=7&per_page=100", "text/plain", "hello\nworld"},
		{"octet body", "s.blobs.putBlob", `{"body":"raw bytes"}`, main, "PUT", "/api/blobs?api_version=7&per_page=100", "application/octet-stream", "raw bytes"},
		// Operation- and path-level servers.
		{"operation server", "s.assets.uploadAsset", `{"name":"a.zip"}`, other, "POST", "/uploads/assets?api_version=7&name=a.zip&per_page=100", "", ""},
		{"path server", "s.mirror.getMirror", ``, other, "GET", "/mirror/mirror?api_version=7&per_page=100", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := inv.Invoke(context.Background(), tc.tool, json.RawMessage(tc.args))
			if err != nil || string(out) != `{"ok":true}` {
				t.Fatalf("%s(%s) = %s, %v", tc.tool, tc.args, out, err)
			}
			ex := tc.srv.one(t)
			if ex.Method != tc.method || ex.URI != tc.uri || ex.ContentType != tc.ctype || ex.Body != tc.body {
				t.Errorf("request = %s %s [%s] %q\nwant      %s %s [%s] %q", ex.Method, ex.URI, ex.ContentType, ex.Body, tc.method, tc.uri, tc.ctype, tc.body)
			}
		})
	}
	if n := len(main.take()) + len(other.take()); n != 0 {
		t.Errorf("%d stray requests", n)
	}
}

func TestSemanticsMultipart(t *testing.T) {
	main, _, inv, _ := loadSemantics(t, Config{})
	if _, err := inv.Invoke(context.Background(), "s.files.uploadFile", json.RawMessage(`{"name":"n","tags":["a","b"],"meta":{"k":1}}`)); err != nil {
		t.Fatal(err)
	}
	ex := main.one(t)
	req, _ := http.NewRequest("POST", "/", strings.NewReader(ex.Body))
	req.Header.Set("Content-Type", ex.ContentType)
	if err := req.ParseMultipartForm(1 << 20); err != nil {
		t.Fatalf("not multipart (%s): %v\n%s", ex.ContentType, err, ex.Body)
	}
	f := req.MultipartForm.Value
	if strings.Join(f["name"], ",") != "n" || strings.Join(f["tags"], ",") != "a,b" || strings.Join(f["meta"], ",") != `{"k":1}` {
		t.Errorf("parts = %v", f)
	}
}

func TestSemanticsNullableRefused(t *testing.T) {
	// null is accepted where the spec says nullable, and still refused
	// where it does not.
	_, _, inv, _ := loadSemantics(t, Config{})
	_, err := inv.Invoke(context.Background(), "s.issues.createIssue", json.RawMessage(`{"title":null}`))
	if err == nil || err.Error() != `s.issues.createIssue: argument "title": expected string, got null null` {
		t.Errorf("title null: %v", err)
	}
}

func TestResponseInclude(t *testing.T) {
	main, _, inv, _ := loadSemantics(t, Config{})
	main.link = `<http://x/api/issues?page=2>; rel="next", <http://x/api/issues?page=9>; rel="last"`
	out, err := inv.Invoke(context.Background(), "s.issues.listIssues", json.RawMessage(`{"$include":true}`))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Status     int               `json:"status"`
		Headers    map[string]string `json:"headers"`
		Body       json.RawMessage   `json:"body"`
		Next, Last string
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if r.Status != 200 || r.Headers["x-ratelimit-remaining"] != "42" || string(r.Body) != `{"ok":true}` ||
		r.Next != "http://x/api/issues?page=2" || r.Last != "http://x/api/issues?page=9" {
		t.Errorf("response = %s", out)
	}
	if ex := main.one(t); ex.URI != "/api/issues" {
		t.Errorf("$include reached the server: %s", ex.URI)
	}
	// Without it, the body alone.
	if out, err := inv.Invoke(context.Background(), "s.issues.listIssues", nil); err != nil || string(out) != `{"ok":true}` {
		t.Errorf("plain = %s, %v", out, err)
	}
}

func TestBashIncludeAndTextStdin(t *testing.T) {
	main, _, inv, _ := loadSemantics(t, Config{})
	main.link = `<http://x/next>; rel="next"`
	out, code, errText := runNS(t, inv, "s", strings.NewReader(""), "issues.list-issues", "--include", `labels=["a"]`)
	if code != 0 || !strings.Contains(out, `"next":"http://x/next"`) || !strings.Contains(out, `"status":200`) {
		t.Errorf("--include: %d %q %q", code, out, errText)
	}
	if ex := main.one(t); ex.URI != "/api/issues?labels=a" {
		t.Errorf("uri = %s", ex.URI)
	}
	// Text piped to a text/plain operation is its body.
	if _, code, errText := runNS(t, inv, "s", strings.NewReader("line one\nline two\n"), "notes.put-note"); code != 0 {
		t.Fatalf("put-note: %d %s", code, errText)
	}
	if ex := main.one(t); ex.Body != "line one\nline two\n" || ex.ContentType != "text/plain" {
		t.Errorf("text body = %q [%s]", ex.Body, ex.ContentType)
	}
}

// runNS runs the namespace command ns with args, as the shell would.
func runNS(t *testing.T, inv *toolcmd.Invoker, ns string, stdin io.Reader, args ...string) (string, int, string) {
	t.Helper()
	var out, errb strings.Builder
	c := &commands.Context{Args: append([]string{ns}, args...), Stdin: stdin, Stdout: &out, Stderr: &errb, Dir: "/"}
	code := toolcmd.NamespaceCommand(inv, ns).Run(context.Background(), c)
	return out.String(), code, errb.String()
}
