// Package openapi turns the operations of an OpenAPI 3.0/3.1 or Swagger 2
// spec into tools, one per operation, at `<name>.<group>.<operationId>`.
//
// Naming rule (see Naming for the code):
//   - group is the first path segment that is not a version ("v1", "v2.1",
//     "v2_1"), not "api"/"rest" and not a template ("{id}"): GET /api/v1/pets
//     → "pets". When no segment qualifies (GET /, GET /{id}) the operation's
//     first tag is used, else "root". Tags are otherwise ignored: the URL
//     is what users see in docs and logs, and tags are often absent or many.
//   - the leaf is the operationId; characters a path segment cannot hold
//     become "_". A missing operationId is derived from method and path:
//     GET /pets/{petId}/toys → "getPetsByPetIdToys".
//   - collisions: operations are visited in (path, method) order; the first
//     keeps the name, a later one gets "_<method>" appended, then "_2", "_3"…
//
// Arguments are one object: path, query, header and cookie parameters by
// name (a name used twice gets the location prefixed: "header_id"), the
// request body's properties by name (one a parameter already uses becomes
// "body_<name>"), and the whole body as "body" — flat fields are merged
// into it. An argument that maps to nothing is an error, never dropped;
// only a body schema that explicitly allows additional properties takes
// unlisted arguments. Writes (anything but GET/HEAD/OPTIONS) require
// approval unless Config.NoWriteApproval is set.
package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/goccy/go-yaml"
	"github.com/justbash/justbash/toolcmd"
)

// Config describes one OpenAPI source. Exactly one of Spec, SpecPath and
// SpecURL is given.
type Config struct {
	// Name is the namespace of the tools.
	Name string
	// Spec is the spec text (JSON or YAML).
	Spec []byte
	// SpecPath is a file on the host, read by the embedder's grant.
	SpecPath string
	// SpecURL is fetched with HTTPClient.
	SpecURL string

	// BaseURL overrides the spec's servers.
	BaseURL string
	// Headers and Query are sent on every call.
	Headers map[string]string
	Query   map[string]string
	// Auth, when set, may change every outgoing request (add a token,
	// sign it); an error fails the call.
	Auth func(*http.Request) error
	// HTTPClient makes the calls (and fetches SpecURL); nil uses a client
	// with Timeout.
	HTTPClient *http.Client
	// Timeout bounds each call when HTTPClient is nil (default 60s).
	Timeout time.Duration
	// AllowExternalRefs lets $refs point at other files or URLs. Off by
	// default: a spec must not make the host read arbitrary locations.
	AllowExternalRefs bool
	// NoWriteApproval registers non-GET operations without the approval
	// requirement.
	NoWriteApproval bool
	// SkipValidation registers tools from specs that fail validation.
	SkipValidation bool
}

// Source is a loaded spec whose operations are registered.
type Source struct {
	cfg   Config
	reg   *toolcmd.Registry
	src   toolcmd.Source
	doc   *openapi3.T
	root  map[string]any
	base  string
	http  *http.Client
	paths []string
}

// Paths lists the registered tool paths, sorted.
func (s *Source) Paths() []string { return append([]string(nil), s.paths...) }

// Close unregisters the tools.
func (s *Source) Close() error {
	s.reg.RemoveSource(s.src)
	return nil
}

func errorf(name, format string, args ...any) error {
	return fmt.Errorf("openapi source %q: %s", name, fmt.Sprintf(format, args...))
}

// Add loads the spec and registers one tool per operation. Operations that
// cannot be registered are reported in the returned error while the others
// stay registered (the Source is then non-nil too).
func Add(ctx context.Context, reg *toolcmd.Registry, cfg Config) (*Source, error) {
	if cfg.Name == "" {
		return nil, errors.New("openapi source: missing name")
	}
	if reg == nil {
		return nil, errorf(cfg.Name, "nil registry")
	}
	s := &Source{cfg: cfg, reg: reg, src: toolcmd.Source{Kind: toolcmd.SourceOpenAPI, Name: cfg.Name}, http: cfg.HTTPClient}
	if s.http == nil {
		t := cfg.Timeout
		if t <= 0 {
			t = 60 * time.Second
		}
		s.http = &http.Client{Timeout: t}
	}
	data, specURL, err := s.readSpec(ctx)
	if err != nil {
		return nil, errorf(cfg.Name, "%v", err)
	}
	if err := s.load(ctx, data, specURL); err != nil {
		return nil, errorf(cfg.Name, "%v", err)
	}
	return s, s.register()
}

