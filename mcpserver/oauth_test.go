package mcpserver

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// oauthFixture is an authorization server and a protected MCP server on
// one loopback origin. It checks what a real one would: the registered
// client and redirect URI, PKCE (S256) and the code's single use.
type oauthFixture struct {
	t   *testing.T
	srv *httptest.Server

	mu         sync.Mutex
	clients    map[string]string // client id → redirect URI
	codes      map[string]string // code → PKCE challenge
	registered int
	tokens     int
}

func newOAuthFixture(t *testing.T) *oauthFixture {
	f := &oauthFixture{t: t, clients: map[string]string{"static-client": ""}, codes: map[string]string{}}
	up := server.NewMCPServer("protected", "1")
	up.AddTool(mcp.NewTool("whoami"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("alice"), nil
	})
	mcpHandler := server.NewStreamableHTTPServer(up)
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/oauth-protected-resource", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, map[string]any{"resource": f.srv.URL + "/mcp", "authorization_servers": []string{f.srv.URL}})
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, map[string]any{"issuer": f.srv.URL, "authorization_endpoint": f.srv.URL + "/authorize",
			"token_endpoint": f.srv.URL + "/token", "registration_endpoint": f.srv.URL + "/register",
			"response_types_supported": []string{"code"}, "code_challenge_methods_supported": []string{"S256"},
			"token_endpoint_auth_methods_supported": []string{"none", "client_secret_post"}})
	})
	mux.HandleFunc("/register", f.register)
	mux.HandleFunc("/authorize", f.authorize)
	mux.HandleFunc("/token", f.token)
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-1" {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+f.srv.URL+`/.well-known/oauth-protected-resource"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		mcpHandler.ServeHTTP(w, r)
	})
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *oauthFixture) register(w http.ResponseWriter, r *http.Request) {
	var req struct {
		RedirectURIs []string `json:"redirect_uris"`
	}
	if json.NewDecoder(r.Body).Decode(&req) != nil || len(req.RedirectURIs) != 1 || !strings.HasPrefix(req.RedirectURIs[0], "http://127.0.0.1:") {
		http.Error(w, "bad registration", 400)
		return
	}
	f.mu.Lock()
	f.registered++
	id := fmt.Sprintf("dyn-%d", f.registered)
	f.clients[id] = req.RedirectURIs[0]
	f.mu.Unlock()
	writeJSON(w, 201, map[string]any{"client_id": id, "token_endpoint_auth_method": "none"})
}

// authorize stands in for the user approving: it redirects straight back.
func (f *oauthFixture) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f.mu.Lock()
	want, ok := f.clients[q.Get("client_id")]
	f.mu.Unlock()
	if !ok || (want != "" && want != q.Get("redirect_uri")) || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
		http.Error(w, "bad authorization request: "+r.URL.RawQuery, 400)
		return
	}
	code := fmt.Sprintf("code-%d", time.Now().UnixNano())
	f.mu.Lock()
	f.codes[code] = q.Get("code_challenge")
	f.mu.Unlock()
	http.Redirect(w, r, q.Get("redirect_uri")+"?code="+code+"&state="+q.Get("state"), http.StatusFound)
}

func (f *oauthFixture) token(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f.mu.Lock()
	defer f.mu.Unlock()
	switch r.Form.Get("grant_type") {
	case "authorization_code":
		challenge, ok := f.codes[r.Form.Get("code")]
		delete(f.codes, r.Form.Get("code"))
		sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
		if !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != challenge {
			writeJSON(w, 400, map[string]any{"error": "invalid_grant"})
			return
		}
	case "refresh_token":
		if r.Form.Get("refresh_token") != "refresh-1" {
			writeJSON(w, 400, map[string]any{"error": "invalid_grant"})
			return
		}
	default:
		writeJSON(w, 400, map[string]any{"error": "unsupported_grant_type"})
		return
	}
	f.tokens++
	writeJSON(w, 200, map[string]any{"access_token": "tok-1", "token_type": "bearer", "refresh_token": "refresh-1", "expires_in": 3600})
}

