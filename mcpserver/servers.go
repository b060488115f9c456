package mcpserver

import (
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/sources/hostcmd"
)

// Server kinds after dialect normalisation.
const (
	KindStdio   = "stdio"   // type local or stdio
	KindHTTP    = "http"    // type remote or http (streamable HTTP)
	KindSSE     = "sse"     // type sse
	KindOpenAPI = "openapi" // an OpenAPI document as a tool source
	KindGraphQL = "graphql" // a GraphQL endpoint as a tool source
	KindJS      = "js"      // a JavaScript/TypeScript module run in the sandbox
	KindCommand = "command" // a host program run once per call
)

var serverTypes = map[string]string{
	"local": KindStdio, "stdio": KindStdio,
	"remote": KindHTTP, "http": KindHTTP,
	"sse":     KindSSE,
	"openapi": KindOpenAPI, "graphql": KindGraphQL,
	"js": KindJS, "javascript": KindJS, "command": KindCommand,
}

// typeList is the message listing the accepted types.
const typeList = "local, stdio, remote, http, sse, openapi, graphql, js, command"

// StripRule is a server's strip_tool_prefix setting.
type StripRule int

// StripRule values.
const (
	StripInherit StripRule = iota // not set: follow jsmcp.auto_strip_tool_prefixes
	StripNone                     // false
	StripInfer                    // true: infer the shared prefix
	StripFixed                    // a string: remove exactly that prefix
)

// ServerDef is one validated servers.<name> entry.
type ServerDef struct {
	Name        string
	Kind        string // KindStdio, KindHTTP, …
	Type        string // the type as written
	Description string
	Enabled     bool
	// Timeout bounds initial tool discovery; 0 means the default.
	Timeout time.Duration

	Strip       StripRule
	StripPrefix string // for StripFixed
	Normalize   *bool  // nil: follow jsmcp.normalize_tool_names
	Blocked     []Selector

	// Stdio servers.
	Command []string // program and arguments
	Env     map[string]string
	Cwd     string

	// Remote servers and HTTP tool sources.
	URL     string
	Headers map[string]string
	OAuth   *OAuthConfig // nil when disabled or not a remote server

	// OpenAPI (Spec: URL or path of the document; BaseURL overrides its
	// servers) and GraphQL (URL is the endpoint).
	Spec    string
	BaseURL string
	// Query parameters an OpenAPI source sends on every call.
	Query map[string]string
	// Validate is an OpenAPI source's `validate`: "strict" fails the
	// whole spec on any problem; otherwise broken operations are skipped.
	Validate string

	// File is a js server's module (resolved against the config file).
	File string
	// CommandTools are the tools a command server declares.
	CommandTools []hostcmd.ToolDef
}

// OAuthConfig is a remote server's oauth setting; an empty one means
// dynamic client registration with the server's default scopes.
type OAuthConfig struct {
	ClientID     string
	ClientSecret string
	Scope        string
}

