package jsexec

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// rt is one run: a fresh VM plus the loop state. Everything here except
// jobs/finished/ctx is touched only on the loop goroutine.
type rt struct {
	vm     *goja.Runtime
	opts   RunOptions
	lim    Limits
	ctx    context.Context
	cancel context.CancelCauseFunc
	out    *output

	jobs     chan func()
	finished chan struct{}
	pending  int
	// posted are answers handed over by callbacks (post), which must not
	// wait for the loop; postReady wakes the loop for them.
	postMu    sync.Mutex
	posted    []func()
	postReady chan struct{}
	// start offers a tool call to the host before a goroutine is spent
	// on it (StartFunc); nil when the run has none.
	startFn StartFunc
	// toolsInFlight are the calls waiting for their answers; toolQueue
	// the calls waiting to start (queueTool).
	toolsInFlight int
	toolQueue     []func()

	timers    timerHeap
	timerByID map[int64]*jsTimer
	timerSeq  int64

	main      *goja.Promise
	unhandled map[*goja.Promise]struct{}

	host       *goja.Object
	hostFns    *hostObject  // host's bindings (host.go)
	api        *goja.Object // what the prelude returns: inspect, toJSON, ...
	nodeAPI    *goja.Object // require, module, exports of the main script
	trampoline goja.Callable
	current    func()
	in         intrinsics
	hidden     hidden
	httpClient *http.Client
	toolCalls  int
	tools      toolProxies
	exited     bool
	exitCode   int
	modCache   map[string]*goja.Object
	// arrayIsArray is the original Array.isArray (jsonstr.go).
	arrayIsArray goja.Callable
	// lowersImport: esbuild turned import() into calls of require.
	lowersImport bool
	stopWatches  []func() bool
	// wrapDepth counts the guard wrappers running (guard_methods.go).
	wrapDepth int
	// guardMade is what guardSrc returned: the RegExp wrapper and the
	// maker of the constructor wrappers.
	guardMade *goja.Object
	// lazy are the built-ins frozen on first use (lazy.go); nil when
	// every built-in is set up eagerly.
	lazy *lazyState
	// freezing is opts.Freeze as the run was asked for (Prepare turns
	// the option off during setup and freezes afterwards).
	freezing bool
	// splitCore: the VM runs core.js without its parts (prelude.go).
	splitCore bool
	// keepNames are the data globals Run will install (Prepare's
	// opts.Globals, whose values come later): never frozen, never lazy.
	keepNames map[string]any
	// tamedKeys are the freeze's shared accessors (tameProp).
	tamedKeys []*tamedKey
}

// exitSignal is the interrupt value of process.exit.
type exitSignal struct{ code int }

var errExit = errors.New("process.exit")

func newRT(parent context.Context, opts RunOptions) *rt {
	lim := opts.Limits.withDefaults()
	ctx, cancel := context.WithCancelCause(parent)
	r := &rt{
		vm:        goja.New(),
		opts:      opts,
		lim:       lim,
		ctx:       ctx,
		cancel:    cancel,
		jobs:      make(chan func()),
		postReady: make(chan struct{}, 1),
		finished:  make(chan struct{}),
		timerByID: map[int64]*jsTimer{},
		unhandled: map[*goja.Promise]struct{}{},
		modCache:  map[string]*goja.Object{},
		freezing:  opts.Freeze,
	}
	r.out = newOutput(opts.Stdout, opts.Stderr, lim.MaxOutputBytes, func(err error) { cancel(err) })
	r.vm.SetMaxCallStackSize(lim.MaxCallStackSize)
	r.vm.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		if op == goja.PromiseRejectionReject {
			r.unhandled[p] = struct{}{}
		} else {
			delete(r.unhandled, p)
		}
	})
	tramp, _ := goja.AssertFunction(r.vm.ToValue(func(goja.FunctionCall) goja.Value {
		f := r.current
		r.current = nil
		if f != nil {
			f()
		}
		return goja.Undefined()
	}))
	r.trampoline = tramp
	return r
}

// start arms the watchdogs; the timeout and any cancel interrupt the VM
// wherever it is (a busy loop, a microtask after an await).
func (r *rt) start() {
	tctx, tcancel := context.WithTimeoutCause(r.ctx, r.lim.Timeout, timeoutError(r.lim.Timeout))
	r.ctx = tctx
	stop := context.AfterFunc(tctx, func() { r.vm.Interrupt(tctx) })
	r.stopWatches = append(r.stopWatches, stop, func() bool { tcancel(); return true })
	r.stopWatches = append(r.stopWatches, startMemoryWatch(r.lim.MaxMemoryBytes, r.cancel, r.finished))
}

