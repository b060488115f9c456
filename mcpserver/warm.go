package mcpserver

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/justbash/justbash/internal/procs"
	"github.com/justbash/justbash/jsexec"
)

// Warm runtimes for execute_code.
//
// Setting a goja VM up (guards, prelude, tool proxies, frozen built-ins)
// is about 85% of a short run. The pool below keeps a few runtimes
// prepared for each set of servers a profile sees, refilled in the
// background after each run, so a call finds one ready: in the daemon for
// --in-process, and inside each worker process (where the refill starts
// once the run's reply is written, and happens while the worker waits for
// its next run). A prepared runtime runs exactly once and is then
// discarded, so isolation between calls is that of a fresh VM per call,
// as before.
//
// Refills run at the process's priority. Running them on a thread of
// nice +10 was measured (interleaved A/B on a loaded two-core machine):
// the median call got faster, the 90th percentile slower — a demoted
// thread holding a P can stall the Go runtime's stop-the-world phases and
// leaves calls without a runtime when the machine is busy.

const (
	// warmDepth runtimes are kept ready per key: two, so a call that
	// arrives while the previous one's replacement is still being
	// prepared finds one too.
	warmDepth = 2
	// warmKeys bounds the keys (server sets and memory caps) kept warm.
	warmKeys = 8
)

// warmPool holds prepared runtimes by key.
type warmPool struct {
	// depth runtimes are kept ready per key (warmDepth; one in a worker
	// process, which runs one script at a time).
	depth int
	mu    sync.Mutex
	keys  map[string]*warmKey
	clock uint64 // counts takes, for dropping the stalest key
	// missed counts the calls that found no runtime and prepared their own.
	missed atomic.Int64
}

type warmKey struct {
	servers []string
	mem     uint64
	ready   []*jsexec.Prepared
	filling bool
	// added is closed (and replaced) when the fill adds a runtime or
	// stops, waking calls that wait for it; waiters counts those calls.
	added   chan struct{}
	waiters int
	used    uint64 // pool clock at the last take, to drop the stalest key
}

// wakeLocked tells the calls waiting on k that something changed.
func (k *warmKey) wakeLocked() {
	if k.added != nil {
		close(k.added)
		k.added = nil
	}
}

// runtimes is the process's pool: the prepared VMs are plain values of
// this process, shared by every JSRunner in it.
var runtimes = &warmPool{depth: warmDepth, keys: map[string]*warmKey{}}

func warmKeyOf(servers []string, mem uint64) string {
	return strconv.FormatUint(mem, 10) + "\x00" + strings.Join(servers, "\x00")
}

// prepareFor sets a runtime up as JSRunner runs execute_code.
func prepareFor(servers []string, mem uint64) *jsexec.Prepared {
	opts := jsexec.RunOptions{
		ToolGlobals: map[string]string{memoryGlobal: memoryGlobal},
		Globals:     map[string]any{"data": nil},
		Limits:      jsexec.Limits{MaxMemoryBytes: mem},
		// Frozen built-ins, as the README requires: a script cannot tamper
		// with Array.prototype, JSON, Promise and the like. No Network:
		// fetch is absent from the script environment.
		Freeze: true,
	}
	for _, s := range servers {
		opts.ToolGlobals[s] = s
	}
	return jsexec.Prepare(opts)
}

