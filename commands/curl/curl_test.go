package curl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

func runCurl(t *testing.T, p Policy, fsys vfs.FS, args ...string) (string, string, int) {
	t.Helper()
	if fsys == nil {
		fsys = vfs.NewMem()
		fsys.MkdirAll("/home/user", 0o755)
	}
	var out, errb bytes.Buffer
	c := &commands.Context{Args: append([]string{"curl"}, args...), Stdin: strings.NewReader(""),
		Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/home/user"}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st := New(p).Run(ctx, c)
	return out.String(), errb.String(), st
}

// testServer answers on 127.0.0.1 only and echoes what it received.
func testServer(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %s key=%s ct=%s body=%s", r.Method, r.URL.RequestURI(), r.Header.Get("X-Api-Key"), r.Header.Get("Content-Type"), b)
	})
	mux.HandleFunc("/api/missing", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "nope", 404) })
	mux.HandleFunc("/api/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "5000")
		w.Write(bytes.Repeat([]byte("x"), 5000))
	})
	mux.HandleFunc("/api/bigchunked", func(w http.ResponseWriter, r *http.Request) {
		for range 10 {
			w.Write(bytes.Repeat([]byte("y"), 1000))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/api/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(3 * time.Second):
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/api/hop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/api/echo?from=hop", http.StatusFound)
	})
	mux.HandleFunc("/api/out", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/private/x", http.StatusFound) })
	mux.HandleFunc("/api/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/api/loop", http.StatusFound) })
	mux.HandleFunc("/private/x", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "secret area") })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func policyFor(srv *httptest.Server) Policy {
	return Policy{Enabled: true, AllowPrivate: true,
		Allow: []Rule{{Prefix: srv.URL + "/api", Headers: map[string]string{"X-Api-Key": "s3cret"}}}}
}

func TestDisabled(t *testing.T) {
	out, errs, st := runCurl(t, Policy{}, nil, "http://127.0.0.1:1/")
	if st != 7 || out != "" || errs != "curl: (7) network access is disabled in this sandbox\n" {
		t.Fatalf("got %d %q %q", st, out, errs)
	}
}

func TestPolicy(t *testing.T) {
	srv := testServer(t)
	p := policyFor(srv)
	cases := []struct {
		name    string
		args    []string
		out     string
		errPart string
		status  int
	}{
		{"allowed GET gets injected header", []string{"-s", srv.URL + "/api/echo?q=1"}, "GET /api/echo?q=1 key=s3cret ct= body=", "", 0},
		{"prefix boundary", []string{srv.URL + "/apix"}, "", "not under any allowed URL prefix", 7},
		{"denied prefix", []string{srv.URL + "/private/x"}, "", "not under any allowed URL prefix (" + srv.URL + "/api)", 7},
		{"POST denied by default", []string{"-d", "a=1", srv.URL + "/api/echo"}, "", "method POST is not allowed for prefix " + srv.URL + "/api", 7},
		{"HEAD allowed", []string{"-sI", srv.URL + "/api/echo"}, "HTTP/1.1 200 OK\r\n", "", 0},
		{"redirect followed", []string{"-sL", srv.URL + "/api/hop"}, "GET /api/echo?from=hop key=s3cret ct= body=", "", 0},
		{"redirect not followed", []string{"-s", "-w", "%{http_code}", srv.URL + "/api/hop"}, "<a href=\"/api/echo?from=hop\">Found</a>.\n\n302", "", 0},
		{"redirect to denied path", []string{"-L", srv.URL + "/api/out"}, "", "/private/x is not under any allowed URL prefix", 7},
		{"redirect loop", []string{"-L", "--max-redirs", "3", srv.URL + "/api/loop"}, "", "Maximum (3) redirects followed", 47},
		{"-f on 404", []string{"-f", srv.URL + "/api/missing"}, "", "The requested URL returned error: 404", 22},
		{"-sf hides the message", []string{"-sf", srv.URL + "/api/missing"}, "", "", 22},
		{"404 without -f", []string{"-s", srv.URL + "/api/missing"}, "nope\n", "", 0},
		{"size limit", []string{"-s", "-S", srv.URL + "/api/big"}, "", "Maximum file size exceeded (policy limit 4096 bytes)", 63},
		{"size limit, streamed", []string{"-s", "-S", srv.URL + "/api/bigchunked"}, strings.Repeat("y", 4096), "Maximum file size exceeded", 63},
		{"timeout", []string{"-m", "0.3", srv.URL + "/api/slow"}, "", "Operation timed out", 28},
		{"scheme", []string{"file:///etc/passwd"}, "", "scheme \"file\" is not allowed", 7},
	}
	p.MaxResponseBytes = 4096
	for _, tc := range cases {
		out, errs, st := runCurl(t, p, nil, tc.args...)
		if tc.name == "HEAD allowed" {
			out = out[:strings.Index(out, "\r\n")+2]
		}
		if st != tc.status || out != tc.out || (tc.errPart == "" && errs != "") || !strings.Contains(errs, tc.errPart) {
			t.Errorf("%s: got %d %q %q", tc.name, st, out, errs)
		}
	}
}

