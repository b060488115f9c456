// Package mcpserver is the jsmcp-style meta-MCP server: it reads a config of
// upstream tool servers and presets, starts the servers once, and exposes a
// small set of meta tools (list_servers, list_tools, execute_code,
// fetch_logs, clear_logs, bash) over stdio, WebSocket, MCP Streamable HTTP
// and an HTTP JSON API. Servers may be MCP servers, OpenAPI documents or
// GraphQL endpoints (loaded with the sources packages); remote MCP servers
// get OAuth bearer tokens from the store `justbash mcp auth` fills.
//
// The package never reads the process environment itself: the caller hands
// it a lookup function (the CLI passes os.LookupEnv), so embedders decide
// what the config may see.
//
// Sessions (jsmcp.memory, logs, bash shells) live in the process, or with
// Options.Store in a shared store (package store: Redis) so that several
// server replicas serve any session: see shared.go.
package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
)

// ConfigFileNames are the names looked for in the config directory;
// exactly one of them must exist.
var ConfigFileNames = []string{"config.json", "config.yaml", "config.yml"}

// AppDirName is the directory under $XDG_CONFIG_HOME (and $XDG_DATA_HOME)
// that holds the config, the API key and the OAuth store.
const AppDirName = "justbash"

// Env looks up an environment variable, like os.LookupEnv.
type Env func(name string) (string, bool)

// Config is a parsed and validated config file.
type Config struct {
	// File is the path the config was read from ("" for an in-memory one).
	File string
	// Servers by name; Names lists them sorted.
	Servers map[string]*ServerDef
	Names   []string
	// Settings are the `jsmcp` (or `justbash`) top-level settings.
	Settings Settings
	// Presets by name; "default" always exists.
	Presets map[string]*Preset
}

// Settings are the global options.
type Settings struct {
	AutoStripToolPrefixes bool
	NormalizeToolNames    bool
	// Bind is the daemon's listen address when --bind is not given.
	Bind string
	// MaxWorkers (key max_workers) bounds the worker processes alive at
	// once; 0 leaves WorkerRunner.MaxWorkers or its default.
	MaxWorkers int
	// MaxSessionBytes (key max_session_bytes) is the memory budget all
	// sessions share; 0 leaves Options.MaxSessionBytes or its default.
	MaxSessionBytes int64
	// Approve is the consent policy for tools that change things
	// (consent.go); "" means prompt.
	Approve string
}

// ConfigError names the file, the key and the reason of a config problem.
type ConfigError struct {
	File   string
	Key    string // dotted path, "" for the whole file
	Reason string
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString("config")
	if e.File != "" {
		b.WriteString(" " + e.File)
	}
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Reason)
	return b.String()
}

// DirOptions say where the config directory is.
type DirOptions struct {
	Env  Env
	Home string // the user's home directory
}

// ConfigDir returns $XDG_CONFIG_HOME/justbash or ~/.config/justbash.
func ConfigDir(o DirOptions) string {
	return xdgDir(o, "XDG_CONFIG_HOME", ".config")
}

// DataDir returns $XDG_DATA_HOME/justbash or ~/.local/share/justbash.
func DataDir(o DirOptions) string {
	return xdgDir(o, "XDG_DATA_HOME", filepath.Join(".local", "share"))
}

func xdgDir(o DirOptions, envName, fallback string) string {
	if o.Env != nil {
		if v, ok := o.Env(envName); ok && v != "" {
			return filepath.Join(v, AppDirName)
		}
	}
	return filepath.Join(o.Home, fallback, AppDirName)
}

