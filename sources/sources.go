// Package sources loads tool sources — MCP servers, OpenAPI specs and
// GraphQL endpoints — into a toolcmd.Registry, each independently: one
// source failing never stops the others. It also reads the config file
// the CLI and the MCP server share (see ParseConfig).
package sources

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/justbash/justbash/sources/graphql"
	"github.com/justbash/justbash/sources/mcp"
	"github.com/justbash/justbash/sources/openapi"
	"github.com/justbash/justbash/toolcmd"
)

// Spec is one source; exactly one field is set.
type Spec struct {
	MCP     *mcp.Config
	OpenAPI *openapi.Config
	GraphQL *graphql.Config
}

// Name is the source's namespace.
func (s Spec) Name() string {
	switch {
	case s.MCP != nil:
		return s.MCP.Name
	case s.OpenAPI != nil:
		return s.OpenAPI.Name
	case s.GraphQL != nil:
		return s.GraphQL.Name
	}
	return ""
}

// Kind is the source's kind.
func (s Spec) Kind() toolcmd.SourceKind {
	switch {
	case s.MCP != nil:
		return toolcmd.SourceMCP
	case s.OpenAPI != nil:
		return toolcmd.SourceOpenAPI
	case s.GraphQL != nil:
		return toolcmd.SourceGraphQL
	}
	return ""
}

// Result is the outcome of loading one source.
type Result struct {
	Name string
	Kind toolcmd.SourceKind
	// Tools are the registered paths (some may be registered even when
	// Err reports that others failed).
	Tools []string
	Err   error

	closer io.Closer
}

// Set is the loaded sources; Close disconnects them all.
type Set struct {
	Results []Result
}

// Err joins the errors of the sources that failed, nil if none did.
func (s *Set) Err() error {
	var errs []error
	for _, r := range s.Results {
		if r.Err != nil {
			errs = append(errs, r.Err)
		}
	}
	return errors.Join(errs...)
}

// Close closes every loaded source (stopping MCP servers) and unregisters
// their tools.
func (s *Set) Close() error {
	var errs []error
	for _, r := range s.Results {
		if r.closer != nil {
			if err := r.closer.Close(); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", r.Name, err))
			}
		}
	}
	return errors.Join(errs...)
}

// LoadAll loads the sources concurrently. Each gets its own Result, in
// the order of specs; a source whose name is already used by an earlier
// one is refused rather than mixing two sources in one namespace.
func LoadAll(ctx context.Context, reg *toolcmd.Registry, specs []Spec) *Set {
	set := &Set{Results: make([]Result, len(specs))}
	seen := map[string]int{}
	var wg sync.WaitGroup
	for i, sp := range specs {
		name, kind := sp.Name(), sp.Kind()
		set.Results[i] = Result{Name: name, Kind: kind}
		if kind == "" {
			set.Results[i].Err = fmt.Errorf("source %d: no kind given", i+1)
			continue
		}
		if j, dup := seen[name]; dup {
			set.Results[i].Err = fmt.Errorf("%s source %q: name already used by the %s source", kind, name, specs[j].Kind())
			continue
		}
		seen[name] = i
		wg.Add(1)
		go func(i int, sp Spec) {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					set.Results[i].Err = fmt.Errorf("%s source %q: panic while loading: %v", sp.Kind(), sp.Name(), p)
				}
			}()
			r := &set.Results[i]
			r.Tools, r.closer, r.Err = load(ctx, reg, sp)
		}(i, sp)
	}
	wg.Wait()
	return set
}

func load(ctx context.Context, reg *toolcmd.Registry, sp Spec) ([]string, io.Closer, error) {
	switch {
	case sp.MCP != nil:
		s, err := mcp.Add(ctx, reg, *sp.MCP)
		if s == nil {
			return nil, nil, err
		}
		return sorted(s.Paths()), s, err
	case sp.OpenAPI != nil:
		s, err := openapi.Add(ctx, reg, *sp.OpenAPI)
		if s == nil {
			return nil, nil, err
		}
		return s.Paths(), s, err
	default:
		s, err := graphql.Add(ctx, reg, *sp.GraphQL)
		if s == nil {
			return nil, nil, err
		}
		return s.Paths(), s, err
	}
}

func sorted(s []string) []string {
	sort.Strings(s)
	return s
}
