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
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"
)

// document is a spec file kept mostly as raw JSON: only the parts an
// operation needs are decoded, when it needs them, so a 13 MB spec never
// exists as one tree of Go maps (the old loader held three copies).
type document struct {
	version string // "2.0", "3.0.x", "3.1.x"
	swagger bool
	paths   map[string]json.RawMessage
	// sections maps a top-level JSON pointer prefix ("components/schemas",
	// "definitions", "parameters"…) to its raw entries by name.
	sections map[string]map[string]json.RawMessage
	servers  []server
	// Swagger 2 request defaults.
	consumes []string
	host     string
	basePath string
	schemes  []string

	raw  []byte // the JSON text, for pointers outside the known sections
	full any    // raw decoded whole, on first such pointer
	once sync.Once
}

type server struct {
	URL       string `json:"url"`
	Variables map[string]struct {
		Default string `json:"default"`
	} `json:"variables"`
}

// maxSpecBytes bounds a spec (and each external file it refers to).
const maxSpecBytes = 64 << 20

// toJSON accepts JSON or YAML text.
func toJSON(data []byte) ([]byte, error) {
	js := bytes.TrimSpace(data)
	if len(js) > 0 && js[0] == '{' {
		return js, nil
	}
	// Aliases may repeat a subtree; a document may not hold more values
	// than a few times its bytes once they are expanded.
	if err := checkYAMLAliases(data, 4*int64(len(data))+1<<16); err != nil {
		return nil, err
	}
	out, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, fmt.Errorf("parse spec: %v", err)
	}
	return out, nil
}

func parseDocument(data []byte) (*document, error) {
	js, err := toJSON(data)
	if err != nil {
		return nil, err
	}
	var top struct {
		OpenAPI    string                                `json:"openapi"`
		Swagger    string                                `json:"swagger"`
		Paths      map[string]json.RawMessage            `json:"paths"`
		Components map[string]map[string]json.RawMessage `json:"components"`
		Servers    []server                              `json:"servers"`
		Defs       map[string]json.RawMessage            `json:"definitions"`
		Params     map[string]json.RawMessage            `json:"parameters"`
		Responses  map[string]json.RawMessage            `json:"responses"`
		Consumes   []string                              `json:"consumes"`
		Host       string                                `json:"host"`
		BasePath   string                                `json:"basePath"`
		Schemes    []string                              `json:"schemes"`
	}
	if err := json.Unmarshal(js, &top); err != nil {
		return nil, fmt.Errorf("parse spec: %v", err)
	}
	d := &document{paths: top.Paths, servers: top.Servers, raw: js, sections: map[string]map[string]json.RawMessage{}}
	switch {
	case strings.HasPrefix(top.Swagger, "2."):
		d.version, d.swagger = top.Swagger, true
		d.sections["definitions"] = top.Defs
		d.sections["parameters"] = top.Params
		d.sections["responses"] = top.Responses
		d.consumes, d.host, d.basePath, d.schemes = top.Consumes, top.Host, top.BasePath, top.Schemes
	case strings.HasPrefix(top.OpenAPI, "3."):
		d.version = top.OpenAPI
		for kind, m := range top.Components {
			d.sections["components/"+kind] = m
		}
	default:
		return nil, errors.New("not an OpenAPI 3.x or Swagger 2 spec (no \"openapi\" or \"swagger\" version field)")
	}
	return d, nil
}

// is31 reports an OpenAPI 3.1 document, whose schemas are JSON Schema
// 2020-12 already (no nullable, numeric exclusive bounds, type arrays).
func (d *document) is31() bool { return strings.HasPrefix(d.version, "3.1") }

// pointer resolves a JSON pointer ("/components/schemas/Pet") in d,
// decoding only the entry it lands in when it can.
func (d *document) pointer(ptr string) (any, bool) {
	toks := splitPointer(ptr)
	if len(toks) >= 2 {
		for n := 2; n >= 1; n-- {
			if len(toks) <= n {
				continue
			}
			sec, ok := d.sections[strings.Join(toks[:n], "/")]
			if !ok {
				continue
			}
			raw, ok := sec[toks[n]]
			if !ok {
				return nil, false
			}
			var v any
			if json.Unmarshal(raw, &v) != nil {
				return nil, false
			}
			return walk(v, toks[n+1:])
		}
	}
	d.once.Do(func() { _ = json.Unmarshal(d.raw, &d.full) })
	return walk(d.full, toks)
}

