package jsexec

import (
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

//go:embed js/core.js
var coreSrc string

// The prelude's programs are compiled once per process, on first need
// rather than at package init (start-up of programs that never run
// JavaScript matters); a goja Program is immutable and can run in many
// VMs. compilePrelude compiles what every VM runs; the others (lazyPrg)
// wait for the first VM that needs them, since the first compile of a
// program in a fresh process is several times its steady cost and a
// worker pays it before its first call. Precompile compiles them all.
var (
	preludeOnce sync.Once
	corePrg     *goja.Program
	hiddenPrg   *goja.Program
	sealPrg     *goja.Program
	guardPrg    *goja.Program
	preludeErr  error
)

func compilePrelude() {
	preludeOnce.Do(func() {
		var errs []error
		var err error
		split, err := splitCore()
		errs = append(errs, err)
		if err == nil {
			corePrg, err = goja.Compile("jsexec:core", split.core, true)
			errs = append(errs, err)
		}
		hiddenPrg, err = goja.Compile("jsexec:hidden", hiddenSrc, true)
		errs = append(errs, err)
		sealPrg, err = goja.Compile("jsexec:seal", sealSrc, true)
		errs = append(errs, err)
		guardPrg, err = goja.Compile("jsexec:guard", guardSrc, true)
		errs = append(errs, err)
		// Read by regexp2.Compile; set once before any VM exists.
		regexp2.DefaultMatchTimeout = regexSlice
		preludeErr = errors.Join(errs...)
	})
}

// lazyPrg is a prelude program only some VMs run, compiled by the first
// of them (or by Precompile).
type lazyPrg struct {
	name string
	src  func() string
	once sync.Once
	prg  *goja.Program
	err  error
}

func (l *lazyPrg) get() (*goja.Program, error) {
	l.once.Do(func() { l.prg, l.err = goja.Compile(l.name, l.src(), true) })
	return l.prg, l.err
}

var (
	// nodePrg is run only by VMs with a Host (Node mode).
	nodePrg = &lazyPrg{name: "jsexec:node", src: func() string { return nodeSrc }}
	// datePrg is run when Date is first named in a VM that left it lazy
	// (lazy.go), else by setup.
	datePrg = &lazyPrg{name: "jsexec:date", src: func() string { return dateSrc }}
)

// lazyPrgs are the programs compiled on first need.
func lazyPrgs() []*lazyPrg { return append([]*lazyPrg{nodePrg, datePrg}, coreParts...) }

// compileAll compiles every prelude program (Precompile): first core.js
// whole, which the VMs set up from then on run, then the parts, for those
// set up before, and the rest.
func compileAll() {
	compilePrelude()
	if p, err := wholeCorePrg(); p != nil && err == nil {
		wholeReady.Store(true)
	}
	for _, l := range lazyPrgs() {
		_, _ = l.get()
	}
}

// Parts of core.js. Most of core.js is functions that make, on a run's
// first use, what most runs never use (the formatter, the console, the
// encoders, URL, fetch), yet a program is compiled whole, and compiling
// core.js was the largest part of a process's first Prepare. So each such
// function (corePartNames) is cut out of the core program, which keeps a
// stub of it, and compiled, as a program of its own, by the first run
// that calls the stub (host.part). Nothing a script can see changes: the
// part keeps the program name and, padded with blank lines and its
// indentation, the lines and columns it has in core.js, so stacks and
// function sources read exactly as before; it gets the core's names it
// uses (corePartDeps, all constants) as arguments of a wrapper. Once the
// process has precompiled, VMs run core.js whole (corePrgFor).
var corePartNames = []string{"makeFormat", "consoleAPI", "textAPI", "urlAPI", "fetchAPI"}

// corePartDeps are the names of core.js's scope that its parts use.
const corePartDeps = "host, g, defineHidden, F, inspect, format, isA, isErr, toBytes, bufOf"

// coreParts are the parts' programs, in corePartNames' order.
var coreParts = func() []*lazyPrg {
	out := make([]*lazyPrg, len(corePartNames))
	for i := range out {
		out[i] = &lazyPrg{name: "jsexec:core", src: func() string {
			split, err := splitCore()
			if err != nil {
				return "" // no VM runs: compilePrelude failed on it
			}
			return split.parts[i]
		}}
	}
	return out
}()

type coreSource struct {
	core  string   // core.js with each part replaced by its stub
	parts []string // each part's program
}

// splitCore cuts the parts out of core.js. A part is a top-level function
// declaration, from its line "  function NAME() {" to the first line
// "  }" after it.
var splitCore = sync.OnceValues(func() (coreSource, error) {
	src := coreSrc
	var out coreSource
	var core strings.Builder
	at := 0
	for i, name := range corePartNames {
		open := "\n  function " + name + "() {\n"
		start := strings.Index(src, open)
		if start < at {
			return coreSource{}, fmt.Errorf("core.js: no function %s after the previous part", name)
		}
		start += 3 // past "\n  ", at "function"
		n := strings.Index(src[start:], "\n  }\n")
		if n < 0 {
			return coreSource{}, fmt.Errorf("core.js: function %s does not end", name)
		}
		end := start + n + 4 // past "\n  }"
		region := src[start:end]
		line := strings.Count(src[:start], "\n") + 1
		out.parts = append(out.parts, "(function ("+corePartDeps+") { \"use strict\";"+
			strings.Repeat("\n", line-1)+"  "+region+"\nreturn "+name+"; })")
		core.WriteString(src[at:start])
		fmt.Fprintf(&core, "function %s() { return host.part(%d, %s)(); }", name, i, corePartDeps)
		core.WriteString(strings.Repeat("\n", strings.Count(region, "\n")))
		at = end
	}
	core.WriteString(src[at:])
	out.core = core.String()
	return out, nil
})

// Once Precompile (or a VM that does not freeze) has compiled core.js
// whole (wholeReady), VMs run that program: the parts save a process's first runtimes the compile, but
// each part a run needs costs it a program run and a call (some 35
// allocations; a run that logs needs two), so a warm process goes back
// to the one program. The two behave alike (TestCorePartsAsWhole).
var (
	wholeReady   atomic.Bool
	wholeCorePrg = sync.OnceValues(func() (*goja.Program, error) {
		return goja.Compile("jsexec:core", coreSrc, true)
	})
	// coreMode forces a core program (tests compare the two).
	coreMode = coreAuto
)

const (
	coreAuto = iota
	coreWhole
	coreSplit
)

// corePrgFor is the core program a new VM runs. A VM that does not
// freeze makes the console, the encoders and URL as it is set up (only a
// frozen one makes them on first use), so it would load three parts
// every time: it runs core.js whole, compiling it if need be.
func corePrgFor(freezing bool) (*goja.Program, error) {
	if coreMode == coreSplit || coreMode == coreAuto && freezing && !wholeReady.Load() {
		return corePrg, nil
	}
	p, err := wholeCorePrg()
	if err == nil {
		wholeReady.Store(true)
	}
	return p, err
}

// part is host.part(i, deps...): the function core.js's i-th part
// declares, made in this VM from its program (compiled on first use).
func (r *rt) part(c goja.FunctionCall) goja.Value {
	i := int(c.Argument(0).ToInteger())
	if i < 0 || i >= len(coreParts) {
		panic(r.vm.NewTypeError("js-exec: internal error: no core part %d", i))
	}
	prg, err := coreParts[i].get()
	if err != nil {
		panic(r.vm.NewTypeError("js-exec: internal error: " + err.Error()))
	}
	wv, err := r.vm.RunProgram(prg)
	if err != nil {
		panic(err)
	}
	wrap, ok := goja.AssertFunction(wv)
	if !ok {
		panic(r.vm.NewTypeError("js-exec: internal error: core part %d is not a function", i))
	}
	fn, err := wrap(goja.Undefined(), c.Arguments[1:]...)
	if err != nil {
		panic(err)
	}
	return fn
}
