package jsexec

import (
	"encoding/json"
	"errors"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// moduleSyntax spots static import/export statements (not import()).
var moduleSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\s*(import\s*[\w{*'"]|export\s+[\w{*]|export\s+default\b)`)
})

// isModule reports static import/export statements in code. The pattern
// has no literal prefix, so the regexp engine tries it at every position
// (6 µs of a 70 µs `return 1`, milliseconds for a long script): code that
// never says import or export is answered by a plain search.
func isModule(code string) bool {
	return (strings.Contains(code, "import") || strings.Contains(code, "export")) && moduleSyntax().MatchString(code)
}

// hasDynamicImport reports import(...) in code, searching for the word
// before running the pattern.
func hasDynamicImport(code string) bool {
	return strings.Contains(code, "import") && dynamicImport().MatchString(code)
}

func isTS(name string) bool {
	return strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".mts") || strings.HasSuffix(name, ".cts")
}

// prepare turns the user's code into a script body goja can run. Plain
// scripts pass through untouched (fast path). ES modules and TypeScript go
// through esbuild, in-process, with every import resolved from the sandbox
// FS by a plugin, so esbuild never looks at the host. mapped reports that
// the body carries its own source map (esbuild's, so stacks point at the
// user's lines); its first line is a banner comment, so the wrapper that
// goes in front of it shifts no mapped position.
func (r *rt) prepare(code string) (body string, mapped bool, err error) {
	if err := r.checkNesting(code); err != nil {
		return "", false, err
	}
	ts := r.opts.TypeScript || isTS(r.opts.Filename)
	mod := r.opts.Module || strings.HasSuffix(r.opts.Filename, ".mjs") || strings.HasSuffix(r.opts.Filename, ".mts") || isModule(code)
	if !ts && !mod && !needsLowering(code) {
		return code, false, nil
	}
	r.lowersImport = hasDynamicImport(code)
	if !mod {
		loader := api.LoaderJS
		if ts {
			loader = api.LoaderTS
		}
		res := api.Transform(code, api.TransformOptions{
			Loader: loader, Sourcefile: r.filename(), Target: api.ES2020, Banner: banner,
			Supported: supported(), LogLevel: api.LogLevelSilent, Sourcemap: api.SourceMapExternal,
			Define: map[string]string{"import.meta.url": r.metaURL()},
		})
		if len(res.Errors) > 0 {
			return "", false, esbuildError(res.Errors, r.filename())
		}
		return withMap(string(res.Code), res.Map, r.filename()), true, nil
	}
	out, err := r.bundle(code, ts)
	return out, err == nil, err
}

// banner is esbuild's first output line (see prepare).
const banner = "// js-exec"

// metaURL is the JSON literal import.meta.url becomes: the main script's
// file URL, or node's "<cwd>/[eval1]" for inline code. Every bundled module
// sees the main script's URL (esbuild's define is global to the build).
func (r *rt) metaURL() string {
	name := "[eval1]"
	dir := "/"
	if r.opts.Host != nil {
		dir = r.opts.Host.Dir
	}
	if r.opts.Filename != "" {
		name = r.opts.Filename
	}
	b, _ := json.Marshal("file://" + path.Join(dir, name))
	if path.IsAbs(name) {
		b, _ = json.Marshal("file://" + name)
	}
	return string(b)
}

// supported tells esbuild what goja handles natively, so it only lowers
// the rest (async generators and for await, which goja lacks).
// It is made per build, not held in a package-level map built at every
// start of the binary.
func supported() map[string]bool {
	return map[string]bool{"top-level-await": true, "dynamic-import": false, "for-await": false, "async-generator": false}
}

// needsLowering spots syntax goja cannot parse in plain scripts, which
// then go through esbuild like TypeScript does.
func needsLowering(code string) bool {
	return strings.Contains(code, "for await") || strings.Contains(code, "async function*") ||
		strings.Contains(code, "async *") || strings.Contains(code, "import.meta") || hasDynamicImport(code)
}

// dynamicImport spots import(...), which goja's parser does not know:
// esbuild lowers it to a promise of the sandbox's require.
var dynamicImport = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bimport\s*\(`) })

// withMap appends esbuild's source map, with readable source names, as an
// inline comment goja decodes.
func withMap(code string, m []byte, mainName string) string {
	if fixed := renameSources(m, mainName); fixed != nil {
		return code + inlineMap(fixed)
	}
	return code
}

const (
	nsVFS     = "jsexec-vfs"
	nsBuiltin = "jsexec-builtin"
	// entrySrc is the bundle's entry, a module importing the user's code.
	entrySrc = `import "<main>";`
)

func (r *rt) bundle(code string, ts bool) (string, error) {
	dir := "/"
	if r.opts.Host != nil {
		dir = r.opts.Host.Dir
	}
	if r.opts.Filename != "" && r.opts.Host != nil {
		dir = path.Dir(r.opts.Host.Abs(r.opts.Filename))
	}
	loader := api.LoaderJS
	if ts {
		loader = api.LoaderTS
	}
	res := api.Build(api.BuildOptions{
		// The entry is a virtual module that imports the user's code, so the
		// bundle has no export statement left and fits in a function body.
		// It is given as stdin, not as an entry point: esbuild looks for
		// an entry point path on its real file system first (it listed the
		// host's working directory, "/"), while stdin it only parses. Every
		// import then goes through the plugin, never the host.
		Stdin:         &api.StdinOptions{Contents: entrySrc, Loader: api.LoaderJS},
		Bundle:        true,
		Write:         false,
		Format:        api.FormatESModule,
		Platform:      api.PlatformNeutral,
		Target:        api.ES2020,
		Supported:     supported(),
		Sourcemap:     api.SourceMapExternal,
		Outfile:       "/jsexec-out.js",
		Banner:        map[string]string{"js": banner},
		Define:        map[string]string{"import.meta.url": r.metaURL()},
		TreeShaking:   api.TreeShakingFalse,
		AbsWorkingDir: "/",
		LogLevel:      api.LogLevelSilent,
		Plugins:       []api.Plugin{r.vfsPlugin(code, dir, loader)},
	})
	if len(res.Errors) > 0 {
		if r.ctx.Err() != nil {
			return "", r.ctxError() // a module was refused by a limit
		}
		return "", esbuildError(res.Errors, r.filename())
	}
	var js, sm []byte
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".map") {
			sm = f.Contents
		} else {
			js = f.Contents
		}
	}
	if js == nil {
		return "", &Error{Kind: KindSyntax, Message: "js-exec: bundling produced no output"}
	}
	return withMap(string(js), sm, r.filename()), nil
}

func (r *rt) vfsPlugin(code, dir string, loader api.Loader) api.Plugin {
	return api.Plugin{Name: "jsexec-vfs", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.Path == "<main>" {
				return api.OnResolveResult{Path: "<main>", Namespace: nsVFS}, nil
			}
			name := strings.TrimPrefix(a.Path, "node:")
			if !strings.HasPrefix(name, "/") && !strings.HasPrefix(name, "./") && !strings.HasPrefix(name, "../") {
				return api.OnResolveResult{Path: name, Namespace: nsBuiltin}, nil
			}
			base := a.ResolveDir
			if base == "" {
				base = dir
			}
			p, ok := r.resolveVFS(name, base)
			if !ok {
				return api.OnResolveResult{}, &moduleNotFound{a.Path}
			}
			return api.OnResolveResult{Path: p, Namespace: nsVFS}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: nsBuiltin}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			// Resolved at run time by the sandbox's require (which also
			// reports modules that do not exist).
			src := "module.exports = __jsexec_require(" + quoteJS(a.Path) + ");"
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: dir}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: nsVFS}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			if a.Path == "<main>" {
				return api.OnLoadResult{Contents: &code, Loader: loader, ResolveDir: dir}, nil
			}
			src, err := r.readVFS(a.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			return api.OnLoadResult{Contents: &src, Loader: loaderFor(a.Path), ResolveDir: path.Dir(a.Path)}, nil
		})
	}}
}

type moduleNotFound struct{ spec string }

func (e *moduleNotFound) Error() string { return "Cannot find module '" + e.spec + "'" }

func loaderFor(p string) api.Loader {
	switch {
	case isTS(p):
		return api.LoaderTS
	case strings.HasSuffix(p, ".json"):
		return api.LoaderJSON
	}
	return api.LoaderJS
}

func (r *rt) resolveVFS(spec, dir string) (string, bool) {
	if r.opts.Host == nil {
		return "", false
	}
	base := spec
	if !path.IsAbs(spec) {
		base = path.Join(dir, spec)
	}
	exts := []string{"", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".json"}
	for _, e := range exts {
		if st, err := r.opts.Host.FS.Stat(base + e); err == nil && st.Mode().IsRegular() {
			return base + e, true
		}
	}
	for _, e := range exts[1:] {
		p := base + "/index" + e
		if st, err := r.opts.Host.FS.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, true
		}
	}
	return "", false
}

func (r *rt) readVFS(p string) (string, error) {
	f, err := r.opts.Host.FS.OpenFile(p, os.O_RDONLY, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := readLimited(r.ctx, f, r.lim.MaxFileBytes)
	if err != nil {
		return "", err
	}
	return string(b), r.checkNesting(string(b))
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func quoteJS(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}

func esbuildError(msgs []api.Message, mainName string) error {
	var b strings.Builder
	for i, m := range msgs {
		if i > 0 {
			b.WriteString("\n")
		}
		if m.Location != nil {
			file := m.Location.File
			if i := strings.Index(file, ":"); i >= 0 && strings.HasPrefix(file, "jsexec-") {
				file = file[i+1:]
			}
			if strings.Contains(file, "<") {
				file = mainName
			}
			b.WriteString(file + ":")
		}
		if m.Location != nil {
			b.WriteString(strings.TrimLeft(strings.Join([]string{"", strconv.Itoa(m.Location.Line), strconv.Itoa(m.Location.Column + 1)}, ":"), ":") + ": ")
		}
		b.WriteString(m.Text)
	}
	kind := KindSyntax
	if strings.Contains(b.String(), "Cannot find module") {
		kind = KindUncaught
	}
	return &Error{Kind: kind, Message: "SyntaxError: " + b.String()}
}

// compileModule compiles a sandbox file for require(): CommonJS as is,
// TypeScript and ES modules converted to CommonJS by esbuild.
func (r *rt) compileModule(call goja.FunctionCall) goja.Value {
	file := call.Argument(0).String()
	src, err := r.readVFS(file)
	var le *Error
	if errors.As(err, &le) && le.Kind == KindLimit {
		// The run has ended (checkNesting cancelled it); the interrupt
		// stops the VM before any catch can resume the script.
		r.vm.Interrupt(r.ctx.Err())
		panic(r.vm.NewGoError(le))
	}
	if err != nil {
		panic(r.fsError(err, "open", file))
	}
	mapped := false
	if isTS(file) || strings.HasSuffix(file, ".mjs") || isModule(src) || needsLowering(src) {
		res := api.Transform(src, api.TransformOptions{Loader: loaderFor(file), Format: api.FormatCommonJS, Sourcefile: file, Target: api.ES2020,
			Supported: supported(), Banner: banner, Sourcemap: api.SourceMapExternal, LogLevel: api.LogLevelSilent,
			Define: map[string]string{"import.meta.url": jsonString("file://" + file)}})
		if len(res.Errors) > 0 {
			panic(r.vm.NewGoError(esbuildError(res.Errors, file)))
		}
		src, mapped = withMap(string(res.Code), res.Map, file), true
	}
	const prefix = "(function (exports, require, module, __filename, __dirname) {"
	wrapped := prefix + src + "\n})"
	if !mapped {
		wrapped += lineOneMap(file, src, len(prefix))
	}
	prg, err := compileSandboxed(file, wrapped)
	if err != nil {
		panic(r.vm.NewGoError(syntaxError(err, src, len(prefix))))
	}
	v, err := r.vm.RunProgram(prg)
	if err != nil {
		panic(err)
	}
	return v
}

// moduleArgs are the CommonJS wrapper arguments of the main script.
func (r *rt) moduleArgs() []goja.Value {
	if r.nodeAPI == nil {
		u := goja.Undefined()
		req := u
		if r.lowersImport {
			// No modules here, but esbuild's lowering of import() calls
			// require: it gets the function that refuses them clearly.
			// Other scripts keep require undefined, as in a browser.
			req = r.vm.GlobalObject().Get("__jsexec_require")
		}
		return []goja.Value{u, req, u, u, u}
	}
	n := r.nodeAPI
	return []goja.Value{n.Get("exports"), n.Get("require"), n.Get("module"), n.Get("filename"), n.Get("dirname")}
}
