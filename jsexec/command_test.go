package jsexec

import (
	"strings"
	"testing"
)

func TestGlobalsAndShims(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"console objects", `console.log("x", {a:1, s:'q'}, [1,[2,[3,[4]]]], null, undefined, 1.5, -0, 10n)`, "x { a: 1, s: 'q' } [ 1, [ 2, [ 3, [Array] ] ] ] null undefined 1.5 -0 10n\n"},
		{"console map set", `console.log(new Map([["a",1]]), new Set([1,2]), function f(){}, class K{})`, "Map(1) { 'a' => 1 } Set(2) { 1, 2 } [Function: f] [class K]\n"},
		{"format", `console.log("%s=%d %j %%", "n", 42.9, {a:[1]})`, "n=42.9 {\"a\":[1]} %\n"},
		{"circular", `const o={a:1}; o.self=o; console.log(o)`, "{ a: 1, self: [Circular *1] }\n"},
		{"console.error to stderr", `console.error("bad"); console.log("good")`, "good\n"},
		{"timers order", `setTimeout(()=>console.log("b"),5); setTimeout(()=>console.log("a"),0); queueMicrotask(()=>console.log("m")); console.log("s")`, "s\nm\na\nb\n"},
		{"interval cleared", `let n=0; const id=setInterval(()=>{ if(++n===3){clearInterval(id); console.log(n)} },1)`, "3\n"},
		{"clearTimeout", `const id=setTimeout(()=>console.log("no"),1); clearTimeout(id); console.log("ok")`, "ok\n"},
		{"top-level await", `await new Promise(r=>setTimeout(r,1)); console.log("after")`, "after\n"},
		{"TextEncoder", `const b=new TextEncoder().encode("hé"); console.log(b.length, new TextDecoder().decode(b))`, "3 hé\n"},
		{"atob btoa", `console.log(btoa("hello"), atob("aGVsbG8="))`, "aGVsbG8= hello\n"},
		{"URL", `const u=new URL("https://user@ex.com:8080/p/a?x=1&y=2#h"); console.log(u.hostname, u.port, u.pathname, u.searchParams.get("y"), u.hash, u.origin)`, "ex.com 8080 /p/a 2 #h https://ex.com:8080\n"},
		{"URL relative", `console.log(new URL("../b?q=1", "http://h/a/c/d").href)`, "http://h/a/b?q=1\n"},
		{"URLSearchParams", `const p=new URLSearchParams("a=1&b=x+y"); p.append("c","&"); console.log(p.get("b"), p.toString())`, "x y a=1&b=x+y&c=%26\n"},
		{"invalid URL", `try{new URL("nope")}catch(e){console.log(e instanceof TypeError, e.message)}`, "true Invalid URL\n"},
		{"structuredClone", `const a={d:new Date(0), m:new Map([[1,{x:1}]])}; a.self=a; const b=structuredClone(a); console.log(b!==a, b.self===b, b.m.get(1).x, b.d.getTime()); try{structuredClone(()=>1)}catch(e){console.log("DataCloneError" === e.message.split(":")[0])}`, "true true 1 0\ntrue\n"},
		{"path", `const p=require("path"); console.log(p.join("/a","b","../c"), p.resolve("x"), p.basename("/a/b.txt",".txt"), p.extname("f.tar.gz"), p.dirname("/a/b/"), p.relative("/a/b","/a/c/d"))`, "/a/c /home/user/x b .gz /a ../c/d\n"},
		{"process", `console.log(process.argv.slice(1).join(","), process.env.GREETING, process.cwd(), process.platform, typeof process.exit)`, "x,y hello /home/user linux function\n"},
		{"process.stdout.write", `process.stdout.write("a"); process.stdout.write("b\n")`, "ab\n"},
		{"os", `const os=require("os"); console.log(os.EOL==="\n", os.homedir(), os.platform())`, "true /home/user linux\n"},
		{"util", `const u=require("util"); console.log(u.format("%s:%i", "a", 3.7), u.inspect({a:{b:{c:{d:1}}}}), u.isDeepStrictEqual({a:[1]},{a:[1]}))`, "a:3 { a: { b: { c: [Object] } } } true\n"},
		{"events", `const E=require("events"); const e=new E(); e.once("x",(v)=>console.log("once",v)); e.on("x",(v)=>console.log("on",v)); e.emit("x",1); e.emit("x",2); console.log(e.listenerCount("x"))`, "once 1\non 1\non 2\n1\n"},
		{"buffer", `const {Buffer}=require("buffer"); const b=Buffer.from("hi"); console.log(b.toString("hex"), b.toString("base64"), Buffer.from("6869","hex").toString(), b, Buffer.concat([b,b]).length)`, "6869 aGk= hi <Buffer 68 69> 4\n"},
		{"assert", `const a=require("assert"); a.strictEqual(1,1); a.deepStrictEqual({x:[1]},{x:[1]}); try{a.strictEqual(1,2)}catch(e){console.log(e.name, e.code)} a.throws(()=>{throw new TypeError("t")}, TypeError); console.log("ok")`, "AssertionError ERR_ASSERTION\nok\n"},
		{"node: prefix", `console.log(require("node:path").sep, typeof require("node:fs").readFileSync)`, "/ function\n"},
		{"unknown module", `try{require("http")}catch(e){console.log(e.code)}`, "MODULE_NOT_FOUND\n"},
		{"child_process", `const cp=require("child_process"); console.log(cp.execSync("echo hi").toString().trim(), cp.execSync("cat",{input:"in",encoding:"utf8"})); const r=cp.spawnSync("nope",["a"]); console.log(r.status, r.stderr.toString().trim()); try{cp.execSync("bad",{stdio:"pipe"})}catch(e){console.log("status",e.status)}`, "hi in\n127 sh: 'nope' 'a': command not found\nstatus 127\n"},
		{"fetch absent without a policy", `console.log(typeof fetch, typeof Headers, typeof Response)`, "undefined undefined undefined\n"},
		{"exitCode", `process.exitCode = 0; console.log("x")`, "x\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := newEnv(t).run(t, "", Options{}, "-c", tc.code, "x", "y")
			if out != tc.want || code != 0 {
				t.Errorf("got %q (stderr %q, status %d), want %q", out, errOut, code, tc.want)
			}
		})
	}
}