// FindConfig returns the one config file in dir, or an error when there is
// none or more than one.
func FindConfig(dir string) (string, error) {
	var found []string
	for _, n := range ConfigFileNames {
		p := filepath.Join(dir, n)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			found = append(found, p)
		}
	}
	switch len(found) {
	case 0:
		return "", &ConfigError{File: dir, Reason: "no config file found (want one of " + strings.Join(ConfigFileNames, ", ") + ")"}
	case 1:
		return found[0], nil
	}
	return "", &ConfigError{File: dir, Reason: "multiple config files found (" + strings.Join(baseNames(found), ", ") + "); keep exactly one"}
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// LoadOptions configure LoadConfig.
type LoadOptions struct {
	// Env answers {env:NAME} and ${NAME}; nil means every variable is unset.
	Env Env
	// Home resolves {file:~/...}.
	Home string
	// ReadFile reads {file:...} contents; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
}

// LoadConfig reads and validates the config file at path.
func LoadConfig(path string, o LoadOptions) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &ConfigError{File: path, Reason: readReason(err)}
	}
	return ParseConfig(path, data, o)
}

func readReason(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// ParseConfig parses config data; the format comes from the file
// extension (.yaml/.yml → YAML, anything else JSON). Relative {file:}
// paths resolve against the file's directory.
func ParseConfig(file string, data []byte, o LoadOptions) (*Config, error) {
	raw, err := decode(file, data)
	if err != nil {
		return nil, err
	}
	if o.ReadFile == nil {
		o.ReadFile = os.ReadFile
	}
	sub := substituter{file: file, dir: filepath.Dir(file), opts: o}
	raw, err = sub.walk(raw, "")
	if err != nil {
		return nil, err
	}
	top, ok := raw.(map[string]any)
	if !ok {
		return nil, &ConfigError{File: file, Reason: "the top level must be an object"}
	}
	return build(file, top)
}

func decode(file string, data []byte) (any, error) {
	var raw any
	ext := strings.ToLower(filepath.Ext(file))
	if ext == ".yaml" || ext == ".yml" {
		if len(bytes.TrimSpace(data)) == 0 {
			return map[string]any{}, nil
		}
		if err := yaml.Unmarshal(data, &raw); err != nil {
			return nil, &ConfigError{File: file, Reason: "invalid YAML: " + oneLine(err.Error())}
		}
		return normalizeYAML(raw), nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return nil, &ConfigError{File: file, Reason: "invalid JSON: " + err.Error()}
	}
	if dec.More() {
		return nil, &ConfigError{File: file, Reason: "invalid JSON: data after the top-level value"}
	}
	return raw, nil
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// normalizeYAML turns YAML's map[any]any and integer types into the shapes
// encoding/json produces, so one validator handles both formats.
func normalizeYAML(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = normalizeYAML(x)
		}
		return t
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[fmt.Sprint(k)] = normalizeYAML(x)
		}
		return m
	case []any:
		for i, x := range t {
			t[i] = normalizeYAML(x)
		}
		return t
	case int, int64, uint64, uint, int32, float32, float64:
		return json.Number(fmt.Sprint(t))
	}
	return v
}

// build validates the decoded tree.
func build(file string, top map[string]any) (*Config, error) {
	cfg := &Config{File: file, Servers: map[string]*ServerDef{}, Presets: map[string]*Preset{}}
	for k := range top {
		switch k {
		case "servers", "jsmcp", "justbash", "presets", "$schema":
		default:
			return nil, &ConfigError{File: file, Key: k, Reason: "unknown top-level key (want servers, jsmcp, presets)"}
		}
	}
	if err := cfg.parseSettings(top); err != nil {
		return nil, err
	}
	if v, ok := top["servers"]; ok && v != nil {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, &ConfigError{File: file, Key: "servers", Reason: "must be an object"}
		}
		for name, sv := range m {
			def, err := parseServer(file, name, sv)
			if err != nil {
				return nil, err
			}
			cfg.Servers[name] = def
			cfg.Names = append(cfg.Names, name)
		}
	}
	sort.Strings(cfg.Names)
	if err := cfg.parsePresets(top["presets"]); err != nil {
		return nil, err
	}
	return cfg, nil
}

