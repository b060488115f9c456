package mcpserver

// logBuffer is a session's console entries for fetch_logs, oldest first,
// bounded by MaxLogEntries and MaxLogBytes: past either, the oldest go
// (and are counted as dropped). Dropping moves a start index and the
// held entries are copied down only once the dropped part outgrows them,
// so adding is amortised O(1): the buffer used to be copied whole for
// each entry once full (10,000 entries: a run logging 1,000 lines took
// 0.6-1.8 s instead of 50 ms).
type logBuffer struct {
	entries []LogEntry // entries[start:] are held
	start   int
	bytes   int64 // logEntryBytes of the held entries
	last    int64 // the id of the last entry added
	dropped int   // dropped since the last drain
}

// logEntryBytes is what an entry is counted as holding: its strings and
// the entry's own size.
func logEntryBytes(e *LogEntry) int64 {
	return int64(len(e.Level)+len(e.Message)+len(e.Timestamp)) + 64
}

// add appends an entry, numbering it, and drops the oldest past the bounds
// (never the entry just added: one run's output is bounded on its own).
func (b *logBuffer) add(level, message, timestamp string) {
	b.last++
	e := LogEntry{ID: b.last, Level: level, Message: message, Timestamp: timestamp}
	b.entries = append(b.entries, e)
	b.bytes += logEntryBytes(&e)
	for held := len(b.entries) - b.start; held > 1 && (held > MaxLogEntries || b.bytes > MaxLogBytes); held-- {
		b.bytes -= logEntryBytes(&b.entries[b.start])
		b.entries[b.start] = LogEntry{} // its strings can go
		b.start++
		b.dropped++
	}
	if b.start > 0 && b.start >= len(b.entries)-b.start {
		n := copy(b.entries, b.entries[b.start:])
		clear(b.entries[n:])
		b.entries, b.start = b.entries[:n], 0
	}
}

// drain returns and removes the held entries, and how many were dropped
// since the last drain.
func (b *logBuffer) drain() ([]LogEntry, int) {
	out, dropped := b.entries[b.start:], b.dropped
	if len(out) == 0 {
		out = nil
	}
	b.entries, b.start, b.bytes, b.dropped = nil, 0, 0, 0
	return out, dropped
}

// reset replaces the buffer with entries (oldest first, the last one
// numbered last), as loaded from a store.
func (b *logBuffer) reset(entries []LogEntry, dropped int, last int64) {
	b.entries, b.start, b.bytes, b.dropped, b.last = entries, 0, 0, dropped, last
	for i := range entries {
		b.bytes += logEntryBytes(&entries[i])
	}
}
