package jsexec

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// hostFunc is a binding the prelude calls. Bindings run on the loop
// goroutine; a Go panic in one becomes a JS TypeError instead of reaching
// the host process.
type hostFunc func(call goja.FunctionCall) goja.Value

func (r *rt) bind(obj *goja.Object, name string, f hostFunc) {
	if obj == r.host && r.hostFns != nil {
		r.hostFns.fns[name] = f
		return
	}
	_ = obj.Set(name, r.hostFn(name, f))
}

// hostFn is f as the JavaScript function the prelude calls.
func (r *rt) hostFn(name string, f hostFunc) goja.Value {
	return r.vm.ToValue(func(call goja.FunctionCall) (ret goja.Value) {
		defer func() {
			if p := recover(); p != nil {
				switch p.(type) {
				case goja.Value, *goja.Exception, *goja.InterruptedError, *goja.StackOverflowError:
					panic(p)
				}
				panic(r.vm.NewTypeError(fmt.Sprintf("%s: internal error: %v", name, p)))
			}
		}()
		return f(call)
	})
}

// hostObject is the prelude's host object: a binding becomes a function
// object when the prelude first reads it (a function object is ten
// allocations of every set-up, and a run calls few of the bindings).
// Only the prelude ever holds it.
type hostObject struct {
	r      *rt
	fns    map[string]hostFunc
	values map[string]goja.Value
}

func newHostObject(r *rt) *hostObject {
	return &hostObject{r: r, fns: make(map[string]hostFunc, 16), values: make(map[string]goja.Value, 4)}
}

func (h *hostObject) Get(key string) goja.Value {
	if v, ok := h.values[key]; ok {
		return v
	}
	f, ok := h.fns[key]
	if !ok {
		return nil
	}
	v := h.r.hostFn(key, f)
	h.values[key] = v
	return v
}

func (h *hostObject) Set(key string, v goja.Value) bool {
	h.values[key] = v
	return true
}

func (h *hostObject) Has(key string) bool {
	_, ok := h.values[key]
	_, isFn := h.fns[key]
	return ok || isFn
}

func (h *hostObject) Delete(key string) bool {
	delete(h.values, key)
	delete(h.fns, key)
	return true
}

