package store

import (
	"context"
	"sync"
	"time"
)

// Memory is the in-process store: state lives as long as the process.
type Memory struct {
	cfg      Config
	mu       sync.Mutex
	sessions map[string]*memSession
	now      func() time.Time
}

type memSession struct {
	token   string
	leaseTo time.Time
	docs    map[string][]byte
	logs    []string
	lastLog int64 // number of the last line appended
	dropped int64 // lines dropped since the last drain
	idleTo  time.Time
}

// NewMemory returns an empty in-process store.
func NewMemory(cfg Config) *Memory {
	return &Memory{cfg: cfg.withDefaults(), sessions: map[string]*memSession{}, now: time.Now}
}

// Describe implements Store.
func (m *Memory) Describe() string { return "memory (this process only)" }

// Close implements Store.
func (m *Memory) Close() error { return nil }

// session returns the live session, dropping an idle-expired one.
func (m *Memory) session(id string, create bool) *memSession {
	s := m.sessions[id]
	if s != nil && !s.idleTo.IsZero() && m.now().After(s.idleTo) && m.now().After(s.leaseTo) {
		delete(m.sessions, id)
		s = nil
	}
	if s == nil && create {
		s = &memSession{docs: map[string][]byte{}}
		m.sessions[id] = s
	}
	return s
}

// Acquire implements Store.
func (m *Memory) Acquire(ctx context.Context, session string) (*Lease, error) {
	token := newToken()
	err := acquireLoop(ctx, m.cfg.Wait, func() (bool, error) {
		m.mu.Lock()
		defer m.mu.Unlock()
		s := m.session(session, true)
		if s.token != "" && m.now().Before(s.leaseTo) {
			return false, nil
		}
		s.token, s.leaseTo = token, m.now().Add(m.cfg.LeaseTTL)
		if s.idleTo.IsZero() {
			s.idleTo = s.leaseTo.Add(m.cfg.IdleTTL) // dropped if nothing is ever written
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return newLease(session, token, m.cfg.LeaseTTL, func(token string) (bool, error) {
		m.mu.Lock()
		defer m.mu.Unlock()
		s := m.session(session, false)
		if s == nil || s.token != token || m.now().After(s.leaseTo) {
			return false, nil
		}
		s.leaseTo = m.now().Add(m.cfg.LeaseTTL)
		return true, nil
	}, func(_ context.Context, token string) error {
		m.mu.Lock()
		defer m.mu.Unlock()
		if s := m.session(session, false); s != nil && s.token == token {
			s.token = ""
		}
		return nil
	}), nil
}

// held returns the session when l is its current lease.
func (m *Memory) held(l *Lease) (*memSession, error) {
	s := m.session(l.Session, false)
	if s == nil || s.token != l.token || m.now().After(s.leaseTo) {
		return nil, ErrLeaseLost
	}
	s.idleTo = m.now().Add(m.cfg.IdleTTL)
	return s, nil
}

// Get implements Store.
func (m *Memory) Get(_ context.Context, session, key string) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.session(session, false)
	if s == nil {
		return nil, false, nil
	}
	v, ok := s.docs[key]
	return append([]byte(nil), v...), ok, nil
}

// Put implements Store.
func (m *Memory) Put(_ context.Context, l *Lease, key string, val []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.held(l)
	if err != nil {
		return err
	}
	s.docs[key] = append([]byte(nil), val...)
	return nil
}

// AppendLogs implements Store.
func (m *Memory) AppendLogs(_ context.Context, l *Lease, lines []string, max int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.held(l)
	if err != nil {
		return err
	}
	s.logs = append(s.logs, lines...)
	s.lastLog += int64(len(lines))
	if max > 0 && len(s.logs) > max {
		s.dropped += int64(len(s.logs) - max)
		s.logs = append([]string(nil), s.logs[len(s.logs)-max:]...)
	}
	return nil
}

// DrainLogs implements Store.
func (m *Memory) DrainLogs(_ context.Context, l *Lease) (Logs, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.held(l)
	if err != nil {
		return Logs{}, err
	}
	out := Logs{Lines: s.logs, Last: s.lastLog, Dropped: s.dropped}
	s.logs, s.dropped = nil, 0
	return out, nil
}

// Ping implements Store: the process's own memory always answers.
func (m *Memory) Ping(context.Context) error { return nil }

// Sessions implements Store: the sessions that hold documents or logs.
func (m *Memory) Sessions(context.Context) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for id := range m.sessions {
		if s := m.session(id, false); s != nil && (len(s.docs) > 0 || s.lastLog > 0) {
			n++
		}
	}
	return n, nil
}
