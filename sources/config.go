package sources

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/justbash/justbash/sources/graphql"
	"github.com/justbash/justbash/sources/mcp"
	"github.com/justbash/justbash/sources/openapi"
)

// ConfigOptions supplies what a config file may refer to. Nothing is read
// from the host unless the caller provides the function for it.
type ConfigOptions struct {
	// LookupEnv resolves {env:NAME}, ${NAME} and ${NAME:-default}; nil
	// makes every variable unset.
	LookupEnv func(string) (string, bool)
	// ReadFile resolves {file:path}; nil makes {file:…} an error.
	ReadFile func(path string) ([]byte, error)
	// Dir is the config file's directory: relative {file:…} paths, spec
	// paths and cwds are resolved against it.
	Dir string
	// BaseEnv is the environment stdio servers start from.
	BaseEnv []string
}

// rawServer is one entry of `servers`, in either dialect (OpenCode:
// command array, environment; Claude Code: command string + args, env).
type rawServer struct {
	Type        string            `yaml:"type"`
	Description string            `yaml:"description"`
	Enabled     *bool             `yaml:"enabled"`
	Timeout     float64           `yaml:"timeout"`
	Command     any               `yaml:"command"`
	Args        []string          `yaml:"args"`
	Env         map[string]string `yaml:"env"`
	Environment map[string]string `yaml:"environment"`
	Cwd         string            `yaml:"cwd"`
	URL         string            `yaml:"url"`
	Headers     map[string]string `yaml:"headers"`
	Spec        string            `yaml:"spec"`
	BaseURL     string            `yaml:"baseUrl"`
	QueryParams map[string]string `yaml:"queryParams"`
	Validate    string            `yaml:"validate"`
	// AllowExternalRefs lets an OpenAPI spec's $refs reach URLs and files
	// outside its own directory.
	AllowExternalRefs bool `yaml:"allowExternalRefs"`
}

// ParseConfig reads a jsmcp-style config (JSON or YAML) whose `servers`
// map names sources. Types: stdio/local, remote/http, sse (MCP), openapi
// (`spec`: URL or file path; `baseUrl`, `headers`, `queryParams`) and
// graphql (`url`, `headers`). Disabled servers are skipped. Other
// top-level keys (jsmcp, presets) are accepted and ignored.
func ParseConfig(data []byte, opts ConfigOptions) ([]Spec, error) {
	var tree any
	if err := yaml.Unmarshal(data, &tree); err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	tree, err := substitute(tree, opts)
	if err != nil {
		return nil, err
	}
	norm, err := yaml.Marshal(tree)
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	var doc struct {
		Servers map[string]rawServer `yaml:"servers"`
	}
	if err := yaml.Unmarshal(norm, &doc); err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	names := make([]string, 0, len(doc.Servers))
	for n := range doc.Servers {
		names = append(names, n)
	}
	sort.Strings(names)
	var specs []Spec
	var errs []error
	for _, n := range names {
		rs := doc.Servers[n]
		if rs.Enabled != nil && !*rs.Enabled {
			continue
		}
		sp, err := rs.spec(n, opts)
		if err != nil {
			errs = append(errs, fmt.Errorf("config: server %q: %v", n, err))
			continue
		}
		specs = append(specs, sp)
	}
	return specs, errors.Join(errs...)
}

