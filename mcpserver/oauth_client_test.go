package mcpserver

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestResourceMatches(t *testing.T) {
	tests := []struct {
		resource, server string
		want             bool
	}{
		{"https://h.example/mcp", "https://h.example/mcp", true},
		{"https://h.example/mcp/", "https://h.example/mcp", true},
		{"https://h.example", "https://h.example/mcp", true},
		{"https://h.example/", "https://h.example/a/mcp", true},
		{"https://h.example/a", "https://h.example/a/mcp", true},
		{"https://h.example/ab", "https://h.example/a/mcp", false},
		{"https://h.example/mcp/x", "https://h.example/mcp", false},
		{"https://other.example/mcp", "https://h.example/mcp", false},
		{"http://h.example/mcp", "https://h.example/mcp", false},
		{"https://h.example:8443/mcp", "https://h.example/mcp", false},
		{"", "https://h.example/mcp", false},
	}
	for _, tc := range tests {
		if got := resourceMatches(tc.resource, tc.server); got != tc.want {
			t.Errorf("resourceMatches(%q, %q) = %v", tc.resource, tc.server, got)
		}
	}
}

// The order the MCP authorization specification gives for issuers with
// and without a path.
func TestAuthServerMetadataURLs(t *testing.T) {
	got := authServerMetadataURLs("https://auth.example/tenant1")
	want := []string{"https://auth.example/.well-known/oauth-authorization-server/tenant1",
		"https://auth.example/.well-known/openid-configuration/tenant1",
		"https://auth.example/tenant1/.well-known/openid-configuration"}
	if !slices.Equal(got, want) {
		t.Errorf("with path: %q", got)
	}
	got = authServerMetadataURLs("https://auth.example/")
	want = []string{"https://auth.example/.well-known/oauth-authorization-server", "https://auth.example/.well-known/openid-configuration"}
	if !slices.Equal(got, want) {
		t.Errorf("without path: %q", got)
	}
}

// An oauth.json written before the move off mcp-go (its Token's JSON
// names) still loads.
func TestOAuthStoreEarlierFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), OAuthFile)
	old := `{"prot":{"url":"https://h.example/mcp","clientId":"dyn-1","tokenEndpointAuthMethod":"none",
 "token":{"access_token":"tok-1","token_type":"Bearer","refresh_token":"refresh-1","expires_in":3600,"expires_at":"2020-01-02T03:04:05Z"}}}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	s := NewOAuthStore(path)
	e, ok := s.Entry("prot", "https://h.example/mcp")
	if !ok || e.Token == nil || e.Token.AccessToken != "tok-1" || e.Token.RefreshToken != "refresh-1" || e.ClientID != "dyn-1" || e.AuthMethod != "none" {
		t.Fatalf("entry = %+v", e)
	}
	if !e.Token.ExpiresAt.Equal(time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)) || !e.Token.IsExpired() {
		t.Errorf("expiry = %v, expired %v", e.Token.ExpiresAt, e.Token.IsExpired())
	}
	if (&Token{AccessToken: "x"}).IsExpired() {
		t.Error("a token without expiry is expired")
	}
}

// A redirect whose state is not the one sent is not exchanged.
func TestOAuthStateMismatch(t *testing.T) {
	f := newOAuthFixture(t)
	def := f.config(t, `{"clientId":"static-client"}`).Servers["prot"]
	store := NewOAuthStore(filepath.Join(t.TempDir(), OAuthFile))
	err := Authorize(context.Background(), def, AuthOptions{Store: store, CallbackAddr: "127.0.0.1:0",
		Input: strings.NewReader("http://127.0.0.1/callback?code=code-1&state=forged\n")})
	if err == nil || !strings.Contains(err.Error(), "state") {
		t.Errorf("forged state: %v", err)
	}
	if f.tokens != 0 {
		t.Errorf("%d token requests", f.tokens)
	}
	if store.Authorized(def) {
		t.Error("authorized after a forged state")
	}
}
