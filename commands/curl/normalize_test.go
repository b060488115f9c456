package curl

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// recorder is a 127.0.0.1 server that records each path it received (as
// sent on the wire) and whether the secret header came with it.
type recorder struct {
	mu   sync.Mutex
	hits []string // "path secret=yes|no"
}

func (rec *recorder) start(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secret := "no"
		if r.Header.Get("X-Secret") == "s3cr3t" {
			secret = "yes"
		}
		rec.mu.Lock()
		rec.hits = append(rec.hits, r.RequestURI+" secret="+secret)
		rec.mu.Unlock()
		_, _ = io.WriteString(w, "at "+r.RequestURI)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (rec *recorder) take() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	h := rec.hits
	rec.hits = nil
	return h
}

// The case: with /allowed/ allowed (and a secret injected), dot
// segments and encoded dots reached /admin with the secret.
func TestPolicyNormalisesBeforeMatching(t *testing.T) {
	var rec recorder
	srv := rec.start(t)
	p := Policy{Enabled: true, AllowPrivate: true, Allow: []Rule{
		{Prefix: srv.URL + "/allowed/", Headers: map[string]string{"X-Secret": "s3cr3t"}},
		{Prefix: srv.URL + "/exact", Headers: map[string]string{"X-Secret": "s3cr3t"}},
	}}
	refused := []string{
		"/allowed/../admin", "/allowed/%2E%2E/admin", "/allowed/%2e%2e/admin", "/allowed/.%2e/admin",
		"/allowed/..%2fadmin", "/allowed/%2fadmin", "/allowed/..%5cadmin", "/allowed/x/../../admin",
		"/allowed/./../admin", "/allowed/..", "/exactX", "/exact/../admin", "/allowed/%00",
	}
	for _, path := range refused {
		_, stderr, st := runCurl(t, p, nil, "-sS", srv.URL+path)
		hits := rec.take()
		if st == 0 || len(hits) != 0 {
			t.Errorf("%s: status %d, server got %v, stderr %q; want refused before sending", path, st, hits, stderr)
		}
	}
	allowed := []struct{ path, got string }{
		{"/allowed/x", "/allowed/x secret=yes"},
		{"/allowed/./x/../y", "/allowed/y secret=yes"},
		{"/allowed/a/./b/..", "/allowed/a/ secret=yes"},
		{"/%61llowed/x", "/allowed/x secret=yes"},
		{"/exact", "/exact secret=yes"},
		{"/exact/sub", "/exact/sub secret=yes"},
		{"/allowed/a%20b?q=../x", "/allowed/a%20b?q=../x secret=yes"},
	}
	for _, tc := range allowed {
		out, stderr, st := runCurl(t, p, nil, "-sS", srv.URL+tc.path)
		hits := rec.take()
		if st != 0 || len(hits) != 1 || hits[0] != tc.got {
			t.Errorf("%s: status %d, out %q, stderr %q, server got %v; want %q", tc.path, st, out, stderr, hits, tc.got)
		}
	}
}

// The same check guards every transport user (js-exec's fetch goes
// through RoundTripper): the request that leaves is the canonical one.
func TestRoundTripperNormalises(t *testing.T) {
	var rec recorder
	srv := rec.start(t)
	p := Policy{Enabled: true, AllowPrivate: true, Allow: []Rule{{Prefix: srv.URL + "/allowed/", Headers: map[string]string{"X-Secret": "s3cr3t"}}}}
	c := p.Client()
	for _, path := range []string{"/allowed/../admin", "/allowed/%2E%2E/admin"} {
		resp, err := c.Get(srv.URL + path)
		if err == nil {
			resp.Body.Close()
		}
		if hits := rec.take(); err == nil || len(hits) != 0 {
			t.Errorf("%s: err %v, server got %v", path, err, hits)
		}
	}
	resp, err := c.Get(srv.URL + "/allowed/b/../c")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if hits := rec.take(); len(hits) != 1 || hits[0] != "/allowed/c secret=yes" {
		t.Fatalf("server got %v", hits)
	}
}

func TestRemoveDotSegments(t *testing.T) {
	// Examples from RFC 3986 §5.4 (paths only) and edge cases.
	cases := map[string]string{
		"/a/b/c/./../../g": "/a/g", "/./g": "/g", "/../g": "/g", "/a/..": "/", "/a/.": "/a/",
		"/": "/", "/a//b/../c": "/a//c", "/a/b/...": "/a/b/...", "/..": "/", "/a/b/../": "/a/",
	}
	for in, want := range cases {
		if got := removeDotSegments(in); got != want {
			t.Errorf("removeDotSegments(%q) = %q, want %q", in, got, want)
		}
	}
	u, _ := url.Parse("http://h/%7euser/a%2Fb")
	if _, err := canonical(u); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("encoded slash: %v", err)
	}
}
