package mcpserver

import (
	"time"

	"github.com/justbash/justbash/internal/procs"
)

// When the warm pool's refill runs (warm.go).
//
// A refill is ~2.5 ms of CPU (jsexec.Prepare, most of it goja building
// and freezing the built-ins). Started the moment a call's reply was
// written, it took a core exactly when the client had to wake up and
// read that reply: on a two-core machine, traced per call, the time from
// the reply's write(2) to the client having it went from ~0.08 ms to
// ~1.6 ms at the median (load average ~10), and a `return 1` call's p50
// from ~0.6 to ~1.1 ms. Clients send their next call much later than
// that (an agent's calls are seconds apart), so the refill waits a
// little — unless the pool is empty, when the next call would otherwise
// have to prepare its own runtime.

// refillDelay is how long after a reply its refill starts (a variable
// for tests).
var refillDelay = time.Millisecond

// refillAfterCall refills the key after a call that took one of its
// runtimes, once the reply is out (see afterReply).
func (p *warmPool) refillAfterCall(servers []string, mem uint64) {
	if p.readyFor(servers, mem) == 0 {
		p.refill(servers, mem)
		return
	}
	// The refill to come is work in hand from now (internal/procs): the
	// processors are not taken away in the gap before it starts, only to
	// be given back when it does.
	release := procs.Wide()
	time.AfterFunc(refillDelay, func() {
		p.refill(servers, mem)
		release()
	})
}
