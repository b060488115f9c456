package mcpserver

import (
	"encoding/binary"
	"sync"
	"time"
)

// When a worker prepares the runtime its next run will take.
//
// The refill is ~2 ms of CPU (jsexec.Prepare and its garbage). A run's
// reply still has to cross to the daemon, be forwarded and be read by
// the client; a refill running meanwhile takes a core from them. With the
// stdio transport the daemon says when its response is written (a
// methodRefill notification carrying the run's number, runMsg.Notify),
// and the refill starts then. Otherwise, a timer decides: armed as the run
// starts, it fires workerRefillStart later. Profiled hop by hop
// (TestMCPSpans, bench/execute_code.md session 8), the timer started the
// refill inside 5 of the 6 slowest calls of 300 against 2 of the middle
// 150: any call slow for another reason (a late wake-up of the daemon) had
// the refill compete with the rest of its way back.

// workerRefillDelay is how long after a reply a worker starts preparing the
// next run's runtime, when the timer fired before the reply was written:
// past the daemon's forwarding of the reply and the client's reading of
// it. Measured on a loaded two-core machine (interleaved A/B, return 1):
// p50 2.2-2.35 -> 1.43-1.53 ms; 0.3 to 3 ms all did as well. A run that
// comes sooner prepares its own runtime, as one that finds the pool empty
// always did.
const workerRefillDelay = time.Millisecond

// workerRefillStart is when, after a run began, the refill's timer
// fires: the timer is armed as the run starts, while this thread is the
// worker's only running one. Armed once the reply was written, it woke
// the thread sleeping in the poller (to shorten its sleep) in about half
// of the calls (perf trace), at the moment the daemon and the client
// needed the CPU. A run that has not replied by then refills
// workerRefillDelay after its reply.
const workerRefillStart = 2 * time.Millisecond

// workerRefillWait replaces workerRefillStart for a run whose daemon
// notifies: the timer then only covers a notification that never comes
// (a variable for tests).
var workerRefillWait = 20 * time.Millisecond

// runRefill is the refill of one run's runtime (armRefill).
type runRefill struct {
	servers []string
	mem     uint64
	seq     uint64 // the run's number (runMsg.Notify), 0 without notification
	mu      sync.Mutex
	done    bool // the reply is written
	due     bool // the timer fired before that
	told    bool // the daemon's response is out (methodRefill)
	started bool
}

// armRefill arms the refill of the runtime a run is about to take; the
// caller reports its reply with replied, the daemon's notification comes
// to responded.
func armRefill(servers []string, mem uint64, seq uint64) *runRefill {
	r := &runRefill{servers: servers, mem: mem, seq: seq}
	wait := workerRefillStart
	if seq != 0 {
		wait = workerRefillWait
	}
	time.AfterFunc(wait, func() {
		r.mu.Lock()
		done := r.done
		r.due = !done
		r.mu.Unlock()
		if done {
			r.start()
		}
	})
	return r
}

// replied starts the refill when its time has come, or lets the timer or
// the notification.
func (r *runRefill) replied() {
	r.mu.Lock()
	r.done = true
	due, told := r.due, r.told
	r.mu.Unlock()
	if told || due { // told: the notification overtook this (AfterReply)
		time.AfterFunc(workerRefillDelay, r.start)
	}
}

// notice takes a methodRefill notification (the run's number) for r: one
// that numbers another run — r's run began after it was sent — is not
// r's.
func (r *runRefill) notice(body []byte) {
	if seq, n := binary.Uvarint(body); n > 0 && seq != 0 && seq == r.seq {
		r.responded()
	}
}

// responded is the daemon's notification that the run's response is
// out. The refill still waits workerRefillDelay: started at once, it
// took a core while the client woke to read the response (p90 of that
// hop 0.13 -> 1.0 ms at load ~10).
func (r *runRefill) responded() {
	r.mu.Lock()
	r.told = true
	done := r.done
	r.mu.Unlock()
	if done {
		time.AfterFunc(workerRefillDelay, r.start)
	}
}

// start starts the refill, once.
func (r *runRefill) start() {
	r.mu.Lock()
	started := r.started
	r.started = true
	r.mu.Unlock()
	if !started {
		runtimes.refill(r.servers, r.mem)
	}
}
