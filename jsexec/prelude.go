package jsexec

import (
	_ "embed"
	"errors"
	"sync"

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
		corePrg, err = goja.Compile("jsexec:core", coreSrc, true)
		errs = append(errs, err)
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
func lazyPrgs() []*lazyPrg { return []*lazyPrg{nodePrg, datePrg} }

// compileAll compiles every prelude program (Precompile).
func compileAll() {
	compilePrelude()
	for _, l := range lazyPrgs() {
		_, _ = l.get()
	}
}
