package jsexec

import (
	"io"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// moduleSyntax spots static import/export statements (not import()).
var moduleSyntax = regexp.MustCompile(`(?m)^\s*(import\s*[\w{*'"]|export\s+[\w{*]|export\s+default\b)`)

func isTS(name string) bool {
	return strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".mts") || strings.HasSuffix(name, ".cts")
}

// prepare turns the user's code into a script body goja can run. Plain
// scripts pass through untouched (fast path). ES modules and TypeScript go
// through esbuild, in-process, with every import resolved from the sandbox
// FS by a plugin, so esbuild never looks at the host.
func (r *rt) prepare(code string) (string, error) {
	ts := r.opts.TypeScript || isTS(r.opts.Filename)
	mod := r.opts.Module || strings.HasSuffix(r.opts.Filename, ".mjs") || strings.HasSuffix(r.opts.Filename, ".mts") || moduleSyntax.MatchString(code)
	if !ts && !mod {
		return code, nil
	}
	if !mod {
		res := api.Transform(code, api.TransformOptions{
			Loader: api.LoaderTS, Sourcefile: r.filename(), Target: api.ES2020,
			Supported: map[string]bool{"top-level-await": true}, LogLevel: api.LogLevelSilent,
		})
		if len(res.Errors) > 0 {
			return "", esbuildError(res.Errors, r.filename())
		}
		return string(res.Code), nil
	}
	return r.bundle(code, ts)
}

const (
	nsVFS     = "jsexec-vfs"
	nsBuiltin = "jsexec-builtin"
	entryPath = "<entry>"
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
		EntryPoints:   []string{entryPath},
		Bundle:        true,
		Write:         false,
		Format:        api.FormatESModule,
		Platform:      api.PlatformNeutral,
		Target:        api.ES2020,
		Supported:     map[string]bool{"top-level-await": true, "dynamic-import": false},
		TreeShaking:   api.TreeShakingFalse,
		AbsWorkingDir: "/",
		LogLevel:      api.LogLevelSilent,
		Plugins:       []api.Plugin{r.vfsPlugin(code, dir, loader)},
	})
	if len(res.Errors) > 0 {
		return "", esbuildError(res.Errors, r.filename())
	}
	if len(res.OutputFiles) == 0 {
		return "", &Error{Kind: KindSyntax, Message: "js-exec: bundling produced no output"}
	}
	return string(res.OutputFiles[0].Contents), nil
}

func (r *rt) vfsPlugin(code, dir string, loader api.Loader) api.Plugin {
	return api.Plugin{Name: "jsexec-vfs", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.Kind == api.ResolveEntryPoint {
				return api.OnResolveResult{Path: entryPath, Namespace: nsVFS}, nil
			}
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
			switch a.Path {
			case entryPath:
				src := `import "<main>";`
				return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: dir}, nil
			case "<main>":
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
	b, err := io.ReadAll(io.LimitReader(f, 64<<20))
	return string(b), err
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
	if err != nil {
		panic(r.fsError(err, "open", file))
	}
	if isTS(file) || strings.HasSuffix(file, ".mjs") || moduleSyntax.MatchString(src) {
		res := api.Transform(src, api.TransformOptions{Loader: loaderFor(file), Format: api.FormatCommonJS, Sourcefile: file, Target: api.ES2020, LogLevel: api.LogLevelSilent})
		if len(res.Errors) > 0 {
			panic(r.vm.NewGoError(esbuildError(res.Errors, r.filename())))
		}
		src = string(res.Code)
	}
	prg, err := goja.Compile(file, "(function (exports, require, module, __filename, __dirname) {"+src+"\n})", false)
	if err != nil {
		e := syntaxError(err, src, len("(function (exports, require, module, __filename, __dirname) {"))
		panic(r.vm.NewGoError(e))
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
		return []goja.Value{u, u, u, u, u}
	}
	n := r.nodeAPI
	return []goja.Value{n.Get("exports"), n.Get("require"), n.Get("module"), n.Get("filename"), n.Get("dirname")}
}
