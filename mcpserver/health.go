package mcpserver

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Probes for a load balancer or an orchestrator, answered without the API
// key (they tell nothing about sessions): /healthz says the process
// serves HTTP; /readyz says it can serve calls, which with a shared store
// means the store answers.

// readyTimeout bounds the store check of one /readyz.
const readyTimeout = 2 * time.Second

// serveHealth answers /healthz and /readyz.
func (d *Daemon) serveHealth(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		httpError(w, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed; use GET")
		return
	}
	if r.URL.Path == "/healthz" {
		writeJSON(w, http.StatusOK, map[string]any{"ok": true})
		return
	}
	if err := d.rt.Ready(r.Context()); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"ok": false, "error": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// errNotReady is why a runtime cannot take calls.
type errNotReady string

func (e errNotReady) Error() string { return string(e) }

// Ready reports whether the runtime can serve calls: it is not closed,
// and its shared store (if any) answers.
func (rt *Runtime) Ready(ctx context.Context) error {
	rt.closeMu.Lock()
	closed := rt.closed
	rt.closeMu.Unlock()
	if closed {
		return errNotReady("shutting down")
	}
	if rt.opts.Store == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	if err := rt.opts.Store.Ping(ctx); err != nil {
		rt.Logger().Warn("session store unreachable", "err", err.Error())
		// The address is in the server's log, not in an unauthenticated
		// answer.
		return errNotReady("the session store does not answer")
	}
	return nil
}

// sharedSessionIDs issues and checks Streamable HTTP session ids without
// keeping them: any replica on the same store accepts an id another one
// issued (its state is in the store under that id). A DELETE ends an id
// on the replica that gets it; the others keep accepting it, which only
// means a client that ended its session can still reach its state until
// the store's idle TTL.
type sharedSessionIDs struct {
	mu         sync.Mutex
	terminated map[string]bool
}

const streamIDPrefix = "mcp-session-"

// maxTerminated bounds the ended ids remembered (oldest are forgotten at
// random; see above for what forgetting means).
const maxTerminated = 10000

func (m *sharedSessionIDs) Generate() string { return streamIDPrefix + RandomID() }

func (m *sharedSessionIDs) Validate(id string) (bool, error) {
	if !strings.HasPrefix(id, streamIDPrefix) || !SessionIDRe().MatchString(id) {
		return false, errNotReady("invalid session id")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.terminated[id], nil
}

func (m *sharedSessionIDs) Terminate(id string) (bool, error) {
	if _, err := m.Validate(id); err != nil {
		return false, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.terminated == nil {
		m.terminated = map[string]bool{}
	}
	if len(m.terminated) >= maxTerminated {
		for k := range m.terminated {
			delete(m.terminated, k)
			break
		}
	}
	m.terminated[id] = true
	return false, nil
}
