package jsexec

import (
	"math"
	"time"

	"github.com/dop251/goja"
	"github.com/justbash/justbash/commands"
)

// Date in the sandbox's zone. goja's Date computes local time in
// time.Local — the host's zone, which Go loads from /etc/localtime — and
// has no per-VM zone. So, before anything captures it, every part of Date
// that involves local time is replaced by a wrapper over the Go code in
// datezone.go and dateparse.go: the constructor (parts and strings), parse
// and UTC (goja's UTC goes through time.Local too), the local getters and
// setters, getTimezoneOffset and the string forms. The UTC methods,
// toISOString, toJSON and valueOf are goja's own: they never touch the zone.

// dateSrc makes the constructor's wrapper; installDate gives it its
// statics and installs it. fmt, parse and parts are the Go side. It
// captures what it uses at install time, so a script patching built-ins
// cannot reach it.
const dateSrc = `(function (D, fmt, parse, parts, R) {
  "use strict";
  const apply = R.apply, construct = R.construct, getTime = D.prototype.getTime, now = D.now;
  const TE = TypeError, toPrimSym = Symbol.toPrimitive;
  const tv = (d) => apply(getTime, d, []);
  const isObj = (v) => v !== null && (typeof v === "object" || typeof v === "function");
  const isDate = (v) => { try { apply(getTime, v, []); return true; } catch (e) { return false; } };
  // ToPrimitive with the default hint.
  const toPrim = (v) => {
    if (!isObj(v)) return v;
    const ex = v[toPrimSym];
    if (ex !== undefined && ex !== null) {
      const r = apply(ex, v, ["default"]);
      if (isObj(r)) throw new TE("Cannot convert object to primitive value");
      return r;
    }
    let f = v.valueOf;
    if (typeof f === "function") { const r = apply(f, v, []); if (!isObj(r)) return r; }
    f = v.toString;
    if (typeof f === "function") { const r = apply(f, v, []); if (!isObj(r)) return r; }
    throw new TE("Cannot convert object to primitive value");
  };
  const W = { Date: function (...a) {
    if (new.target === undefined) return fmt("string", apply(now, D, []));
    const nt = new.target === W ? D : new.target;
    if (a.length === 0) return construct(D, [], nt);
    let t;
    if (a.length === 1) {
      const v = a[0];
      if (isObj(v) && isDate(v)) t = tv(v);
      else { const p = toPrim(v); t = typeof p === "string" ? parse(p) : +p; }
    } else t = apply(parts, undefined, a);
    return construct(D, [t], nt);
  } }.Date;
  return W;
})`

// location is the run's zone: RunOptions.Location, else the TZ variable
// of the sandbox the command runs in, else UTC. Never the host's.
func location(opts RunOptions) *time.Location {
	if opts.Location != nil {
		return opts.Location
	}
	if opts.Host != nil {
		return commands.TZLocation(opts.Host.Getenv("TZ"))
	}
	return time.UTC
}

// dateFields are the local-time components, in datezone.go's order.
var dateFields = [...]string{"FullYear", "Month", "Date", "Day", "Hours", "Minutes", "Seconds", "Milliseconds"}

// dateSetters are the local setters: the first component each sets and
// how many it takes at most.
var dateSetters = [...]struct {
	name         string
	field, count int
}{{"FullYear", 0, 3}, {"Month", 1, 2}, {"Date", 2, 1}, {"Hours", 4, 4}, {"Minutes", 5, 3}, {"Seconds", 6, 2}, {"Milliseconds", 7, 1}}

// dateForms are the string forms and the kind format renders for each.
var dateForms = [...][2]string{{"toString", "string"}, {"toDateString", "date"}, {"toTimeString", "time"},
	{"toLocaleString", "locale"}, {"toLocaleDateString", "localeDate"}, {"toLocaleTimeString", "localeTime"}}

// installDate puts the wrapper in Date's place, unless Date is lazy
// (lazy.go), whose getter makes it on first use.
func (r *rt) installDate() error {
	if r.isLazy("Date") {
		return nil
	}
	g := r.vm.GlobalObject()
	D, _ := g.Get("Date").(*goja.Object)
	W, err := r.wrapDate(D)
	if err != nil {
		return err
	}
	return method(g, "Date", W)
}

