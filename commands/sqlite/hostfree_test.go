package sqlite

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// SQLite seeds its random generator through the VFS's xRandomness, which
// for the unix VFS opens the host's /dev/urandom; ours is called instead.
func TestRandomnessIsOurs(t *testing.T) {
	fsys := newFS(t)
	out, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", ":memory:", "select length(randomblob(16)), random() != random();")
	if code != 0 || out != "16|1\n" {
		t.Fatalf("%q %q %d", out, errs, code)
	}
	if randomnessCalls.Load() == 0 {
		t.Fatal("SQLite's generator was seeded elsewhere (the host /dev/urandom)")
	}
}

// SQLite's heap is C memory the Go heap watchdog does not see; its own
// hard heap limit makes a query that would pass it fail cleanly ("out of
// memory") while the Go heap and the process stay small.
func TestHeapLimitStopsBigQuery(t *testing.T) {
	fsys := newFS(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rss0 := rssKiB()
	// A 100 MB blob turned into 200 MB of hex: far past a 32 MiB heap.
	_, errs, code := runCmd(t, fsys, Options{MaxHeapBytes: 32 << 20}, "", "sqlite3", ":memory:",
		"select length(hex(zeroblob(100000000)));")
	runtime.ReadMemStats(&after)
	t.Logf("Go heap grew %d KiB; RSS %d KiB -> %d KiB (SQLite's C heap is in RSS only)",
		(int64(after.HeapAlloc)-int64(before.HeapAlloc))>>10, rss0, rssKiB())
	if code == 0 || !strings.Contains(errs, "out of memory") {
		t.Fatalf("status %d, stderr %q", code, errs)
	}
	// The limit is process-wide; the next run sets its own again.
	out, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", ":memory:", "select length(hex(zeroblob(10000000)));")
	if code != 0 || out != "20000000\n" {
		t.Fatalf("after the limit: %q %q %d", out, errs, code)
	}
}

// rssKiB is the process's resident set size from /proc (0 elsewhere).
func rssKiB() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}
