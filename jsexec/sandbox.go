package jsexec

import (
	"github.com/dop251/goja"
)

// harden removes every way to turn a string into code and the host-ish
// built-ins a script must not have. It runs after the prelude, which is
// the only trusted code in the VM.
func (r *rt) harden() error {
	g := r.vm.GlobalObject()
	for _, name := range []string{"eval", "WebAssembly", "SharedArrayBuffer", "Atomics", "FinalizationRegistry"} {
		_ = g.Delete(name)
	}
	thrower := r.host.Get("noCodegen").(*goja.Object)
	// instanceof Function keeps working: the stand-in shares the prototype.
	fnProto := r.vm.Get("Function").ToObject(r.vm).Get("prototype")
	if err := thrower.DefineDataProperty("prototype", fnProto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
		return err
	}
	protos := []*goja.Object{r.hidden.fnProto, r.hidden.asyncFnProto, r.hidden.genFnProto}
	for _, p := range protos {
		if err := p.DefineDataProperty("constructor", thrower, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
			return err
		}
	}
	return g.DefineDataProperty("Function", thrower, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
}
