package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/justbash/justbash/sources/mcp"
)

// OAuthFile is the token store's name in the data directory.
const OAuthFile = "oauth.json"

// OAuthEntry is what the store keeps for one remote server: the client it
// registered (or was configured with), where its authorization metadata
// is, and the current token. URL ties the entry to the server's address,
// so a token never goes to a server the config has since repointed.
type OAuthEntry struct {
	URL                 string `json:"url"`
	ClientID            string `json:"clientId,omitempty"`
	ClientSecret        string `json:"clientSecret,omitempty"`
	AuthMethod          string `json:"tokenEndpointAuthMethod,omitempty"`
	ResourceMetadataURL string `json:"resourceMetadataUrl,omitempty"`
	Token               *Token `json:"token,omitempty"`
}

// OAuthStore is the oauth.json file: entries by server name. Every change
// rewrites the file (mode 0600) through a rename, so a crash never leaves
// half a file, and tokens refreshed by the daemon survive restarts.
type OAuthStore struct {
	path string
	mu   sync.Mutex
}

// NewOAuthStore returns the store at path (created on first save).
func NewOAuthStore(path string) *OAuthStore { return &OAuthStore{path: path} }

// Path is the store's file.
func (s *OAuthStore) Path() string { return s.path }

func (s *OAuthStore) load() (map[string]*OAuthEntry, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]*OAuthEntry{}, nil
	}
	if err != nil {
		return nil, err
	}
	m := map[string]*OAuthEntry{}
	if len(strings.TrimSpace(string(b))) > 0 {
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("%s: %v", s.path, err)
		}
	}
	return m, nil
}

// Entry returns the server's entry if it is for url.
func (s *OAuthStore) Entry(server, url string) (*OAuthEntry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.load()
	if err != nil {
		return nil, false
	}
	e := m[server]
	if e == nil || e.URL != url {
		return nil, false
	}
	return e, true
}

// Update changes (or creates) the server's entry for url and saves.
func (s *OAuthStore) Update(server, url string, fn func(e *OAuthEntry)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.load()
	if err != nil {
		return err
	}
	e := m[server]
	if e == nil || e.URL != url {
		e = &OAuthEntry{URL: url}
		m[server] = e
	}
	fn(e)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), ".oauth-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.path)
}

// Authorized reports whether the server has a token that is still good
// or can be refreshed.
func (s *OAuthStore) Authorized(def *ServerDef) bool {
	e, ok := s.Entry(def.Name, def.URL)
	return ok && e.Token != nil && e.Token.AccessToken != "" && (!e.Token.IsExpired() || e.Token.RefreshToken != "")
}

// discoveryBase is the server URL without query and fragment, the base
// of discovery, so that protected-resource metadata naming the MCP
// endpoint as its resource matches.
func discoveryBase(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.RawQuery, u.Fragment = "", ""
	return u.String()
}

func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Scheme + "://" + u.Host
}

// Tokens returns the bearer-token supplier for SourceStarter: remote
// servers with OAuth enabled get the stored token, refreshed through the
// authorization server when it has expired. A server never authorized
// gets none (its start then fails with a hint to run `justbash mcp auth`).
func (s *OAuthStore) Tokens(cfg *Config, hc *http.Client) func(server string) mcp.TokenSource {
	return func(server string) mcp.TokenSource {
		def := cfg.Servers[server]
		if def == nil || def.OAuth == nil {
			return nil
		}
		var once sync.Once
		var c *oauthClient
		return func(ctx context.Context) (string, error) {
			if _, ok := s.Entry(def.Name, def.URL); !ok {
				return "", nil
			}
			once.Do(func() { c = s.newOAuthClient(def, "", hc, true) })
			tok, err := c.accessToken(ctx)
			if err != nil {
				return "", nil // no usable token: the server's 401 says why
			}
			return tok, nil
		}
	}
}

var resourceMetadataRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`resource_metadata="([^"]+)"`) })

// probeResourceMetadata asks the server once without a token and returns
// the protected-resource metadata URL its 401 names, if it is on the
// server's own origin (RFC 9728 §5.1; another origin could send us to an
// attacker's authorization server).
func probeResourceMetadata(ctx context.Context, def *ServerDef, hc *http.Client) string {
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"justbash","version":"` + Version + `"}}}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, def.URL, strings.NewReader(body))
	if err != nil {
		return ""
	}
	for k, v := range def.Headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		return ""
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		return ""
	}
	for _, h := range resp.Header.Values("WWW-Authenticate") {
		if m := resourceMetadataRe().FindStringSubmatch(h); m != nil && strings.EqualFold(origin(m[1]), origin(def.URL)) {
			return m[1]
		}
	}
	return ""
}
