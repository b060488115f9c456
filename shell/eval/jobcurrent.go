package eval

// The current (%+) and previous (%-) jobs follow bash's rules: they are
// chosen when a job starts, stops, or leaves the table, not when they are
// shown. A new or stopped job becomes current and the old current job
// previous, unless a better previous exists: a stopped job is preferred,
// then the newest running job older than the current one. Jobs that end
// keep their marks until the table changes.

// isRunning reports whether j neither ended nor was stopped.
func (j *job) isRunning() bool { return !j.isDone() && !j.stopped.Load() }

func (j *job) isStopped() bool { return !j.isDone() && j.stopped.Load() }

// newest is the highest-numbered job below limit (0: any) that ok accepts.
// Called with t.mu held.
func (t *jobTable) newest(limit int, ok func(*job) bool) *job {
	var best *job
	for _, j := range t.list {
		if j.hidden || limit > 0 && j.id >= limit || !ok(j) {
			continue
		}
		if best == nil || j.id > best.id {
			best = j
		}
	}
	return best
}

// inTable reports whether j is still listed. Called with t.mu held.
func (t *jobTable) inTable(j *job) bool {
	for _, x := range t.list {
		if x == j && !x.hidden {
			return true
		}
	}
	return false
}

// setCurrent makes j the current job and picks the previous one.
// Called with t.mu held.
func (t *jobTable) setCurrent(j *job) {
	if t.cur != j {
		t.prev, t.cur = t.cur, j
	}
	if p := t.prev; p != nil && p != t.cur && t.inTable(p) && p.isStopped() {
		return
	}
	if j.isStopped() {
		if c := t.newest(j.id, (*job).isStopped); c != nil {
			t.prev = c
			return
		}
	}
	limit := 0
	if j.isRunning() {
		limit = j.id
	}
	if c := t.newest(limit, (*job).isRunning); c != nil {
		t.prev = c
		return
	}
	t.prev = t.cur
}

// resetCurrent picks a new current job after the old one left or changed:
// a stopped current or previous job first, then the newest stopped, then
// the newest running. Called with t.mu held.
func (t *jobTable) resetCurrent() {
	var c *job
	switch {
	case t.cur != nil && t.inTable(t.cur) && t.cur.isStopped():
		c = t.cur
	case t.prev != nil && t.inTable(t.prev) && t.prev.isStopped():
		c = t.prev
	default:
		if c = t.newest(0, (*job).isStopped); c == nil {
			c = t.newest(0, (*job).isRunning)
		}
	}
	if c == nil {
		t.cur, t.prev = nil, nil
		return
	}
	t.setCurrent(c)
}

// left resets the marks when j left the table. Called with t.mu held.
func (t *jobTable) left(j *job) {
	if j == t.cur || j == t.prev {
		t.resetCurrent()
	}
}

// current and previous are %+ and %-.
func (t *jobTable) current() (*job, *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cur, t.prev
}

// stopped marks j stopped (making it current) or resumed in the
// background (bg: the marks are chosen again).
func (t *jobTable) markStopped(j *job, stop bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	j.stopped.Store(stop)
	if stop {
		t.setCurrent(j)
	} else {
		t.resetCurrent()
	}
}
