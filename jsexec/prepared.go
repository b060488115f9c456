package jsexec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Prepared is a runtime made ready ahead of its one run: the VM, its
// guards, the prelude, the tool proxies and the frozen built-ins are set
// up by Prepare, so that Run pays only for compiling and running the
// caller's code. Setting a VM up is most of a short run's cost (about
// 85% of `return 1`), so a server that keeps one prepared while it waits
// answers its next call that much sooner.
//
// A Prepared runs once and is then spent: isolation between runs is the
// same as with Run, a fresh VM each. It may be prepared on one goroutine
// and run on another, but not used by two at once.
type Prepared struct {
	r    *rt
	err  error
	used bool
	mu   sync.Mutex
	// callCtx is the context of the run in progress: the tool calls the
	// script makes carry its values (a server's session, its consent
	// asker), while their cancellation follows the run's own context.
	callCtx context.Context
	invoke  InvokeFunc
	start   StartFunc
}

// PreparedRun is what only the call itself knows.
type PreparedRun struct {
	// Invoke answers the tool proxies; nil fails every tool call. It is
	// only consulted when the runtime was prepared with an Invoke (or
	// ToolGlobals), which decides whether the proxies exist.
	Invoke InvokeFunc
	// Start, when set, is offered every tool call first (see StartFunc);
	// the calls it declines go to Invoke.
	Start StartFunc
	// Globals are JSON values installed as globals before the code runs
	// (e.g. "data"), as RunOptions.Globals does; their names must have
	// been listed in the prepared RunOptions.Globals (with any value) when
	// Freeze is set, so that freezing leaves them writable.
	Globals map[string]json.RawMessage
	// Timeout replaces Limits.Timeout for this run when positive.
	Timeout time.Duration
}

// Precompile does, once per process, the work a process's first run pays
// on top of every later one: compiling the prelude (tens of
// milliseconds), every program of it, also those a runtime otherwise
// compiles when it first needs them (node.js for a Host), compiling the
// patterns that classify a script, the first parse with a source map,
// the freeze's plan. A process that will
// run JavaScript moves that off its first call by calling this early, on
// a goroutine of its own; later calls return at once.
func Precompile() {
	precompileOnce.Do(func() {
		compileAll()
		p := Prepare(RunOptions{Freeze: true, Globals: map[string]any{"data": nil}})
		_, _ = p.Run(context.Background(), "return 1", PreparedRun{Globals: map[string]json.RawMessage{"data": json.RawMessage("null")}})
	})
}

var precompileOnce sync.Once

// Prepare sets a runtime up for one later Run. opts are as for Run;
// opts.Invoke only needs to be non-nil (the run's own comes with Run), and
// opts.Globals' values are ignored: their names are kept out of the
// freeze, their values come with Run.
func Prepare(opts RunOptions) (p *Prepared) {
	compilePrelude()
	p = &Prepared{}
	if preludeErr != nil {
		p.err = &Error{Message: "js-exec: internal error: " + preludeErr.Error()}
		return p
	}
	names := make(map[string]any, len(opts.Globals))
	for k := range opts.Globals {
		names[k] = nil
	}
	opts.Globals = nil // their values come with Run
	hasTools := opts.Invoke != nil || len(opts.ToolGlobals) > 0
	opts.Invoke = nil
	if hasTools {
		opts.Invoke = p.invokeTool
	}
	// The run's own context arrives with Run; until then nothing can be
	// cancelled, and Run ties the two together.
	p.r = newRT(context.Background(), opts)
	if hasTools {
		p.r.startFn = p.startTool
	}
	defer func() {
		if v := recover(); v != nil {
			p.err = &Error{Kind: KindUncaught, Message: fmt.Sprintf("js-exec: internal error: %v", v)}
		}
	}()
	p.err = p.setup(names)
	return p
}

// setup is rt.setup with the freeze's skip list naming the globals that
// Run will install.
func (p *Prepared) setup(names map[string]any) error {
	r := p.r
	r.keepNames = names
	r.pickLazy(r.keeps)
	if !r.opts.Freeze || len(names) == 0 {
		return r.setup()
	}
	r.opts.Freeze = false
	if err := r.setup(); err != nil {
		return err
	}
	r.opts.Freeze, r.opts.Globals = true, names
	defer func() { r.opts.Globals = nil }()
	return r.freeze()
}

func (p *Prepared) invokeTool(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
	p.mu.Lock()
	inv, callCtx := p.invoke, p.callCtx
	p.mu.Unlock()
	if inv == nil {
		return nil, errors.New("no tools are available")
	}
	return inv(valuesOf{Context: ctx, values: callCtx}, path, args)
}

// startTool offers a call to the run's Start, with the values of the
// run's context as invokeTool passes them.
func (p *Prepared) startTool(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool {
	p.mu.Lock()
	start, callCtx := p.start, p.callCtx
	p.mu.Unlock()
	return start != nil && start(valuesOf{Context: ctx, values: callCtx}, path, args, done)
}

// valuesOf is ctx with the values of another context.
type valuesOf struct {
	context.Context
	values context.Context
}

func (v valuesOf) Value(key any) any {
	if v.values == nil {
		return v.Context.Value(key)
	}
	return v.values.Value(key)
}

// Discard frees a Prepared that will not run.
func (p *Prepared) Discard() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.used && p.r != nil {
		p.used = true
		p.r.close()
	}
}

// Run executes code as Run would, in the prepared runtime.
func (p *Prepared) Run(ctx context.Context, code string, pr PreparedRun) (res Result, err error) {
	start := time.Now()
	p.mu.Lock()
	if p.used {
		p.mu.Unlock()
		return Result{ExitCode: 1, Value: json.RawMessage("null")}, &Error{Message: "js-exec: internal error: a prepared runtime runs once"}
	}
	p.used = true
	p.callCtx, p.invoke, p.start = ctx, pr.Invoke, pr.Start
	p.mu.Unlock()
	if p.err != nil {
		p.r.close()
		return Result{ExitCode: 1, Value: json.RawMessage("null")}, p.err
	}
	r := p.r
	stop := context.AfterFunc(ctx, func() { r.cancel(context.Cause(ctx)) })
	defer stop()
	if pr.Timeout > 0 {
		r.lim.Timeout = pr.Timeout
	}
	defer func() {
		if v := recover(); v != nil {
			err = &Error{Kind: KindUncaught, Message: fmt.Sprintf("js-exec: internal error: %v", v)}
		}
		r.finish(&res, err, start)
	}()
	if ctx.Err() != nil {
		return res, r.ctxError()
	}
	res.Value, err = p.run(code, pr.Globals)
	if errors.Is(err, errExit) {
		err = nil
		if r.exitCode != 0 {
			err = &Error{Kind: KindUncaught, Message: fmt.Sprintf("process.exit(%d)", r.exitCode)}
		}
	}
	return res, err
}

// run is rt.run without the setup Prepare did already.
func (p *Prepared) run(code string, globals map[string]json.RawMessage) (json.RawMessage, error) {
	r := p.r
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
	g := r.vm.GlobalObject()
	for _, name := range sortedKeys(globals) {
		v, err := r.hostJSON(globals[name])
		if err != nil {
			return nil, r.convert(err)
		}
		if err := g.Set(name, v); err != nil {
			return nil, err
		}
	}
	r.start()
	fv, err := r.vm.RunProgram(prg)
	if err != nil {
		return nil, r.convert(err)
	}
	return r.runBody(fv)
}
