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
//
// Loading reads what can be read: an operation the loader cannot make
// sense of (an unresolvable $ref, a parameter without a name) is skipped
// and reported in Warnings, never the whole spec, unless Strict is set.
// Schemas stay references (see compile.go), and the processed spec is
// cached by content hash (see cache.go), so a large spec costs its load
// once. The loader is our own over encoding/json: no OpenAPI library is
// linked into the binary.
package openapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// Config describes one OpenAPI source. Exactly one of Spec, SpecPath and
// SpecURL is given.
type Config struct {
	// Name is the namespace of the tools.
	Name string
	// Spec is the spec text (JSON or YAML).
	Spec []byte
	// SpecPath is a file on the host, read by the embedder's grant; its
	// directory is granted to relative external $refs.
	SpecPath string
	// SpecURL is fetched with HTTPClient.
	SpecURL string

	// BaseURL overrides the spec's servers.
	BaseURL string
	// Headers and Query are sent on every call; an argument the caller
	// gives explicitly wins over a Query entry of the same name.
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
	// AllowExternalRefs lets $refs point at URLs and at files outside the
	// spec's directory. Off by default: a spec must not make the host read
	// arbitrary locations.
	AllowExternalRefs bool
	// NoWriteApproval registers non-GET operations without the approval
	// requirement.
	NoWriteApproval bool
	// Strict fails the whole spec on any problem instead of skipping the
	// operations concerned (config: `validate: strict`).
	Strict bool
	// SkipValidation is accepted for compatibility; problems never stop
	// loading unless Strict is set.
	SkipValidation bool
	// CacheDir keeps processed specs, keyed by content hash; "" uses
	// DefaultCacheDir, and "-" turns caching off.
	CacheDir string
	// LoadTimeout bounds reading and processing the spec (default 60s).
	LoadTimeout time.Duration
}

// DefaultCacheDir is the cache used when Config.CacheDir is empty; empty
// means no cache. The CLI sets it to $XDG_CACHE_HOME/justbash/openapi.
var DefaultCacheDir string

// Source is a loaded spec whose operations are registered.
type Source struct {
	cfg      Config
	reg      *toolcmd.Registry
	src      toolcmd.Source
	base     string
	http     *http.Client
	paths    []string
	warnings []string
	cached   bool
}

// Paths lists the registered tool paths, sorted.
func (s *Source) Paths() []string { return append([]string(nil), s.paths...) }

// Warnings lists the problems found while loading: skipped operations
// and what was assumed for others, each naming its operation.
func (s *Source) Warnings() []string { return append([]string(nil), s.warnings...) }

// FromCache reports whether the processed spec came from the cache.
func (s *Source) FromCache() bool { return s.cached }

// Close unregisters the tools.
func (s *Source) Close() error {
	s.reg.RemoveSource(s.src)
	return nil
}

func errorf(name, format string, args ...any) error {
	return fmt.Errorf("openapi source %q: %s", name, fmt.Sprintf(format, args...))
}

// WarningsError is returned by Add beside a usable Source when some
// operations were skipped.
type WarningsError struct {
	Name     string
	Warnings []string
}

func (e *WarningsError) Error() string {
	const show = 5
	w := e.Warnings
	more := ""
	if len(w) > show {
		more = fmt.Sprintf("; and %d more", len(w)-show)
		w = w[:show]
	}
	return fmt.Sprintf("openapi source %q: %d problem(s): %s%s", e.Name, len(e.Warnings), strings.Join(w, "; "), more)
}