func TestPostAllowedAndVerboseHidesSecrets(t *testing.T) {
	srv := testServer(t)
	p := policyFor(srv)
	p.Methods = []string{"GET", "POST"}
	out, errs, st := runCurl(t, p, nil, "-v", "-s", "--json", `{"a":1}`, srv.URL+"/api/echo")
	if st != 0 || out != `POST /api/echo key=s3cret ct=application/json body={"a":1}` {
		t.Fatalf("got %d %q", st, out)
	}
	if !strings.Contains(errs, "> POST /api/echo") || strings.Contains(errs, "s3cret") {
		t.Fatalf("verbose output wrong or leaks the secret: %q", errs)
	}
	out, _, _ = runCurl(t, p, nil, "-s", "--data-urlencode", "q=a b", "-G", srv.URL+"/api/echo")
	if out != "GET /api/echo?q=a+b key=s3cret ct= body=" {
		t.Fatalf("-G: %q", out)
	}
}

func TestLoopbackDeniedByDefault(t *testing.T) {
	srv := testServer(t)
	p := policyFor(srv)
	p.AllowPrivate = false
	_, errs, st := runCurl(t, p, nil, srv.URL+"/api/echo")
	if st != 7 || !strings.Contains(errs, "address 127.0.0.1 of 127.0.0.1 is in a private or loopback range") {
		t.Fatalf("got %d %q", st, errs)
	}
}

func TestOutputToVFS(t *testing.T) {
	srv := testServer(t)
	fsys := vfs.NewMem()
	fsys.MkdirAll("/home/user", 0o755)
	_, _, st := runCurl(t, policyFor(srv), fsys, "-s", "-o", "got.txt", srv.URL+"/api/echo")
	data, err := vfs.ReadFile(fsys, "/home/user/got.txt")
	if st != 0 || err != nil || !strings.HasPrefix(string(data), "GET /api/echo") {
		t.Fatalf("got %d %v %q", st, err, data)
	}
	_, _, st = runCurl(t, policyFor(srv), fsys, "-s", "-O", srv.URL+"/api/echo")
	if _, err := fsys.Stat("/home/user/echo"); st != 0 || err != nil {
		t.Fatalf("-O: %d %v", st, err)
	}
}

type fakeRT struct{ seen []string }

func (f *fakeRT) RoundTrip(r *http.Request) (*http.Response, error) {
	f.seen = append(f.seen, r.URL.String()+" "+r.Header.Get("Authorization"))
	return &http.Response{StatusCode: 200, Status: "200 OK", Proto: "HTTP/1.1", Header: http.Header{},
		Body: io.NopCloser(strings.NewReader("hooked")), Request: r}, nil
}

func TestTransportHook(t *testing.T) {
	rt := &fakeRT{}
	p := Policy{Enabled: true, Transport: rt, Allow: []Rule{{Prefix: "https://api.example.com/v1/", Headers: map[string]string{"Authorization": "Bearer k"}}}}
	out, _, st := runCurl(t, p, nil, "-s", "https://api.example.com/v1/items")
	if st != 0 || out != "hooked" || len(rt.seen) != 1 || rt.seen[0] != "https://api.example.com/v1/items Bearer k" {
		t.Fatalf("got %d %q %v", st, out, rt.seen)
	}
	_, errs, st := runCurl(t, p, nil, "https://api.example.com/v2/items")
	if st != 7 || !strings.Contains(errs, "https://api.example.com/v2/items is not under any allowed URL prefix") || len(rt.seen) != 1 {
		t.Fatalf("got %d %q", st, errs)
	}
}
