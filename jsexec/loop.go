package jsexec

import (
	"container/heap"
	"errors"
	"time"

	"github.com/dop251/goja"
)

// The event loop runs on the goroutine that called Run. Other goroutines
// (tool calls, fetch) never touch the VM: they hand a completion closure to
// r.jobs, which the loop runs between macrotasks. goja drains the promise
// job queue whenever control leaves the VM, so each closure is run through
// a VM call (r.exec) to get microtasks processed.

type jsTimer struct {
	id       int64
	when     time.Time
	seq      int64 // keeps same-deadline timers in creation order
	fn       goja.Callable
	args     []goja.Value
	interval time.Duration
	repeat   bool
	index    int
}

type timerHeap []*jsTimer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].when.Equal(h[j].when) {
		return h[i].seq < h[j].seq
	}
	return h[i].when.Before(h[j].when)
}
func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *timerHeap) Push(x any) {
	t := x.(*jsTimer)
	t.index = len(*h)
	*h = append(*h, t)
}
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	t.index = -1
	return t
}

// addTimer schedules fn; the delay is clamped at 0 like browsers and node.
func (r *rt) addTimer(fn goja.Callable, delay time.Duration, repeat bool, args []goja.Value) int64 {
	if delay < 0 {
		delay = 0
	}
	r.timerSeq++
	t := &jsTimer{id: r.timerSeq, when: time.Now().Add(delay), seq: r.timerSeq, fn: fn, args: args, interval: delay, repeat: repeat}
	heap.Push(&r.timers, t)
	r.timerByID[t.id] = t
	return t.id
}

func (r *rt) clearTimer(id int64) {
	t, ok := r.timerByID[id]
	if !ok {
		return
	}
	delete(r.timerByID, id)
	if t.index >= 0 {
		heap.Remove(&r.timers, t.index)
	}
}

// fireTimer runs the earliest timer; intervals are re-armed before the
// callback so clearInterval inside it works.
func (r *rt) fireTimer() error {
	t := heap.Pop(&r.timers).(*jsTimer)
	if t.repeat {
		r.timerSeq++
		t.seq = r.timerSeq
		t.when = time.Now().Add(max(t.interval, time.Millisecond))
		heap.Push(&r.timers, t)
	} else {
		delete(r.timerByID, t.id)
	}
	return r.exec(func() {
		if _, err := t.fn(goja.Undefined(), t.args...); err != nil {
			panic(err)
		}
	})
}

// goAsync runs work on its own goroutine; the closure it returns is run on
// the loop goroutine to settle the JS side.
func (r *rt) goAsync(work func() func()) {
	r.pending++
	go func() {
		done := safeWork(work)
		select {
		case r.jobs <- done:
		case <-r.finished:
		}
	}()
}

// post queues a job for the loop from any goroutine without waiting.
func (r *rt) post(job func()) {
	r.postMu.Lock()
	r.posted = append(r.posted, job)
	r.postMu.Unlock()
	select {
	case r.postReady <- struct{}{}:
	default: // the loop has a wake-up coming already
	}
}

// runPosted runs the jobs posted so far, each one settling a pending call.
func (r *rt) runPosted() error {
	r.postMu.Lock()
	jobs := r.posted
	r.posted = nil
	r.postMu.Unlock()
	for i, job := range jobs {
		r.pending--
		if err := r.exec(job); err != nil {
			r.pending -= len(jobs) - 1 - i
			return err
		}
	}
	return nil
}

// safeWork keeps a panicking worker from killing the host process.
func safeWork(work func() func()) (done func()) {
	defer func() {
		if p := recover(); p != nil {
			done = func() { panic(errors.New("internal error in host call")) }
		}
	}()
	return work()
}

func (r *rt) idle() bool { return r.pending == 0 && len(r.timers) == 0 }

// drive runs the loop until the body's promise settles (and, with
// KeepAlive, until nothing is pending).
func (r *rt) drive(p *goja.Promise) error {
	var tm *time.Timer
	defer func() {
		if tm != nil {
			tm.Stop()
		}
	}()
	for {
		if err := r.loopErr(); err != nil {
			return err
		}
		settled := p.State() != goja.PromiseStatePending
		if settled && (p.State() == goja.PromiseStateRejected || !r.opts.KeepAlive || r.idle()) {
			return nil
		}
		if !settled && r.idle() {
			return &Error{Kind: KindUnsettled, Message: "js-exec: the script awaits a promise that can never settle (nothing left to wait for)"}
		}
		var timerC <-chan time.Time
		if len(r.timers) > 0 {
			d := time.Until(r.timers[0].when)
			if d <= 0 {
				if err := r.fireTimer(); err != nil {
					return err
				}
				continue
			}
			if tm == nil {
				tm = time.NewTimer(d)
			} else {
				tm.Reset(d)
			}
			timerC = tm.C
		}
		select {
		case job := <-r.jobs:
			r.pending--
			if err := r.exec(job); err != nil {
				return err
			}
		case <-r.postReady:
			if err := r.runPosted(); err != nil {
				return err
			}
		case <-timerC:
		case <-r.ctx.Done():
			return r.ctxError()
		}
		if tm != nil && !tm.Stop() {
			select {
			case <-tm.C:
			default:
			}
		}
	}
}

// loopErr reports a tripped limit or an unhandled rejection.
func (r *rt) loopErr() error {
	if r.ctx.Err() != nil {
		return r.ctxError()
	}
	for p := range r.unhandled {
		if p == r.main {
			continue
		}
		return r.uncaught(p.Result(), "Uncaught (in promise) ")
	}
	return nil
}
