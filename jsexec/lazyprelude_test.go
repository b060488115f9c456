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
	// The MCP server's runtimes have no Host: they never need node.js.
	p := Prepare(mcpPrepareOpts())
	if res, err := p.Run(context.Background(), "return [typeof require, typeof module]", PreparedRun{}); err != nil || string(res.Value) != `["undefined","undefined"]` {
		t.Fatalf("prepared run: %s, %v", res.Value, err)
	}
	if nodePrg.prg != nil {
		t.Fatal("a runtime without a Host compiled node.js")
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
		{`return require("path").join("a", "b", "..", "c")`, `"a/c"`, func() RunOptions { return RunOptions{Host: host()} }},
		{`return [process.cwd(), require("util").format("%s=%d", "x", 4)]`, `["/home/user","x=4"]`,
			func() RunOptions { return RunOptions{Host: host(), Freeze: true} }},
		{`return new Date(Date.UTC(2020, 0, 2)).toISOString()`, `"2020-01-02T00:00:00.000Z"`, mcpPrepareOpts},
		{`console.log({a: [1, {b: "x"}]}); return 1`, `1`, mcpPrepareOpts},
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
	if nodePrg.prg == nil || datePrg.prg == nil {
		t.Fatal("the runs that needed node.js and the date wrapper did not compile them")
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
	Precompile()
	for _, l := range lazyPrgs() {
		if l.prg == nil || l.err != nil {
			t.Errorf("%s after Precompile: %v, %v", l.name, l.prg, l.err)
		}
	}
}