// timeoutError is the cause of a run's timeout. A run's is formatted
// before the run starts and nearly always unused, so the last one is
// kept (one entry: timeouts can come from callers): the error is never
// changed, and runs with the same timeout share it.
func timeoutError(d time.Duration) *limitError {
	if last := lastTimeout.Load(); last != nil && last.d == d {
		return last.err
	}
	e := newLimitError("timeout", "%s", d)
	lastTimeout.Store(&timeoutCause{d, e})
	return e
}

type timeoutCause struct {
	d   time.Duration
	err *limitError
}

var lastTimeout atomic.Pointer[timeoutCause]

func (r *rt) close() {
	close(r.finished)
	for _, s := range r.stopWatches {
		s()
	}
	r.cancel(context.Canceled)
	if r.httpClient != nil {
		r.httpClient.CloseIdleConnections()
	}
}

// exec runs f inside a VM call so that exceptions are caught and pending
// promise jobs run afterwards.
func (r *rt) exec(f func()) error {
	r.current = f
	_, err := r.trampoline(goja.Undefined())
	if err != nil {
		return r.convert(err)
	}
	if r.exited {
		return errExit
	}
	return nil
}

// ctxError explains why the run's context ended.
func (r *rt) ctxError() error {
	cause := context.Cause(r.ctx)
	var le *limitError
	if errors.As(cause, &le) {
		return &Error{Kind: KindLimit, Limit: le.limit, Message: le.msg}
	}
	if cause == nil {
		cause = r.ctx.Err()
	}
	return &Error{Kind: KindCanceled, Message: "js-exec: interrupted: " + cause.Error()}
}

// convert maps goja's errors to ours.
func (r *rt) convert(err error) error {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if _, ok := ie.Value().(exitSignal); ok || r.exited {
			return errExit
		}
		return r.ctxError()
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		return &Error{Kind: KindLimit, Limit: "call stack", Message: fmt.Sprintf("js-exec: call stack exceeded (%d frames): RangeError: Maximum call stack size exceeded", r.lim.MaxCallStackSize)}
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		if r.ctx.Err() != nil {
			return r.ctxError()
		}
		return r.uncaught(ex.Value(), "")
	}
	var se *goja.CompilerSyntaxError
	if errors.As(err, &se) {
		return &Error{Kind: KindSyntax, Message: err.Error()}
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: KindUncaught, Message: "Uncaught " + err.Error()}
}

// uncaught describes a thrown value the way node prints it: the stack of
// an Error, else the inspected value.
func (r *rt) uncaught(v goja.Value, prefix string) error {
	msg, stack := r.describe(v)
	return &Error{Kind: KindUncaught, Message: prefix + msg, Stack: stack}
}

func (r *rt) describe(v goja.Value) (msg, stack string) {
	if v == nil {
		return "undefined", ""
	}
	if obj, ok := v.(*goja.Object); ok && r.isError(obj) {
		name := obj.Get("name")
		m := obj.Get("message")
		msg = valueString(name, "Error")
		if s := valueString(m, ""); s != "" {
			msg += ": " + s
		}
		stack = valueString(obj.Get("stack"), "")
		return msg, strings.TrimRight(stack, "\n")
	}
	return r.inspect(v), ""
}

func valueString(v goja.Value, def string) string {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return def
	}
	return v.String()
}

func (r *rt) isError(obj *goja.Object) bool {
	if r.in.errorCtor == nil {
		return false
	}
	ok, err := r.instanceOf(obj, r.in.errorCtor)
	return err == nil && ok
}

func (r *rt) instanceOf(obj *goja.Object, ctor goja.Value) (ok bool, err error) {
	c, isObj := ctor.(*goja.Object)
	if !isObj {
		return false, nil
	}
	defer func() {
		if p := recover(); p != nil {
			ok, err = false, fmt.Errorf("instanceof: %v", p)
		}
	}()
	return r.vm.InstanceOf(obj, c), nil
}

// inspect formats v with util.inspect from the prelude.
func (r *rt) inspect(v goja.Value) string {
	if r.api != nil {
		if f, ok := goja.AssertFunction(r.api.Get("inspect")); ok {
			if s, err := f(goja.Undefined(), v); err == nil {
				return s.String()
			}
		}
	}
	return v.String()
}
