package jsexec

import (
	"github.com/dop251/goja"
)

// The tool proxies (`tools`, a server's global, `tools.a.b`) are goja
// proxies with Go traps. Their handler was JavaScript, with the paths and
// the sub-proxies in a WeakMap and a Map per proxy: every trap was a call
// into the VM with its arguments as an array, and the two collections
// made Map and WeakMap part of every set-up (they could not be lazy
// built-ins, lazy.go). Here a trap is a Go call and a proxy's state a Go
// value; what a script sees is the same:
//
//   - reading a name gives the proxy of the longer path (the same one on
//     every read), except symbols, "then" (a proxy is not a thenable) and
//     "toJSON", which give undefined;
//   - calling it calls the tool with its first argument (toolCall);
//   - every write (assignment, defineProperty, delete, setPrototypeOf)
//     throws "tools are read-only", preventExtensions fails, `in` is
//     always true and its own keys are ["prototype"];
//   - the rest (getOwnPropertyDescriptor, getPrototypeOf, isExtensible,
//     new) reaches the target, a plain function of the prelude's.

// toolNode is one proxy's state.
type toolNode struct {
	path string
	subs map[string]*goja.Object // sub-proxies by name, made on first read
}

// toolProxies are a VM's proxies, by target and by proxy (the formatter
// asks about a proxy; the traps get the target).
type toolProxies struct {
	nodes map[*goja.Object]*toolNode
	traps *goja.ProxyTrapConfig
	// target makes a proxy's target (the prelude's toolTarget).
	target goja.Callable
}

// toolProxy is the proxy of path ("" is `tools` itself).
func (r *rt) toolProxy(path string) (*goja.Object, error) {
	tp := &r.tools
	if tp.traps == nil {
		mk, ok := goja.AssertFunction(r.api.Get("toolTarget"))
		if !ok {
			return nil, errMissingBuiltins
		}
		tp.target, tp.traps, tp.nodes = mk, r.toolTraps(), make(map[*goja.Object]*toolNode, 8)
	}
	tv, err := tp.target(goja.Undefined())
	if err != nil {
		return nil, err
	}
	target, _ := tv.(*goja.Object)
	if target == nil {
		return nil, errMissingBuiltins
	}
	p := r.vm.ToValue(r.vm.NewProxy(target, tp.traps)).(*goja.Object)
	n := &toolNode{path: path}
	tp.nodes[target], tp.nodes[p] = n, n
	return p, nil
}

// toolPath is the path of a tool proxy; ok is false for any other value.
func (r *rt) toolPath(v goja.Value) (path string, ok bool) {
	o, isObj := v.(*goja.Object)
	if !isObj || r.tools.nodes == nil {
		return "", false
	}
	n := r.tools.nodes[o]
	if n == nil {
		return "", false
	}
	return n.path, true
}

// toolTraps is the handler every proxy of the VM shares.
func (r *rt) toolTraps() *goja.ProxyTrapConfig {
	readOnly := func() { panic(r.vm.NewTypeError("tools are read-only")) }
	return &goja.ProxyTrapConfig{
		Get: r.toolGet,
		GetSym: func(*goja.Object, *goja.Symbol, goja.Value) goja.Value {
			return goja.Undefined()
		},
		Set:               func(*goja.Object, string, goja.Value, goja.Value) bool { readOnly(); return false },
		SetSym:            func(*goja.Object, *goja.Symbol, goja.Value, goja.Value) bool { readOnly(); return false },
		DefineProperty:    func(*goja.Object, string, goja.PropertyDescriptor) bool { readOnly(); return false },
		DefinePropertySym: func(*goja.Object, *goja.Symbol, goja.PropertyDescriptor) bool { readOnly(); return false },
		DeleteProperty:    func(*goja.Object, string) bool { readOnly(); return false },
		DeletePropertySym: func(*goja.Object, *goja.Symbol) bool { readOnly(); return false },
		SetPrototypeOf:    func(*goja.Object, *goja.Object) bool { readOnly(); return false },
		PreventExtensions: func(*goja.Object) bool { return false },
		Has:               func(*goja.Object, string) bool { return true },
		HasSym:            func(*goja.Object, *goja.Symbol) bool { return true },
		OwnKeys: func(*goja.Object) *goja.Object {
			return r.vm.NewArray("prototype")
		},
		Apply: func(t *goja.Object, _ goja.Value, args []goja.Value) goja.Value {
			n := r.tools.nodes[t]
			if n == nil || n.path == "" {
				return r.toolCall("", goja.Undefined())
			}
			arg := goja.Undefined()
			if len(args) > 0 {
				arg = args[0]
			}
			return r.toolCall(n.path, arg)
		},
	}
}

// toolGet is the get trap: the sub-proxy of prop, made on first read.
func (r *rt) toolGet(t *goja.Object, prop string, _ goja.Value) goja.Value {
	if prop == "then" || prop == "toJSON" {
		return goja.Undefined()
	}
	n := r.tools.nodes[t]
	if n == nil {
		return goja.Undefined()
	}
	if sub := n.subs[prop]; sub != nil {
		return sub
	}
	path := prop
	if n.path != "" {
		path = n.path + "." + prop
	}
	sub, err := r.toolProxy(path)
	if err != nil {
		panic(r.vm.NewTypeError("js-exec: internal error: " + err.Error()))
	}
	if n.subs == nil {
		n.subs = make(map[string]*goja.Object, 2)
	}
	n.subs[prop] = sub
	return sub
}
