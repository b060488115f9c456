package mcpserver

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"regexp"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/toolcmd"
)

// SessionIDRe is the accepted form of a client-chosen session id (built
// on first use: nothing of ours compiles at start-up).
var SessionIDRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9._~-]{1,128}$`) })

// Limits of one session's buffers.
const (
	MaxLogEntries   = 10000
	MaxLogBytes     = 16 << 20 // a session's console entries, as logEntryBytes counts them
	MaxMemoryBytes  = 16 << 20 // JSON bytes stored in jsmcp.memory per profile
	maxIdleSessions = 4096
)

// LogEntry is one captured console call.
type LogEntry struct {
	ID        int64  `json:"id"`
	Level     string `json:"level"`
	Message   string `json:"message"`
	Timestamp string `json:"timestamp"`
}

// Session is the per-client state: its log buffer, and per profile its
// jsmcp.memory and bash shell. Logs are keyed by session only, so
// fetch_logs needs no profile; memory and shells are per profile because
// the profile decides which tools they may reach.
type Session struct {
	ID string

	mu     sync.Mutex
	logs   logBuffer
	memory map[string]*Memory
	shells map[string]*sessionShell
	used   time.Time
	// ephemeral sessions live for one request: their bash worker is
	// freed as soon as the call ends.
	ephemeral bool
	// active counts the calls running in the session (budget.go).
	active atomic.Int64
}

type sessionShell struct {
	mu   sync.Mutex // a shell.Session is not safe for concurrent use
	sh   *shell.Shell
	sess *shell.Session
	// reg holds the shell's tools; regSig is the view's toolsSig they
	// were built from, so a changed upstream list is synced before a run.
	reg    *toolcmd.Registry
	regSig string
	// pw is the worker holding this shell when bash runs in workers;
	// release frees it when the session goes away.
	pw      *pinnedWorker
	release func(*pinnedWorker)
	// fsBytes is the in-process shell's filesystem usage after its last
	// run, read by the session budget without taking mu.
	fsBytes atomic.Int64
	// shared is the shell's link to a shared store (shared.go); zero
	// without one.
	shared sharedShell
}

func newSession(id string) *Session {
	return &Session{ID: id, memory: map[string]*Memory{}, shells: map[string]*sessionShell{}, used: time.Now()}
}

// AddLog appends a console entry, dropping the oldest past MaxLogEntries
// or MaxLogBytes.
func (s *Session) AddLog(level, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.logs.add(level, message, time.Now().UTC().Format(time.RFC3339Nano))
}

// DrainLogs returns and removes the buffered entries, and how many were
// dropped for lack of room since the last drain.
func (s *Session) DrainLogs() ([]LogEntry, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.drain()
}

// ClearLogs empties the buffer and returns how many entries it held.
func (s *Session) ClearLogs() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out, _ := s.logs.drain()
	return len(out)
}

// Memory returns the session's jsmcp.memory for a profile.
func (s *Session) Memory(profile string) *Memory {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.memory[profile]
	if m == nil {
		m = &Memory{values: map[string]json.RawMessage{}}
		s.memory[profile] = m
	}
	return m
}

func (s *Session) shellFor(profile string) *sessionShell {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shells[profile]
	if sh == nil {
		sh = &sessionShell{}
		s.shells[profile] = sh
	}
	return sh
}

// Memory is jsmcp.memory: JSON values by key, safe for concurrent use.
type Memory struct {
	mu     sync.Mutex
	values map[string]json.RawMessage
	size   int
	// gen counts changes, so a shared store writes only changed memory.
	gen uint64
	// synced is the store version the values were loaded from or saved
	// as ("" when unknown); see shared.go.
	synced string
}

// ErrMemoryFull is returned when a set would pass MaxMemoryBytes.
var ErrMemoryFull = errors.New("jsmcp.memory is full (16 MiB per session)")

// Get returns the value stored under key.
func (m *Memory) Get(key string) (json.RawMessage, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.values[key]
	return v, ok
}

// Set stores a JSON value (empty means null).
func (m *Memory) Set(key string, v json.RawMessage) error {
	if len(v) == 0 {
		v = json.RawMessage("null")
	}
	if !json.Valid(v) {
		return errors.New("jsmcp.memory: value is not JSON")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old := len(m.values[key])
	if m.size-old+len(v)+len(key) > MaxMemoryBytes {
		return ErrMemoryFull
	}
	if _, had := m.values[key]; had {
		m.size -= old + len(key)
	}
	m.values[key] = append(json.RawMessage(nil), v...)
	m.size += len(v) + len(key)
	m.gen++
	return nil
}

// Delete removes key and reports whether it was there.
func (m *Memory) Delete(key string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.values[key]
	if ok {
		m.size -= len(v) + len(key)
		delete(m.values, key)
		m.gen++
	}
	return ok
}

// Keys lists the keys, sorted.
func (m *Memory) Keys() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.values))
	for k := range m.values {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Clear removes every key and returns how many there were.
func (m *Memory) Clear() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.values)
	m.values, m.size = map[string]json.RawMessage{}, 0
	if n > 0 {
		m.gen++
	}
	return n
}

// sessionStore holds the named sessions.
type sessionStore struct {
	mu       sync.Mutex
	sessions map[string]*Session
}

// get returns the session with id, creating it; "" makes a fresh,
// unregistered session that lives for one request.
func (st *sessionStore) get(id string) *Session {
	if id == "" {
		s := newSession(RandomID())
		s.ephemeral = true
		return s
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.sessions == nil {
		st.sessions = map[string]*Session{}
	}
	s := st.sessions[id]
	if s == nil {
		if len(st.sessions) >= maxIdleSessions {
			st.evictOldest()
		}
		s = newSession(id)
		st.sessions[id] = s
	}
	s.mu.Lock()
	s.used = time.Now()
	s.mu.Unlock()
	return s
}

// evictOldest drops the least recently used session so that a client
// minting ids cannot grow the daemon without bound.
func (st *sessionStore) evictOldest() {
	var oldest *Session
	var oldestUsed time.Time
	for _, s := range st.sessions {
		s.mu.Lock()
		u := s.used
		s.mu.Unlock()
		if oldest == nil || u.Before(oldestUsed) {
			oldest, oldestUsed = s, u
		}
	}
	if oldest != nil {
		delete(st.sessions, oldest.ID)
		// Its bash workers die with it; a run still going on one waits
		// for the shell's lock, hence not under the store's.
		go oldest.releaseShells()
	}
}

// releaseShells frees the workers pinned to the session's shells.
func (s *Session) releaseShells() {
	s.mu.Lock()
	shells := make([]*sessionShell, 0, len(s.shells))
	for _, ss := range s.shells {
		shells = append(shells, ss)
	}
	s.mu.Unlock()
	for _, ss := range shells {
		ss.mu.Lock()
		if ss.pw != nil && ss.release != nil {
			ss.release(ss.pw)
			ss.pw = nil
		}
		ss.mu.Unlock()
	}
}

// RandomID returns a random session id.
func RandomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
