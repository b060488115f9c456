// Package jsfile turns a JavaScript (or TypeScript) module into tools: every
// function it exports becomes a tool, run in the sandboxed goja runtime of
// jsexec — no host files, processes or network, fresh VM per call.
//
//	module.exports = { math: { add: ({a, b}) => ({sum: a + b}) } }
//
// A tool may also be an object that carries its own help and JSON Schemas:
//
//	export default { math: { add: {
//	  description: "Add two numbers",
//	  parameters: {type: "object", properties: {a: {type: "number"}, b: {type: "number"}}, required: ["a", "b"]},
//	  run: ({a, b}) => ({sum: a + b}),
//	} } }
//
// (run may also be spelled handler or execute; parameters inputSchema;
// returns outputSchema; approval: "POST /todo" makes each call ask first.)
// The file is read from the host once, by the embedder, and compiled to
// CommonJS with esbuild; nothing inside a call can reach the host.
package jsfile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/justbash/justbash/jsexec"
)

// MaxSourceBytes bounds the module text; a tools file is code, not data.
const MaxSourceBytes = 4 << 20

// Tool is one exported function.
type Tool struct {
	// Path is dot-separated, relative to the module's exports.
	Path         string
	Description  string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	// Approval, when set, is the label of a consent prompt ("POST /todo"):
	// the call changes something and must be approved first.
	Approval string
}

// Module is a loaded tools module.
type Module struct {
	name   string
	cjs    string
	tools  []Tool
	limits jsexec.Limits
}

// Options tune Load.
type Options struct {
	// Limits bound each call (and the discovery run); zero fields take
	// jsexec's defaults, except Timeout which defaults to 30 s.
	Limits jsexec.Limits
}

// Load compiles src (the text of file name; .ts/.mts/.cts are TypeScript)
// and discovers its tools by running it once.
func Load(ctx context.Context, name string, src []byte, opts Options) (*Module, error) {
	if len(src) > MaxSourceBytes {
		return nil, fmt.Errorf("%s: module larger than %d bytes", name, MaxSourceBytes)
	}
	loader := api.LoaderJS
	switch strings.ToLower(filepath.Ext(name)) {
	case ".ts", ".mts", ".cts":
		loader = api.LoaderTS
	}
	res := api.Transform(string(src), api.TransformOptions{
		Loader: loader, Format: api.FormatCommonJS, Target: api.ES2020,
		Sourcefile: filepath.Base(name), LogLevel: api.LogLevelSilent,
		Supported: map[string]bool{"dynamic-import": false, "for-await": false, "async-generator": false},
	})
	if len(res.Errors) > 0 {
		e := res.Errors[0]
		if e.Location != nil {
			return nil, fmt.Errorf("%s:%d:%d: %s", name, e.Location.Line, e.Location.Column+1, e.Text)
		}
		return nil, fmt.Errorf("%s: %s", name, e.Text)
	}
	m := &Module{name: filepath.Base(name), cjs: string(res.Code), limits: opts.Limits}
	if m.limits.Timeout <= 0 {
		m.limits.Timeout = 30 * time.Second
	}
	out, err := m.run(ctx, describeJS, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := json.Unmarshal(out, &m.tools); err != nil {
		return nil, fmt.Errorf("%s: reading the exports: %v", name, err)
	}
	if len(m.tools) == 0 {
		return nil, fmt.Errorf("%s: exports no functions", name)
	}
	return m, nil
}

// Tools lists the exported tools, sorted by path.
func (m *Module) Tools() []Tool { return m.tools }

// Call runs the tool at path with args (a JSON object, or empty) in a fresh
// VM and returns the JSON of what it returned (awaited when a promise).
func (m *Module) Call(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	var v any
	if err := json.Unmarshal(args, &v); err != nil {
		return nil, fmt.Errorf("invalid arguments: %v", err)
	}
	return m.run(ctx, callJS, map[string]any{"__jsfile_path": strings.Split(path, "."), "__jsfile_args": v})
}

func (m *Module) run(ctx context.Context, tail string, globals map[string]any) (json.RawMessage, error) {
	// The module runs as a CommonJS function of its own; what follows it
	// only sees module.exports.
	code := "const __jsfile_m = {exports: {}};\n(function (module, exports, require) {\n" + m.cjs +
		"\n})(__jsfile_m, __jsfile_m.exports, function (n) { throw new Error('Cannot require \"' + n + '\": tools modules run without modules'); });\n" +
		exportsJS + tail
	res, err := jsexec.Run(ctx, code, jsexec.RunOptions{Globals: globals, Filename: m.name + ".tool.js", Limits: m.limits})
	if err != nil {
		var je *jsexec.Error
		if errors.As(err, &je) {
			return nil, errors.New(strings.TrimPrefix(je.Message, "Uncaught "))
		}
		return nil, err
	}
	return res.Value, nil
}

// exportsJS picks the tools object: an ES module's default export, else
// module.exports.
const exportsJS = `
let __jsfile_ex = __jsfile_m.exports;
if (__jsfile_ex && __jsfile_ex.__esModule && __jsfile_ex.default && typeof __jsfile_ex.default === 'object') __jsfile_ex = __jsfile_ex.default;
function __jsfile_fn(v) {
  if (typeof v === 'function') return v;
  if (v && typeof v === 'object') {
    for (const k of ['run', 'handler', 'execute']) if (typeof v[k] === 'function') return v[k];
  }
  return null;
}
`

const describeJS = `
const __jsfile_out = [];
(function walk(obj, prefix, depth) {
  if (depth > 8) return; // namespaces nest at most 8 deep
  for (const k of Object.keys(obj).sort()) {
    if (k === '__esModule') continue;
    const v = obj[k];
    const fn = __jsfile_fn(v);
    const path = prefix.concat([k]);
    if (fn) {
      const meta = typeof v === 'object' ? v : (fn.meta || {});
      __jsfile_out.push({
        Path: path.join('.'),
        Description: String(meta.description || ''),
        InputSchema: meta.parameters || meta.inputSchema || null,
        OutputSchema: meta.returns || meta.outputSchema || null,
        Approval: meta.approval ? String(meta.approval) : '',
      });
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      walk(v, path, depth + 1);
    }
  }
})(__jsfile_ex || {}, [], 0);
return __jsfile_out;
`

const callJS = `
let __jsfile_t = __jsfile_ex;
for (const k of __jsfile_path) __jsfile_t = __jsfile_t == null ? undefined : __jsfile_t[k];
const __jsfile_f = __jsfile_fn(__jsfile_t);
if (!__jsfile_f) throw new Error('no tool ' + __jsfile_path.join('.'));
const __jsfile_r = await __jsfile_f.call(__jsfile_t, __jsfile_args);
return __jsfile_r === undefined ? null : __jsfile_r;
`