func splitPointer(ptr string) []string {
	ptr = strings.TrimPrefix(ptr, "/")
	if ptr == "" {
		return nil
	}
	toks := strings.Split(ptr, "/")
	for i, t := range toks {
		if u, err := url.PathUnescape(t); err == nil {
			t = u
		}
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

func walk(cur any, toks []string) (any, bool) {
	for _, tok := range toks {
		switch c := cur.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// externals loads the files external $refs name. A local spec grants its
// own directory (and below); URLs and anything else only with
// AllowExternalRefs.
type externals struct {
	ctx    context.Context
	dir    string   // the spec file's directory, "" when not a file
	base   *url.URL // the spec's URL, when fetched
	allow  bool
	client *http.Client
	docs   map[string]any // by resolved location
	used   bool
}

// resolve names the document a ref's file part points at, relative to
// the document the ref is in ("" is the main spec).
func (x *externals) resolve(from, file string) (string, error) {
	if strings.HasPrefix(file, "http://") || strings.HasPrefix(file, "https://") {
		if !x.allow {
			return "", fmt.Errorf("external $ref %q: URLs are not allowed (set allowExternalRefs)", file)
		}
		return file, nil
	}
	if strings.HasPrefix(from, "http://") || strings.HasPrefix(from, "https://") || (from == "" && x.base != nil) {
		base := x.base
		if from != "" {
			base, _ = url.Parse(from)
		}
		if base == nil || !x.allow {
			return "", fmt.Errorf("external $ref %q: not allowed for a spec fetched by URL (set allowExternalRefs)", file)
		}
		ref, err := url.Parse(file)
		if err != nil {
			return "", err
		}
		return base.ResolveReference(ref).String(), nil
	}
	if x.dir == "" {
		return "", fmt.Errorf("external $ref %q: the spec was given as text, so there is no directory to resolve it in", file)
	}
	dir := x.dir
	if from != "" {
		dir = filepath.Dir(from)
	}
	p := filepath.Clean(filepath.Join(dir, filepath.FromSlash(file)))
	if !x.allow {
		rel, err := filepath.Rel(x.dir, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			return "", fmt.Errorf("external $ref %q: outside the spec's directory", file)
		}
	}
	return p, nil
}

func (x *externals) load(loc string) (any, error) {
	if v, ok := x.docs[loc]; ok {
		return v, nil
	}
	x.used = true
	var data []byte
	var err error
	if strings.HasPrefix(loc, "http://") || strings.HasPrefix(loc, "https://") {
		data, err = fetch(x.ctx, x.client, loc)
	} else {
		data, err = readBounded(loc)
	}
	if err != nil {
		return nil, err
	}
	js, err := toJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", loc, err)
	}
	var v any
	if err := json.Unmarshal(js, &v); err != nil {
		return nil, fmt.Errorf("%s: %v", loc, err)
	}
	if x.docs == nil {
		x.docs = map[string]any{}
	}
	x.docs[loc] = v
	return v, nil
}

func readBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if fi.Size() > maxSpecBytes {
			return nil, fmt.Errorf("%s: larger than %d MB", path, maxSpecBytes>>20)
		}
		// Sized once: growing a 13 MB buffer by doubling costs more
		// than reading it.
		b := make([]byte, fi.Size())
		if _, err := io.ReadFull(f, b); err == nil {
			return b, nil
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
	}
	b, err := io.ReadAll(io.LimitReader(f, maxSpecBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxSpecBytes {
		return nil, fmt.Errorf("%s: larger than %d MB", path, maxSpecBytes>>20)
	}
	return b, nil
}

func fetch(ctx context.Context, client *http.Client, u string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch spec: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxSpecBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch spec: %v", err)
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("fetch spec: HTTP %s", resp.Status)
	}
	if len(b) > maxSpecBytes {
		return nil, fmt.Errorf("fetch spec: larger than %d MB", maxSpecBytes>>20)
	}
	return b, nil
}
