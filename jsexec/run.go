package jsexec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// bodyPrefix wraps a script as the body of an async function, so top-level
// await and return work; it stays on line 1 so line numbers match.
const bodyPrefix = "(async function (exports, require, module, __filename, __dirname) {"

// Run executes code as the body of an async function in a fresh sandboxed
// VM and returns what it produced. A failed run returns an *Error (also
// reflected in Result.ExitCode); Result is filled either way.
func Run(ctx context.Context, code string, opts RunOptions) (res Result, err error) {
	start := time.Now()
	compilePrelude()
	if preludeErr != nil {
		return Result{ExitCode: 1}, &Error{Message: "js-exec: internal error: " + preludeErr.Error()}
	}
	r := newRT(ctx, opts)
	defer func() {
		if p := recover(); p != nil {
			err = &Error{Kind: KindUncaught, Message: fmt.Sprintf("js-exec: internal error: %v", p)}
		}
		r.finish(&res, err, start)
	}()
	res.Value, err = r.run(code)
	if errors.Is(err, errExit) {
		err = nil
		if r.exitCode != 0 {
			err = &Error{Kind: KindUncaught, Message: fmt.Sprintf("process.exit(%d)", r.exitCode)}
		}
	}
	return res, err
}

func exitCodeFor(r *rt, err error) int {
	var e *Error
	switch {
	case r.exited:
		return r.exitCode
	case err == nil:
		return r.exitCode // process.exitCode
	case errors.As(err, &e) && e.Kind == KindUnsettled:
		return 13
	}
	return 1
}

func (r *rt) run(code string) (json.RawMessage, error) {
	src, mapped, err := r.prepare(code)
	if err != nil {
		return nil, err
	}
	wrapped := bodyPrefix + src + "\n})"
	if !mapped {
		wrapped += lineOneMap(r.filename(), src, len(bodyPrefix))
	}
	prg, err := compileSandboxed(r.filename(), wrapped)
	if err != nil {
		return nil, syntaxError(err, code, len(bodyPrefix))
	}
	if err := r.setup(); err != nil {
		return nil, err
	}
	r.start()
	fv, err := r.vm.RunProgram(prg)
	if err != nil {
		return nil, r.convert(err)
	}
	return r.runBody(fv)
}

// runBody calls the compiled async body (the value its program
// evaluated to) with the module arguments, drives the event loop until
// its promise settles, and returns the result as JSON.
func (r *rt) runBody(fv goja.Value) (json.RawMessage, error) {
	fn, _ := goja.AssertFunction(fv)
	pv, err := fn(goja.Undefined(), r.moduleArgs()...)
	if err != nil {
		return nil, r.convert(err)
	}
	p, ok := pv.Export().(*goja.Promise)
	if !ok {
		return nil, &Error{Message: "js-exec: internal error: body is not async"}
	}
	r.main = p
	if err := r.drive(p); err != nil {
		return nil, err
	}
	if p.State() == goja.PromiseStateRejected {
		return nil, r.uncaught(p.Result(), "")
	}
	return r.resultJSON(p.Result())
}

func (r *rt) resultJSON(v goja.Value) (json.RawMessage, error) {
	s, ok, err := r.toJSON(v)
	// A limit that trips while the result is encoded (its size, the
	// time) ends the run with that limit's error: the encoding stopped
	// with nothing, which read as a null result.
	if r.ctx.Err() != nil {
		return nil, r.ctxError()
	}
	if err != nil {
		return nil, &Error{Kind: KindUncaught, Message: "js-exec: result is not JSON-serialisable: " + r.convert(err).Error()}
	}
	if !ok {
		return json.RawMessage("null"), nil
	}
	return json.RawMessage(s), nil
}

func (r *rt) filename() string {
	if r.opts.Filename != "" {
		return r.opts.Filename
	}
	return "[eval]"
}

// setup installs the prelude, the globals and the sandbox locks.
func (r *rt) setup() error {
	if r.lazy == nil {
		r.pickLazy(r.keeps)
	}
	if err := r.installLazy(); err != nil {
		return fmt.Errorf("js-exec: internal error: %w", err)
	}
	if err := r.captureHidden(); err != nil {
		return fmt.Errorf("js-exec: internal error: %w", err)
	}
	if err := r.installGuards(); err != nil {
		return fmt.Errorf("js-exec: internal error: %w", err)
	}
	if err := r.installDate(); err != nil {
		return fmt.Errorf("js-exec: internal error: %w", err)
	}
	r.captureIntrinsics()
	core, err := corePrgFor(r.freezing)
	if err != nil {
		return fmt.Errorf("js-exec: internal error: %w", err)
	}
	r.splitCore = core == corePrg
	r.hostFns = newHostObject(r)
	r.host = r.vm.NewDynamicObject(r.hostFns)
	r.coreBindings(r.host)
	if r.opts.Host != nil {
		r.nodeBindings(r.host)
	}
	api, err := r.callPrelude(core)
	if err != nil {
		return err
	}
	r.api = api
	if r.opts.Host != nil {
		prg, err := nodePrg.get()
		if err != nil {
			return fmt.Errorf("js-exec: internal error: %w", err)
		}
		node, err := r.callPrelude(prg)
		if err != nil {
			return err
		}
		r.nodeAPI = node
	}
	if err := r.installGlobals(); err != nil {
		return err
	}
	if err := r.harden(); err != nil {
		return err
	}
	return r.freeze()
}

