package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestGetAuthServerMeta(t *testing.T) {
	var doc string
	status := 200
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, strings.ReplaceAll(doc, "ISSUER", "http://"+r.Host))
	}))
	defer ts.Close()
	ctx := context.Background()
	good := `{"issuer":"ISSUER","authorization_endpoint":"ISSUER/authorize","token_endpoint":"https://tok.example/token",
		"registration_endpoint":"ISSUER/register","code_challenge_methods_supported":["S256"],"token_endpoint_auth_methods_supported":["none"]}`
	doc = good
	m, err := getAuthServerMeta(ctx, ts.Client(), ts.URL+"/.well-known/oauth-authorization-server", ts.URL+"/")
	if err != nil || m == nil || m.TokenEndpoint != "https://tok.example/token" || m.RegistrationEndpoint != ts.URL+"/register" || m.TokenEndpointAuthMethodsSupported[0] != "none" {
		t.Fatalf("good document: %+v, %v", m, err)
	}
	refusals := []struct{ doc, want string }{
		{strings.Replace(good, `"issuer":"ISSUER"`, `"issuer":"https://evil.example"`, 1), "is for issuer"},
		{strings.Replace(good, `["S256"]`, `["plain"]`, 1), "PKCE"},
		{strings.Replace(good, `"ISSUER/authorize"`, `"javascript:alert(1)"`, 1), "authorization_endpoint"},
		{strings.Replace(good, `"https://tok.example/token"`, `"http://tok.example/token"`, 1), "token_endpoint"},
		{`{"issuer":`, "unexpected end"},
	}
	for _, r := range refusals {
		doc = r.doc
		if m, err := getAuthServerMeta(ctx, ts.Client(), ts.URL, ts.URL); err == nil || !strings.Contains(err.Error(), r.want) {
			t.Errorf("%s: %+v, %v; want error with %q", r.doc, m, err, r.want)
		}
	}
	// Nothing there: no error, so the next location is tried.
	status = 404
	if m, err := getAuthServerMeta(ctx, ts.Client(), ts.URL, ts.URL); m != nil || err != nil {
		t.Errorf("404: %+v, %v", m, err)
	}
	status = 500
	if _, err := getAuthServerMeta(ctx, ts.Client(), ts.URL, ts.URL); err == nil {
		t.Error("500 taken as a document")
	}
	// A document over the size bound is refused, not read whole.
	status, doc = 200, `{"issuer":"`+strings.Repeat("x", maxMetadata)+`"}`
	if _, err := getAuthServerMeta(ctx, ts.Client(), ts.URL, ts.URL); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("huge document: %v", err)
	}
}

func TestRegisterClient(t *testing.T) {
	var got clientRegistration
	var status int
	var answer string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("request %s %s", r.Method, r.Header.Get("Content-Type"))
		}
		got = clientRegistration{}
		if err := json.NewDecoder(r.Body).Decode(&got); err != nil {
			t.Error(err)
		}
		w.WriteHeader(status)
		io.WriteString(w, answer)
	}))
	defer ts.Close()
	reg := &clientRegistration{RedirectURIs: []string{"http://127.0.0.1:1/cb"}, ClientName: "justbash", TokenEndpointAuthMethod: "none",
		GrantTypes: []string{"authorization_code", "refresh_token"}, ResponseTypes: []string{"code"}, Scope: "read"}
	status, answer = 201, `{"client_id":"c-1","client_secret":"s-1","token_endpoint_auth_method":"client_secret_post","client_id_issued_at":1}`
	rc, err := registerClient(context.Background(), ts.Client(), ts.URL, reg)
	if err != nil || rc.ClientID != "c-1" || rc.ClientSecret != "s-1" || rc.TokenEndpointAuthMethod != "client_secret_post" {
		t.Fatalf("registered %+v, %v", rc, err)
	}
	if got.ClientName != "justbash" || got.RedirectURIs[0] != "http://127.0.0.1:1/cb" || got.Scope != "read" || len(got.GrantTypes) != 2 {
		t.Errorf("server saw %+v", got)
	}
	for _, tc := range []struct {
		status      int
		answer, err string
	}{
		{400, `{"error":"invalid_redirect_uri","error_description":"not allowed"}`, "invalid_redirect_uri: not allowed"},
		{403, `nope`, "403"},
		{201, `{"client_secret":"s"}`, "no client_id"},
		{200, `[`, "bad answer"},
	} {
		status, answer = tc.status, tc.answer
		if _, err := registerClient(context.Background(), ts.Client(), ts.URL, reg); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%d %s: %v, want %q", tc.status, tc.answer, err, tc.err)
		}
	}
}

func TestCheckEndpoint(t *testing.T) {
	for u, ok := range map[string]bool{"https://a.example/x": true, "http://127.0.0.1:8/t": true, "http://localhost/t": true,
		"http://[::1]:9/t": true, "http://a.example/t": false, "javascript:alert(1)": false, "data:text/html,x": false, "": false} {
		if err := checkEndpoint(u); (err == nil) != ok {
			t.Errorf("%q: %v", u, err)
		}
	}
}
