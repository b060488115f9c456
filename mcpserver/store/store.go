// Package store keeps the state of MCP sessions where several server
// replicas can reach it: each session's documents (jsmcp.memory per
// profile, the bash tool's sandbox snapshot) and its logs, guarded by a
// lease so that one replica at a time runs a session.
//
// Two implementations: Memory (one process; the default, nothing to
// install) and Redis (any number of replicas; Open("redis://host:port/db")).
//
// # Leases and fencing
//
// A call on a session first takes its lease (Acquire): a token held for a
// TTL and renewed in the background while the call runs. Writes carry the
// lease and succeed only while its token is the current one, so a replica
// that stalled past its TTL (and lost the session to another) cannot
// overwrite newer state: its write fails with ErrLeaseLost. A replica that
// dies simply stops renewing; the lease expires and another replica takes
// the session. Every write sets the session's idle TTL: sessions nobody
// uses expire on their own.
package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// ErrBusy is returned by Acquire when another holder has the lease.
var ErrBusy = errors.New("store: session is busy in another call")

// ErrLeaseLost is returned by a write whose lease expired or was taken.
var ErrLeaseLost = errors.New("store: the session's lease was lost")

// Store is where sessions live.
type Store interface {
	// Acquire takes the session's lease, waiting up to ctx's deadline
	// while another holder has it (ErrBusy when ctx ends first).
	Acquire(ctx context.Context, session string) (*Lease, error)
	// Get reads one of the session's documents.
	Get(ctx context.Context, session, key string) ([]byte, bool, error)
	// Put writes a document under the lease (ErrLeaseLost if it is no
	// longer held).
	Put(ctx context.Context, l *Lease, key string, val []byte) error
	// AppendLogs adds log lines under the lease, dropping (and counting)
	// the oldest lines beyond max.
	AppendLogs(ctx context.Context, l *Lease, lines []string, max int) error
	// DrainLogs returns the session's log lines and removes them.
	DrainLogs(ctx context.Context, l *Lease) (Logs, error)
	// Sessions counts the sessions that hold state.
	Sessions(ctx context.Context) (int, error)
	// Ping checks the store answers (readiness).
	Ping(ctx context.Context) error
	// Describe names the store for status output (no credentials).
	Describe() string
	Close() error
}

// Config sets a store's timings; zero fields take the defaults.
type Config struct {
	// LeaseTTL is how long a lease lives without renewal (default 10 s);
	// it is renewed every third of it while held.
	LeaseTTL time.Duration
	// IdleTTL is how long a session's state lives after its last write
	// (default 24 h).
	IdleTTL time.Duration
	// Wait is the pause between attempts to take a busy lease (default
	// 20 ms).
	Wait time.Duration
}

func (c Config) withDefaults() Config {
	if c.LeaseTTL <= 0 {
		c.LeaseTTL = 10 * time.Second
	}
	if c.IdleTTL <= 0 {
		c.IdleTTL = 24 * time.Hour
	}
	if c.Wait <= 0 {
		c.Wait = 20 * time.Millisecond
	}
	return c
}

// Open returns the store a URL names: "memory:" (or "") for the
// in-process store, "redis://[user:pass@]host:port[/db]" for Redis. The
// query parameters lease_ttl and idle_ttl (Go durations: 5s, 1h) set
// cfg's LeaseTTL and IdleTTL; other parameters go to the Redis client.
func Open(ctx context.Context, rawURL string, cfg Config) (Store, error) {
	if rawURL == "" || rawURL == "memory:" || rawURL == "memory" {
		return NewMemory(cfg), nil
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	q := u.Query()
	for name, d := range map[string]*time.Duration{"lease_ttl": &cfg.LeaseTTL, "idle_ttl": &cfg.IdleTTL} {
		if v := q.Get(name); v != "" {
			if *d, err = time.ParseDuration(v); err != nil || *d < 100*time.Millisecond {
				return nil, fmt.Errorf("store: %s=%q: want a duration of at least 100ms (5s, 1h)", name, v)
			}
		}
		q.Del(name)
	}
	u.RawQuery = q.Encode()
	switch u.Scheme {
	case "redis", "rediss":
		return NewRedis(ctx, u.String(), cfg)
	}
	return nil, fmt.Errorf("store: unknown store %q (want memory: or redis://host:port/db)", strings.SplitN(rawURL, "://", 2)[0])
}

// Logs are the lines a drain took. Lines are numbered from 1 per session
// in the order they were appended: the last one has number Last, so line
// i has number Last-len(Lines)+1+i. Dropped counts the lines removed for
// lack of room since the previous drain.
type Logs struct {
	Lines   []string
	Last    int64
	Dropped int64
}

// Lease is a held session. Release it when the call ends.
type Lease struct {
	Session string
	token   string
	lost    chan struct{}
	stop    chan struct{}
	done    chan struct{}
	release func(context.Context) error
}

// Token is the lease's fencing token: unique to this holding of the
// session (for logs that show who held it).
func (l *Lease) Token() string { return l.token }

// Lost is closed when renewal failed: the session may now be held
// elsewhere, and writes under this lease fail.
func (l *Lease) Lost() <-chan struct{} { return l.lost }

// Release gives the lease back (writes after it fail).
func (l *Lease) Release(ctx context.Context) error {
	select {
	case <-l.stop:
		return nil
	default:
	}
	close(l.stop)
	<-l.done
	return l.release(ctx)
}

// newLease starts renewing every third of ttl until Release; a failed
// renewal closes Lost.
func newLease(session, token string, ttl time.Duration, renew func(token string) (bool, error), release func(ctx context.Context, token string) error) *Lease {
	l := &Lease{Session: session, token: token, lost: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}
	l.release = func(ctx context.Context) error { return release(ctx, l.token) }
	go func() {
		defer close(l.done)
		t := time.NewTicker(ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-l.stop:
				return
			case <-t.C:
				if ok, err := renew(l.token); !ok || err != nil {
					close(l.lost)
					return
				}
			}
		}
	}()
	return l
}

func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// acquireLoop retries try until it takes the lease or ctx ends.
func acquireLoop(ctx context.Context, wait time.Duration, try func() (bool, error)) error {
	for {
		ok, err := try()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ErrBusy
		case <-time.After(wait):
		}
	}
}
