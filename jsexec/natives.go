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

// stringValue is s as a string primitive shared by every VM. goja makes
// a string of more than 16 bytes an "imported" one that scans its own
// content on first use, writing to itself: shared unscanned, two VMs
// preparing at once raced on that write (the race detector caught it in
// two first Prepares of a fresh process). It is scanned here, once,
// before any other VM can see it; after that its methods only read.
func stringValue(vm *goja.Runtime, s string) goja.Value {
	if v, ok := stringValues.Load(s); ok {
		return v.(goja.Value)
	}
	v := vm.ToValue(s)
	if str, ok := v.(goja.String); ok {
		_ = str.Length() // scans an imported string
	}
	shared, _ := stringValues.LoadOrStore(s, v)
	return shared.(goja.Value)
}

// errMissingBuiltins is a VM without a built-in the set-up relies on.
var errMissingBuiltins = errors.New("a built-in the sandbox relies on is missing")