func (h *hostObject) Keys() []string {
	keys := make([]string, 0, len(h.values)+len(h.fns))
	for k := range h.values {
		keys = append(keys, k)
	}
	for k := range h.fns {
		if _, ok := h.values[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// preludeLazy are the prelude's globals made on first use when the run
// freezes (lazyAPI in core.js).
var preludeLazy = []string{"console", "TextEncoder", "TextDecoder", "URL", "URLSearchParams"}

// preludeLazyName reports whether the prelude makes the global name, one
// of preludeLazy, on first use in this VM.
func (r *rt) preludeLazyName(name string) bool { return r.freezing && !r.keeps(name) }

// coreBindings are the host functions every run has.
func (r *rt) coreBindings(h *goja.Object) {
	r.bind(h, "write", func(c goja.FunctionCall) goja.Value {
		fd := int(c.Argument(0).ToInteger())
		r.out.write(fd, c.Argument(1).String())
		return goja.Undefined()
	})
	r.bind(h, "log", func(c goja.FunctionCall) goja.Value {
		r.out.log(c.Argument(0).String(), c.Argument(1).String())
		return goja.Undefined()
	})
	// made is the global name's value, or undefined while it is a lazy
	// built-in nothing has used (lazy.go): the formatter's instanceof
	// tests would otherwise make Date, Map, Set and the typed arrays for
	// the first object a script logs.
	r.bind(h, "made", func(c goja.FunctionCall) goja.Value {
		name := c.Argument(0).String()
		if lg := r.group(name); lg != nil && lg.state != lazyDone {
			return goja.Undefined()
		}
		if v := r.vm.Get(name); v != nil {
			return v
		}
		return goja.Undefined()
	})
	if r.splitCore {
		r.bind(h, "part", r.part)
	}
	r.bind(h, "toolPath", func(c goja.FunctionCall) goja.Value {
		if path, ok := r.toolPath(c.Argument(0)); ok {
			return stringValue(r.vm, path)
		}
		return goja.Undefined()
	})
	r.bind(h, "setTimer", func(c goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(c.Argument(0))
		if !ok {
			panic(r.vm.NewTypeError("callback must be a function"))
		}
		ms := c.Argument(1).ToFloat()
		if ms != ms || ms < 1 {
			ms = 0
		}
		var args []goja.Value
		if a, ok := c.Argument(3).(*goja.Object); ok {
			_ = r.vm.ExportTo(a, &args)
		}
		d := time.Duration(min(ms, 1<<31) * float64(time.Millisecond))
		return r.vm.ToValue(r.addTimer(fn, d, c.Argument(2).ToBoolean(), args))
	})
	r.bind(h, "clearTimer", func(c goja.FunctionCall) goja.Value {
		r.clearTimer(c.Argument(0).ToInteger())
		return goja.Undefined()
	})
	r.bind(h, "promiseState", func(c goja.FunctionCall) goja.Value {
		if p, ok := c.Argument(0).Export().(*goja.Promise); ok {
			return r.vm.ToValue(int(p.State()))
		}
		return r.vm.ToValue(0)
	})
	r.bind(h, "promiseResult", func(c goja.FunctionCall) goja.Value {
		if p, ok := c.Argument(0).Export().(*goja.Promise); ok && p.Result() != nil {
			return p.Result()
		}
		return goja.Undefined()
	})
	r.bind(h, "bytesFrom", func(c goja.FunctionCall) goja.Value {
		b, err := encodeString(c.Argument(0).String(), c.Argument(1).String())
		if err != nil {
			panic(r.vm.NewTypeError(err.Error()))
		}
		return r.vm.ToValue(r.newArrayBuffer(b))
	})
	r.bind(h, "bytesTo", func(c goja.FunctionCall) goja.Value {
		s, err := decodeBytes(r.bytesArg(c.Argument(0)), c.Argument(1).String())
		if err != nil {
			panic(r.vm.NewTypeError(err.Error()))
		}
		return r.vm.ToValue(s)
	})
	r.bind(h, "parseURL", func(c goja.FunctionCall) goja.Value {
		base := ""
		if !goja.IsUndefined(c.Argument(1)) {
			base = c.Argument(1).String()
		}
		p := parseURL(c.Argument(0).String(), base)
		if p == nil {
			return goja.Null()
		}
		return r.vm.ToValue(p)
	})
	if r.opts.Network != nil {
		r.bind(h, "fetch", r.fetch)
	}
	if r.freezing {
		// The prelude's classes made on first use (lazyAPI in core.js).
		var lazy []any
		for _, name := range preludeLazy {
			if r.preludeLazyName(name) {
				lazy = append(lazy, stringValue(r.vm, name))
			}
		}
		_ = h.Set("lazy", r.vm.NewArray(lazy...))
	}
	r.bind(h, "noCodegen", func(goja.FunctionCall) goja.Value {
		panic(r.vm.NewTypeError("js-exec: code generation from strings is disabled in the sandbox (no eval, no Function constructor)"))
	})
}

// bytesArg accepts an ArrayBuffer (what the prelude passes) or a view.
func (r *rt) bytesArg(v goja.Value) []byte {
	switch x := v.Export().(type) {
	case goja.ArrayBuffer:
		return x.Bytes()
	case []byte:
		return x
	case string:
		return []byte(x)
	}
	panic(r.vm.NewTypeError("expected an ArrayBuffer"))
}

// toolCall starts a tool call (queueTool) and returns a promise that the
// loop settles, so Promise.all over tool calls runs them at once.
func (r *rt) toolCall(path string, a goja.Value) goja.Value {
	p, resolve, reject := r.vm.NewPromise()
	if path == "" {
		_ = reject(r.vm.NewTypeError("tools is not a function: call tools.<name>(args)"))
		return r.vm.ToValue(p)
	}
	var args json.RawMessage
	if !goja.IsUndefined(a) {
		s, ok, err := r.toJSON(a)
		if err != nil {
			msg := err.Error()
			if ex, isEx := err.(*goja.Exception); isEx {
				msg = valueString(ex.Value().ToObject(r.vm).Get("message"), msg)
			}
			_ = reject(r.vm.NewTypeError("tools." + path + ": arguments are not JSON-serialisable: " + msg))
			return r.vm.ToValue(p)
		}
		if ok {
			args = json.RawMessage(s)
		}
	}
	r.toolCalls++
	if r.toolCalls > r.lim.MaxToolCalls {
		r.cancel(newLimitError("tool calls", "%d calls", r.lim.MaxToolCalls))
		_ = reject(r.vm.NewGoError(fmt.Errorf("tool call limit exceeded")))
		return r.vm.ToValue(p)
	}
	r.queueTool(path, args, r.toolSettle(path, resolve, reject))
	return r.vm.ToValue(p)
}

// toolSettle is what settles a tool call's promise with its answer: a job
// for the loop, given the answer.
func (r *rt) toolSettle(path string, resolve, reject func(any) error) func(json.RawMessage, error) func() {
	return func(out json.RawMessage, err error) func() {
		return func() {
			r.toolDone()
			if err != nil {
				_ = reject(r.toolError(path, err))
				return
			}
			if len(strings.TrimSpace(string(out))) == 0 {
				_ = resolve(goja.Undefined())
				return
			}
			v, perr := r.hostJSON(out)
			if perr != nil {
				_ = reject(r.toolError(path, fmt.Errorf("tool %s returned invalid JSON", path)))
				return
			}
			_ = resolve(v)
		}
	}
}

// queueTool starts the call now, or once fewer than
// Limits.MaxToolCallsInFlight of the run's calls wait for their answers:
// a script that fires calls without awaiting them waits its turn
// instead of holding the host's state for a million calls at once.
func (r *rt) queueTool(path string, args json.RawMessage, settle func(json.RawMessage, error) func()) {
	begin := func() {
		r.toolsInFlight++
		if r.startTool(r.ctx, path, args, settle) {
			return
		}
		inv, ctx := r.opts.Invoke, r.ctx
		r.goAsync(func() func() {
			out, err := inv(ctx, path, args)
			return settle(out, err)
		})
	}
	if r.toolsInFlight >= r.lim.MaxToolCallsInFlight {
		r.pending++ // a queued call keeps the loop waiting, as a started one does
		r.toolQueue = append(r.toolQueue, begin)
		return
	}
	begin()
}

// toolDone is a call's answer reaching the loop: its place goes to the
// call queued first.
func (r *rt) toolDone() {
	r.toolsInFlight--
	if len(r.toolQueue) == 0 {
		return
	}
	begin := r.toolQueue[0]
	r.toolQueue[0] = nil
	r.toolQueue = r.toolQueue[1:]
	r.pending--
	begin()
}

// startTool offers the call to the host's StartFunc; true means it took
// it and its answer will come through post. A panic in the host's code
// answers the call with an error instead of ending the run.
func (r *rt) startTool(ctx context.Context, path string, args json.RawMessage, settle func(json.RawMessage, error) func()) (took bool) {
	if r.startFn == nil {
		return false
	}
	var answered atomic.Bool
	done := func(out json.RawMessage, err error) {
		if answered.CompareAndSwap(false, true) {
			r.post(settle(out, err))
		}
	}
	r.pending++
	defer func() {
		if v := recover(); v != nil {
			done(nil, errors.New("internal error in host call"))
			took = true
		}
		if !took && !answered.CompareAndSwap(false, true) {
			took = true // declined, but answered all the same: keep the answer
		}
		if !took {
			r.pending--
		}
	}()
	return r.startFn(ctx, path, args, done)
}

// toolError is a real JS Error (instanceof Error, .message) with a code.
func (r *rt) toolError(path string, err error) goja.Value {
	e := r.newError(err.Error())
	_ = e.Set("code", "TOOL_ERROR")
	_ = e.Set("tool", path)
	return e
}

func encodeString(s, enc string) ([]byte, error) {
	switch strings.ToLower(enc) {
	case "", "utf8", "utf-8":
		return []byte(s), nil
	case "latin1", "binary", "ascii":
		b := make([]byte, 0, len(s))
		for _, ch := range s {
			b = append(b, byte(ch))
		}
		return b, nil
	case "base64", "base64url":
		s = strings.TrimRight(strings.Map(func(r rune) rune {
			switch r {
			case '-':
				return '+'
			case '_':
				return '/'
			case ' ', '\n', '\r', '\t':
				return -1
			}
			return r
		}, s), "=")
		b, err := base64.RawStdEncoding.DecodeString(s)
		if err != nil {
			return nil, fmt.Errorf("invalid base64 data")
		}
		return b, nil
	case "hex":
		if len(s)%2 == 1 {
			s = s[:len(s)-1]
		}
		b, err := hex.DecodeString(s)
		if err != nil {
			return nil, fmt.Errorf("invalid hex data")
		}
		return b, nil
	case "utf16le", "utf-16le", "ucs2", "ucs-2":
		b := make([]byte, 0, 2*len(s))
		for _, u := range utf16Units(s) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b, nil
	}
	//lint:ignore ST1005 node's own wording, shown to scripts
	return nil, fmt.Errorf("Unknown encoding: %s", enc)
}

func decodeBytes(b []byte, enc string) (string, error) {
	switch strings.ToLower(enc) {
	case "", "utf8", "utf-8":
		return strings.ToValidUTF8(string(b), "\uFFFD"), nil
	case "utf8-fatal":
		if !utf8.Valid(b) {
			//lint:ignore ST1005 node's own wording, shown to scripts
			return "", fmt.Errorf("The encoded data was not valid for encoding utf-8")
		}
		return string(b), nil
	case "latin1", "binary":
		rs := make([]rune, len(b))
		for i, c := range b {
			rs[i] = rune(c)
		}
		return string(rs), nil
	case "ascii":
		rs := make([]rune, len(b))
		for i, c := range b {
			rs[i] = rune(c & 0x7f)
		}
		return string(rs), nil
	case "base64":
		return base64.StdEncoding.EncodeToString(b), nil
	case "base64url":
		return base64.RawURLEncoding.EncodeToString(b), nil
	case "hex":
		return hex.EncodeToString(b), nil
	case "utf16le", "utf-16le", "ucs2", "ucs-2":
		us := make([]uint16, len(b)/2)
		for i := range us {
			us[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
		}
		return utf16String(us), nil
	}
	//lint:ignore ST1005 node's own wording, shown to scripts
	return "", fmt.Errorf("Unknown encoding: %s", enc)
}

// parseURL splits a WHATWG-ish URL into the fields URL exposes; nil when
// it does not parse or has no scheme.
func parseURL(input, base string) map[string]any {
	input = strings.TrimSpace(input)
	u, err := url.Parse(input)
	if base != "" {
		b, berr := url.Parse(strings.TrimSpace(base))
		if berr != nil || b.Scheme == "" {
			return nil
		}
		if err != nil {
			return nil
		}
		u = b.ResolveReference(u)
	} else if err != nil || u.Scheme == "" {
		return nil
	}
	special := map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "file": true}[u.Scheme]
	if special && u.Host == "" && u.Scheme != "file" {
		return nil
	}
	path := u.EscapedPath()
	if special && path == "" {
		path = "/"
	}
	if !special && u.Opaque != "" {
		path = u.Opaque
	}
	port := u.Port()
	if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	host := strings.ToLower(u.Hostname())
	hostPort := host
	if port != "" {
		hostPort += ":" + port
	}
	search, hash := "", ""
	if u.RawQuery != "" || u.ForceQuery {
		search = "?" + u.RawQuery
	}
	if u.Fragment != "" {
		hash = "#" + u.EscapedFragment()
	}
	pass, _ := u.User.Password()
	p := map[string]any{
		"protocol": u.Scheme + ":", "username": u.User.Username(), "password": pass,
		"hostname": host, "port": port, "host": hostPort, "pathname": path,
		"search": search, "hash": hash, "special": special,
	}
	auth := ""
	if u.User != nil && u.User.Username() != "" {
		auth = u.User.Username()
		if pass != "" {
			auth += ":" + pass
		}
		auth += "@"
	}
	href := u.Scheme + ":"
	if special || host != "" {
		href += "//" + auth + hostPort
	}
	p["href"] = href + path + search + hash
	return p
}