// Add loads the spec and registers one tool per operation. Operations
// that cannot be used are skipped and reported (as a *WarningsError,
// with the Source non-nil); with Strict any problem fails the spec.
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
	lt := cfg.LoadTimeout
	if lt <= 0 {
		lt = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, lt)
	defer cancel()
	var recs []record
	var err error
	if e, ok := s.cachedByFile(); ok {
		// The spec file is unchanged since its entry was written: its
		// 13 MB need not even be read.
		s.cached, s.warnings, recs = true, e.Warnings, e.Records
		s.base = s.baseURL(e.Servers, nil)
	} else {
		var data []byte
		var specURL *url.URL
		data, specURL, err = s.readSpec(ctx)
		if err != nil {
			return nil, errorf(cfg.Name, "%v", err)
		}
		recs, err = s.load(ctx, data, specURL)
	}
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			err = fmt.Errorf("%w: processing took longer than %v", ErrBudget, lt)
		}
		return nil, fmt.Errorf("openapi source %q: %w", cfg.Name, err)
	}
	if cfg.Strict && len(s.warnings) > 0 {
		return nil, errorf(cfg.Name, "invalid spec (validate: strict): %s", strings.Join(s.warnings, "; "))
	}
	if err := s.register(recs); err != nil {
		return s, err
	}
	if len(s.warnings) > 0 {
		return s, &WarningsError{Name: cfg.Name, Warnings: s.warnings}
	}
	return s, nil
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
		if len(c.Spec) > maxSpecBytes {
			return nil, nil, fmt.Errorf("%w: spec larger than %d MB", ErrBudget, maxSpecBytes>>20)
		}
		return c.Spec, nil, nil
	case c.SpecPath != "":
		b, err := readBounded(c.SpecPath)
		if err != nil {
			return nil, nil, fmt.Errorf("read spec: %v", err)
		}
		return b, nil, nil
	}
	u, err := url.Parse(c.SpecURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, nil, fmt.Errorf("spec URL %q: want an http or https URL", c.SpecURL)
	}
	b, err := fetch(ctx, s.http, c.SpecURL)
	if err != nil {
		return nil, nil, err
	}
	return b, u, nil
}

// load returns the processed operations, from the cache when the same
// spec was processed before.
func (s *Source) load(ctx context.Context, data []byte, loc *url.URL) ([]record, error) {
	key := s.cacheKey(data, loc)
	defer s.rememberFile(key)
	if e, ok := s.cacheGet(key); ok {
		s.cached = true
		s.warnings = e.Warnings
		s.base = s.baseURL(e.Servers, loc)
		return e.Records, nil
	}
	d, err := parseDocument(data)
	if err != nil {
		return nil, err
	}
	x := &externals{ctx: ctx, allow: s.cfg.AllowExternalRefs, client: s.http, base: loc}
	if s.cfg.SpecPath != "" {
		if abs, err := filepath.Abs(s.cfg.SpecPath); err == nil {
			x.dir = filepath.Dir(abs)
		}
	}
	srv := d.servers
	if d.swagger {
		srv = swaggerServers(d)
	}
	recs, warns, err := s.process(ctx, d, x)
	if err != nil {
		return nil, err
	}
	s.warnings = warns
	s.base = s.baseURL(srv, loc)
	if !x.used {
		// A spec with external refs depends on more than its own bytes.
		s.cachePut(key, &cacheEntry{Records: recs, Warnings: warns, Servers: srv})
	}
	return recs, nil
}

// swaggerServers derives the server of a Swagger 2 spec.
func swaggerServers(d *document) []server {
	if d.host == "" && d.basePath == "" {
		return nil
	}
	scheme := "https"
	if len(d.schemes) > 0 {
		scheme = d.schemes[0]
	}
	u := d.basePath
	if d.host != "" {
		u = scheme + "://" + d.host + d.basePath
	}
	return []server{{URL: u}}
}

// baseURL picks the override, else the first server with its variables'
// defaults filled in, resolved against the spec's own URL when relative.
func (s *Source) baseURL(srv []server, loc *url.URL) string {
	if s.cfg.BaseURL != "" {
		return strings.TrimRight(s.cfg.BaseURL, "/")
	}
	if len(srv) == 0 {
		if loc != nil {
			return loc.Scheme + "://" + loc.Host
		}
		return ""
	}
	return serverURL(srv[0], loc)
}

func serverURL(srv server, loc *url.URL) string {
	u := srv.URL
	for name, v := range srv.Variables {
		u = strings.ReplaceAll(u, "{"+name+"}", v.Default)
	}
	if loc != nil {
		if ref, err := url.Parse(u); err == nil {
			u = loc.ResolveReference(ref).String()
		}
	}
	return strings.TrimRight(u, "/")
}
