package store

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// startRedis runs a real redis-server on a free loopback port for the
// test (skipped when the machine has none).
func startRedis(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not installed (.ci/run installs it): Redis store tests skipped")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port)})
	defer c.Close()
	deadline := time.Now().Add(30 * time.Second)
	for c.Ping(context.Background()).Err() != nil {
		if time.Now().After(deadline) {
			t.Fatal("redis-server did not answer")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return url
}

// stores runs f against each implementation with the same contract.
func stores(t *testing.T, cfg Config, f func(t *testing.T, s Store)) {
	t.Run("memory", func(t *testing.T) { f(t, NewMemory(cfg)) })
	t.Run("redis", func(t *testing.T) {
		url := startRedis(t)
		s, err := Open(context.Background(), url, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		f(t, s)
	})
}

// abandon stops renewing without releasing: a replica that died.
func (l *Lease) abandon() {
	close(l.stop)
	<-l.done
}

func TestDocumentsAndLogs(t *testing.T) {
	ctx := context.Background()
	stores(t, Config{}, func(t *testing.T, s Store) {
		l, err := s.Acquire(ctx, "a")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, l, "memory:default", []byte(`{"k":1}`)); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 5; i++ {
			if err := s.AppendLogs(ctx, l, []string{fmt.Sprint("line", i)}, 3); err != nil {
				t.Fatal(err)
			}
		}
		logs, err := s.DrainLogs(ctx, l)
		if err != nil || fmt.Sprint(logs.Lines) != "[line2 line3 line4]" || logs.Last != 5 || logs.Dropped != 2 {
			t.Fatalf("logs %+v %v", logs, err)
		}
		if logs, _ := s.DrainLogs(ctx, l); len(logs.Lines) != 0 || logs.Last != 5 || logs.Dropped != 0 {
			t.Fatalf("logs after drain: %+v", logs)
		}
		// Several lines at once, numbered on from the last.
		if err := s.AppendLogs(ctx, l, []string{"a", "b", "c", "d"}, 3); err != nil {
			t.Fatal(err)
		}
		if logs, _ := s.DrainLogs(ctx, l); fmt.Sprint(logs.Lines) != "[b c d]" || logs.Last != 9 || logs.Dropped != 1 {
			t.Fatalf("batch: %+v", logs)
		}
		if err := s.Ping(ctx); err != nil {
			t.Fatal(err)
		}
		l.Release(ctx)
		v, ok, err := s.Get(ctx, "a", "memory:default")
		if err != nil || !ok || string(v) != `{"k":1}` {
			t.Fatalf("get: %q %v %v", v, ok, err)
		}
		if _, ok, _ := s.Get(ctx, "b", "memory:default"); ok {
			t.Fatal("another session's document")
		}
		if n, err := s.Sessions(ctx); err != nil || n != 1 {
			t.Fatalf("sessions %d %v", n, err)
		}
		// Writes after Release are refused.
		if err := s.Put(ctx, l, "x", nil); !errors.Is(err, ErrLeaseLost) {
			t.Fatalf("put after release: %v", err)
		}
	})
}

func TestLeaseExclusionAndExpiry(t *testing.T) {
	ctx := context.Background()
	cfg := Config{LeaseTTL: 300 * time.Millisecond, Wait: 5 * time.Millisecond}
	stores(t, cfg, func(t *testing.T, s Store) {
		l1, err := s.Acquire(ctx, "s")
		if err != nil {
			t.Fatal(err)
		}
		// Held (and renewed past its TTL): another caller is refused.
		short, cancel := context.WithTimeout(ctx, 2*cfg.LeaseTTL)
		_, err = s.Acquire(short, "s")
		cancel()
		if !errors.Is(err, ErrBusy) {
			t.Fatalf("second acquire while held: %v", err)
		}
		// The holder dies: its lease expires and another takes over; the
		// dead holder's late write is fenced off.
		l1.abandon()
		l2, err := s.Acquire(ctx, "s")
		if err != nil {
			t.Fatalf("acquire after expiry: %v", err)
		}
		if err := s.Put(ctx, l1, "doc", []byte("stale")); !errors.Is(err, ErrLeaseLost) {
			t.Fatalf("stale write: %v", err)
		}
		if err := s.Put(ctx, l2, "doc", []byte("fresh")); err != nil {
			t.Fatal(err)
		}
		l2.Release(ctx)
		if v, _, _ := s.Get(ctx, "s", "doc"); string(v) != "fresh" {
			t.Fatalf("doc %q", v)
		}
	})
}

// Many callers on one session: never two at once, and no update lost.
func TestLeaseSerialises(t *testing.T) {
	ctx := context.Background()
	stores(t, Config{Wait: time.Millisecond}, func(t *testing.T, s Store) {
		var inside, overlaps atomic.Int32
		var wg sync.WaitGroup
		const n = 40
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l, err := s.Acquire(ctx, "hot")
				if err != nil {
					t.Error(err)
					return
				}
				defer l.Release(ctx)
				if inside.Add(1) > 1 {
					overlaps.Add(1)
				}
				v, _, _ := s.Get(ctx, "hot", "count")
				c, _ := strconv.Atoi(string(v))
				if err := s.Put(ctx, l, "count", []byte(strconv.Itoa(c+1))); err != nil {
					t.Error(err)
				}
				inside.Add(-1)
			}()
		}
		wg.Wait()
		v, _, _ := s.Get(ctx, "hot", "count")
		if string(v) != strconv.Itoa(n) || overlaps.Load() != 0 {
			t.Fatalf("count %s, overlaps %d", v, overlaps.Load())
		}
	})
}