func (s *Source) readSpec(ctx context.Context) ([]byte, *url.URL, error) {
	c := s.cfg
	n := 0
	for _, set := range []bool{len(c.Spec) > 0, c.SpecPath != "", c.SpecURL != ""} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, nil, errors.New("give exactly one of spec text, spec file or spec URL")
	}
	switch {
	case len(c.Spec) > 0:
		return c.Spec, nil, nil
	case c.SpecPath != "":
		b, err := os.ReadFile(c.SpecPath)
		if err != nil {
			return nil, nil, fmt.Errorf("read spec: %v", err)
		}
		return b, nil, nil
	}
	u, err := url.Parse(c.SpecURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, nil, fmt.Errorf("spec URL %q: want an http or https URL", c.SpecURL)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.SpecURL, nil)
	if err != nil {
		return nil, nil, err
	}
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("fetch spec: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return nil, nil, fmt.Errorf("fetch spec: %v", err)
	}
	if resp.StatusCode/100 != 2 {
		return nil, nil, fmt.Errorf("fetch spec: HTTP %s", resp.Status)
	}
	return b, u, nil
}

// load parses the spec into the v3 model (converting Swagger 2) and keeps
// a JSON tree of it for $ref inlining.
func (s *Source) load(ctx context.Context, data []byte, loc *url.URL) error {
	js := bytes.TrimSpace(data)
	if len(js) == 0 || js[0] != '{' {
		var err error
		if js, err = yaml.YAMLToJSON(data); err != nil {
			return fmt.Errorf("parse spec: %v", err)
		}
	}
	var probe struct {
		Swagger string `json:"swagger"`
		OpenAPI string `json:"openapi"`
	}
	if err := json.Unmarshal(js, &probe); err != nil {
		return fmt.Errorf("parse spec: %v", err)
	}
	loader := openapi3.NewLoader()
	loader.Context = ctx
	loader.IsExternalRefsAllowed = s.cfg.AllowExternalRefs
	var doc *openapi3.T
	var err error
	switch {
	case strings.HasPrefix(probe.Swagger, "2."):
		var d2 openapi2.T
		if err := json.Unmarshal(js, &d2); err != nil {
			return fmt.Errorf("parse swagger 2 spec: %v", err)
		}
		doc, err = openapi2conv.ToV3WithLoader(&d2, loader, loc)
	case strings.HasPrefix(probe.OpenAPI, "3."):
		if loc != nil {
			doc, err = loader.LoadFromDataWithPath(js, loc)
		} else {
			doc, err = loader.LoadFromData(js)
		}
	default:
		return errors.New("not an OpenAPI 3.x or Swagger 2 spec (no \"openapi\" or \"swagger\" version field)")
	}
	if err != nil {
		return fmt.Errorf("load spec: %v", err)
	}
	if !s.cfg.SkipValidation {
		if err := doc.Validate(ctx); err != nil {
			return fmt.Errorf("invalid spec: %v", err)
		}
	}
	s.doc = doc
	tree, err := json.Marshal(doc)
	if err != nil {
		return fmt.Errorf("encode spec: %v", err)
	}
	if err := json.Unmarshal(tree, &s.root); err != nil {
		return fmt.Errorf("encode spec: %v", err)
	}
	s.base = s.baseURL(loc)
	return nil
}

// baseURL picks the override, else the first server with its variables'
// defaults filled in, resolved against the spec's own URL when relative.
func (s *Source) baseURL(loc *url.URL) string {
	if s.cfg.BaseURL != "" {
		return strings.TrimRight(s.cfg.BaseURL, "/")
	}
	if len(s.doc.Servers) == 0 || s.doc.Servers[0] == nil {
		if loc != nil {
			return loc.Scheme + "://" + loc.Host
		}
		return ""
	}
	srv := s.doc.Servers[0]
	u := srv.URL
	for name, v := range srv.Variables {
		if v != nil {
			u = strings.ReplaceAll(u, "{"+name+"}", v.Default)
		}
	}
	if loc != nil {
		if ref, err := url.Parse(u); err == nil {
			u = loc.ResolveReference(ref).String()
		}
	}
	return strings.TrimRight(u, "/")
}