// keeps reports whether the run brings the global name itself (a tool
// global, a data value, tools), which the freeze leaves alone.
func (r *rt) keeps(name string) bool {
	if _, ok := r.opts.ToolGlobals[name]; ok {
		return true
	}
	if _, ok := r.opts.Globals[name]; ok {
		return true
	}
	if _, ok := r.keepNames[name]; ok {
		return true
	}
	return name == "tools" && r.opts.Invoke != nil
}

func (r *rt) callPrelude(p *goja.Program) (*goja.Object, error) {
	fv, err := r.vm.RunProgram(p)
	if err != nil {
		return nil, fmt.Errorf("js-exec: internal error: %w", err)
	}
	fn, _ := goja.AssertFunction(fv)
	v, err := fn(goja.Undefined(), r.host, r.vm.GlobalObject(), r.api)
	if err != nil {
		return nil, fmt.Errorf("js-exec: internal error: %w", err)
	}
	return v.ToObject(r.vm), nil
}

// installGlobals adds tools, tool globals and JSON-copied values.
func (r *rt) installGlobals() error {
	g := r.vm.GlobalObject()
	// Bundled ES modules reach built-ins through this name (see bundle).
	var req goja.Value = r.vm.ToValue(func(c goja.FunctionCall) goja.Value {
		panic(r.vm.NewTypeError("Cannot find module '" + c.Argument(0).String() + "' (no modules outside node mode)"))
	})
	if r.nodeAPI != nil {
		req = r.nodeAPI.Get("require")
	}
	if err := g.DefineDataProperty("__jsexec_require", req, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
		return err
	}
	if r.opts.Invoke != nil {
		tools, err := r.toolProxy("")
		if err != nil {
			return err
		}
		if err := g.DefineDataProperty("tools", tools, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
			return err
		}
		for _, name := range sortedKeys(r.opts.ToolGlobals) {
			p, err := r.toolProxy(r.opts.ToolGlobals[name])
			if err != nil {
				return err
			}
			if err := g.DefineDataProperty(name, p, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
				return err
			}
		}
	}
	for _, name := range sortedKeys(r.opts.Globals) {
		b, err := json.Marshal(r.opts.Globals[name])
		if err != nil {
			return &Error{Message: fmt.Sprintf("js-exec: global %s is not JSON: %v", name, err)}
		}
		v, err := r.hostJSON(b)
		if err != nil {
			return r.convert(err)
		}
		if err := g.Set(name, v); err != nil {
			return err
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// syntaxError rewrites goja's "name: Line L:C msg" so the position refers
// to the user's code (the wrapper prefix shifts line 1).
func syntaxError(err error, _ string, prefix int) error {
	var el parser.ErrorList
	if errors.As(err, &el) && len(el) > 0 {
		line, col := el[0].Position.Line, el[0].Position.Column
		if line == 1 {
			col = max(1, col-prefix)
		}
		return &Error{Kind: KindSyntax, Message: fmt.Sprintf("SyntaxError: %s (line %d, column %d)", el[0].Message, line, col)}
	}
	var se *goja.CompilerSyntaxError
	if !errors.As(err, &se) {
		return &Error{Kind: KindSyntax, Message: "SyntaxError: " + err.Error()}
	}
	m := syntaxPos().FindStringSubmatch(se.Message)
	if m == nil {
		return &Error{Kind: KindSyntax, Message: "SyntaxError: " + se.Message}
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	if line == 1 {
		col = max(1, col-prefix)
	}
	msg := strings.TrimSpace(moreErrors().ReplaceAllString(m[3], ""))
	return &Error{Kind: KindSyntax, Message: fmt.Sprintf("SyntaxError: %s (line %d, column %d)", msg, line, col)}
}

var (
	syntaxPos  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Line (\d+):(\d+) (.*)`) })
	moreErrors = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\(and \d+ more errors?\)`) })
)

// finish fills a run's result from the runtime's state and closes it; a
// Run and a Prepared run end alike.
func (r *rt) finish(res *Result, err error, start time.Time) {
	res.Duration = time.Since(start)
	res.Logs = r.out.logs
	if r.out.outBuf != nil {
		res.Stdout = r.out.outBuf.String()
	}
	if r.out.errBuf != nil {
		res.Stderr = r.out.errBuf.String()
	}
	res.ToolCalls = r.toolCalls
	if len(res.Value) == 0 {
		res.Value = json.RawMessage("null")
	}
	res.ExitCode = exitCodeFor(r, err)
	r.close()
}
