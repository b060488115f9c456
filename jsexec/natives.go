package jsexec

import (
	"errors"
	"sync"

	"github.com/dop251/goja"
)

// native makes f a JavaScript function named name with the given length,
// as a built-in method would be. goja names a Go function after its Go
// symbol; the name a script sees is set here.
func (r *rt) native(name string, length int, f func(goja.FunctionCall) goja.Value) *goja.Object {
	o := r.vm.ToValue(f).(*goja.Object)
	_ = o.DefineDataProperty("name", stringValue(r.vm, name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	if length != 0 {
		_ = o.DefineDataProperty("length", r.vm.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	return o
}

// stringValues holds string primitives by content: they belong to no VM,
// so one value serves every VM (and the names of built-ins are the same
// few in each).
var stringValues sync.Map

func stringValue(vm *goja.Runtime, s string) goja.Value {
	if v, ok := stringValues.Load(s); ok {
		return v.(goja.Value)
	}
	v := vm.ToValue(s)
	stringValues.Store(s, v)
	return v
}

// errMissingBuiltins is a VM without a built-in the set-up relies on.
var errMissingBuiltins = errors.New("a built-in the sandbox relies on is missing")
