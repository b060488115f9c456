package eval

import (
	"strconv"
	"sync"
)

// procTable is every background job and coprocess running anywhere in a
// run, by pid. A shell's own job table lists only its children, but kill
// reaches any process: a subshell can kill a coprocess or job its parent
// started ({ sleep 1; kill $COPROC_PID; } &).
type procTable struct {
	mu sync.Mutex
	m  map[int]*job
}

func (t *procTable) add(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[int]*job{}
	}
	t.m[j.pid] = j
}

func (t *procTable) remove(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m[j.pid] == j {
		delete(t.m, j.pid)
	}
}

// byPid finds a running job from a kill operand that is a plain pid.
func (t *procTable) byPid(s string) *job {
	pid, err := strconv.Atoi(s)
	if err != nil || pid <= 0 {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[pid]
}
