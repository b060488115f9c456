package mcpserver

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"
)

// Token is an OAuth token as oauth.json keeps it. The JSON names are
// those the file has always used, so stores written by earlier versions
// still load.
type Token struct {
	AccessToken  string    `json:"access_token"`
	TokenType    string    `json:"token_type"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	ExpiresIn    int64     `json:"expires_in,omitempty"`
	Scope        string    `json:"scope,omitempty"`
	ExpiresAt    time.Time `json:"expires_at,omitzero"`
}

// IsExpired reports whether the token has an expiry and it has passed.
func (t *Token) IsExpired() bool {
	return !t.ExpiresAt.IsZero() && time.Now().After(t.ExpiresAt)
}

// expiresSoon is IsExpired a little early, so a token is not sent that
// expires on its way to the server.
func (t *Token) expiresSoon() bool {
	return !t.ExpiresAt.IsZero() && time.Now().Add(10*time.Second).After(t.ExpiresAt)
}

func tokenFrom(o *oauth2.Token) *Token {
	t := &Token{AccessToken: o.AccessToken, TokenType: o.TokenType, RefreshToken: o.RefreshToken, ExpiresIn: o.ExpiresIn, ExpiresAt: o.Expiry}
	if s, ok := o.Extra("scope").(string); ok {
		t.Scope = s
	}
	return t
}

// oauthClient is the OAuth client of one remote server: discovery of its
// authorization server (RFC 9728 protected-resource metadata, then RFC
// 8414 / OpenID metadata), dynamic client registration (RFC 7591), the
// authorization-code flow with PKCE and refreshing, with tokens kept in
// the store. The exchanges themselves are golang.org/x/oauth2's.
type oauthClient struct {
	store    *OAuthStore
	def      *ServerDef
	hc       *http.Client
	redirect string
	scopes   []string

	clientID, clientSecret, authMethod string
	prm                                string // protected-resource metadata URL, if known

	mu       sync.Mutex // serialises discovery and refreshes
	meta     *authServerMeta
	resource string
}

// newOAuthClient builds the client of def from its config and, when
// stored is set, the client registered earlier.
func (s *OAuthStore) newOAuthClient(def *ServerDef, redirect string, hc *http.Client, stored bool) *oauthClient {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	c := &oauthClient{store: s, def: def, hc: hc, redirect: redirect}
	if o := def.OAuth; o != nil {
		c.clientID, c.clientSecret, c.scopes = o.ClientID, o.ClientSecret, strings.Fields(o.Scope)
	}
	if e, ok := s.Entry(def.Name, def.URL); ok {
		if stored && c.clientID == "" {
			c.clientID, c.clientSecret, c.authMethod = e.ClientID, e.ClientSecret, e.AuthMethod
		}
		c.prm = e.ResourceMetadataURL
	}
	return c
}

// maxMetadata bounds a metadata document.
const maxMetadata = 1 << 20

// protectedResource reads the server's protected-resource metadata: from
// the URL its 401 named (saved at authorization), else from the
// well-known locations for the server's path and its origin. A document
// naming another resource than this server is ignored.
func (c *oauthClient) protectedResource(ctx context.Context) (*protectedResourceMeta, error) {
	base := discoveryBase(c.def.URL)
	var candidates []string
	if c.prm != "" {
		candidates = append(candidates, c.prm)
	}
	if u, err := url.Parse(base); err == nil {
		const wk = "/.well-known/oauth-protected-resource"
		if p := strings.TrimSuffix(u.Path, "/"); p != "" {
			candidates = append(candidates, origin(base)+wk+p)
		}
		candidates = append(candidates, origin(base)+wk)
	}
	for _, u := range candidates {
		var m protectedResourceMeta
		if err := fetchJSON(ctx, c.hc, u, &m); err != nil {
			continue
		}
		if len(m.AuthorizationServers) > 0 && resourceMatches(m.Resource, base) {
			return &m, nil
		}
	}
	return nil, nil
}

// resourceMatches reports whether the resource a metadata document names
// covers the server's URL: the same URL, or the same origin with a path
// that is a prefix of the server's.
func resourceMatches(resource, server string) bool {
	if resource == "" {
		return false
	}
	r, err1 := url.Parse(resource)
	s, err2 := url.Parse(server)
	if err1 != nil || err2 != nil || !strings.EqualFold(r.Scheme, s.Scheme) || !strings.EqualFold(r.Host, s.Host) {
		return false
	}
	rp, sp := strings.TrimSuffix(r.Path, "/"), strings.TrimSuffix(s.Path, "/")
	return rp == sp || strings.HasPrefix(sp, rp+"/") || rp == ""
}

// discover finds the authorization server's endpoints once.
func (c *oauthClient) discover(ctx context.Context) (*authServerMeta, error) {
	if c.meta != nil {
		return c.meta, nil
	}
	prm, err := c.protectedResource(ctx)
	if err != nil {
		return nil, err
	}
	issuer := origin(c.def.URL)
	c.resource = discoveryBase(c.def.URL)
	if prm != nil {
		issuer = prm.AuthorizationServers[0]
		if prm.Resource != "" {
			c.resource = prm.Resource
		}
	}
	for _, u := range authServerMetadataURLs(issuer) {
		m, err := getAuthServerMeta(ctx, c.hc, u, issuer)
		if err != nil {
			return nil, err
		}
		if m != nil {
			c.meta = m
			return m, nil
		}
	}
	// No metadata: the endpoints the 2025-03-26 revision names as defaults.
	c.meta = &authServerMeta{Issuer: issuer, AuthorizationEndpoint: issuer + "/authorize",
		TokenEndpoint: issuer + "/token", RegistrationEndpoint: issuer + "/register"}
	return c.meta, nil
}

// authServerMetadataURLs lists where RFC 8414 and OpenID Connect
// Discovery put an issuer's metadata, in the order the MCP
// specification asks clients to try them.
func authServerMetadataURLs(issuer string) []string {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil
	}
	o := u.Scheme + "://" + u.Host
	p := strings.TrimSuffix(u.Path, "/")
	if p == "" {
		return []string{o + "/.well-known/oauth-authorization-server", o + "/.well-known/openid-configuration"}
	}
	return []string{o + "/.well-known/oauth-authorization-server" + p, o + "/.well-known/openid-configuration" + p,
		o + p + "/.well-known/openid-configuration"}
}

// register registers a new client for the redirect URI.
func (c *oauthClient) register(ctx context.Context, name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, err := c.discover(ctx)
	if err != nil {
		return err
	}
	if m.RegistrationEndpoint == "" {
		return errors.New("the authorization server does not support dynamic client registration")
	}
	method := "none"
	if c.clientSecret != "" {
		method = "client_secret_basic"
		if slices.Contains(m.TokenEndpointAuthMethodsSupported, "client_secret_post") && !slices.Contains(m.TokenEndpointAuthMethodsSupported, "client_secret_basic") {
			method = "client_secret_post"
		}
	}
	resp, err := registerClient(ctx, c.hc, m.RegistrationEndpoint, &clientRegistration{
		RedirectURIs: []string{c.redirect}, ClientName: name, TokenEndpointAuthMethod: method,
		GrantTypes: []string{"authorization_code", "refresh_token"}, ResponseTypes: []string{"code"},
		Scope: strings.Join(c.scopes, " "),
	})
	if err != nil {
		return err
	}
	c.clientID, c.authMethod = resp.ClientID, resp.TokenEndpointAuthMethod
	if resp.ClientSecret != "" {
		c.clientSecret = resp.ClientSecret
	}
	if c.authMethod == "" {
		c.authMethod = method
	}
	return nil
}

// config is the x/oauth2 view of the client; the caller holds c.mu.
func (c *oauthClient) config(m *authServerMeta) *oauth2.Config {
	style := oauth2.AuthStyleInHeader
	switch c.authMethod {
	case "client_secret_post", "none":
		style = oauth2.AuthStyleInParams
	case "":
		if c.clientSecret == "" || !slices.Contains(m.TokenEndpointAuthMethodsSupported, "client_secret_basic") && slices.Contains(m.TokenEndpointAuthMethodsSupported, "client_secret_post") {
			style = oauth2.AuthStyleInParams
		}
	}
	return &oauth2.Config{ClientID: c.clientID, ClientSecret: c.clientSecret, RedirectURL: c.redirect, Scopes: c.scopes,
		Endpoint: oauth2.Endpoint{AuthURL: m.AuthorizationEndpoint, TokenURL: m.TokenEndpoint, AuthStyle: style}}
}

// authCodeURL is the URL the user opens, with PKCE (S256) and the
// resource indicator (RFC 8707) the MCP specification requires.
func (c *oauthClient) authCodeURL(ctx context.Context, state, verifier string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, err := c.discover(ctx)
	if err != nil {
		return "", err
	}
	return c.config(m).AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("resource", c.resource)), nil
}

// exchange trades the code for a token and saves it.
func (c *oauthClient) exchange(ctx context.Context, code, verifier string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, err := c.discover(ctx)
	if err != nil {
		return err
	}
	tok, err := c.config(m).Exchange(context.WithValue(ctx, oauth2.HTTPClient, c.hc), code,
		oauth2.VerifierOption(verifier), oauth2.SetAuthURLParam("resource", c.resource))
	if err != nil {
		return err
	}
	return c.save(tokenFrom(tok))
}

func (c *oauthClient) save(t *Token) error {
	return c.store.Update(c.def.Name, c.def.URL, func(e *OAuthEntry) { e.Token = t })
}

// accessToken returns the stored access token, refreshing it through the
// token endpoint (and saving the new one) when it has expired.
func (c *oauthClient) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.store.Entry(c.def.Name, c.def.URL)
	if !ok || e.Token == nil || e.Token.AccessToken == "" {
		return "", errors.New("no token")
	}
	t := e.Token
	if !t.expiresSoon() {
		return t.AccessToken, nil
	}
	if t.RefreshToken == "" {
		return "", errors.New("token expired")
	}
	m, err := c.discover(ctx)
	if err != nil {
		return "", err
	}
	ts := c.config(m).TokenSource(context.WithValue(ctx, oauth2.HTTPClient, c.hc), &oauth2.Token{RefreshToken: t.RefreshToken})
	nt, err := ts.Token()
	if err != nil {
		return "", err
	}
	fresh := tokenFrom(nt)
	if fresh.RefreshToken == "" {
		fresh.RefreshToken = t.RefreshToken
	}
	if err := c.save(fresh); err != nil {
		return "", err
	}
	return fresh.AccessToken, nil
}

// randomToken is 32 random bytes, base64url: a PKCE verifier or a state.
func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read does not fail
	return base64.RawURLEncoding.EncodeToString(b)
}
