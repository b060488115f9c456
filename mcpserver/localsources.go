package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/justbash/justbash/sources/hostcmd"
	"github.com/justbash/justbash/sources/jsfile"
	"github.com/justbash/justbash/toolcmd"
)

// The two local source kinds: a JavaScript module (tools run in the
// sandboxed goja runtime; nothing but the module file is read from the
// host) and a host command (explicit host access, granted by naming the
// program in the config).

func relToConfig(f fields, p string) string {
	if p == "" || filepath.IsAbs(p) || f.file == "" {
		return p
	}
	return filepath.Join(filepath.Dir(f.file), p)
}

func (def *ServerDef) parseJS(f fields, m map[string]any) error {
	var err error
	for _, k := range []string{"file", "module"} {
		if v, has := m[k]; has && v != nil && def.File == "" {
			if def.File, err = f.str(k, v); err != nil {
				return err
			}
		}
	}
	if def.File == "" {
		return f.errorf("file", "is required for a js server (the module's path)")
	}
	def.File = relToConfig(f, def.File)
	return nil
}

func (def *ServerDef) parseCommand(f fields, m map[string]any) error {
	if err := def.parseLocal(f, m); err != nil {
		return err
	}
	def.Cwd = relToConfig(f, def.Cwd)
	tv, ok := m["tools"].(map[string]any)
	if !ok || len(tv) == 0 {
		return f.errorf("tools", "is required for a command server: an object of tool name → {description, parameters, approval}")
	}
	names := make([]string, 0, len(tv))
	for n := range tv {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		key := "tools." + n
		td := hostcmd.ToolDef{Name: n}
		spec, ok := tv[n].(map[string]any)
		if tv[n] != nil && !ok {
			return f.errorf(key, "must be an object (got %s)", describe(tv[n]))
		}
		for k, v := range spec {
			var err error
			switch k {
			case "description":
				td.Description, err = f.str(key+"."+k, v)
			case "approval":
				td.Approval, err = f.str(key+"."+k, v)
			case "parameters", "inputSchema":
				td.InputSchema, err = schemaJSON(f, key+"."+k, v)
			case "returns", "outputSchema":
				td.OutputSchema, err = schemaJSON(f, key+"."+k, v)
			default:
				err = f.errorf(key+"."+k, "unknown key (want description, parameters, returns, approval)")
			}
			if err != nil {
				return err
			}
		}
		def.CommandTools = append(def.CommandTools, td)
	}
	return nil
}

func schemaJSON(f fields, key string, v any) (json.RawMessage, error) {
	if _, ok := v.(map[string]any); !ok {
		return nil, f.errorf(key, "must be a JSON Schema object (got %s)", describe(v))
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, f.errorf(key, "%v", err)
	}
	return b, nil
}

// startJS loads a js server's module. When the module's exports hold one
// namespace named like the server ({math: {add}} for server math), its
// tools are taken from inside it, so `--tools math.js` and a config entry
// `math: {type: js, file: math.js}` give the same commands.
func startJS(ctx context.Context, def *ServerDef) (Upstream, error) {
	src, err := os.ReadFile(def.File)
	if err != nil {
		return nil, &StartError{Message: fmt.Sprintf("reading %s: %v", def.File, err)}
	}
	mod, err := jsfile.Load(ctx, def.File, src, jsfile.Options{})
	if err != nil {
		return nil, &StartError{Message: err.Error()}
	}
	inner := true
	for _, t := range mod.Tools() {
		inner = inner && strings.HasPrefix(t.Path, def.Name+".")
	}
	reg := toolcmd.NewRegistry()
	for _, t := range mod.Tools() {
		name := t.Path
		if inner {
			name = strings.TrimPrefix(name, def.Name+".")
		}
		if err := reg.Add(mod.Tool(t, def.Name+"."+name, def.Name)); err != nil {
			return nil, &StartError{Message: err.Error()}
		}
	}
	return &sourceUpstream{name: def.Name, closer: nopCloser{}, reg: reg}, nil
}

func startCommand(baseEnv []string, def *ServerDef) (Upstream, error) {
	reg := toolcmd.NewRegistry()
	src, err := hostcmd.Add(reg, hostcmd.Config{Name: def.Name, Command: def.Command, Dir: def.Cwd,
		BaseEnv: baseEnv, Env: def.Env, Tools: def.CommandTools})
	if err != nil {
		return nil, &StartError{Message: err.Error()}
	}
	return &sourceUpstream{name: def.Name, closer: src, reg: reg}, nil
}

type nopCloser struct{}

func (nopCloser) Close() error { return nil }

// ExposeTools applies a server's naming rules (prefix stripping,
// normalisation) and blocked_tools to the upstream's tools: the one
// function that decides what every surface — MCP meta tools, the MCP bash
// tool and the CLI — calls a tool.
func ExposeTools(def *ServerDef, set Settings, tools []UpstreamTool) ([]*ExposedTool, error) {
	out, _, err := exposeTools(def, set, tools)
	return out, err
}
