// Package graphql turns the root fields of a GraphQL endpoint into tools:
// `<name>.query.<field>` and `<name>.mutation.<field>`.
//
// The schema comes from introspection (converted to SDL and loaded with
// gqlparser) or from SDL given by the host. Each field's arguments become
// typed variables; the selection set is generated (scalars and enums,
// nested objects to Depth levels, at most MaxFields per object, no type
// repeated along a path) unless the caller passes an explicit `select`.
// GraphQL errors become tool errors; mutations require approval.
package graphql

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/justbash/justbash/toolcmd"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// Defaults for the generated selection sets.
const (
	DefaultDepth     = 2
	DefaultMaxFields = 12
)

// Config describes one GraphQL endpoint.
type Config struct {
	// Name is the namespace of the tools.
	Name string
	// URL is the endpoint queries are POSTed to.
	URL string
	// SDL, when set, is used instead of introspecting the endpoint.
	SDL string
	// Headers are sent on every request; Auth may change each request.
	Headers map[string]string
	Auth    func(*http.Request) error
	// HTTPClient sends requests; nil uses one with Timeout (default 60s).
	HTTPClient *http.Client
	Timeout    time.Duration
	// Depth and MaxFields bound generated selection sets.
	Depth     int
	MaxFields int
	// NoMutationApproval registers mutations without the approval
	// requirement.
	NoMutationApproval bool
}

// Source is a loaded endpoint whose fields are registered.
type Source struct {
	cfg    Config
	reg    *toolcmd.Registry
	src    toolcmd.Source
	schema *ast.Schema
	http   *http.Client
	paths  []string
}

// Paths lists the registered tool paths, sorted.
func (s *Source) Paths() []string { return append([]string(nil), s.paths...) }

// Schema returns the loaded schema.
func (s *Source) Schema() *ast.Schema { return s.schema }

// Close unregisters the tools.
func (s *Source) Close() error {
	s.reg.RemoveSource(s.src)
	return nil
}

func errorf(name, format string, args ...any) error {
	return fmt.Errorf("graphql source %q: %s", name, fmt.Sprintf(format, args...))
}

// Add loads the schema and registers one tool per Query and Mutation field.
func Add(ctx context.Context, reg *toolcmd.Registry, cfg Config) (*Source, error) {
	if cfg.Name == "" {
		return nil, errors.New("graphql source: missing name")
	}
	if reg == nil {
		return nil, errorf(cfg.Name, "nil registry")
	}
	if cfg.URL == "" {
		return nil, errorf(cfg.Name, "missing url")
	}
	if cfg.Depth <= 0 {
		cfg.Depth = DefaultDepth
	}
	if cfg.MaxFields <= 0 {
		cfg.MaxFields = DefaultMaxFields
	}
	s := &Source{cfg: cfg, reg: reg, src: toolcmd.Source{Kind: toolcmd.SourceGraphQL, Name: cfg.Name}, http: cfg.HTTPClient}
	if s.http == nil {
		t := cfg.Timeout
		if t <= 0 {
			t = 60 * time.Second
		}
		s.http = &http.Client{Timeout: t}
	}
	sdl := cfg.SDL
	if sdl == "" {
		data, _, err := s.post(ctx, introspectionQuery, nil)
		if err != nil {
			return nil, errorf(cfg.Name, "introspection: %v", err)
		}
		if sdl, err = introspectionToSDL(data); err != nil {
			return nil, errorf(cfg.Name, "introspection: %v", err)
		}
	}
	schema, gerr := gqlparser.LoadSchema(&ast.Source{Name: cfg.Name, Input: sdl})
	if gerr != nil {
		return nil, errorf(cfg.Name, "schema: %v", gerr)
	}
	s.schema = schema
	return s, s.register()
}

// gqlError is one entry of a response's "errors".
type gqlError struct {
	Message string `json:"message"`
	Path    []any  `json:"path,omitempty"`
}

// post sends one operation and returns its "data". Errors beside data
// (a field that failed while others resolved) are returned with it;
// errors without data fail the call.
func (s *Source) post(ctx context.Context, query string, vars map[string]any) (json.RawMessage, []gqlError, error) {
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return nil, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.URL, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/graphql-response+json, application/json")
	for k, v := range s.cfg.Headers {
		req.Header.Set(k, v)
	}
	if s.cfg.Auth != nil {
		if err := s.cfg.Auth(req); err != nil {
			return nil, nil, fmt.Errorf("auth: %v", err)
		}
	}
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	if err != nil {
		return nil, nil, err
	}
	var out struct {
		Data   json.RawMessage `json:"data"`
		Errors []gqlError      `json:"errors"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		text := strings.TrimSpace(string(raw))
		if len(text) > 2000 {
			text = text[:2000] + "…"
		}
		if resp.StatusCode/100 != 2 {
			return nil, nil, fmt.Errorf("HTTP %s: %s", resp.Status, text)
		}
		return nil, nil, fmt.Errorf("response is not JSON: %s", text)
	}
	if len(out.Errors) > 0 && hasData(out.Data) {
		// Partial success: the caller gets the data and the errors.
		return out.Data, out.Errors, nil
	}
	if len(out.Errors) > 0 {
		msgs := make([]string, len(out.Errors))
		for i, e := range out.Errors {
			msgs[i] = e.Message
			if len(e.Path) > 0 {
				msgs[i] += fmt.Sprintf(" (at %v)", pathString(e.Path))
			}
		}
		return nil, nil, errors.New(strings.Join(msgs, "; "))
	}
	if resp.StatusCode/100 != 2 {
		return nil, nil, fmt.Errorf("HTTP %s", resp.Status)
	}
	return out.Data, nil, nil
}

// hasData reports a "data" that is present and not null.
func hasData(d json.RawMessage) bool {
	t := bytes.TrimSpace(d)
	return len(t) > 0 && string(t) != "null"
}

func pathString(p []any) string {
	parts := make([]string, len(p))
	for i, e := range p {
		parts[i] = fmt.Sprint(e)
	}
	return strings.Join(parts, ".")
}