func (rs rawServer) spec(name string, opts ConfigOptions) (Spec, error) {
	timeout := time.Duration(rs.Timeout * float64(time.Millisecond))
	switch strings.ToLower(rs.Type) {
	case "stdio", "local":
		cmd, args, err := rs.commandLine()
		if err != nil {
			return Spec{}, err
		}
		env := map[string]string{}
		for k, v := range rs.Env {
			env[k] = v
		}
		for k, v := range rs.Environment { // wins on duplicates, as in jsmcp
			env[k] = v
		}
		return Spec{MCP: &mcp.Config{Name: name, Type: "stdio", Command: cmd, Args: args, Env: env, BaseEnv: opts.BaseEnv, Dir: resolve(opts.Dir, rs.Cwd), ConnectTimeout: timeout}}, nil
	case "remote", "http", "streamable-http", "sse":
		if rs.URL == "" {
			return Spec{}, errors.New("missing url")
		}
		return Spec{MCP: &mcp.Config{Name: name, Type: rs.Type, URL: rs.URL, Headers: rs.Headers, ConnectTimeout: timeout}}, nil
	case "openapi":
		c := &openapi.Config{Name: name, BaseURL: rs.BaseURL, Headers: rs.Headers, Query: rs.QueryParams, Timeout: timeout, Strict: rs.Validate == "strict", AllowExternalRefs: rs.AllowExternalRefs}
		if rs.Validate != "" && rs.Validate != "strict" && rs.Validate != "warn" {
			return Spec{}, fmt.Errorf("validate: want \"strict\" or \"warn\", got %q", rs.Validate)
		}
		switch {
		case rs.Spec == "":
			return Spec{}, errors.New("missing spec (a URL or a file path)")
		case strings.HasPrefix(rs.Spec, "http://") || strings.HasPrefix(rs.Spec, "https://"):
			c.SpecURL = rs.Spec
		default:
			c.SpecPath = resolve(opts.Dir, rs.Spec)
		}
		return Spec{OpenAPI: c}, nil
	case "graphql":
		if rs.URL == "" {
			return Spec{}, errors.New("missing url")
		}
		return Spec{GraphQL: &graphql.Config{Name: name, URL: rs.URL, Headers: rs.Headers, Timeout: timeout}}, nil
	case "":
		return Spec{}, errors.New("missing type")
	}
	return Spec{}, fmt.Errorf("unknown type %q (want stdio, local, remote, http, sse, openapi or graphql)", rs.Type)
}

func (rs rawServer) commandLine() (string, []string, error) {
	switch c := rs.Command.(type) {
	case string:
		if c == "" {
			break
		}
		return c, rs.Args, nil
	case []any:
		if len(c) == 0 {
			break
		}
		parts := make([]string, len(c))
		for i, p := range c {
			parts[i] = fmt.Sprint(p)
		}
		return parts[0], append(parts[1:], rs.Args...), nil
	}
	return "", nil, errors.New("command must be a non-empty string or array")
}

func resolve(dir, p string) string {
	if p == "" || filepath.IsAbs(p) || dir == "" {
		return p
	}
	return filepath.Join(dir, p)
}

var (
	envBrace  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{env:([A-Za-z_][A-Za-z0-9_]*)\}`) })
	fileBrace = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{file:([^}]+)\}`) })
	dollar    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}`) })
)

// substitute expands {env:NAME}, ${NAME}, ${NAME:-default} and
// {file:path} in every string of the tree.
func substitute(node any, opts ConfigOptions) (any, error) {
	switch v := node.(type) {
	case string:
		return expand(v, opts)
	case map[string]any:
		for k, sub := range v {
			x, err := substitute(sub, opts)
			if err != nil {
				return nil, err
			}
			v[k] = x
		}
	case []any:
		for i, sub := range v {
			x, err := substitute(sub, opts)
			if err != nil {
				return nil, err
			}
			v[i] = x
		}
	}
	return node, nil
}

func expand(s string, opts ConfigOptions) (string, error) {
	lookup := func(name string) (string, bool) {
		if opts.LookupEnv == nil {
			return "", false
		}
		return opts.LookupEnv(name)
	}
	s = envBrace().ReplaceAllStringFunc(s, func(m string) string {
		v, _ := lookup(envBrace().FindStringSubmatch(m)[1])
		return v
	})
	s = dollar().ReplaceAllStringFunc(s, func(m string) string {
		sm := dollar().FindStringSubmatch(m)
		if v, ok := lookup(sm[1]); ok && (v != "" || sm[2] == "") {
			return v
		}
		return sm[3]
	})
	var ferr error
	s = fileBrace().ReplaceAllStringFunc(s, func(m string) string {
		p := fileBrace().FindStringSubmatch(m)[1]
		if opts.ReadFile == nil {
			ferr = fmt.Errorf("config: {file:%s}: file substitution not available", p)
			return ""
		}
		if strings.HasPrefix(p, "~/") {
			if home, ok := lookup("HOME"); ok {
				p = filepath.Join(home, p[2:])
			}
		}
		b, err := opts.ReadFile(resolve(opts.Dir, p))
		if err != nil {
			ferr = fmt.Errorf("config: {file:%s}: %v", p, err)
			return ""
		}
		return strings.TrimRight(string(b), "\n")
	})
	return s, ferr
}
