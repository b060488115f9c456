package jsexec

import (
	"math/big"
	"reflect"

	"github.com/dop251/goja"
)

// intrinsics are the originals host code calls, captured before any user
// code runs so a script replacing JSON.stringify, Error or the like cannot
// change what the host sees.
type intrinsics struct {
	stringify, parse goja.Callable
	errorCtor        *goja.Object
	bigintReplacer   *goja.Object
}

var bigIntType = reflect.TypeOf((*big.Int)(nil))

func (r *rt) captureIntrinsics() {
	j := r.vm.Get("JSON").ToObject(r.vm)
	r.in.stringify, _ = goja.AssertFunction(j.Get("stringify"))
	r.in.parse, _ = goja.AssertFunction(j.Get("parse"))
	r.in.errorCtor = r.vm.Get("Error").ToObject(r.vm)
	// BigInts are not JSON: results and tool arguments carry them as
	// decimal strings.
	// The native JSON.stringify (jsonstr.go) knows this replacer and does
	// its work inline; it stays a function for any other stringify.
	r.in.bigintReplacer = r.vm.ToValue(func(c goja.FunctionCall) goja.Value {
		v := c.Argument(1)
		if v.ExportType() == bigIntType {
			return r.vm.ToValue(v.String())
		}
		return v
	}).(*goja.Object)
}

// toJSON serialises v with the original JSON.stringify; ok is false for
// values JSON has no text for (undefined, functions, symbols).
func (r *rt) toJSON(v goja.Value) (s string, ok bool, err error) {
	out, err := r.in.stringify(goja.Undefined(), v, r.in.bigintReplacer)
	if err != nil {
		return "", false, err
	}
	if goja.IsUndefined(out) {
		return "", false, nil
	}
	return out.String(), true, nil
}

// newError builds an Error with the original constructor.
func (r *rt) newError(msg string) *goja.Object {
	e, err := r.vm.New(r.in.errorCtor, r.vm.ToValue(msg))
	if err != nil {
		return r.vm.NewTypeError(msg)
	}
	return e
}

// hiddenSrc returns objects no global name leads to, which the sandbox
// locks (harden) and freezes: the prototypes of plain, async and generator
// functions, and one instance of each built-in iterator. It runs before
// the guards, so Int8Array is still goja's own. Map, Set and Int8Array
// are left out (null) when they are lazy (lazy.go): their getters reach
// them.
const hiddenSrc = `(function (lazySet, lazyTyped, lazyMap) {
  return [function () {}, async function () {}, function* () {}, [][Symbol.iterator](), lazyMap ? null : new Map()[Symbol.iterator](),
    lazySet ? null : new Set()[Symbol.iterator](), ""[Symbol.iterator](), /x/[Symbol.matchAll](""), lazyTyped ? null : Int8Array];
})`

// hidden are the intrinsics hiddenSrc reaches (%FunctionPrototype% and
// the like in the spec's names).
type hidden struct {
	fnProto, asyncFnProto, genFnProto *goja.Object
	// frozen lists, in freezeSrc's historic order, the intrinsics the
	// freeze covers besides what the global names lead to.
	frozen []*goja.Object
}

func (r *rt) captureHidden() error {
	fv, err := r.vm.RunProgram(hiddenPrg)
	if err != nil {
		return err
	}
	fn, _ := goja.AssertFunction(fv)
	list, err := fn(goja.Undefined(), r.vm.ToValue(r.isLazy("Set")), r.vm.ToValue(r.isLazy("Int8Array")), r.vm.ToValue(r.isLazy("Map")))
	if err != nil {
		return err
	}
	arr := list.(*goja.Object)
	at := func(i int) *goja.Object {
		o, _ := arr.Get(itoa(int64(i))).(*goja.Object)
		return o
	}
	proto := func(o *goja.Object) *goja.Object {
		if o == nil {
			return nil
		}
		return o.Prototype()
	}
	h := &r.hidden
	h.fnProto, h.asyncFnProto, h.genFnProto = at(0).Prototype(), at(1).Prototype(), at(2).Prototype()
	genProto, _ := h.genFnProto.Get("prototype").(*goja.Object)
	var iterProto *goja.Object
	if genProto != nil {
		iterProto = genProto.Prototype()
	}
	typed := proto(at(8))
	var typedProto *goja.Object
	if typed != nil {
		typedProto, _ = typed.Get("prototype").(*goja.Object)
	}
	h.frozen = []*goja.Object{h.genFnProto, genProto, iterProto, h.asyncFnProto,
		proto(at(3)), proto(at(4)), proto(at(5)), proto(at(6)), proto(at(7)),
		typed, typedProto}
	return nil
}