// wrapDate replaces the local-time methods of D's prototype and returns
// the constructor's wrapper, which the prototype's constructor leads to.
func (r *rt) wrapDate(D *goja.Object) (*goja.Object, error) {
	z := zone{location(r.opts)}
	if D == nil {
		return nil, errMissingBuiltins
	}
	P, _ := D.Get("prototype").(*goja.Object)
	if P == nil {
		return nil, errMissingBuiltins
	}
	getTime, ok1 := goja.AssertFunction(P.Get("getTime"))
	setTime, ok2 := goja.AssertFunction(P.Get("setTime"))
	if !ok1 || !ok2 {
		return nil, errMissingBuiltins
	}
	// tv is the time value of a Date; for anything else, the original's
	// TypeError.
	tv := func(d goja.Value) float64 { return callOrig(getTime, d).ToFloat() }
	def := func(obj *goja.Object, name string, length int, f func(goja.FunctionCall) goja.Value) error {
		return method(obj, name, r.native(name, length, f))
	}
	for i, f := range dateFields {
		if err := def(P, "get"+f, 0, func(c goja.FunctionCall) goja.Value { return r.vm.ToValue(z.get(i, tv(c.This))) }); err != nil {
			return nil, err
		}
	}
	if err := def(P, "getTimezoneOffset", 0, func(c goja.FunctionCall) goja.Value {
		t := tv(c.This)
		if t != t {
			return r.vm.ToValue(math.NaN())
		}
		return r.vm.ToValue(-float64(z.offset(int64(t))) / 60000)
	}); err != nil {
		return nil, err
	}
	for _, s := range dateSetters {
		if err := def(P, "set"+s.name, s.count, func(c goja.FunctionCall) goja.Value {
			t := tv(c.This)
			n := min(max(len(c.Arguments), 1), s.count)
			// Arguments are converted in order, as the spec does, even for
			// an invalid date.
			var a [4]float64
			for i := 0; i < n; i++ {
				a[i] = c.Argument(i).ToFloat()
			}
			return callOrig(setTime, c.This, r.vm.ToValue(z.set(s.field, t, a[:n])))
		}); err != nil {
			return nil, err
		}
	}
	for _, f := range dateForms {
		if err := def(P, f[0], 0, func(c goja.FunctionCall) goja.Value {
			t := tv(c.This)
			if t != t {
				return stringValue(r.vm, "Invalid Date")
			}
			return r.vm.ToValue(z.format(f[1], t))
		}); err != nil {
			return nil, err
		}
	}
	parse := r.native("parse", 1, func(c goja.FunctionCall) goja.Value {
		return r.vm.ToValue(z.parse(c.Argument(0).String()))
	})
	fmtFn := r.native("fmt", 2, func(c goja.FunctionCall) goja.Value {
		return r.vm.ToValue(z.format(c.Argument(0).String(), c.Argument(1).ToFloat()))
	})
	parts := func(utc bool) func(goja.FunctionCall) goja.Value {
		return func(c goja.FunctionCall) goja.Value {
			// new Date(y, m, ...) and Date.UTC: missing components take
			// their defaults, the year is converted even when absent.
			p := [7]float64{0, 0, 1, 0, 0, 0, 0}
			n := min(len(c.Arguments), 7)
			p[0] = c.Argument(0).ToFloat()
			for i := 1; i < n; i++ {
				p[i] = c.Argument(i).ToFloat()
			}
			return r.vm.ToValue(z.fromParts(p[:], utc))
		}
	}
	// guardSrc's apply and construct stand for Reflect's, which the
	// wrapper would otherwise make (all its methods) for two of them.
	R := r.guardMade
	if R == nil {
		return nil, errMissingBuiltins
	}
	prg, err := datePrg.get()
	if err != nil {
		return nil, err
	}
	fv, err := r.vm.RunProgram(prg)
	if err != nil {
		return nil, err
	}
	mk, _ := goja.AssertFunction(fv)
	wv, err := mk(goja.Undefined(), D, fmtFn, parse, r.native("parts", 7, parts(false)), R)
	if err != nil {
		return nil, err
	}
	W := wv.(*goja.Object)
	// W stands for D: the same prototype, statics and length.
	if err := W.SetPrototype(D.Prototype()); err != nil {
		return nil, err
	}
	for _, d := range []struct {
		name string
		v    goja.Value
		fl   [3]goja.Flag // writable, configurable, enumerable
	}{
		{"length", r.vm.ToValue(7), [3]goja.Flag{goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE}},
		{"prototype", P, [3]goja.Flag{goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE}},
		{"now", D.Get("now"), [3]goja.Flag{goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE}},
		{"parse", parse, [3]goja.Flag{goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE}},
		{"UTC", r.native("UTC", 7, parts(true)), [3]goja.Flag{goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE}},
	} {
		if err := W.DefineDataProperty(d.name, d.v, d.fl[0], d.fl[1], d.fl[2]); err != nil {
			return nil, err
		}
	}
	if err := method(P, "constructor", W); err != nil {
		return nil, err
	}
	return W, nil
}