func TestFSShim(t *testing.T) {
	e := newEnv(t)
	e.write(t, "/home/user/in.txt", "data\n")
	out, errOut, code := e.run(t, "", Options{}, "-c", `
const fs = require("fs");
console.log(fs.readFileSync("in.txt", "utf8").trim(), fs.existsSync("in.txt"), fs.existsSync("nope"));
fs.writeFileSync("/tmp2/x", "a");
`)
	if code != 1 || !strings.Contains(errOut, "ENOENT: no such file or directory, open '/tmp2/x'") || out != "data true false\n" {
		t.Fatalf("out %q err %q code %d", out, errOut, code)
	}
	out, errOut, code = e.run(t, "", Options{}, "-c", `
const fs = require("fs"); const fsp = require("fs/promises");
fs.mkdirSync("d/e", {recursive: true});
fs.writeFileSync("d/e/f.txt", "one");
fs.appendFileSync("d/e/f.txt", "-two");
await fsp.writeFile("d/g.txt", new Uint8Array([104, 105]));
console.log(await fsp.readFile("d/e/f.txt", "utf8"), fs.readdirSync("d").join(","), fs.statSync("d").isDirectory(), fs.statSync("d/g.txt").size);
fs.renameSync("d/g.txt", "d/h.txt"); fs.unlinkSync("d/h.txt");
try { fs.readFileSync("d/h.txt") } catch (e) { console.log(e.code, e.syscall) }
fs.rmSync("d", {recursive: true}); console.log(fs.existsSync("d"));
fs.readFile("in.txt", "utf8", (err, s) => console.log("cb", err, s.length));
`)
	if code != 0 || out != "one-two e,g.txt true 2\nENOENT open\nfalse\ncb null 5\n" {
		t.Fatalf("out %q err %q code %d", out, errOut, code)
	}
}

