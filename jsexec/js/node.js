// Node-style shims over the sandbox: Buffer, process, require and the
// built-in modules. Everything reaches the world only through `host`,
// which is bound to the sandbox filesystem, environment and shell.
(function (host, g, core) {
  "use strict";
  const { inspect, format, toBytes, bufOf, isErr } = core;
  const hidden = (o, k, v) => Object.defineProperty(o, k, { value: v, writable: true, configurable: true, enumerable: false });

  // ---- Buffer ----
  class Buffer extends Uint8Array {
    static from(v, enc, len) {
      if (typeof v === "string") return Buffer._wrap(host.bytesFrom(v, enc || "utf8"));
      if (v instanceof ArrayBuffer) return new Buffer(v, enc || 0, len === undefined ? v.byteLength - (enc || 0) : len);
      if (ArrayBuffer.isView(v)) { const b = new Buffer(v.length); for (let i = 0; i < v.length; i++) b[i] = v[i]; return b; }
      if (Array.isArray(v)) { const b = new Buffer(v.length); b.set(v.map((x) => x & 255)); return b; }
      if (v && v.type === "Buffer" && Array.isArray(v.data)) return Buffer.from(v.data);
      throw new TypeError("The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array");
    }
    static _wrap(ab) { return new Buffer(ab, 0, ab.byteLength); }
    static alloc(n, fill) { const b = new Buffer(n); if (fill !== undefined) b.fill(typeof fill === "string" ? fill.charCodeAt(0) : fill); return b; }
    static allocUnsafe(n) { return new Buffer(n); }
    static isBuffer(v) { return v instanceof Buffer; }
    static byteLength(s, enc) { return typeof s === "string" ? host.bytesFrom(s, enc || "utf8").byteLength : s.byteLength; }
    static concat(list, total) {
      if (total === undefined) total = list.reduce((n, b) => n + b.length, 0);
      const out = Buffer.alloc(total);
      let off = 0;
      for (const b of list) { const n = Math.min(b.length, total - off); out.set(b.subarray(0, n), off); off += n; if (off >= total) break; }
      return out;
    }
    static isEncoding(e) { return ["utf8", "utf-8", "hex", "base64", "base64url", "latin1", "binary", "ascii", "utf16le", "ucs2"].includes(String(e).toLowerCase()); }
    toString(enc, start = 0, end = this.length) { return host.bytesTo(bufOf(this.subarray(start, end)), enc || "utf8"); }
    toJSON() { return { type: "Buffer", data: Array.from(this) }; }
    equals(o) { if (this.length !== o.length) return false; for (let i = 0; i < this.length; i++) if (this[i] !== o[i]) return false; return true; }
    compare(o) { const n = Math.min(this.length, o.length); for (let i = 0; i < n; i++) if (this[i] !== o[i]) return this[i] < o[i] ? -1 : 1; return this.length === o.length ? 0 : this.length < o.length ? -1 : 1; }
    slice(s, e) { return this.subarray(s, e); }
    subarray(s, e) { const u = Uint8Array.prototype.subarray.call(this, s, e); return new Buffer(u.buffer, u.byteOffset, u.length); }
    write(s, off = 0, enc = "utf8") { const b = new Uint8Array(host.bytesFrom(s, enc)); const n = Math.min(b.length, this.length - off); this.set(b.subarray(0, n), off); return n; }
    readUInt8(o = 0) { return this[o]; }
    indexOf(v, from = 0) {
      if (typeof v === "number") return Uint8Array.prototype.indexOf.call(this, v, from);
      const n = typeof v === "string" ? Buffer.from(v) : v;
      outer: for (let i = from; i <= this.length - n.length; i++) { for (let j = 0; j < n.length; j++) if (this[i + j] !== n[j]) continue outer; return i; }
      return -1;
    }
    includes(v, from) { return this.indexOf(v, from) !== -1; }
    __jsexecInspect() { const hex = Array.from(this.subarray(0, 50), (x) => x.toString(16).padStart(2, "0")).join(" "); return "<Buffer" + (hex ? " " + hex : "") + (this.length > 50 ? " ... " + (this.length - 50) + " more bytes" : "") + ">"; }
  }

  // ---- path (POSIX) ----
  function normalizeParts(p, abs) {
    const out = [];
    for (const s of p.split("/")) {
      if (s === "" || s === ".") continue;
      if (s === "..") { if (out.length && out[out.length - 1] !== "..") out.pop(); else if (!abs) out.push(".."); continue; }
      out.push(s);
    }
    return out;
  }
  const path = {
    sep: "/", delimiter: ":",
    normalize(p) { p = String(p); if (p === "") return "."; const abs = p.startsWith("/"); const trail = p.endsWith("/"); let s = normalizeParts(p, abs).join("/"); if (!s && !abs) s = "."; if (s && trail) s += "/"; return (abs ? "/" : "") + s; },
    join(...a) { const j = a.map(String).filter((x) => x !== "").join("/"); return j === "" ? "." : path.normalize(j); },
    resolve(...a) { let r = ""; for (let i = a.length - 1; i >= 0 && !r.startsWith("/"); i--) { const s = String(a[i]); if (s) r = s + (r ? "/" + r : ""); } if (!r.startsWith("/")) r = host.cwd() + (r ? "/" + r : ""); const s = "/" + normalizeParts(r, true).join("/"); return s; },
    isAbsolute(p) { return String(p).startsWith("/"); },
    dirname(p) { p = String(p); if (!p) return "."; const t = p.replace(/\/+$/, ""); if (!t) return "/"; const i = t.lastIndexOf("/"); if (i < 0) return "."; if (i === 0) return "/"; return t.slice(0, i).replace(/\/+$/, "") || "/"; },
    basename(p, ext) { let b = String(p).replace(/\/+$/, ""); b = b.slice(b.lastIndexOf("/") + 1); if (ext && b.endsWith(ext) && b !== ext) b = b.slice(0, -ext.length); return b; },
    extname(p) { const b = path.basename(p); const i = b.lastIndexOf("."); return i <= 0 ? "" : b.slice(i); },
    relative(from, to) { const f = normalizeParts(path.resolve(from), true), t = normalizeParts(path.resolve(to), true); let i = 0; while (i < f.length && i < t.length && f[i] === t[i]) i++; return f.slice(i).map(() => "..").concat(t.slice(i)).join("/"); },
    parse(p) { p = String(p); const root = p.startsWith("/") ? "/" : ""; const base = path.basename(p); const ext = path.extname(p); let dir = path.dirname(p); if (dir === "." && !p.includes("/")) dir = ""; return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base }; },
    format(o) { const dir = o.dir || o.root || ""; const base = o.base || (o.name || "") + (o.ext || ""); return dir ? (dir.endsWith("/") ? dir + base : dir + "/" + base) : base; },
    toNamespacedPath(p) { return p; },
  };
  path.posix = path;

  // ---- events ----
  class EventEmitter {
    constructor() { hidden(this, "_ev", new Map()); }
    _list(n) { if (!this._ev) hidden(this, "_ev", new Map()); if (!this._ev.has(n)) this._ev.set(n, []); return this._ev.get(n); }
    on(n, fn) { this._list(n).push(fn); return this; }
    addListener(n, fn) { return this.on(n, fn); }
    prependListener(n, fn) { this._list(n).unshift(fn); return this; }
    once(n, fn) { const w = (...a) => { this.off(n, w); fn.apply(this, a); }; w.listener = fn; return this.on(n, w); }
    off(n, fn) { const l = this._list(n); const i = l.findIndex((x) => x === fn || x.listener === fn); if (i >= 0) l.splice(i, 1); return this; }
    removeListener(n, fn) { return this.off(n, fn); }
    removeAllListeners(n) { if (n === undefined) this._ev.clear(); else this._ev.delete(n); return this; }
    emit(n, ...a) {
      const l = this._list(n).slice();
      if (n === "error" && l.length === 0) throw a[0] instanceof Error ? a[0] : new Error("Unhandled error. (" + inspect(a[0]) + ")");
      for (const fn of l) fn.apply(this, a);
      return l.length > 0;
    }
    listenerCount(n) { return this._list(n).length; }
    listeners(n) { return this._list(n).map((x) => x.listener || x); }
    eventNames() { return [...this._ev.keys()].filter((k) => this._ev.get(k).length); }
    setMaxListeners() { return this; }
  }
  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.once = (em, n) => new Promise((res) => em.once(n, (...a) => res(a)));

  // ---- util ----
  function isDeepStrictEqual(a, b, seen = []) {
    if (Object.is(a, b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (seen.some(([x, y]) => x === a && y === b)) return true;
    seen = seen.concat([[a, b]]);
    if (a instanceof Date) return a.getTime() === b.getTime();
    if (a instanceof RegExp) return String(a) === String(b);
    if (a instanceof Map || a instanceof Set) {
      if (a.size !== b.size) return false;
      if (a instanceof Set) { for (const x of a) if (!b.has(x)) return false; return true; }
      for (const [k, v] of a) if (!b.has(k) || !isDeepStrictEqual(v, b.get(k), seen)) return false;
      return true;
    }
    const ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !isDeepStrictEqual(a[k], b[k], seen)) return false;
    return true;
  }
  const util = {
    inspect, format, isDeepStrictEqual,
    formatWithOptions: (o, ...a) => format(...a),
    promisify(fn) { return (...a) => new Promise((res, rej) => fn(...a, (e, v) => (e ? rej(e) : res(v)))); },
    callbackify(fn) { return (...a) => { const cb = a.pop(); fn(...a).then((v) => cb(null, v), (e) => cb(e)); }; },
    inherits(c, p) { Object.setPrototypeOf(c.prototype, p.prototype); Object.setPrototypeOf(c, p); },
    deprecate: (fn) => fn,
    types: { isPromise: (v) => v instanceof Promise, isDate: (v) => v instanceof Date, isRegExp: (v) => v instanceof RegExp, isNativeError: isErr },
    TextEncoder: g.TextEncoder, TextDecoder: g.TextDecoder,
  };

  // ---- assert ----
  class AssertionError extends Error {
    constructor(o) { super(o.message); this.name = "AssertionError"; this.code = "ERR_ASSERTION"; this.actual = o.actual; this.expected = o.expected; this.operator = o.operator; }
  }
  function fail(actual, expected, message, operator, def) {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message: message || def, actual, expected, operator });
  }
  function assert(v, m) { if (!v) fail(v, true, m, "==", "The expression evaluated to a falsy value:\n\n  assert(" + inspect(v) + ")\n"); }
  Object.assign(assert, {
    ok: assert, AssertionError,
    fail: (m) => fail(undefined, undefined, m || "Failed", "fail"),
    equal: (a, b, m) => { if (!(a == b || (a !== a && b !== b))) fail(a, b, m, "==", inspect(a) + " == " + inspect(b)); },
    notEqual: (a, b, m) => { if (a == b) fail(a, b, m, "!=", inspect(a) + " != " + inspect(b)); },
    strictEqual: (a, b, m) => { if (!Object.is(a, b)) fail(a, b, m, "strictEqual", "Expected values to be strictly equal:\n\n" + inspect(a) + " !== " + inspect(b) + "\n"); },
    notStrictEqual: (a, b, m) => { if (Object.is(a, b)) fail(a, b, m, "notStrictEqual", 'Expected "actual" to be strictly unequal to: ' + inspect(b)); },
    deepEqual: (a, b, m) => { if (!isDeepStrictEqual(a, b)) fail(a, b, m, "deepEqual", "Expected values to be loosely deep-equal:\n\n" + inspect(a) + "\n\nshould loosely deep-equal\n\n" + inspect(b)); },
    deepStrictEqual: (a, b, m) => { if (!isDeepStrictEqual(a, b)) fail(a, b, m, "deepStrictEqual", "Expected values to be strictly deep-equal:\n" + inspect(a) + "\n\nshould equal\n\n" + inspect(b)); },
    notDeepStrictEqual: (a, b, m) => { if (isDeepStrictEqual(a, b)) fail(a, b, m, "notDeepStrictEqual", "Expected \"actual\" not to be strictly deep-equal to: " + inspect(b)); },
    match: (s, re, m) => { if (!re.test(s)) fail(s, re, m, "match", "The input did not match the regular expression " + re + ". Input:\n\n" + inspect(s) + "\n"); },
    throws(fn, exp, m) {
      try { fn(); } catch (e) { checkThrown(e, exp, m); return; }
      fail(undefined, exp, typeof exp === "string" ? exp : m, "throws", "Missing expected exception.");
    },
    async rejects(p, exp, m) {
      try { await (typeof p === "function" ? p() : p); } catch (e) { checkThrown(e, exp, m); return; }
      fail(undefined, exp, typeof exp === "string" ? exp : m, "rejects", "Missing expected rejection.");
    },
    doesNotThrow(fn, m) { try { fn(); } catch (e) { fail(e, undefined, m, "doesNotThrow", "Got unwanted exception.\nActual message: \"" + (e && e.message) + "\""); } },
  });
  function checkThrown(e, exp, m) {
    if (exp === undefined || typeof exp === "string") return;
    if (exp instanceof RegExp) { if (!exp.test(String(e && e.message !== undefined ? e : e))) fail(e, exp, m, "throws", "The error message does not match " + exp); return; }
    if (typeof exp === "function") { if (exp.prototype !== undefined && e instanceof exp) return; if (Error.isPrototypeOf(exp) || exp === Error) fail(e, exp, m, "throws", "The error is not an instance of " + exp.name); if (exp(e) !== true) fail(e, exp, m, "throws", "The validation function is expected to return \"true\""); return; }
    for (const k of Object.keys(exp)) { const want = exp[k]; const got = e[k]; if (want instanceof RegExp ? !want.test(got) : !isDeepStrictEqual(got, want)) fail(e, exp, m, "throws", "Expected values to be strictly deep-equal: " + k); }
  }
  assert.strict = assert;

  // ---- fs ----
  function data(v, enc) {
    if (typeof v === "string") return host.bytesFrom(v, enc || "utf8");
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return bufOf(toBytes(v));
    return host.bytesFrom(String(v), "utf8");
  }
  const encOf = (o) => (typeof o === "string" ? o : o && o.encoding) || null;
  class Stats {
    constructor(s) { Object.assign(this, { size: s.size, mode: s.mode, mtimeMs: s.mtimeMs, mtime: new Date(s.mtimeMs), atime: new Date(s.mtimeMs), ctime: new Date(s.mtimeMs), birthtime: new Date(s.mtimeMs) }); hidden(this, "_s", s); }
    isFile() { return this._s.isFile; } isDirectory() { return this._s.isDir; } isSymbolicLink() { return this._s.isSymlink; }
  }
  class Dirent {
    constructor(name, dir, link, parent) { this.name = name; this.parentPath = parent; hidden(this, "_d", dir); hidden(this, "_l", link); }
    isFile() { return !this._d && !this._l; } isDirectory() { return this._d; } isSymbolicLink() { return this._l; }
  }
  const fs = {
    readFileSync(p, o) { const b = Buffer._wrap(host.fsRead(String(p))); const e = encOf(o); return e ? b.toString(e) : b; },
    writeFileSync(p, d, o) { host.fsWrite(String(p), data(d, encOf(o)), o && o.flag === "a" ? "a" : o && o.flag === "wx" ? "wx" : "w"); },
    appendFileSync(p, d, o) { host.fsWrite(String(p), data(d, encOf(o)), "a"); },
    existsSync(p) { return host.fsStat(String(p), true, true) !== null; },
    statSync(p, o) { const s = host.fsStat(String(p), true, !!(o && o.throwIfNoEntry === false)); return s && new Stats(s); },
    lstatSync(p) { return new Stats(host.fsStat(String(p), false)); },
    readdirSync(p, o) { const l = host.fsReaddir(String(p)); return o && o.withFileTypes ? l.map(([n, d, s]) => new Dirent(n, d, s, String(p))) : l.map((e) => e[0]); },
    mkdirSync(p, o) { host.fsMkdir(String(p), !!(o && o.recursive)); },
    rmSync(p, o) { host.fsRm(String(p), !!(o && o.recursive), !!(o && o.force)); },
    rmdirSync(p, o) { if (o && o.recursive) host.fsRm(String(p), true, false); else host.fsRemove(String(p), "rmdir"); },
    unlinkSync(p) { host.fsRemove(String(p), "unlink"); },
    renameSync(a, b) { host.fsRename(String(a), String(b)); },
    copyFileSync(a, b) { host.fsWrite(String(b), host.fsRead(String(a)), "w"); },
    symlinkSync(t, l) { host.fsSymlink(String(t), String(l)); },
    readlinkSync(p) { return host.fsReadlink(String(p)); },
    chmodSync(p, m) { host.fsChmod(String(p), typeof m === "string" ? parseInt(m, 8) : m); },
    realpathSync(p) { return host.abs(String(p)); },
    accessSync(p) { host.fsStat(String(p), true); },
    constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 },
  };
  const promises = {};
  for (const [k, fn] of Object.entries(fs)) {
    if (typeof fn !== "function" || !k.endsWith("Sync")) continue;
    const name = k.slice(0, -4);
    promises[name] = (...a) => new Promise((res) => res(fn(...a)));
    fs[name] = (...a) => {
      const cb = typeof a[a.length - 1] === "function" ? a.pop() : null;
      let r, err = null;
      try { r = fn(...a); } catch (e) { err = e; }
      if (cb) g.setTimeout(() => (name === "exists" ? cb(r) : cb(err, r)), 0);
    };
  }
  promises.constants = fs.constants;
  fs.promises = promises;

  // ---- child_process ----
  const shq = (s) => "'" + String(s).replace(/'/g, "'\\''") + "'";
  function execSync(cmd, o = {}) {
    const r = host.sh(String(cmd), o.input === undefined ? undefined : data(o.input));
    const out = Buffer._wrap(r.stdout), err = Buffer._wrap(r.stderr);
    if (o.stdio !== "pipe" && !(Array.isArray(o.stdio) && o.stdio[2] === "pipe")) { const s = err.toString(); if (s) host.write(2, s); }
    if (r.status !== 0) {
      const e = new Error("Command failed: " + cmd + (err.length ? "\n" + err.toString() : ""));
      Object.assign(e, { status: r.status, signal: null, stdout: out, stderr: err, output: [null, out, err] });
      throw e;
    }
    const enc = encOf(o);
    return enc && enc !== "buffer" ? out.toString(enc) : out;
  }
  function spawnSync(cmd, args = [], o = {}) {
    if (!Array.isArray(args)) { o = args || {}; args = []; }
    const script = o.shell ? [cmd].concat(args).join(" ") : [cmd].concat(args).map(shq).join(" ");
    const r = host.sh(script, o.input === undefined ? undefined : data(o.input));
    const enc = encOf(o);
    const conv = (ab) => (enc && enc !== "buffer" ? Buffer._wrap(ab).toString(enc) : Buffer._wrap(ab));
    const stdout = conv(r.stdout), stderr = conv(r.stderr);
    return { pid: 0, status: r.status, signal: null, stdout, stderr, output: [null, stdout, stderr] };
  }
  const child_process = {
    execSync, spawnSync,
    execFileSync: (f, a = [], o = {}) => execSync([f].concat(a).map(shq).join(" "), o),
    exec(cmd, o, cb) {
      if (typeof o === "function") { cb = o; o = {}; }
      const r = spawnSync(cmd, [], Object.assign({}, o, { shell: true, encoding: (o && o.encoding) || "utf8" }));
      const e = r.status === 0 ? null : Object.assign(new Error("Command failed: " + cmd), { code: r.status });
      if (cb) g.setTimeout(() => cb(e, r.stdout, r.stderr), 0);
    },
  };

  // ---- process ----
  const env = {};
  for (const kv of host.environ()) { const i = kv.indexOf("="); if (i > 0) env[kv.slice(0, i)] = kv.slice(i + 1); }
  const stream = (fd) => Object.assign(new EventEmitter(), {
    write(s, enc, cb) { host.write(fd, typeof s === "string" ? s : Buffer.from(s).toString()); if (typeof enc === "function") enc(); else if (cb) cb(); return true; },
    isTTY: false, fd,
  });
  const script = host.scriptName();
  const process = Object.assign(new EventEmitter(), {
    argv: ["/usr/bin/node"].concat(script ? [script] : [], host.argv()),
    argv0: "node", execArgv: [], env, platform: "linux", arch: "x64", pid: 1, ppid: 0,
    version: "v22.0.0", versions: { node: "22.0.0", jsexec: "1" }, release: { name: "node" }, title: "node",
    execPath: "/usr/bin/node",
    cwd: () => host.cwd(),
    chdir: () => { throw new Error("process.chdir() is not supported in js-exec"); },
    exit: (code) => { host.exit(code === undefined ? process.exitCode || 0 : Number(code) || 0); },
    stdout: stream(1), stderr: stream(2),
    stdin: Object.assign(new EventEmitter(), { isTTY: false, fd: 0 }),
    nextTick: (fn, ...a) => Promise.resolve().then(() => fn(...a)),
    hrtime: Object.assign((prev) => { const t = performanceNow(); let s = Math.floor(t / 1000), ns = Math.floor((t % 1000) * 1e6); if (prev) { s -= prev[0]; ns -= prev[1]; if (ns < 0) { s--; ns += 1e9; } } return [s, ns]; }, { bigint: () => BigInt(Math.floor(performanceNow() * 1e6)) }),
    uptime: () => performanceNow() / 1000,
    memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
    emitWarning: (w) => host.write(2, "(node) Warning: " + (w && w.message ? w.message : w) + "\n"),
    umask: () => 0o22,
  });
  let exitCode;
  Object.defineProperty(process, "exitCode", { get: () => exitCode, set: (v) => { exitCode = v; host.setExitCode(Number(v) || 0); }, enumerable: true });
  const t0 = Date.now();
  function performanceNow() { return Date.now() - t0; }

  // ---- os ----
  const os = {
    EOL: "\n", platform: () => "linux", type: () => "Linux", arch: () => "x64", release: () => "6.0.0-jsexec",
    hostname: () => env.HOSTNAME || "localhost", homedir: () => env.HOME || "/home/user", tmpdir: () => env.TMPDIR || "/tmp",
    userInfo: () => ({ username: env.USER || "user", uid: 1000, gid: 1000, shell: "/bin/bash", homedir: env.HOME || "/home/user" }),
    cpus: () => [{ model: "js-exec virtual cpu", speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } }],
    totalmem: () => 512 * 1024 * 1024, freemem: () => 256 * 1024 * 1024, uptime: () => performanceNow() / 1000,
    loadavg: () => [0, 0, 0], networkInterfaces: () => ({}), endianness: () => "LE", availableParallelism: () => 1,
    constants: { signals: {} },
  };

  const url = { URL: g.URL, URLSearchParams: g.URLSearchParams,
    fileURLToPath: (u) => { const s = String(u instanceof g.URL ? u.href : u); if (!s.startsWith("file://")) throw new TypeError("The URL must be of scheme file"); return decodeURIComponent(new g.URL(s).pathname); },
    pathToFileURL: (p) => new g.URL("file://" + path.resolve(p).split("/").map(encodeURIComponent).join("/")) };

  const builtins = {
    fs, "fs/promises": promises, path, "path/posix": path, events: EventEmitter, util, assert, "assert/strict": assert,
    os, buffer: { Buffer }, child_process, process, url, timers: { setTimeout: g.setTimeout, setInterval: g.setInterval, clearTimeout: g.clearTimeout, clearInterval: g.clearInterval, setImmediate: g.setImmediate },
    "timers/promises": { setTimeout: (ms, v) => new Promise((res) => g.setTimeout(() => res(v), ms)) },
  };

  // ---- require over the sandbox FS ----
  const cache = new Map();
  function resolveFile(spec, dir) {
    const base = spec.startsWith("/") ? spec : path.resolve(dir, spec);
    const exts = ["", ".js", ".cjs", ".mjs", ".ts", ".mts", ".cts", ".json"];
    for (const e of exts) { const s = host.fsStat(base + e, true, true); if (s && s.isFile) return base + e; }
    for (const e of exts.slice(1)) { const s = host.fsStat(base + "/index" + e, true, true); if (s && s.isFile) return base + "/index" + e; }
    return null;
  }
  function makeRequire(dir) {
    const req = function require(spec) {
      spec = String(spec);
      const name = spec.startsWith("node:") ? spec.slice(5) : spec;
      if (Object.prototype.hasOwnProperty.call(builtins, name)) return builtins[name];
      if (!spec.startsWith("/") && !spec.startsWith("./") && !spec.startsWith("../")) {
        const e = new Error("Cannot find module '" + spec + "'" + (spec.startsWith("node:") || /^[a-z_]+$/.test(spec) ? " (not available in js-exec)" : ""));
        e.code = "MODULE_NOT_FOUND";
        throw e;
      }
      const file = resolveFile(spec, dir);
      if (!file) { const e = new Error("Cannot find module '" + spec + "'"); e.code = "MODULE_NOT_FOUND"; throw e; }
      if (cache.has(file)) return cache.get(file).exports;
      const mod = { id: file, filename: file, exports: {}, loaded: false, children: [], paths: [] };
      cache.set(file, mod);
      try {
        if (file.endsWith(".json")) mod.exports = JSON.parse(Buffer._wrap(host.fsRead(file)).toString());
        else host.compileModule(file).call(mod.exports, mod.exports, makeRequire(path.dirname(file)), mod, file, path.dirname(file));
      } catch (e) { cache.delete(file); throw e; }
      mod.loaded = true;
      return mod.exports;
    };
    req.resolve = (spec) => { const f = resolveFile(String(spec), dir); if (!f) throw new Error("Cannot find module '" + spec + "'"); return f; };
    req.cache = {};
    return req;
  }
  const mainFile = script ? path.resolve(script) : "[eval]";
  const mainDir = script ? path.dirname(mainFile) : host.cwd();
  const module = { id: ".", filename: mainFile, exports: {}, loaded: false, children: [], paths: [] };
  const require = makeRequire(mainDir);
  require.main = module;

  for (const [k, v] of Object.entries({ Buffer, process, require, module, exports: module.exports, global: g })) hidden(g, k, v);
  return { require, module, exports: module.exports, filename: mainFile, dirname: mainDir };
})
