package jsexec

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/justbash/justbash/commands/curl"
)

// fetchServers starts an allowed server (with redirects to itself and to
// the second, forbidden server) and the forbidden one.
func fetchServers(t *testing.T) (allowed, forbidden *httptest.Server) {
	t.Helper()
	forbidden = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "SECRET "+r.Header.Get("X-Api-Key"))
	}))
	mux := http.NewServeMux()
	mux.HandleFunc("/api/echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"method":%q,"key":%q,"ua":%q,"body":%q}`, r.Method, r.Header.Get("X-Api-Key"), r.Header.Get("X-From-Script"), b)
	})
	mux.HandleFunc("/api/hop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/api/echo", http.StatusFound)
	})
	mux.HandleFunc("/api/away", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, forbidden.URL+"/x", http.StatusFound)
	})
	mux.HandleFunc("/private", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "private") })
	allowed = httptest.NewServer(mux)
	t.Cleanup(allowed.Close)
	t.Cleanup(forbidden.Close)
	return allowed, forbidden
}

func TestFetchThroughPolicy(t *testing.T) {
	srv, other := fetchServers(t)
	pol := &curl.Policy{
		Enabled: true, AllowPrivate: true, Methods: []string{"GET", "POST"},
		Allow: []curl.Rule{{Prefix: srv.URL + "/api/", Headers: map[string]string{"X-Api-Key": "k123"}}},
	}
	cases := []struct{ name, code, want string }{
		{"get with injected header", `const r = await fetch(BASE + "/api/echo", {headers: {"X-From-Script": "s"}}); const j = await r.json(); return [r.status, r.ok, j.method, j.key, j.ua]`, `[200,true,"GET","k123","s"]`},
		{"post body", `const r = await fetch(BASE + "/api/echo", {method: "POST", body: "hello"}); return (await r.json()).body`, `"hello"`},
		{"redirect inside the allow-list", `const r = await fetch(BASE + "/api/hop"); return [r.redirected, r.url.endsWith("/api/echo"), (await r.json()).key]`, `[true,true,"k123"]`},
		{"redirect out of the allow-list", `try { await fetch(BASE + "/api/away"); return "leaked" } catch (e) { return e.message.includes("not under any allowed URL prefix") }`, `true`},
		{"manual redirect", `const r = await fetch(BASE + "/api/away", {redirect: "manual"}); return [r.status, r.headers.get("location") === OTHER + "/x"]`, `[302,true]`},
		{"path outside prefix", `try { await fetch(BASE + "/private"); return "leaked" } catch (e) { return e.message.includes("not under any allowed URL prefix") }`, `true`},
		{"other host", `try { await fetch(OTHER + "/x"); return "leaked" } catch (e) { return e.message.includes("not under any allowed URL prefix") }`, `true`},
		{"method not allowed", `try { await fetch(BASE + "/api/echo", {method: "DELETE"}); return "leaked" } catch (e) { return e.message.includes("method DELETE is not allowed") }`, `true`},
		{"non-http scheme", `try { await fetch("file:///etc/passwd"); return "leaked" } catch (e) { return e.message.includes("scheme") }`, `true`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Run(context.Background(), tc.code, RunOptions{Network: pol, Globals: map[string]any{"BASE": srv.URL, "OTHER": other.URL}})
			if err != nil || string(res.Value) != tc.want {
				t.Fatalf("got %s, %v; want %s", res.Value, err, tc.want)
			}
		})
	}
}

func TestFetchPolicyDefaults(t *testing.T) {
	srv, _ := fetchServers(t)
	// Without AllowPrivate the loopback test server is refused after DNS.
	pol := &curl.Policy{Enabled: true, Allow: []curl.Rule{{Prefix: srv.URL + "/"}}}
	res, err := Run(context.Background(), `try { await fetch(URL_ + "/api/echo"); return "leaked" } catch (e) { return e.message }`, RunOptions{Network: pol, Globals: map[string]any{"URL_": srv.URL}})
	if err != nil || !strings.Contains(string(res.Value), "private or loopback range") {
		t.Fatalf("got %s, %v", res.Value, err)
	}
	// The zero policy defines fetch but refuses everything, like curl.
	res, err = Run(context.Background(), `try { await fetch("http://example.com/"); return "leaked" } catch (e) { return e.message }`, RunOptions{Network: &curl.Policy{}})
	if err != nil || !strings.Contains(string(res.Value), "network access is disabled in this sandbox") {
		t.Fatalf("got %s, %v", res.Value, err)
	}
	// No policy: fetch is not part of the environment at all.
	res, err = Run(context.Background(), `return [typeof fetch, typeof Headers, typeof Response]`, RunOptions{})
	if err != nil || string(res.Value) != `["undefined","undefined","undefined"]` {
		t.Fatalf("got %s, %v", res.Value, err)
	}
}

// The case through fetch: dot segments and encoded dots under an
// allowed prefix must never reach /admin with the prefix's secret.
func TestFetchNormalisesURLs(t *testing.T) {
	var mu sync.Mutex
	var hits []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits = append(hits, r.RequestURI+" secret="+r.Header.Get("X-Secret"))
		mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	pol := &curl.Policy{Enabled: true, AllowPrivate: true, Allow: []curl.Rule{{Prefix: srv.URL + "/allowed/", Headers: map[string]string{"X-Secret": "s3"}}}}
	for _, path := range []string{"/allowed/../admin", "/allowed/%2E%2E/admin", "/allowed/%2e%2e%2fadmin", "/allowed/..%5Cadmin"} {
		code := `try { const r = await fetch(BASE + P); return "sent " + r.status } catch (e) { return "refused" }`
		res, err := Run(context.Background(), code, RunOptions{Network: pol, Globals: map[string]any{"BASE": srv.URL, "P": path}})
		mu.Lock()
		for _, h := range hits {
			if strings.Contains(h, "secret=s3") && !strings.HasPrefix(h, "/allowed/") {
				t.Errorf("%s: the secret reached %s", path, h)
			}
		}
		hits = nil
		mu.Unlock()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if string(res.Value) != `"refused"` {
			t.Errorf("%s: %s, want refused", path, res.Value)
		}
	}
}
