// The prelude every run gets: console, timers, encoders, URL, structured
// clone and the tools proxy. It is one function called with the host
// bindings, so scripts never see `host` itself.
(function (host, g) {
  "use strict";
  const defineHidden = (o, k, v) => Object.defineProperty(o, k, { value: v, writable: true, configurable: true, enumerable: false });

  // ---- inspect / format (node-like) ----
  // The formatter's functions are made on first use (makeFormat): a
  // function costs its object in every run, and most runs print nothing.
  let formatter;
  const F = () => formatter || (formatter = makeFormat());
  const inspect = (v, opts) => F().inspect(v, opts);
  const format = (...args) => F().format(...args);
  // isA is v instanceof the global name, without making a lazy built-in
  // (lazy.go) that nothing has used yet: there is no instance of it then.
  const isA = (v, name) => {
    const C = host.made(name);
    return C !== undefined && v instanceof C;
  };
  function isErr(v) { return v instanceof Error || Object.prototype.toString.call(v) === "[object Error]"; }
  function makeFormat() {
    const identRe = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
    function quote(s) {
      return "'" + s.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n").replace(/\t/g, "\\t").replace(/\r/g, "\\r") + "'";
    }
    function fmtKey(k) {
      if (typeof k === "symbol") return "[" + k.toString() + "]";
      return identRe.test(k) ? k : quote(k);
    }
    function ctorName(o) {
      const p = Object.getPrototypeOf(o);
      if (p === null) return null;
      const d = Object.getOwnPropertyDescriptor(p, "constructor");
      return d && typeof d.value === "function" && d.value.name ? d.value.name : "";
    }
    function wrap(open, parts, close, indent) {
      if (parts.length === 0) return open.trimEnd() + close;
      const one = open + " " + parts.join(", ") + " " + close;
      if (one.length <= 72 && !parts.some((p) => p.includes("\n"))) return one;
      const pad = "  ".repeat(indent + 1);
      return open + "\n" + pad + parts.join(",\n" + pad) + "\n" + "  ".repeat(indent) + close;
    }
    function formatValue(v, depth, seen, indent, top) {
      switch (typeof v) {
        case "string": return top ? v : quote(v);
        case "number": return Object.is(v, -0) ? "-0" : String(v);
        case "bigint": return v + "n";
        case "boolean": case "undefined": return String(v);
        case "symbol": return v.toString();
      }
      if (v === null) return "null";
      if (typeof v === "function") {
        const path = host.toolPath(v);
        if (path !== undefined) return "[tools: " + (path || "tools") + "]";
      }
      if (seen.includes(v)) return "[Circular *1]";
      if (typeof v === "function") {
        const src = Function.prototype.toString.call(v);
        const kind = src.startsWith("class") ? "class" : "Function";
        const base = kind === "class" ? "[class " + (v.name || "(anonymous)") + "]" : v.name ? "[Function: " + v.name + "]" : "[Function (anonymous)]";
        const keys = Object.keys(v);
        if (keys.length === 0 || depth < 0) return base;
        return formatProps(v, keys, depth, seen, indent, base + " {", "}");
      }
      if (isErr(v)) {
        const stack = typeof v.stack === "string" && v.stack ? v.stack : String(v);
        const keys = Object.keys(v).filter((k) => k !== "stack" && k !== "message");
        if (keys.length === 0 || depth < 0) return stack;
        return formatProps(v, keys, depth, seen, indent, stack + " {", "}");
      }
      if (isA(v, "Date")) return isNaN(v) ? "Invalid Date" : v.toISOString();
      if (v instanceof RegExp) return String(v);
      if (v instanceof Promise) {
        const st = host.promiseState(v);
        if (st === 0) return "Promise { <pending> }";
        const inner = formatValue(host.promiseResult(v), depth - 1, seen.concat([v]), indent + 1, false);
        return "Promise { " + (st === 2 ? "<rejected> " : "") + inner + " }";
      }
      if (typeof v.__jsexecInspect === "function") return v.__jsexecInspect();
      const name = ctorName(v);
      if (depth < 0) {
        if (Array.isArray(v)) return "[Array]";
        return "[" + (name || "Object") + "]";
      }
      const s2 = seen.concat([v]);
      if (Array.isArray(v)) {
        const parts = [];
        const n = Math.min(v.length, 100);
        let numeric = true;
        for (let i = 0; i < n; i++) {
          if (i in v && typeof v[i] !== "number" && typeof v[i] !== "bigint") numeric = false;
          parts.push(i in v ? formatValue(v[i], depth - 1, s2, indent + 1, false) : "<empty item>");
        }
        const rows = parts.length > 6 ? groupItems(parts, indent, numeric) : parts;
        if (v.length > 100) rows.push("... " + (v.length - 100) + " more items");
        const extra = Object.keys(v).filter((k) => !/^\d+$/.test(k));
        for (const k of extra) rows.push(fmtKey(k) + ": " + formatValue(v[k], depth - 1, s2, indent + 1, false));
        const open = name && name !== "Array" ? name + "(" + v.length + ") [" : "[";
        if (rows !== parts) return open + "\n" + "  ".repeat(indent + 1) + rows.join(",\n" + "  ".repeat(indent + 1)) + "\n" + "  ".repeat(indent) + "]";
        return wrap(open, rows, "]", indent);
      }
      const AB = host.made("ArrayBuffer");
      if (AB !== undefined && AB.isView(v) && !isA(v, "DataView")) {
        const parts = [];
        const n = Math.min(v.length, 100);
        for (let i = 0; i < n; i++) parts.push(formatValue(v[i], depth - 1, s2, indent + 1, false));
        if (v.length > 100) parts.push("... " + (v.length - 100) + " more items");
        return wrap(name + "(" + v.length + ") [", parts, "]", indent);
      }
      if (isA(v, "Map")) {
        const parts = [];
        for (const [k, val] of v) parts.push(formatValue(k, depth - 1, s2, indent + 1, false) + " => " + formatValue(val, depth - 1, s2, indent + 1, false));
        return wrap("Map(" + v.size + ") {", parts, "}", indent);
      }
      if (isA(v, "Set")) {
        const parts = [];
        for (const val of v) parts.push(formatValue(val, depth - 1, s2, indent + 1, false));
        return wrap("Set(" + v.size + ") {", parts, "}", indent);
      }
      if (AB !== undefined && v instanceof AB) return "ArrayBuffer { byteLength: " + v.byteLength + " }";
      let open = "{";
      if (name === null) open = "[Object: null prototype] {";
      else if (name && name !== "Object") open = name + " {";
      const keys = Object.keys(v).concat(Object.getOwnPropertySymbols(v).filter((s) => Object.prototype.propertyIsEnumerable.call(v, s)));
      return formatProps(v, keys, depth, s2, indent, open, "}");
    }
    // groupItems lays many short array items out in aligned columns, as
    // node does (numbers right-aligned); it returns parts itself when the
    // items are too long or too few to be worth it.
    function groupItems(parts, indent, numeric) {
      if (parts.some((p) => p.includes("\n"))) return parts;
      const sep = 2;
      let total = 0, maxLen = 0;
      for (const p of parts) { total += p.length + sep; if (p.length > maxLen) maxLen = p.length; }
      const cell = maxLen + sep;
      if (!(cell * 3 + indent * 2 < 80 && (total / cell > 5 || maxLen <= 6))) return parts;
      const bias = Math.sqrt(cell - total / parts.length);
      const biased = Math.max(cell - 3 - bias, 1);
      const cols = Math.min(Math.round(Math.sqrt(2.5 * biased * parts.length) / biased), Math.floor((80 - indent * 2) / cell), 12, 15);
      if (cols <= 1) return parts;
      const widths = [];
      for (let c = 0; c < cols; c++) {
        let w = 0;
        for (let j = c; j < parts.length; j += cols) if (parts[j].length > w) w = parts[j].length;
        widths.push(w + sep);
      }
      const rows = [];
      for (let i = 0; i < parts.length; i += cols) {
        const end = Math.min(i + cols, parts.length);
        let row = "";
        for (let j = i; j < end - 1; j++) row += numeric ? (parts[j] + ", ").padStart(widths[j - i]) : (parts[j] + ", ").padEnd(widths[j - i]);
        row += numeric ? parts[end - 1].padStart(widths[end - 1 - i] - sep) : parts[end - 1];
        rows.push(row);
      }
      return rows;
    }
    function formatProps(v, keys, depth, seen, indent, open, close) {
      const parts = [];
      for (const k of keys) {
        const d = Object.getOwnPropertyDescriptor(v, k);
        let s;
        if (d && (d.get || d.set)) s = d.get && d.set ? "[Getter/Setter]" : d.get ? "[Getter]" : "[Setter]";
        else s = formatValue(v[k], depth - 1, seen, indent + 1, false);
        parts.push(fmtKey(k) + ": " + s);
      }
      return wrap(open, parts, close, indent);
    }
    function inspect(v, opts) {
      let depth = 2;
      if (opts && typeof opts === "object" && "depth" in opts) depth = opts.depth === null || opts.depth === Infinity ? 1e9 : Number(opts.depth);
      return formatValue(v, depth, [], 0, false);
    }
    function format(...args) {
      let out = "";
      let i = 0;
      if (typeof args[0] === "string" && args.length > 1) {
        const f = args[0];
        i = 1;
        let last = 0;
        for (let j = 0; j < f.length - 1; j++) {
          if (f[j] !== "%") continue;
          const c = f[j + 1];
          let rep;
          if (c === "%") rep = "%";
          else if (i >= args.length) continue;
          else if (c === "s") { const a = args[i++]; rep = typeof a === "string" ? a : typeof a === "object" && a !== null ? inspect(a, { depth: 1 }) : formatValue(a, 1, [], 0, true); }
          else if (c === "d" || c === "i") { const a = args[i++]; rep = typeof a === "bigint" ? a + "n" : String(c === "i" ? Math.trunc(Number(a)) : Number(a)); }
          else if (c === "f") rep = String(parseFloat(args[i++]));
          else if (c === "j") { try { rep = JSON.stringify(args[i++]); } catch (e) { rep = "[Circular]"; } }
          else if (c === "o" || c === "O") rep = inspect(args[i++], { depth: c === "o" ? 4 : 2 });
          else if (c === "c") { i++; rep = ""; }
          else continue;
          out += f.slice(last, j) + rep;
          last = j + 2;
          j++;
        }
        out += f.slice(last);
      }
      for (; i < args.length; i++) {
        out += (out || i > 0 ? " " : "") + formatValue(args[i], 2, [], 0, true);
      }
      return out;
    }
    return { inspect, format, quote, formatValue };
  }

  // ---- console ----
  // Made on first use, as a lazyAPI (below): seventeen methods are as many
  // functions, and most runs print nothing.
  function consoleAPI() {
    let groupIndent = "";
    function emit(level, fd, args) {
      let text = format(...args);
      if (groupIndent) text = text.split("\n").map((l) => groupIndent + l).join("\n");
      host.log(level, text);
      host.write(fd, text + "\n");
    }
    // Made on first use: a Map realises Map (a lazy built-in, lazy.go).
    let countsMap, timersMap;
    const counts = () => countsMap || (countsMap = new Map());
    const timersStart = () => timersMap || (timersMap = new Map());
    const console = {
      log: (...a) => emit("log", 1, a),
      info: (...a) => emit("info", 1, a),
      debug: (...a) => emit("debug", 1, a),
      warn: (...a) => emit("warn", 2, a),
      error: (...a) => emit("error", 2, a),
      trace: (...a) => emit("error", 2, ["Trace: " + format(...a) + "\n" + (new Error().stack || "").split("\n").slice(1).join("\n")]),
      dir: (v, o) => emit("log", 1, [inspect(v, o)]),
      assert: (c, ...a) => { if (!c) emit("error", 2, a.length ? ["Assertion failed:", ...a] : ["Assertion failed"]); },
      count: (l = "default") => { const n = (counts().get(l) || 0) + 1; counts().set(l, n); emit("log", 1, [l + ": " + n]); },
      countReset: (l = "default") => counts().delete(l),
      time: (l = "default") => timersStart().set(l, Date.now()),
      timeEnd: (l = "default") => { if (timersStart().has(l)) { emit("log", 1, [l + ": " + (Date.now() - timersStart().get(l)) + "ms"]); timersStart().delete(l); } },
      timeLog: (l = "default", ...a) => { if (timersStart().has(l)) emit("log", 1, [l + ": " + (Date.now() - timersStart().get(l)) + "ms", ...a]); },
      group: (...a) => { if (a.length) emit("log", 1, a); groupIndent += "  "; },
      groupEnd: () => { groupIndent = groupIndent.slice(2); },
      table: (v) => emit("log", 1, [table(v)]),
    };

    // table draws console.table's box: an (index) column, one column per
    // key in order of first appearance, and Values for primitive rows.
    function table(data) {
      if (data === null || typeof data !== "object") return data;
      const isMap = isA(data, "Map");
      const rowKeys = isMap ? [...data.keys()] : Object.keys(data);
      const rowOf = (k) => (isMap ? data.get(k) : data[k]);
      const cols = [];
      let hasValues = false;
      for (const k of rowKeys) {
        const r = rowOf(k);
        if (r !== null && typeof r === "object") { for (const c of Object.keys(r)) if (!cols.includes(c)) cols.push(c); }
        else hasValues = true;
      }
      const head = ["(index)"].concat(cols, hasValues ? ["Values"] : []);
      const cell = (x) => F().formatValue(x, 0, [], 0, false);
      const body = rowKeys.map((k) => {
        const r = rowOf(k);
        const isObj = r !== null && typeof r === "object";
        const line = [typeof k === "string" ? k : cell(k)];
        for (const c of cols) line.push(isObj && Object.prototype.hasOwnProperty.call(r, c) ? cell(r[c]) : "");
        if (hasValues) line.push(isObj ? "" : cell(r));
        return line;
      });
      const widths = head.map((h, i) => Math.max(h.length, ...body.map((l) => l[i].length)) + 2);
      const rule = (l, m, r) => l + widths.map((w) => "─".repeat(w)).join(m) + r;
      const row = (cells) => "│" + cells.map((c, i) => " " + c.padEnd(widths[i] - 1)).join("│") + "│";
      return [rule("┌", "┬", "┐"), row(head), rule("├", "┼", "┤")].concat(body.map(row), [rule("└", "┴", "┘")]).join("\n");
    }
    return { console };
  }

  // ---- timers ----
  function checkFn(fn) {
    if (typeof fn !== "function") throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(fn));
  }
  const timers = {
    setTimeout(fn, ms, ...args) { checkFn(fn); return host.setTimer(fn, Number(ms) || 0, false, args); },
    setInterval(fn, ms, ...args) { checkFn(fn); return host.setTimer(fn, Number(ms) || 0, true, args); },
    setImmediate(fn, ...args) { checkFn(fn); return host.setTimer(fn, 0, false, args); },
    clearTimeout(id) { if (id != null) host.clearTimer(Number(id)); },
    clearInterval(id) { if (id != null) host.clearTimer(Number(id)); },
    clearImmediate(id) { if (id != null) host.clearTimer(Number(id)); },
    queueMicrotask(fn) { checkFn(fn); Promise.resolve().then(() => fn()); },
  };

  // ---- bytes and text ----
  function toBytes(v) {
    if (v instanceof ArrayBuffer) return new Uint8Array(v);
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    throw new TypeError("The argument must be an ArrayBuffer or a view of one");
  }
  function bufOf(u8) {
    return u8.byteOffset === 0 && u8.byteLength === u8.buffer.byteLength ? u8.buffer : u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength);
  }
  // Made on first use (see lazyAPI below).
  function textAPI() {
    class TextEncoder {
      get encoding() { return "utf-8"; }
      encode(s = "") { return new Uint8Array(host.bytesFrom(String(s), "utf8")); }
      encodeInto(s, dest) {
        const b = this.encode(s);
        const n = Math.min(b.length, dest.length);
        dest.set(b.subarray(0, n));
        return { read: String(s).length, written: n };
      }
    }
    class TextDecoder {
      constructor(label = "utf-8", opts = {}) {
        const l = String(label).toLowerCase();
        if (l !== "utf-8" && l !== "utf8" && l !== "unicode-1-1-utf-8") throw new RangeError('The "' + label + '" encoding is not supported');
        this.fatal = !!(opts && opts.fatal);
        this.ignoreBOM = !!(opts && opts.ignoreBOM);
      }
      get encoding() { return "utf-8"; }
      decode(input) {
        if (input === undefined) return "";
        let s = host.bytesTo(bufOf(toBytes(input)), this.fatal ? "utf8-fatal" : "utf8");
        if (!this.ignoreBOM && s.charCodeAt(0) === 0xfeff) s = s.slice(1);
        return s;
      }
    }
    return { TextEncoder, TextDecoder };
  }
  function btoa(s) {
    s = String(s);
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) throw new Error("InvalidCharacterError: The string to be encoded contains characters outside of the Latin1 range.");
    return host.bytesTo(host.bytesFrom(s, "latin1"), "base64");
  }
  function atob(s) {
    s = String(s).replace(/[\t\n\f\r ]/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 === 1) throw new Error("InvalidCharacterError: The string to be decoded is not correctly encoded.");
    return host.bytesTo(host.bytesFrom(s, "base64"), "latin1");
  }

  // ---- structuredClone ----
  function structuredClone(v) {
    const memo = new Map();
    const clone = (x) => {
      if (typeof x === "function" || typeof x === "symbol") throw new Error("DataCloneError: " + inspect(x) + " could not be cloned.");
      if (x === null || typeof x !== "object") return x;
      if (memo.has(x)) return memo.get(x);
      let out;
      if (Array.isArray(x)) { out = []; memo.set(x, out); for (let i = 0; i < x.length; i++) out[i] = clone(x[i]); return out; }
      if (x instanceof Date) out = new Date(x.getTime());
      else if (x instanceof RegExp) out = new RegExp(x.source, x.flags);
      else if (x instanceof Map) { out = new Map(); memo.set(x, out); for (const [k, val] of x) out.set(clone(k), clone(val)); return out; }
      else if (x instanceof Set) { out = new Set(); memo.set(x, out); for (const val of x) out.add(clone(val)); return out; }
      else if (x instanceof ArrayBuffer) out = x.slice(0);
      else if (ArrayBuffer.isView(x)) out = new x.constructor(x);
      else if (isErr(x)) { out = new (g[x.name] || Error)(x.message); out.stack = x.stack; }
      else if (x instanceof Promise || x instanceof WeakMap || x instanceof WeakSet) throw new Error("DataCloneError: " + inspect(x) + " could not be cloned.");
      else { out = {}; memo.set(x, out); for (const k of Object.keys(x)) out[k] = clone(x[k]); return out; }
      memo.set(x, out);
      return out;
    };
    return clone(v);
  }

  // ---- tools proxy ----
  // The proxies are Go's (toolproxy.go); their targets are made here, as
  // plain functions of the prelude's.
  const toolTarget = () => {
    const target = function () {};
    return target;
  };

  // ---- URL ----
  // Made on first use (see lazyAPI below).
  function urlAPI() {
    const urlState = new WeakMap();
    class URLSearchParams {
      constructor(init) {
        const list = [];
        urlState.set(this, { list, url: null });
        if (init == null) return;
        if (typeof init === "object") {
          const src = typeof init[Symbol.iterator] === "function" ? init : Object.entries(init);
          for (const pair of src) list.push([String(pair[0]), String(pair[1])]);
          return;
        }
        let s = String(init);
        if (s.startsWith("?")) s = s.slice(1);
        for (const part of s.split("&")) {
          if (!part) continue;
          const i = part.indexOf("=");
          const dec = (x) => { try { return decodeURIComponent(x.replace(/\+/g, " ")); } catch (e) { return x; } };
          list.push(i < 0 ? [dec(part), ""] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
        }
      }
      _update() { const st = urlState.get(this); if (st.url) st.url._setSearch(this.toString()); }
      append(k, v) { urlState.get(this).list.push([String(k), String(v)]); this._update(); }
      delete(k) { const st = urlState.get(this); st.list = st.list.filter((e) => e[0] !== String(k)); this._update(); }
      get(k) { const e = urlState.get(this).list.find((x) => x[0] === String(k)); return e ? e[1] : null; }
      getAll(k) { return urlState.get(this).list.filter((x) => x[0] === String(k)).map((x) => x[1]); }
      has(k) { return urlState.get(this).list.some((x) => x[0] === String(k)); }
      set(k, v) {
        const st = urlState.get(this);
        const i = st.list.findIndex((x) => x[0] === String(k));
        if (i < 0) st.list.push([String(k), String(v)]);
        else { st.list[i][1] = String(v); st.list = st.list.filter((x, j) => j <= i || x[0] !== String(k)); }
        this._update();
      }
      sort() { urlState.get(this).list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); this._update(); }
      forEach(fn, self) { for (const [k, v] of urlState.get(this).list) fn.call(self, v, k, this); }
      keys() { return urlState.get(this).list.map((x) => x[0])[Symbol.iterator](); }
      values() { return urlState.get(this).list.map((x) => x[1])[Symbol.iterator](); }
      entries() { return urlState.get(this).list.map((x) => [x[0], x[1]])[Symbol.iterator](); }
      [Symbol.iterator]() { return this.entries(); }
      get size() { return urlState.get(this).list.length; }
      toString() {
        const enc = (x) => encodeURIComponent(x).replace(/%20/g, "+").replace(/[!'()~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
        return urlState.get(this).list.map((x) => enc(x[0]) + "=" + enc(x[1])).join("&");
      }
      __jsexecInspect() { return "URLSearchParams { " + urlState.get(this).list.map((x) => F().quote(x[0]) + " => " + F().quote(x[1])).join(", ") + " }"; }
    }
    const urlParts = new WeakMap();
    class URL {
      constructor(input, base) {
        const p = host.parseURL(String(input), base === undefined ? undefined : String(base));
        if (!p) { const e = new TypeError("Invalid URL"); e.code = "ERR_INVALID_URL"; e.input = String(input); throw e; }
        urlParts.set(this, p);
        const sp = new URLSearchParams(p.search);
        urlState.get(sp).url = this;
        defineHidden(this, "_sp", sp);
      }
      static canParse(input, base) { return !!host.parseURL(String(input), base === undefined ? undefined : String(base)); }
      _p() { return urlParts.get(this); }
      _reparse(href) { const p = host.parseURL(href); if (p) urlParts.set(this, p); }
      _setSearch(s) { const p = this._p(); p.search = s ? "?" + s : ""; this._reparse(this._build(p)); }
      _build(p) {
        const auth = p.username ? p.username + (p.password ? ":" + p.password : "") + "@" : "";
        const hostPart = p.special || p.hostname ? "//" + auth + p.hostname + (p.port ? ":" + p.port : "") : "";
        return p.protocol + hostPart + p.pathname + p.search + p.hash;
      }
      _set(k, v) {
        const p = Object.assign({}, this._p());
        p[k] = v;
        this._reparse(this._build(p));
        if (k === "search") { const sp = new URLSearchParams(this._p().search); urlState.get(sp).url = this; this._sp = sp; }
      }
      get href() { return this._p().href; }
      set href(v) { const p = host.parseURL(String(v)); if (!p) throw new TypeError("Invalid URL"); urlParts.set(this, p); this._sp = new URLSearchParams(p.search); urlState.get(this._sp).url = this; }
      get origin() { const p = this._p(); return p.special ? p.protocol + "//" + p.host : "null"; }
      get protocol() { return this._p().protocol; }
      set protocol(v) { v = String(v); this._set("protocol", v.endsWith(":") ? v : v + ":"); }
      get username() { return this._p().username; }
      set username(v) { this._set("username", encodeURIComponent(String(v))); }
      get password() { return this._p().password; }
      set password(v) { this._set("password", encodeURIComponent(String(v))); }
      get host() { return this._p().host; }
      set host(v) { const [h, port] = String(v).split(":"); const p = Object.assign({}, this._p(), { hostname: h, port: port || "" }); this._reparse(this._build(p)); }
      get hostname() { return this._p().hostname; }
      set hostname(v) { this._set("hostname", String(v)); }
      get port() { return this._p().port; }
      set port(v) { this._set("port", String(v)); }
      get pathname() { return this._p().pathname; }
      set pathname(v) { v = String(v); this._set("pathname", v.startsWith("/") ? v : "/" + v); }
      get search() { const s = this._p().search; return s === "?" ? "" : s; }
      set search(v) { v = String(v); this._set("search", v === "" ? "" : v.startsWith("?") ? v : "?" + v); }
      get hash() { const h = this._p().hash; return h === "#" ? "" : h; }
      set hash(v) { v = String(v); this._set("hash", v === "" ? "" : v.startsWith("#") ? v : "#" + v); }
      get searchParams() { return this._sp; }
      toString() { return this.href; }
      toJSON() { return this.href; }
      __jsexecInspect() { return "URL { href: " + F().quote(this.href) + " }"; }
    }
    return { URL, URLSearchParams };
  }

  // ---- fetch ----
  // Made only when the embedder gave a network policy.
  function fetchAPI() {
    class Headers {
      constructor(init) {
        defineHidden(this, "_m", new Map());
        if (init == null) return;
        const src = init instanceof Headers ? init.entries() : typeof init[Symbol.iterator] === "function" ? init : Object.entries(init);
        for (const [k, v] of src) this.append(k, v);
      }
      append(k, v) { k = String(k).toLowerCase(); const old = this._m.get(k); this._m.set(k, old === undefined ? String(v) : old + ", " + v); }
      set(k, v) { this._m.set(String(k).toLowerCase(), String(v)); }
      get(k) { const v = this._m.get(String(k).toLowerCase()); return v === undefined ? null : v; }
      has(k) { return this._m.has(String(k).toLowerCase()); }
      delete(k) { this._m.delete(String(k).toLowerCase()); }
      forEach(fn, self) { for (const [k, v] of this._m) fn.call(self, v, k, this); }
      entries() { return [...this._m.entries()].sort()[Symbol.iterator](); }
      keys() { return [...this._m.keys()].sort()[Symbol.iterator](); }
      values() { return [...this.entries()].map((e) => e[1])[Symbol.iterator](); }
      [Symbol.iterator]() { return this.entries(); }
    }
    class Response {
      constructor(body, init = {}) {
        defineHidden(this, "_body", body == null ? new ArrayBuffer(0) : typeof body === "string" ? host.bytesFrom(body, "utf8") : bufOf(toBytes(body)));
        this.status = init.status === undefined ? 200 : init.status;
        this.statusText = init.statusText || "";
        this.headers = new Headers(init.headers);
        this.url = init.url || "";
        this.ok = this.status >= 200 && this.status < 300;
        this.bodyUsed = false;
      }
      _take() { if (this.bodyUsed) return Promise.reject(new TypeError("Body is unusable: Body has already been read")); this.bodyUsed = true; return Promise.resolve(this._body); }
      arrayBuffer() { return this._take(); }
      text() { return this._take().then((b) => host.bytesTo(b, "utf8")); }
      json() { return this.text().then((t) => JSON.parse(t)); }
    }
    function fetch(input, init = {}) {
      try {
        const url = String(input instanceof URL ? input.href : input && input.url ? input.url : input);
        const headers = new Headers(init.headers);
        let body;
        if (init.body != null) body = typeof init.body === "string" ? host.bytesFrom(init.body, "utf8") : bufOf(toBytes(init.body));
        return host.fetch(url, String(init.method || "GET").toUpperCase(), [...headers.entries()], body, String(init.redirect || "follow")).then((r) => {
          const res = new Response(r.body, { status: r.status, statusText: r.statusText, headers: r.headers, url: r.url });
          res.redirected = r.redirected;
          return res;
        });
      } catch (e) {
        return Promise.reject(e);
      }
    }
    return { Headers, Response, fetch };
  }

  // The classes of lazyAPI's makers cost a function per method, and most
  // runs use none of them. In a run that freezes its built-ins, the Go
  // side lists them in host.lazy: their global names become getter-only,
  // non-configurable accessors (as Go's lazy built-ins, lazy.go) whose
  // first read makes the classes and freezes each with its prototype, as
  // the freeze would have. Elsewhere they are made now, as data globals.
  const lazyAPI = (make) => {
    let made;
    return () => {
      if (!made) { // set only once all is done: a throw part-way (a full stack) starts over
        const m = make();
        if (host.lazy) for (const k of Object.keys(m)) {
          Object.freeze(m[k]);
          Object.freeze(m[k].prototype);
          // A namespace (console): the freeze covers what it holds.
          if (typeof m[k] !== "function") for (const n of Object.keys(m[k])) Object.freeze(m[k][n]);
        }
        made = m;
      }
      return made;
    };
  };
  const apis = { console: lazyAPI(consoleAPI), TextEncoder: lazyAPI(textAPI), TextDecoder: null, URL: lazyAPI(urlAPI), URLSearchParams: null };
  apis.TextDecoder = apis.TextEncoder;
  apis.URLSearchParams = apis.URL;
  const globals = Object.assign({ atob, btoa, structuredClone }, timers);
  for (const name of Object.keys(apis)) {
    if (host.lazy && host.lazy.includes(name)) Object.defineProperty(g, name, { get: () => apis[name]()[name], configurable: false, enumerable: false });
    else globals[name] = apis[name]()[name];
  }
  // fetch exists only when the embedder gave a network policy.
  if (host.fetch) Object.assign(globals, fetchAPI());
  const names = Object.keys(globals);
  for (let i = 0; i < names.length; i++) defineHidden(g, names[i], globals[names[i]]);
  return { inspect, format, toolTarget, toBytes, bufOf, isErr };
})