func TestIdleExpiry(t *testing.T) {
	ctx := context.Background()
	stores(t, Config{IdleTTL: 200 * time.Millisecond}, func(t *testing.T, s Store) {
		l, _ := s.Acquire(ctx, "idle")
		s.Put(ctx, l, "doc", []byte("x"))
		l.Release(ctx)
		deadline := time.Now().Add(20 * time.Second)
		for {
			_, ok, _ := s.Get(ctx, "idle", "doc")
			n, _ := s.Sessions(ctx)
			if !ok && n == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("idle session still there (doc %v, sessions %d)", ok, n)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

func TestOpen(t *testing.T) {
	if s, err := Open(context.Background(), "", Config{}); err != nil || s.Describe() == "" {
		t.Fatalf("default store: %v", err)
	}
	if _, err := Open(context.Background(), "mongodb://x", Config{}); err == nil {
		t.Fatal("unknown scheme accepted")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := Open(ctx, "redis://127.0.0.1:1/0", Config{}); err == nil {
		t.Fatal("unreachable redis accepted")
	}
	for _, bad := range []string{"redis://127.0.0.1:1/0?lease_ttl=x", "redis://127.0.0.1:1/0?idle_ttl=1ms"} {
		if _, err := Open(ctx, bad, Config{}); err == nil || !strings.Contains(err.Error(), "want a duration") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// The timings in the URL reach the store; the Redis client does not see
// them (it refuses parameters it does not know).
func TestOpenTimings(t *testing.T) {
	url := startRedis(t)
	s, err := Open(context.Background(), url+"?lease_ttl=2s&idle_ttl=90m&dial_timeout=3s", Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if c := s.(*Redis).cfg; c.LeaseTTL != 2*time.Second || c.IdleTTL != 90*time.Minute {
		t.Fatalf("config %+v", c)
	}
}

// A session's documents written long ago live as long as the session is
// written to: the idle TTL is the session's, not each document's.
func TestIdleTTLIsPerSession(t *testing.T) {
	ctx := context.Background()
	ttl := time.Second
	stores(t, Config{IdleTTL: ttl}, func(t *testing.T, s Store) {
		l, _ := s.Acquire(ctx, "busy")
		defer l.Release(ctx)
		if err := s.Put(ctx, l, "old", []byte("x")); err != nil {
			t.Fatal(err)
		}
		// Keep writing another document for over twice the TTL.
		start := time.Now()
		for time.Since(start) < 5*ttl/2 {
			if err := s.Put(ctx, l, "new", []byte("y")); err != nil {
				t.Fatal(err)
			}
			if _, ok, _ := s.Get(ctx, "busy", "old"); !ok {
				t.Fatalf("the old document expired after %v while the session was in use", time.Since(start))
			}
			time.Sleep(ttl / 8) // pacing the writes, not waiting for an outcome
		}
	})
}