func TestFilesModulesTypeScript(t *testing.T) {
	e := newEnv(t)
	e.write(t, "/home/user/lib.mjs", "export const twice = (x) => x * 2;\nexport default 'dflt';\n")
	e.write(t, "/home/user/util.ts", "export function greet(n: string): string { return `hi ${n}`; }\n")
	e.write(t, "/home/user/main.mjs", "import d, { twice } from './lib.mjs';\nimport { greet } from './util';\nimport path from 'path';\nconst v: number = 1;\n")
	e.write(t, "/home/user/main2.mjs", "import d, { twice } from './lib.mjs';\nimport { greet } from './util';\nimport path from 'node:path';\nawait null;\nconsole.log(d, twice(21), greet('x'), path.basename('/a/b'), process.argv[2]);\n")
	e.write(t, "/home/user/app.ts", "interface P { x: number }\nconst p: P = { x: 5 };\nconsole.log(p.x as number);\n")
	e.write(t, "/home/user/cjs.js", "const m = require('./mod.cjs'); const j = require('./data.json'); console.log(m.v, j.k, __filename);\n")
	e.write(t, "/home/user/mod.cjs", "module.exports = { v: 'cjs' };\n")
	e.write(t, "/home/user/data.json", `{"k": 7}`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"main2.mjs", "arg"}, "dflt 42 hi x b arg\n"},
		{[]string{"app.ts"}, "5\n"},
		{[]string{"cjs.js"}, "cjs 7 /home/user/cjs.js\n"},
		{[]string{"--strip-types", "-c", "const n: number = 3; console.log(n)"}, "3\n"},
		{[]string{"-c", "import { twice } from './lib.mjs'; console.log(twice(2))"}, "4\n"},
	} {
		out, errOut, code := e.run(t, "", Options{}, tc.args...)
		if out != tc.want || code != 0 {
			t.Errorf("%v: got %q (stderr %q, %d), want %q", tc.args, out, errOut, code, tc.want)
		}
	}
	// TS syntax in a .mjs file is a syntax error with a position.
	_, errOut, code := e.run(t, "", Options{}, "main.mjs")
	if code != 1 || !strings.Contains(errOut, "main.mjs:4:") {
		t.Errorf("want a positioned error, got %q %d", errOut, code)
	}
	_, errOut, code = e.run(t, "", Options{}, "-c", "import x from './missing.js'")
	if code != 1 || !strings.Contains(errOut, "Cannot find module './missing.js'") {
		t.Errorf("missing module: %q %d", errOut, code)
	}
}

func TestCommandStatusAndErrors(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		args             []string
		stdin            string
		wantOut, wantErr string
		wantCode         int
	}{
		{[]string{"-c", "throw new Error('boom')"}, "", "", "Error: boom", 1},
		{[]string{"-c", "process.exit(3); console.log('no')"}, "", "", "", 3},
		{[]string{"-c", "try { process.exit(4) } finally { console.log('no') }"}, "", "", "", 4},
		{[]string{"-c", "process.exitCode = 5"}, "", "", "", 5},
		{[]string{"-c", "let x = ;"}, "", "", "SyntaxError: Unexpected token ; (line 1, column 9)", 1},
		{[]string{"-c", "\n\n  foo bar"}, "", "", "(line 3, column 7)", 1},
		{[]string{"-c", "Promise.reject(new Error('rej'))"}, "", "", "Uncaught (in promise) Error: rej", 1},
		{[]string{"-p", "1+2"}, "", "3\n", "", 0},
		{[]string{"-p", "'s'"}, "", "s\n", "", 0},
		{nil, "console.log('from stdin')", "from stdin\n", "", 0},
		{[]string{"nofile.js"}, "", "", "js-exec: nofile.js: No such file or directory", 1},
		{[]string{"-c"}, "", "", "-c requires an argument", 2},
		{[]string{"--bogus"}, "", "", "unknown option: --bogus", 2},
	}
	for _, tc := range cases {
		out, errOut, code := e.run(t, tc.stdin, Options{}, tc.args...)
		if out != tc.wantOut || code != tc.wantCode || !strings.Contains(errOut, tc.wantErr) {
			t.Errorf("%q: got out %q err %q code %d; want %q %q %d", tc.args, out, errOut, code, tc.wantOut, tc.wantErr, tc.wantCode)
		}
	}
}
