package sqlite

import (
	"crypto/rand"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/justbash/justbash/commands/internal/tz"
	"modernc.org/libc"
	lib "modernc.org/sqlite/lib"
)

// SQLite is transpiled C with its own heap (invisible to the Go heap
// watchdog) and its own view of the host: the unix VFS seeds its random
// generator from the host's /dev/urandom, and the C library's localtime
// reads TZ, or /etc/localtime when TZ is unset. This file closes those:
//
//   - the default VFS's xRandomness is replaced, once, by one that draws
//     from the Go runtime's generator (the getrandom system call; no file);
//   - TZ of the C library is set to a POSIX rule for the sandbox's TZ
//     (tz.Rule), so 'localtime' uses the sandbox zone and opens no file.
//     The C environment is process-wide, so runs that need different
//     zones take turns (tzGate); runs with the same zone share it;
//   - the heap limits (sqlite3_soft/hard_heap_limit64) are set for every
//     run; they are process-wide too, so the last run's value holds: the
//     embedder should give every shell the same MaxHeapBytes.

// DefaultMaxHeapBytes is SQLite's hard heap limit when Options gives none.
const DefaultMaxHeapBytes int64 = 512 << 20

var setupOnce sync.Once

// configMemstatus is SQLITE_CONFIG_MEMSTATUS.
const configMemstatus = 9

// setupHost replaces the VFS randomness source, once per process.
func setupHost(tls *libc.TLS) {
	setupOnce.Do(func() {
		// The heap limits are only enforced with memory statistics on,
		// which this build of SQLite leaves off by default; it can only be
		// switched on before SQLite initialises (if the embedding program
		// used SQLite first, the call fails and only the length limit
		// holds).
		va := libc.Xmalloc(tls, 8)
		if va != 0 {
			lib.Xsqlite3_config(tls, configMemstatus, libc.VaList(va, int32(1)))
			libc.Xfree(tls, va)
		}
		vfs := lib.Xsqlite3_vfs_find(tls, 0)
		if vfs == 0 {
			return
		}
		v := (*lib.Tsqlite3_vfs)(cptr(vfs))
		v.FxRandomness = randomnessPointer()
	})
}

// randomnessCalls counts calls of randomness, for the test that SQLite's
// seed comes from here and not from the host's /dev/urandom.
var randomnessCalls atomic.Int64

// randomness fills n bytes at out for SQLite's PRNG seed.
func randomness(_ *libc.TLS, _ uintptr, n int32, out uintptr) int32 {
	randomnessCalls.Add(1)
	if n <= 0 || out == 0 {
		return 0
	}
	b := unsafe.Slice((*byte)(cptr(out)), n)
	rand.Read(b) // never fails on Linux (getrandom)
	return n
}

// randomnessPointer is randomness as a C function pointer (see
// authorizerPointer).
func randomnessPointer() uintptr {
	type holder struct {
		f func(*libc.TLS, uintptr, int32, uintptr) int32
	}
	return *(*uintptr)(unsafe.Pointer(&holder{randomness}))
}

// setHeapLimit applies the hard limit (and a soft limit at half of it, so
// SQLite releases caches before it fails).
func setHeapLimit(tls *libc.TLS, max int64) {
	if max <= 0 {
		max = DefaultMaxHeapBytes
	}
	lib.Xsqlite3_hard_heap_limit64(tls, max)
	lib.Xsqlite3_soft_heap_limit64(tls, max/2)
}

// tzGate lets runs in the same zone overlap and makes a run in another
// zone wait until the C library's TZ can be switched.
var tzGate struct {
	mu    sync.Mutex
	cond  *sync.Cond
	rule  string
	users int
}

// useZone sets the C library's TZ to the rule for the sandbox value and
// returns the function that releases it.
func useZone(tls *libc.TLS, value string) (release func()) {
	rule := tz.Rule(value)
	g := &tzGate
	g.mu.Lock()
	if g.cond == nil {
		g.cond = sync.NewCond(&g.mu)
	}
	for g.users > 0 && g.rule != rule {
		g.cond.Wait()
	}
	if g.rule != rule || g.users == 0 {
		setenv(tls, "TZ", rule)
		g.rule = rule
	}
	g.users++
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		g.users--
		if g.users == 0 {
			g.cond.Broadcast()
		}
		g.mu.Unlock()
	}
}

func setenv(tls *libc.TLS, name, value string) {
	n, err := libc.CString(name)
	if err != nil {
		return
	}
	defer libc.Xfree(tls, n)
	v, err := libc.CString(value)
	if err != nil {
		return
	}
	defer libc.Xfree(tls, v)
	libc.Xsetenv(tls, n, v, 1)
}
