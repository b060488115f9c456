package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/justbash/justbash/mcpserver"
	"github.com/justbash/justbash/sources"
	"github.com/justbash/justbash/sources/graphql"
	"github.com/justbash/justbash/sources/openapi"
	"github.com/justbash/justbash/toolcmd"
)

// openapiCacheDir is where processed OpenAPI specs are kept between runs:
// $XDG_CACHE_HOME/justbash/openapi (the user cache dir elsewhere). A
// spec's second load reads its tools from there instead of processing it.
func openapiCacheDir() string {
	base := os.Getenv("XDG_CACHE_HOME")
	if base == "" {
		var err error
		if base, err = os.UserCacheDir(); err != nil {
			return ""
		}
	}
	return filepath.Join(base, "justbash", "openapi")
}

// startHTTP loads an OpenAPI or GraphQL source straight into the shell's
// registry (through the MCP server's naming rules, so names match
// `justbash mcp`) and keeps the loader's warnings for `tools list`: a
// spec with a few broken operations is ready, with the skipped ones
// named, not failed.
func (ts *toolSet) startHTTP(ctx context.Context, cfg *mcpserver.Config, def *mcpserver.ServerDef, rule mcpserver.Rule, s *lazySource) {
	var spec sources.Spec
	if def.Kind == mcpserver.KindOpenAPI {
		c := &openapi.Config{Name: def.Name, BaseURL: def.BaseURL, Headers: def.Headers, Query: def.Query, Strict: def.Validate == "strict"}
		if strings.HasPrefix(def.Spec, "http://") || strings.HasPrefix(def.Spec, "https://") {
			c.SpecURL = def.Spec
		} else {
			c.SpecPath = def.Spec
		}
		spec.OpenAPI = c
	} else {
		spec.GraphQL = &graphql.Config{Name: def.Name, URL: def.URL, Headers: def.Headers}
	}
	priv := toolcmd.NewRegistry()
	set := sources.LoadAll(ctx, priv, []sources.Spec{spec})
	r := set.Results[0]
	if len(r.Tools) == 0 {
		set.Close()
		msg := "the source has no operations"
		if r.Err != nil {
			msg = oneLine(sourcePrefix().ReplaceAllString(r.Err.Error(), ""))
		}
		s.settle(stateFailed, msg, 0)
		return
	}
	var ups []mcpserver.UpstreamTool
	for _, t := range priv.List() {
		ups = append(ups, mcpserver.UpstreamTool{Name: strings.TrimPrefix(t.Path, def.Name+"."), Title: t.Annotations.Title,
			Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Annotations: t.Annotations})
	}
	exposed, err := mcpserver.ExposeTools(def, cfg.Settings, ups)
	if err != nil {
		set.Close()
		s.settle(stateFailed, err.Error(), 0)
		return
	}
	n := 0
	for _, e := range exposed {
		if !rule.Allows(e.Name) {
			continue
		}
		orig, ok := priv.Get(def.Name + "." + e.Upstream)
		if !ok {
			continue
		}
		// The names `justbash mcp` gives (SKILL.md documents them):
		// gh.repos_pulls_list_files; `gh repos --help` still lists the
		// group and tools.gh.reposPullsListFiles reaches it from JS.
		orig.Path = def.Name + "." + e.Alias
		if ts.reg.Add(orig) == nil {
			n++
		}
	}
	var we *openapi.WarningsError
	s.mu.Lock()
	if errors.As(r.Err, &we) {
		s.problems = we.Warnings
	}
	s.closer = set
	s.mu.Unlock()
	if ctx.Err() != nil { // closed while starting
		set.Close()
	}
	s.settle(stateReady, "", n)
}
