package eval

import (
	"io"
	"sync"
)

// fdEntry is an open descriptor: a reader, a writer or both. Entries are
// shared between a runner and its subshells (as forked processes share
// open files); closing a descriptor in one drops only that table's entry.
type fdEntry struct {
	r io.Reader
	w io.Writer
	// c closes the underlying file or pipe end once no table holds it.
	c    io.Closer
	refs *refCount
	// path is the file it was opened on, for /dev/fd and messages.
	path string
}

type refCount struct {
	mu sync.Mutex
	n  int
}

// fdTable maps descriptor numbers to entries.
type fdTable struct {
	m map[int]*fdEntry
}

func newFdTable() *fdTable { return &fdTable{m: map[int]*fdEntry{}} }

func (t *fdTable) get(n int) *fdEntry { return t.m[n] }

// set installs e at n, releasing what n held.
func (t *fdTable) set(n int, e *fdEntry) {
	if old := t.m[n]; old != nil && old != e {
		old.release()
	}
	if e == nil {
		delete(t.m, n)
		return
	}
	e.retain()
	t.m[n] = e
}

func (t *fdTable) close(n int) bool {
	e, ok := t.m[n]
	if !ok {
		return false
	}
	delete(t.m, n)
	e.release()
	return true
}

// clone copies the table for a subshell; entries are shared.
func (t *fdTable) clone() *fdTable {
	c := &fdTable{m: make(map[int]*fdEntry, len(t.m))}
	for n, e := range t.m {
		e.retain()
		c.m[n] = e
	}
	return c
}

// releaseAll drops every entry (a subshell ending).
func (t *fdTable) releaseAll() {
	for n, e := range t.m {
		delete(t.m, n)
		e.release()
	}
}

// firstFree returns the lowest free descriptor at or above from ({var}>).
func (t *fdTable) firstFree(from int) int {
	for n := from; ; n++ {
		if _, ok := t.m[n]; !ok {
			return n
		}
	}
}

// coprocFds picks a coprocess's descriptors as bash does: its two pipes'
// four ends each move to the highest free descriptor below 64, and the
// shell keeps the first (read end) and the last (write end), closing the
// child's two between them. It falls back upward when 10..63 are taken.
func (t *fdTable) coprocFds() (rfd, wfd int) {
	var got []int
	for n := 63; n >= 10 && len(got) < 4; n-- {
		if _, ok := t.m[n]; !ok {
			got = append(got, n)
		}
	}
	if len(got) < 4 {
		rfd = t.firstFree(64)
		return rfd, t.firstFree(rfd + 1)
	}
	return got[0], got[3]
}

func (e *fdEntry) retain() {
	if e.refs == nil {
		return
	}
	e.refs.mu.Lock()
	e.refs.n++
	e.refs.mu.Unlock()
}

func (e *fdEntry) release() {
	if e.refs == nil || e.c == nil {
		return
	}
	e.refs.mu.Lock()
	e.refs.n--
	last := e.refs.n == 0
	e.refs.mu.Unlock()
	if last {
		e.c.Close()
	}
}

// newOwnedEntry makes an entry that closes c when the last table lets go.
func newOwnedEntry(r io.Reader, w io.Writer, c io.Closer, path string) *fdEntry {
	return &fdEntry{r: r, w: w, c: c, refs: &refCount{}, path: path}
}
