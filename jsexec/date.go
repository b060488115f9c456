package jsexec

import (
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

// dateSrc installs the wrappers; z holds the Go side. It captures what it
// uses at install time, so a script patching built-ins cannot reach it.
const dateSrc = `(function (g, z) {
  "use strict";
  const D = g.Date, P = D.prototype, apply = Reflect.apply, construct = Reflect.construct;
  const defineProperty = Object.defineProperty, ownKeys = Reflect.ownKeys, getOwn = Object.getOwnPropertyDescriptor;
  const getTime = P.getTime, setTime = P.setTime, now = D.now, Str = String, TE = TypeError, toPrimSym = Symbol.toPrimitive;
  const get = z.get, set = z.set, fmt = z.fmt, parse = z.parse, parts = z.parts, offset = z.offset;
  const tv = (d) => apply(getTime, d, []); // a TypeError for a non-Date, like the originals
  const def = (obj, name, len, fn) => {
    const w = { [name](...a) { return fn(this, a); } }[name];
    defineProperty(w, "length", { value: len });
    defineProperty(obj, name, { value: w, writable: true, enumerable: false, configurable: true });
  };
  const fields = ["FullYear", "Month", "Date", "Day", "Hours", "Minutes", "Seconds", "Milliseconds"];
  for (let i = 0; i < fields.length; i++) def(P, "get" + fields[i], 0, (d) => get(i, tv(d)));
  def(P, "getTimezoneOffset", 0, (d) => { const t = tv(d); return t !== t ? NaN : -offset(t) / 60000; });
  const setters = [["FullYear", 0, 3], ["Month", 1, 2], ["Date", 2, 1], ["Hours", 4, 4], ["Minutes", 5, 3], ["Seconds", 6, 2], ["Milliseconds", 7, 1]];
  for (const [f, i, len] of setters) {
    def(P, "set" + f, len, (d, a) => {
      const t = tv(d);
      const n = a.length < 1 ? 1 : a.length > len ? len : a.length;
      // Arguments are converted in order, as the spec does, even for an invalid date.
      const n0 = +a[0], n1 = n > 1 ? +a[1] : 0, n2 = n > 2 ? +a[2] : 0, n3 = n > 3 ? +a[3] : 0;
      return apply(setTime, d, [set(i, t, n, n0, n1, n2, n3)]);
    });
  }
  const forms = [["toString", "string"], ["toDateString", "date"], ["toTimeString", "time"],
    ["toLocaleString", "locale"], ["toLocaleDateString", "localeDate"], ["toLocaleTimeString", "localeTime"]];
  for (const [name, kind] of forms) def(P, name, 0, (d) => { const t = tv(d); return t !== t ? "Invalid Date" : fmt(kind, t); });

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
  const partsOf = (a, utc) => {
    const n = a.length, c = (i, d) => (n > i ? +a[i] : d);
    const y = +a[0], m = c(1, 0), dt = c(2, 1), h = c(3, 0), mi = c(4, 0), s = c(5, 0), ms = c(6, 0);
    return parts(utc, y, m, dt, h, mi, s, ms);
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
    } else t = partsOf(a, false);
    return construct(D, [t], nt);
  } }.Date;
  Object.setPrototypeOf(W, Object.getPrototypeOf(D));
  for (const k of ownKeys(D)) if (k !== "caller" && k !== "arguments") defineProperty(W, k, getOwn(D, k));
  def(W, "UTC", 7, (_, a) => partsOf(a, true));
  def(W, "parse", 1, (_, a) => parse(Str(a[0])));
  defineProperty(P, "constructor", { value: W, writable: true, enumerable: false, configurable: true });
  defineProperty(g, "Date", { value: W, writable: true, enumerable: false, configurable: true });
})`

// datePrg is compiled with the prelude, on first use (compilePrelude).
var datePrg *goja.Program

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

func (r *rt) installDate() error {
	z := zone{location(r.opts)}
	side := r.vm.NewObject()
	for name, fn := range map[string]any{
		"get":    z.get,
		"offset": func(t float64) float64 { return float64(z.offset(int64(t))) },
		"fmt":    z.format,
		"parse":  z.parse,
		"set": func(field int, t float64, n int, a0, a1, a2, a3 float64) float64 {
			return z.set(field, t, []float64{a0, a1, a2, a3}[:max(1, min(n, 4))])
		},
		"parts": func(utc bool, y, m, dt, h, mi, s, ms float64) float64 {
			return z.fromParts([]float64{y, m, dt, h, mi, s, ms}, utc)
		},
	} {
		if err := side.Set(name, fn); err != nil {
			return err
		}
	}
	fv, err := r.vm.RunProgram(datePrg)
	if err != nil {
		return err
	}
	fn, _ := goja.AssertFunction(fv)
	_, err = fn(goja.Undefined(), r.vm.GlobalObject(), side)
	return err
}
