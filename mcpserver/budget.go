package mcpserver

import (
	"context"
	"fmt"
	"time"
)

// The daemon's sessions share one memory budget (Options.MaxSessionBytes):
// each holds jsmcp.memory values and, for in-process bash, a shell whose
// in-memory filesystem can grow to its own quota. Many clients could
// otherwise each stay under their per-session limits and together
// outgrow the host. Before a call that can add state (execute_code,
// bash) runs, the store sums what the sessions hold; over budget it drops
// idle sessions, least recently used first, and when only busy ones
// remain it refuses the call with a clear error.

// DefaultMaxSessionBytes is Options.MaxSessionBytes when unset.
const DefaultMaxSessionBytes = 1 << 30

// SessionStats is what `status` reports about the sessions.
type SessionStats struct {
	Count    int   `json:"count"`
	Bytes    int64 `json:"bytes"`
	MaxBytes int64 `json:"maxBytes"`
}

// usage is what a session holds: its console entries, jsmcp.memory
// values and the files of its in-process shells (workers' shells live in
// their own processes, bounded by the pool).
func (s *Session) usage() int64 {
	s.mu.Lock()
	logs := s.logs.bytes
	mems := make([]*Memory, 0, len(s.memory))
	for _, m := range s.memory {
		mems = append(mems, m)
	}
	shells := make([]*sessionShell, 0, len(s.shells))
	for _, ss := range s.shells {
		shells = append(shells, ss)
	}
	s.mu.Unlock()
	n := logs
	for _, m := range mems {
		m.mu.Lock()
		n += int64(m.size)
		m.mu.Unlock()
	}
	for _, ss := range shells {
		n += ss.fsBytes.Load()
	}
	return n
}

// busy sessions are running a call and are never evicted.
func (s *Session) enter() { s.active.Add(1) }
func (s *Session) leave() { s.active.Add(-1) }

// admit makes room for a call of cur within max bytes (see above).
func (st *sessionStore) admit(cur *Session, max int64) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	type entry struct {
		s *Session
		n int64
	}
	var total int64
	all := make([]entry, 0, len(st.sessions)+1)
	for _, s := range st.sessions {
		n := s.usage()
		total += n
		all = append(all, entry{s, n})
	}
	if cur.ephemeral {
		total += cur.usage()
	}
	for total > max {
		victim := -1
		for i, e := range all {
			if e.s == cur || e.s.active.Load() > 0 || e.n == 0 {
				continue
			}
			if victim < 0 || e.s.lastUsed().Before(all[victim].s.lastUsed()) {
				victim = i
			}
		}
		if victim < 0 {
			return fmt.Errorf("the server's session memory is full (%d of %d bytes held by sessions that are in use); end a session (clear its jsmcp.memory or files) or try again later", total, max)
		}
		v := all[victim]
		delete(st.sessions, v.s.ID)
		go v.s.releaseShells()
		total -= v.n
		all = append(all[:victim], all[victim+1:]...)
	}
	return nil
}

func (s *Session) lastUsed() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used
}

func (st *sessionStore) stats(max int64) SessionStats {
	st.mu.Lock()
	defer st.mu.Unlock()
	out := SessionStats{Count: len(st.sessions), MaxBytes: max}
	for _, s := range st.sessions {
		out.Bytes += s.usage()
	}
	return out
}

// PoolLimits is the "limits" part of list_servers (and `status`).
type PoolLimits struct {
	Workers  *WorkerStats `json:"workers,omitempty"`
	Sessions SessionStats `json:"sessions"`
	// Store is where the sessions live (shared.go).
	Store *StoreStats `json:"store,omitempty"`
}

// Limits reports the worker pool (when runs go to workers) and the
// session budget.
func (rt *Runtime) Limits() PoolLimits {
	ctx, cancel := context.WithTimeout(context.Background(), readyTimeout)
	defer cancel()
	out := PoolLimits{Sessions: rt.sessions.stats(rt.opts.MaxSessionBytes), Store: rt.StoreStats(ctx)}
	if wr, ok := rt.opts.Runner.(*WorkerRunner); ok {
		st := wr.Stats()
		out.Workers = &st
	}
	return out
}