// identRe is an ASCII JavaScript identifier; reserved words are checked
// separately.
var identRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`) })

var jsReserved = map[string]bool{}

// reservedGlobals are names execute_code already uses for its own globals.
var reservedGlobals = map[string]bool{
	"jsmcp": true, "data": true, "console": true, "tools": true, "globalThis": true,
	"setTimeout": true, "setInterval": true, "clearTimeout": true, "clearInterval": true,
	"TextEncoder": true, "TextDecoder": true, "undefined": true, "NaN": true, "Infinity": true,
}

func init() {
	for _, w := range []string{"break", "case", "catch", "class", "const", "continue", "debugger",
		"default", "delete", "do", "else", "enum", "export", "extends", "false", "finally", "for",
		"function", "if", "import", "in", "instanceof", "new", "null", "return", "super", "switch",
		"this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "let",
		"static", "implements", "interface", "package", "private", "protected", "public", "await",
		"arguments", "eval"} {
		jsReserved[w] = true
	}
}

// ValidServerName reports why name cannot be a server name ("" if it can):
// each server becomes a JavaScript global in execute_code.
func ValidServerName(name string) string {
	switch {
	case !identRe().MatchString(name):
		return "server names must be valid JavaScript identifiers (letters, digits, _ and $, not starting with a digit)"
	case jsReserved[name]:
		return "server name is a JavaScript reserved word"
	case reservedGlobals[name]:
		return "server name is taken by a built-in global of execute_code"
	}
	return ""
}

func parseServer(file, name string, v any) (*ServerDef, error) {
	f := fields{file: file, prefix: "servers." + name}
	if why := ValidServerName(name); why != "" {
		return nil, &ConfigError{File: file, Key: "servers." + name, Reason: why}
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, &ConfigError{File: file, Key: f.prefix, Reason: "must be an object (got " + describe(v) + ")"}
	}
	def := &ServerDef{Name: name, Enabled: true}
	if err := def.parseCommon(f, m); err != nil {
		return nil, err
	}
	switch def.Kind {
	case KindStdio:
		return def, def.parseLocal(f, m)
	case KindJS:
		return def, def.parseJS(f, m)
	case KindCommand:
		return def, def.parseCommand(f, m)
	case KindOpenAPI:
		return def, def.parseOpenAPI(f, m)
	}
	return def, def.parseRemote(f, m)
}

func (def *ServerDef) parseCommon(f fields, m map[string]any) error {
	t, ok := m["type"]
	if !ok {
		return f.errorf("type", "is required (one of %s)", typeList)
	}
	s, err := f.str("type", t)
	if err != nil {
		return err
	}
	def.Type = s
	if def.Kind, ok = serverTypes[s]; !ok {
		return f.errorf("type", "must be one of %s (got %q)", typeList, s)
	}
	for _, k := range []string{"headersHelper", "callbackPort", "authServerMetadataUrl"} {
		if _, has := m[k]; has {
			return f.errorf(k, "is not supported")
		}
	}
	if v, has := m["description"]; has && v != nil {
		if def.Description, err = f.str("description", v); err != nil {
			return err
		}
	}
	if v, has := m["enabled"]; has && v != nil {
		if def.Enabled, err = f.boolean("enabled", v); err != nil {
			return err
		}
	}
	if v, has := m["timeout"]; has && v != nil {
		if def.Timeout, err = f.millis("timeout", v); err != nil {
			return err
		}
	}
	if err := def.parseNaming(f, m); err != nil {
		return err
	}
	if v, has := m["blocked_tools"]; has && v != nil {
		if def.Blocked, err = parseSelectors(f, "blocked_tools", v); err != nil {
			return err
		}
	}
	return nil
}

func (def *ServerDef) parseNaming(f fields, m map[string]any) error {
	if v, has := m["strip_tool_prefix"]; has && v != nil {
		switch t := v.(type) {
		case bool:
			def.Strip = StripNone
			if t {
				def.Strip = StripInfer
			}
		case string:
			if t == "" {
				return f.errorf("strip_tool_prefix", "must not be an empty string")
			}
			def.Strip, def.StripPrefix = StripFixed, t
		default:
			return f.errorf("strip_tool_prefix", "must be a string or a boolean (got %s)", describe(v))
		}
	}
	if v, has := m["normalize_tool_names"]; has && v != nil {
		b, err := f.boolean("normalize_tool_names", v)
		if err != nil {
			return err
		}
		def.Normalize = &b
	}
	return nil
}

func (def *ServerDef) parseLocal(f fields, m map[string]any) error {
	cmd, ok := m["command"]
	if !ok || cmd == nil {
		return f.errorf("command", "is required for a %s server", def.Type)
	}
	switch t := cmd.(type) {
	case string:
		if t == "" {
			return f.errorf("command", "must not be empty")
		}
		def.Command = []string{t}
	case []any:
		list, err := f.strList("command", t)
		if err != nil {
			return err
		}
		if len(list) == 0 || list[0] == "" {
			return f.errorf("command", "must be a non-empty array")
		}
		def.Command = list
	default:
		return f.errorf("command", "must be a string or an array of strings (got %s)", describe(cmd))
	}
	if v, has := m["args"]; has && v != nil {
		args, err := f.strList("args", v)
		if err != nil {
			return err
		}
		def.Command = append(def.Command, args...)
	}
	env, err := f.strMap("env", m["env"])
	if err != nil {
		return err
	}
	environment, err := f.strMap("environment", m["environment"])
	if err != nil {
		return err
	}
	// environment wins over env on duplicate keys, as documented.
	def.Env = map[string]string{}
	for k, v := range env {
		def.Env[k] = v
	}
	for k, v := range environment {
		def.Env[k] = v
	}
	if v, has := m["cwd"]; has && v != nil {
		if def.Cwd, err = f.str("cwd", v); err != nil {
			return err
		}
	}
	return nil
}

func (def *ServerDef) parseRemote(f fields, m map[string]any) error {
	u, ok := m["url"]
	if !ok || u == nil {
		return f.errorf("url", "is required for a %s server", def.Type)
	}
	var err error
	if def.URL, err = f.str("url", u); err != nil {
		return err
	}
	if def.URL == "" {
		return f.errorf("url", "must not be empty")
	}
	if def.Headers, err = f.strMap("headers", m["headers"]); err != nil {
		return err
	}
	if def.Kind == KindGraphQL {
		return nil
	}
	return def.parseOAuth(f, m)
}

func (def *ServerDef) parseOpenAPI(f fields, m map[string]any) error {
	var err error
	for _, k := range []string{"spec", "url"} {
		if v, has := m[k]; has && v != nil && def.Spec == "" {
			if def.Spec, err = f.str(k, v); err != nil {
				return err
			}
		}
	}
	if def.Spec == "" {
		return f.errorf("spec", "is required for an openapi server (a URL or a file path)")
	}
	if !isHTTPURL(def.Spec) && !filepath.IsAbs(def.Spec) && f.file != "" {
		// A relative spec path is relative to the config file, like {file:…}.
		def.Spec = filepath.Join(filepath.Dir(f.file), def.Spec)
	}
	if v, has := m["baseUrl"]; has && v != nil {
		if def.BaseURL, err = f.str("baseUrl", v); err != nil {
			return err
		}
	}
	if def.Query, err = f.strMap("queryParams", m["queryParams"]); err != nil {
		return err
	}
	if v, has := m["validate"]; has && v != nil {
		if def.Validate, err = f.str("validate", v); err != nil {
			return err
		}
		if def.Validate != "strict" && def.Validate != "warn" {
			return f.errorf("validate", "must be \"strict\" or \"warn\" (got %q)", def.Validate)
		}
	}
	def.Headers, err = f.strMap("headers", m["headers"])
	return err
}

func isHTTPURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// parseOAuth: omitted, null or true enable OAuth with defaults; false turns
// it off; an object may set clientId, clientSecret and scope.
func (def *ServerDef) parseOAuth(f fields, m map[string]any) error {
	v, has := m["oauth"]
	if !has || v == nil {
		def.OAuth = &OAuthConfig{}
		return nil
	}
	switch t := v.(type) {
	case bool:
		if t {
			def.OAuth = &OAuthConfig{}
		}
		return nil
	case map[string]any:
		o := &OAuthConfig{}
		for k, x := range t {
			if k != "clientId" && k != "clientSecret" && k != "scope" {
				return f.errorf("oauth."+k, "is not supported (want clientId, clientSecret, scope)")
			}
			s, ok := x.(string)
			if !ok && x != nil {
				return f.errorf("oauth."+k, "must be a string (got %s)", describe(x))
			}
			switch k {
			case "clientId":
				o.ClientID = s
			case "clientSecret":
				o.ClientSecret = s
			case "scope":
				o.Scope = s
			}
		}
		def.OAuth = o
		return nil
	}
	return f.errorf("oauth", "must be a boolean, null or an object (got %s)", describe(v))
}
