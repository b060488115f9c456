package workerproc

import "context"

// job is one call from the peer for a serving goroutine.
type job struct {
	ctx    context.Context
	cancel context.CancelFunc
	ci     *callInfo
	f      frame
}

// maxIdleServers bounds the serving goroutines a Conn keeps waiting for
// the next call.
const maxIdleServers = 4

// dispatch runs j on a new goroutine, or, on the parent's end of a
// worker, on a serving goroutine that waits for a call. A goroutine
// starts with a small stack that a handler grows by copying it, several
// times over (the upstream call's JSON decoding): 7% of the daemon's CPU
// in a worker's run of ten upstream calls (BenchmarkWorkerRelay's
// profile), redone for every call when each has a goroutine of its own.
// A goroutine that served one keeps its stack for the next, until the
// garbage collector shrinks it. Measured there, interleaved, load 15: CPU
// per run of ten sequential calls -12% (three pairs of three), ten
// parallel -7% (two of three). Not in a worker: its run's goroutine grows
// a VM's stack, which kept resident cost 4 MB per worker.
func (c *Conn) dispatch(j job) {
	if !c.onDemand {
		go c.serve(j.ctx, j.cancel, j.ci, j.f)
		return
	}
	select {
	case c.jobs <- j:
	default:
		go c.serveJobs(j)
	}
}

// serveJobs serves j, then the calls dispatch hands it, while no more
// than maxIdleServers others wait; it ends with the connection.
func (c *Conn) serveJobs(j job) {
	for {
		c.serve(j.ctx, j.cancel, j.ci, j.f)
		if c.idle.Add(1) > maxIdleServers {
			c.idle.Add(-1)
			return
		}
		select {
		case j = <-c.jobs:
			c.idle.Add(-1)
		case <-c.ctx.Done():
			c.idle.Add(-1)
			return
		}
	}
}

// Starter is offered each call from the peer on the goroutine that read
// it, before a serving goroutine is: it must not block. It returns false,
// having done nothing, for the calls the Handler serves; true means it
// calls reply exactly once, from any goroutine, which answers the call
// without waiting (as Later's reply does) and ends its context. The MCP
// server starts a worker's tool call this way when the upstream answers
// through a callback: the frame goes from the pipe to the upstream with
// no goroutine handed the call in between.
type Starter func(ctx context.Context, method string, body []byte, reply func(out []byte, err error)) bool

// SetStarter sets c's Starter for the calls read from now on; notifications
// (calls without a reply) always go to the Handler.
func (c *Conn) SetStarter(s Starter) {
	c.mu.Lock()
	c.starter = s
	c.mu.Unlock()
}