func (cfg *Config) parseSettings(top map[string]any) error {
	cfg.Settings.Bind = "127.0.0.1"
	for _, key := range []string{"jsmcp", "justbash"} {
		v, ok := top[key]
		if !ok || v == nil {
			continue
		}
		m, ok := v.(map[string]any)
		if !ok {
			return &ConfigError{File: cfg.File, Key: key, Reason: "must be an object"}
		}
		for k, x := range m {
			f := fields{file: cfg.File, prefix: key}
			var err error
			switch k {
			case "auto_strip_tool_prefixes":
				cfg.Settings.AutoStripToolPrefixes, err = f.boolean(k, x)
			case "normalize_tool_names":
				cfg.Settings.NormalizeToolNames, err = f.boolean(k, x)
			case "bind":
				cfg.Settings.Bind, err = f.str(k, x)
				if err == nil && cfg.Settings.Bind == "" {
					err = f.errorf(k, "must not be empty")
				}
			case "max_workers":
				var n int64
				n, err = f.count(k, x, 1<<16)
				cfg.Settings.MaxWorkers = int(n)
			case "max_session_bytes":
				cfg.Settings.MaxSessionBytes, err = f.count(k, x, 1<<50)
			case "approve":
				cfg.Settings.Approve, err = f.str(k, x)
				if err == nil {
					if perr := CheckApprove(cfg.Settings.Approve); perr != nil {
						err = f.errorf(k, "%s", perr.Error())
					}
				}
			default:
				err = f.errorf(k, "unknown setting (want auto_strip_tool_prefixes, normalize_tool_names, bind, max_workers, max_session_bytes, approve)")
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// fields reports type errors for keys under one prefix.
type fields struct {
	file   string
	prefix string
}

func (f fields) key(k string) string {
	if f.prefix == "" {
		return k
	}
	return f.prefix + "." + k
}

func (f fields) errorf(k, format string, args ...any) error {
	return &ConfigError{File: f.file, Key: f.key(k), Reason: fmt.Sprintf(format, args...)}
}

func (f fields) boolean(k string, v any) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, f.errorf(k, "must be a boolean (got %s)", describe(v))
	}
	return b, nil
}

func (f fields) str(k string, v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", f.errorf(k, "must be a string (got %s)", describe(v))
	}
	return s, nil
}

func (f fields) strMap(k string, v any) (map[string]string, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, f.errorf(k, "must be an object of strings (got %s)", describe(v))
	}
	out := make(map[string]string, len(m))
	for name, x := range m {
		switch t := x.(type) {
		case string:
			out[name] = t
		case json.Number, bool:
			out[name] = fmt.Sprint(t)
		default:
			return nil, f.errorf(k+"."+name, "must be a string (got %s)", describe(x))
		}
	}
	return out, nil
}

func (f fields) strList(k string, v any) ([]string, error) {
	arr, ok := v.([]any)
	if !ok {
		return nil, f.errorf(k, "must be an array of strings (got %s)", describe(v))
	}
	out := make([]string, len(arr))
	for i, x := range arr {
		switch t := x.(type) {
		case string:
			out[i] = t
		case json.Number:
			out[i] = t.String()
		default:
			return nil, f.errorf(fmt.Sprintf("%s[%d]", k, i), "must be a string (got %s)", describe(x))
		}
	}
	return out, nil
}

// count is a whole number from 1 to max.
func (f fields) count(k string, v any, max int64) (int64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, f.errorf(k, "must be a positive whole number (got %s)", describe(v))
	}
	i, err := n.Int64()
	if err != nil || i < 1 || i > max {
		return 0, f.errorf(k, "must be a whole number from 1 to %d (got %s)", max, n)
	}
	return i, nil
}

func (f fields) millis(k string, v any) (time.Duration, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, f.errorf(k, "must be a number of milliseconds (got %s)", describe(v))
	}
	ms, err := n.Float64()
	if err != nil || ms <= 0 || ms > 24*3600*1000 {
		return 0, f.errorf(k, "must be a positive number of milliseconds (got %s)", n)
	}
	return time.Duration(ms * float64(time.Millisecond)), nil
}

// describe names a decoded JSON value's type for error messages.
func describe(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return fmt.Sprintf("string %q", t)
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}
