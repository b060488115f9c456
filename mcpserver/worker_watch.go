package mcpserver

import (
	"sync"
	"time"
)

// The deadline of a run in a worker process (its timeout plus a grace
// period, past which the worker is killed) is kept by one watchdog
// goroutine per WorkerRunner rather than by a timer per call. Arming a
// timer wakes a sleeping thread of the Go runtime — the one blocked in
// the poller, to shorten its sleep, or a spare one when none is — and
// traced per call, a server made about one such wake-up per execute_code
// for its context.WithTimeout: a thread to schedule on a two-core machine
// at the moment the run frame goes out. The watchdog ticks while runs are
// in flight and for a while after, then exits; a deadline is seen up to
// watchTick late, which a deadline of seconds does not notice.

// watchTick is how often the watchdog looks at the runs' deadlines;
// watchLinger how long it keeps ticking with no run, so that a busy
// server does not start it once per call.
const (
	watchTick   = 100 * time.Millisecond
	watchLinger = 5 * time.Second
)

// watchdog fires the expiry of the runs whose deadline passed.
type watchdog struct {
	mu      sync.Mutex
	runs    map[*watched]struct{}
	running bool
	idle    time.Time // when the last run left, while none is in
}

// watched is one run under the watchdog.
type watched struct {
	deadline time.Time
	expire   func()
}

// watch calls expire once d has passed, unless unwatch comes first.
func (wd *watchdog) watch(d time.Duration, expire func()) *watched {
	r := &watched{deadline: time.Now().Add(d), expire: expire}
	wd.mu.Lock()
	if wd.runs == nil {
		wd.runs = map[*watched]struct{}{}
	}
	wd.runs[r] = struct{}{}
	start := !wd.running
	wd.running = true
	wd.mu.Unlock()
	if start {
		go wd.loop()
	}
	return r
}

// unwatch takes a run off the watch; it reports false when its expiry
// has already been called.
func (wd *watchdog) unwatch(r *watched) bool {
	wd.mu.Lock()
	defer wd.mu.Unlock()
	if _, ok := wd.runs[r]; !ok {
		return false
	}
	delete(wd.runs, r)
	if len(wd.runs) == 0 {
		wd.idle = time.Now()
	}
	return true
}

func (wd *watchdog) loop() {
	t := time.NewTicker(watchTick)
	defer t.Stop()
	for now := range t.C {
		var due []*watched
		wd.mu.Lock()
		for r := range wd.runs {
			if !now.Before(r.deadline) {
				due = append(due, r)
				delete(wd.runs, r)
			}
		}
		if len(wd.runs) == 0 && len(due) == 0 && now.Sub(wd.idle) > watchLinger {
			wd.running = false
			wd.mu.Unlock()
			return
		}
		if len(wd.runs) == 0 && len(due) > 0 {
			wd.idle = now
		}
		wd.mu.Unlock()
		for _, r := range due {
			go r.expire()
		}
	}
}