func (f *oauthFixture) config(t *testing.T, oauth string) *Config {
	cfg, err := ParseConfig("/x/config.json", []byte(fmt.Sprintf(`{"servers":{"prot":{"type":"http","url":%q,"oauth":%s}},"justbash":{"approve":"accept-all"}}`, f.srv.URL+"/mcp", oauth)), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func startWithStore(t *testing.T, cfg *Config, store *OAuthStore) *Runtime {
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: SourceStarter(nil, store.Tokens(cfg, nil)), Runner: JSRunner{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt
}

func TestOAuthBrowserFlow(t *testing.T) {
	f := newOAuthFixture(t)
	cfg := f.config(t, `{"scope":"mcp.read"}`)
	store := NewOAuthStore(filepath.Join(t.TempDir(), "justbash", OAuthFile))

	// Before authorizing, the server is listed with a hint.
	rt := startWithStore(t, cfg, store)
	st, _ := rt.Servers("")
	if len(st) != 1 || st[0].OK || !strings.Contains(st[0].Error.Message, "justbash mcp auth prot") {
		t.Fatalf("unauthorized server status: %s", toJSON(st))
	}

	var out strings.Builder
	browser := func(u string) error {
		// The "browser" follows the redirect to the loopback callback.
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return fmt.Errorf("callback answered %s", resp.Status)
		}
		return nil
	}
	err := Authorize(context.Background(), cfg.Servers["prot"], AuthOptions{Store: store, CallbackAddr: "127.0.0.1:0", OpenBrowser: browser, Output: &out})
	if err != nil {
		t.Fatalf("Authorize: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "/authorize?") || !strings.Contains(out.String(), "Authorized prot") {
		t.Errorf("output: %s", out.String())
	}
	fi, err := os.Stat(store.Path())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("store file: %v %v", fi, err)
	}
	e, ok := store.Entry("prot", f.srv.URL+"/mcp")
	if !ok || e.ClientID != "dyn-1" || e.Token == nil || e.Token.AccessToken != "tok-1" || !strings.HasSuffix(e.ResourceMetadataURL, "/oauth-protected-resource") {
		t.Fatalf("stored entry: %s", toJSON(e))
	}
	if !store.Authorized(cfg.Servers["prot"]) {
		t.Error("Authorized = false after the flow")
	}

	// A new start uses the token as the bearer.
	rt = startWithStore(t, cfg, store)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("x")})
	res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": "return await prot.whoami({})"})
	if res.IsError || texts(res)[0] != "alice" {
		t.Fatalf("call with token: %v", texts(res))
	}

	// An expired token is refreshed through the token endpoint and saved.
	_ = store.Update("prot", f.srv.URL+"/mcp", func(e *OAuthEntry) { e.Token.ExpiresAt = time.Now().Add(-time.Minute) })
	before := f.tokens
	rt = startWithStore(t, cfg, store)
	if st, _ := rt.Servers(""); !st[0].OK {
		t.Fatalf("start with an expired token: %s", toJSON(st))
	}
	if e, _ := store.Entry("prot", f.srv.URL+"/mcp"); f.tokens != before+1 || e.Token.IsExpired() {
		t.Errorf("refresh: %d token requests, stored %s", f.tokens-before, toJSON(e.Token))
	}

	// Repointing the server in the config drops the old entry's token.
	other := *cfg.Servers["prot"]
	other.URL = f.srv.URL + "/other"
	if store.Authorized(&other) {
		t.Error("a token is offered to a different URL")
	}
}

// With --no-browser the user pastes the redirected URL; a static client
// from the config skips registration.
func TestOAuthPastedCodeStaticClient(t *testing.T) {
	f := newOAuthFixture(t)
	cfg := f.config(t, `{"clientId":"static-client"}`)
	store := NewOAuthStore(filepath.Join(t.TempDir(), OAuthFile))
	pr, pw := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		// Play the user: read the printed URL, "approve" it in a browser
		// that does not follow the redirect, paste where it went.
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if !strings.HasPrefix(line, "http") {
				continue
			}
			noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			resp, err := noFollow.Get(line)
			if err != nil {
				pw.CloseWithError(err)
				break
			}
			resp.Body.Close()
			go fmt.Fprintln(pw, resp.Header.Get("Location"))
			break
		}
		io.Copy(io.Discard, outR)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := Authorize(ctx, cfg.Servers["prot"], AuthOptions{Store: store, CallbackAddr: "127.0.0.1:0", Input: pr, Output: outW})
	outW.Close()
	if err != nil {
		t.Fatal(err)
	}
	if f.registered != 0 {
		t.Errorf("static client registered %d clients", f.registered)
	}
	if e, ok := store.Entry("prot", f.srv.URL+"/mcp"); !ok || e.Token == nil || e.Token.AccessToken != "tok-1" || e.ClientID != "" {
		t.Fatalf("entry: %s", toJSON(e))
	}
}

func TestOAuthRefusals(t *testing.T) {
	f := newOAuthFixture(t)
	store := NewOAuthStore(filepath.Join(t.TempDir(), OAuthFile))
	off := f.config(t, "false").Servers["prot"]
	if err := Authorize(context.Background(), off, AuthOptions{Store: store}); err == nil || !strings.Contains(err.Error(), "OAuth disabled") {
		t.Errorf("oauth false: %v", err)
	}
	local := &ServerDef{Name: "loc", Kind: KindStdio, Type: "stdio"}
	if err := Authorize(context.Background(), local, AuthOptions{Store: store}); err == nil || !strings.Contains(err.Error(), "not a remote server") {
		t.Errorf("stdio: %v", err)
	}
	// A pasted error from the authorization server ends the flow.
	def := f.config(t, "true").Servers["prot"]
	err := Authorize(context.Background(), def, AuthOptions{Store: store, CallbackAddr: "127.0.0.1:0",
		Input: strings.NewReader("http://127.0.0.1/callback?error=access_denied&error_description=no\n")})
	if err == nil || !strings.Contains(err.Error(), "access_denied") {
		t.Errorf("denied: %v", err)
	}
}
