package mcpserver

import (
	"strings"
	"testing"
)

// A session's log buffer keeps the newest entries within both bounds,
// numbers them without gaps, counts what it dropped, and counts what it
// holds in the session's usage.
func TestLogBufferBounds(t *testing.T) {
	s := newSession("logs")
	const n = 2*MaxLogEntries + 5000
	for i := 0; i < n; i++ {
		s.AddLog("log", "line")
		if held := len(s.logs.entries) - s.logs.start; held > MaxLogEntries {
			t.Fatalf("after %d entries %d are held", i+1, held)
		}
		// The backing array stays within twice the bound: dropped
		// entries are reclaimed, not kept behind the start.
		if c := cap(s.logs.entries); c > 4*MaxLogEntries {
			t.Fatalf("after %d entries the buffer's array holds %d", i+1, c)
		}
	}
	var want int64
	for i := s.logs.start; i < len(s.logs.entries); i++ {
		want += logEntryBytes(&s.logs.entries[i])
	}
	if u := s.usage(); u != want || want < MaxLogEntries*64 {
		t.Errorf("usage %d, want the entries' bytes %d", u, want)
	}
	logs, dropped := s.DrainLogs()
	if len(logs) != MaxLogEntries || dropped != n-MaxLogEntries {
		t.Fatalf("drained %d, dropped %d; want %d, %d", len(logs), dropped, MaxLogEntries, n-MaxLogEntries)
	}
	for i, l := range logs {
		if want := int64(n - MaxLogEntries + i + 1); l.ID != want {
			t.Fatalf("entry %d has id %d, want %d", i, l.ID, want)
		}
	}
	if logs, dropped := s.DrainLogs(); logs != nil || dropped != 0 || s.usage() != 0 {
		t.Errorf("a second drain: %d entries, %d dropped, usage %d", len(logs), dropped, s.usage())
	}
	// By bytes: 1 MB messages, at most MaxLogBytes of them; one larger
	// than the bound stays, alone.
	big := strings.Repeat("x", 1<<20)
	for i := 0; i < 40; i++ {
		s.AddLog("log", big)
		if s.logs.bytes > MaxLogBytes {
			t.Fatalf("after %d MB %d bytes are held", i+1, s.logs.bytes)
		}
	}
	huge := strings.Repeat("y", MaxLogBytes+1)
	s.AddLog("error", huge)
	logs, dropped = s.DrainLogs()
	if len(logs) != 1 || logs[0].Message != huge || dropped != 40 {
		t.Errorf("after a message over the bound: %d entries, %d dropped", len(logs), dropped)
	}
	if logs[0].ID != n+41 {
		t.Errorf("ids go on across drains: %d, want %d", logs[0].ID, n+41)
	}
}
