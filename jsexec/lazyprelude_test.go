package jsexec

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// The prelude's programs that only some VMs run are compiled by the
// first VM that needs them (lazyPrg). Whether a program was compiled is
// per process, and other tests of this binary compile everything, so the
// test re-runs the binary and checks in a process that has run nothing.
const lazyPreludeChild = "JSEXEC_LAZY_PRELUDE_CHILD"

func TestLazyPreludeFreshProcess(t *testing.T) {
	if os.Getenv(lazyPreludeChild) != "" {
		lazyPreludeInChild(t)
		return
	}
	inFreshProcess(t, "TestLazyPreludeFreshProcess", lazyPreludeChild)
}

// inFreshProcess runs the test named test again in a child process, with
// env set, and fails when the child does.
func inFreshProcess(t *testing.T, test, env string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), env+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+test) {
		t.Fatalf("the child did not run the test:\n%s", out)
	}
}

// lazyPreludeInChild runs in a fresh process.
func lazyPreludeInChild(t *testing.T) {
	for _, l := range lazyPrgs() {
		if l.prg != nil {
			t.Fatalf("%s compiled before any run", l.name)
		}
	}
	// The process's first Prepares, at once: they compile the prelude,
	// check the embedded freeze plan and global layout. The MCP server's
	// runtimes have no Host: they never need node.js, and a run that
	// prints nothing needs no part of core.js.
	var first sync.WaitGroup
	for range 4 {
		first.Go(func() {
			res, err := Prepare(mcpPrepareOpts()).Run(context.Background(), "return [typeof require, typeof module, Object.isFrozen(Array.prototype)]", PreparedRun{})
			if err != nil || string(res.Value) != `["undefined","undefined",true]` {
				t.Errorf("prepared run: %s, %v", res.Value, err)
			}
		})
	}
	first.Wait()
	for _, l := range lazyPrgs() {
		if l.prg != nil {
			t.Fatalf("a frozen runtime without a Host that ran \"return 1\" compiled %s", l.name)
		}
	}
	if p := embeddedPlan(); p == nil || !p.embedded.checked.Load() || embeddedStale.Load() || !layoutChecked.Load() {
		t.Fatal("the embedded freeze plan or layout was not checked and kept")
	}
	// First uses from many goroutines at once: Host runtimes (node.js),
	// Date named in a VM that left it lazy (date), and the others.
	m := vfs.NewMem()
	if err := m.MkdirAll("/home/user", 0o755); err != nil {
		t.Fatal(err)
	}
	host := func() *commands.Context {
		return &commands.Context{FS: m, Dir: "/home/user", Environ: []string{"HOME=/home/user"}}
	}
	cases := []struct {
		code, want string
		opts       func() RunOptions
	}{
		{`return require("path").join("a", "b", "..", "c")`, `"a/c"`, func() RunOptions { return RunOptions{Host: host(), Freeze: true} }},
		{`return [process.cwd(), require("util").format("%s=%d", "x", 4)]`, `["/home/user","x=4"]`,
			func() RunOptions { return RunOptions{Host: host(), Freeze: true} }},
		{`return new Date(Date.UTC(2020, 0, 2)).toISOString()`, `"2020-01-02T00:00:00.000Z"`, mcpPrepareOpts},
		{`console.log({a: [1, {b: "x"}]}); return 1`, `1`, mcpPrepareOpts},
		{`return [new URL("../x?y=1", "https://a.b/c/d").href, new TextDecoder().decode(new TextEncoder().encode("é"))]`,
			`["https://a.b/x?y=1","é"]`, mcpPrepareOpts},
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(cases))
	for range 4 {
		for _, c := range cases {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := Prepare(c.opts()).Run(context.Background(), c.code, PreparedRun{})
				if err != nil || string(res.Value) != c.want {
					errs <- fmt.Errorf("%s: got %s, %v; want %s", c.code, res.Value, err, c.want)
					return
				}
				if strings.HasPrefix(c.code, "console.log") && res.Stdout != "{ a: [ 1, { b: 'x' } ] }\n" {
					errs <- fmt.Errorf("console.log printed %q", res.Stdout)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, l := range lazyPrgs() {
		if l.prg == nil && l != coreParts[len(coreParts)-1] { // fetch: no run had a network
			t.Fatalf("the runs that needed %s did not compile it", l.name)
		}
	}
	// A VM that does not freeze makes the console, encoders and URL at
	// once: it runs core.js whole, and so do the VMs after it.
	if wholeReady.Load() {
		t.Fatal("core.js compiled whole before a VM needed it")
	}
	res, err := Run(context.Background(), `console.log(new URL("https://a.b/c").host); return 1`, RunOptions{Host: host()})
	if err != nil || res.Stdout != "a.b\n" || !wholeReady.Load() {
		t.Fatalf("%q %v, whole %v", res.Stdout, err, wholeReady.Load())
	}
}

// Precompile compiles every program, the lazy ones included, so that no
// call pays for one later: checked in a process that has compiled none.
func TestPrecompileCompilesAll(t *testing.T) {
	const env = "JSEXEC_PRECOMPILE_CHILD"
	if os.Getenv(env) == "" {
		inFreshProcess(t, "TestPrecompileCompilesAll", env)
		return
	}
	for _, l := range lazyPrgs() {
		if l.prg != nil {
			t.Fatalf("%s compiled before Precompile", l.name)
		}
	}
	if prg, _ := corePrgFor(true); prg != corePrg {
		t.Fatal("a process that has not precompiled runs core.js whole")
	}
	Precompile()
	for _, l := range lazyPrgs() {
		if l.prg == nil || l.err != nil {
			t.Errorf("%s after Precompile: %v, %v", l.name, l.prg, l.err)
		}
	}
	// VMs set up from now on run core.js whole, without parts.
	whole, err := wholeCorePrg()
	if prg, _ := corePrgFor(true); err != nil || prg != whole {
		t.Fatal("after Precompile, VMs do not run core.js whole")
	}
}

// The parts of core.js compiled on their own (splitCore) behave exactly as
// core.js compiled whole: the same values, output, stacks (program name,
// line, column and even the position in the function's code) and
// function sources.
func TestCorePartsAsWhole(t *testing.T) {
	e := newEnv(t)
	scripts := []string{
		`try { new URL("::bad") } catch (e) { return e.stack }`,
		`console.trace("x"); return 1`,
		`try { console.log(new Proxy({}, {ownKeys() { throw new Error("k") }})) } catch (e) { return e.stack }`,
		`try { new TextDecoder("latin9") } catch (e) { return e.stack }`,
		`try { console.table(new Proxy([1], {ownKeys() { throw new Error("t") }})) } catch (e) { return e.stack }`,
		`try { new URLSearchParams({get a() { throw new Error("u") }}) } catch (e) { return e.stack }`,
		`return [console.log.toString(), URL.toString(), TextEncoder.prototype.encode.toString(), console.table.name, console.table.length]`,
		`console.log({a: [1, {b: "x"}], d: new Date(0), m: new Map([[1, 2]]), u: new Uint8Array(2)}, "%d%%", 5); console.table([{a: 1}, {b: 2}]); return 1`,
		`const u = new URL("https://a.b/c?d=1#e"); u.searchParams.append("f", "g h"); return [u.href, new TextDecoder().decode(new TextEncoder().encode("é")), btoa("hi")]`,
		`console.dir({x: {y: {z: {w: 1}}}}, {depth: 0}); console.error(new Error("e")); return require("util").inspect({a: 1})`,
	}
	optsList := []RunOptions{{}, {Freeze: true}, mcpPrepareOpts(), {Host: &commands.Context{FS: e.fs, Dir: "/home/user"}, Freeze: true}}
	run := func(code string, opts RunOptions) string {
		res, err := Run(context.Background(), code, opts)
		return fmt.Sprintf("%s | %q | %q | %v", res.Value, res.Stdout, res.Stderr, err)
	}
	for _, code := range scripts {
		for i, opts := range optsList {
			coreMode = coreSplit
			split := run(code, opts)
			coreMode = coreWhole
			whole := run(code, opts)
			coreMode = coreAuto
			if split != whole {
				t.Errorf("%s (options %d):\nsplit: %s\nwhole: %s", code, i, split, whole)
			}
			if strings.Contains(split, "internal error") {
				t.Errorf("%s (options %d): %s", code, i, split)
			}
		}
	}
}