// take returns a ready runtime for the key, or prepares one now. When
// the key's start-up fill is already preparing one, it waits for that one
// rather than prepare a second beside it: two set-ups at once share the
// CPU and both finish later (the first call after start-up often arrives
// while the first fill runs). waited says it did.
func (p *warmPool) take(ctx context.Context, servers []string, mem uint64) (pr *jsexec.Prepared, waited bool) {
	key := warmKeyOf(servers, mem)
	p.mu.Lock()
	p.clock++
	for {
		k := p.keys[key]
		if k == nil {
			break
		}
		k.used = p.clock
		if n := len(k.ready); n > 0 {
			pr := k.ready[n-1]
			k.ready = k.ready[:n-1]
			p.mu.Unlock()
			return pr, waited
		}
		if !k.filling {
			break
		}
		if k.added == nil {
			k.added = make(chan struct{})
		}
		added := k.added
		k.waiters++
		waited = true
		p.mu.Unlock()
		endWait := traceSpan("takewait")
		select {
		case <-added:
		case <-ctx.Done():
		}
		endWait()
		p.mu.Lock()
		k.waiters--
		if ctx.Err() != nil {
			p.mu.Unlock()
			p.missed.Add(1)
			return prepareFor(servers, mem), waited // Run reports the context's end
		}
	}
	p.mu.Unlock()
	p.missed.Add(1)
	defer traceSpan("takeprep")()
	return prepareFor(servers, mem), waited
}

// refill prepares runtimes for the key up to the pool's depth on a
// goroutine of its own; at most one fills a key at a time.
func (p *warmPool) refill(servers []string, mem uint64) {
	key := warmKeyOf(servers, mem)
	p.mu.Lock()
	k := p.keys[key]
	if k == nil {
		if len(p.keys) >= warmKeys {
			p.dropStalestLocked()
		}
		p.clock++
		k = &warmKey{servers: append([]string(nil), servers...), mem: mem, used: p.clock}
		p.keys[key] = k
	}
	if k.filling || len(k.ready) >= p.depth {
		p.mu.Unlock()
		return
	}
	k.filling = true
	p.mu.Unlock()
	// A refill beside a run, or before the next request, may use every
	// processor (internal/procs).
	release := procs.Wide()
	go func() {
		defer release()
		for p.fillOne(key, k) {
		}
	}()
}

// fillOne prepares one runtime for k and reports whether k wants more.
func (p *warmPool) fillOne(key string, k *warmKey) bool {
	span("fill0")
	endSpan := traceSpan("fill")
	pr := prepareFor(k.servers, k.mem)
	endSpan()
	span("fill1")
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.keys[key] != k { // dropped meanwhile
		k.filling = false
		k.wakeLocked()
		pr.Discard()
		return false
	}
	k.ready = append(k.ready, pr)
	k.wakeLocked()
	// A call waiting for this runtime (the first after start) runs
	// before the next one is prepared: going on at once, the fill took
	// a core from it, and the woken call waited for the other core
	// (start-up trace, in-process: 3.6 ms from the wake-up to the take).
	// Its reply refills (JSRunner.RunCode).
	if len(k.ready) >= p.depth || k.waiters > 0 {
		k.filling = false
		return false
	}
	return true
}

// settle waits until the key's fill, if one is under way, has stopped.
func (p *warmPool) settle(servers []string, mem uint64) {
	key := warmKeyOf(servers, mem)
	p.mu.Lock()
	for {
		k := p.keys[key]
		if k == nil || !k.filling {
			p.mu.Unlock()
			return
		}
		if k.added == nil {
			k.added = make(chan struct{})
		}
		added := k.added
		p.mu.Unlock()
		<-added
		p.mu.Lock()
	}
}

// dropStalestLocked discards the runtimes of the key taken longest ago.
func (p *warmPool) dropStalestLocked() {
	var stale string
	var oldest *warmKey
	for key, k := range p.keys {
		if oldest == nil || k.used < oldest.used {
			stale, oldest = key, k
		}
	}
	if oldest == nil {
		return
	}
	delete(p.keys, stale)
	oldest.wakeLocked()
	for _, pr := range oldest.ready {
		pr.Discard()
	}
	oldest.ready = nil
}

// dropAll discards every prepared runtime (a refill in progress sees its
// key gone and discards what it made).
func (p *warmPool) dropAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.keys) > 0 {
		p.dropStalestLocked()
	}
}

// ready counts the prepared runtimes of a key (tests).
func (p *warmPool) readyFor(servers []string, mem uint64) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if k := p.keys[warmKeyOf(servers, mem)]; k != nil {
		return len(k.ready)
	}
	return 0
}
