package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// The documents of OAuth discovery and registration that the MCP
// authorization specification uses, read and written here rather than
// through an MCP SDK's helpers (which would link the SDK into every start
// of the binary).

// authServerMeta is an authorization server's metadata (RFC 8414; OpenID
// Connect Discovery serves the same fields).
type authServerMeta struct {
	Issuer                            string   `json:"issuer"`
	AuthorizationEndpoint             string   `json:"authorization_endpoint"`
	TokenEndpoint                     string   `json:"token_endpoint"`
	RegistrationEndpoint              string   `json:"registration_endpoint,omitempty"`
	ScopesSupported                   []string `json:"scopes_supported,omitempty"`
	ResponseTypesSupported            []string `json:"response_types_supported,omitempty"`
	GrantTypesSupported               []string `json:"grant_types_supported,omitempty"`
	TokenEndpointAuthMethodsSupported []string `json:"token_endpoint_auth_methods_supported,omitempty"`
	CodeChallengeMethodsSupported     []string `json:"code_challenge_methods_supported,omitempty"`
}

// protectedResourceMeta is a resource server's metadata (RFC 9728).
type protectedResourceMeta struct {
	Resource             string   `json:"resource"`
	AuthorizationServers []string `json:"authorization_servers,omitempty"`
	ScopesSupported      []string `json:"scopes_supported,omitempty"`
}

// clientRegistration is the request of dynamic client registration
// (RFC 7591 §2).
type clientRegistration struct {
	RedirectURIs            []string `json:"redirect_uris"`
	ClientName              string   `json:"client_name,omitempty"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method,omitempty"`
	GrantTypes              []string `json:"grant_types,omitempty"`
	ResponseTypes           []string `json:"response_types,omitempty"`
	Scope                   string   `json:"scope,omitempty"`
}

// registeredClient is the part of a registration response (RFC 7591 §3.2.1)
// that the client keeps.
type registeredClient struct {
	ClientID                string `json:"client_id"`
	ClientSecret            string `json:"client_secret,omitempty"`
	TokenEndpointAuthMethod string `json:"token_endpoint_auth_method,omitempty"`
}

// fetchJSON GETs u and decodes its JSON body (bounded by maxMetadata). A
// 4xx answer is reported as errNoDocument: the document is not there.
func fetchJSON(ctx context.Context, hc *http.Client, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return errNoDocument
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", u, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxMetadata+1))
	if err != nil {
		return err
	}
	if len(b) > maxMetadata {
		return fmt.Errorf("%s: metadata larger than %d bytes", u, maxMetadata)
	}
	return json.Unmarshal(b, v)
}

var errNoDocument = errors.New("no such document")

// getAuthServerMeta reads an authorization server's metadata from u. No
// document there (a 4xx answer) is nil without error, so the caller tries
// the next location. A document for another issuer, one without PKCE, or
// one whose endpoints are not web URLs is refused.
func getAuthServerMeta(ctx context.Context, hc *http.Client, u, issuer string) (*authServerMeta, error) {
	var m authServerMeta
	if err := fetchJSON(ctx, hc, u, &m); err != nil {
		if errors.Is(err, errNoDocument) {
			return nil, nil
		}
		return nil, err
	}
	if strings.TrimSuffix(m.Issuer, "/") != strings.TrimSuffix(issuer, "/") {
		return nil, fmt.Errorf("metadata at %s is for issuer %q, not %q", u, m.Issuer, issuer)
	}
	if !slices.Contains(m.CodeChallengeMethodsSupported, "S256") {
		return nil, fmt.Errorf("authorization server %s does not offer PKCE with S256", issuer)
	}
	for _, e := range []struct{ name, u string }{{"authorization_endpoint", m.AuthorizationEndpoint},
		{"token_endpoint", m.TokenEndpoint}, {"registration_endpoint", m.RegistrationEndpoint}} {
		if e.u == "" && e.name == "registration_endpoint" {
			continue
		}
		if err := checkEndpoint(e.u); err != nil {
			return nil, fmt.Errorf("%s: %v", e.name, err)
		}
	}
	return &m, nil
}

// checkEndpoint accepts https URLs, and http ones on the loopback
// interface (a local server, or a test): a code or a secret is never sent
// in the clear over a network, and a javascript: or data: URL never
// reaches the browser.
func checkEndpoint(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return nil
	case "http":
		h := u.Hostname()
		if h == "localhost" {
			return nil
		}
		if ip := net.ParseIP(h); ip != nil && ip.IsLoopback() {
			return nil
		}
	}
	return fmt.Errorf("%q is neither https nor a loopback http URL", raw)
}

// registerClient performs dynamic client registration at endpoint.
func registerClient(ctx context.Context, hc *http.Client, endpoint string, reg *clientRegistration) (*registeredClient, error) {
	body, err := json.Marshal(reg)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("client registration: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxMetadata+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxMetadata {
		return nil, fmt.Errorf("client registration: answer larger than %d bytes", maxMetadata)
	}
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		// RFC 7591 §3.2.2: {"error": ..., "error_description": ...}.
		var e struct {
			Error       string `json:"error"`
			Description string `json:"error_description"`
		}
		if json.Unmarshal(b, &e) == nil && e.Error != "" {
			if e.Description != "" {
				return nil, fmt.Errorf("client registration refused: %s: %s", e.Error, e.Description)
			}
			return nil, fmt.Errorf("client registration refused: %s", e.Error)
		}
		return nil, fmt.Errorf("client registration: %s", resp.Status)
	}
	var rc registeredClient
	if err := json.Unmarshal(b, &rc); err != nil {
		return nil, fmt.Errorf("client registration: bad answer: %v", err)
	}
	if rc.ClientID == "" {
		return nil, errors.New("client registration: the answer has no client_id")
	}
	return &rc, nil
}
