package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/justbash/justbash/mcpserver/store"
	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/toolcmd"
)

// Sessions in a shared store (Options.Store). The state of a named session
// then lives in the store, where every replica opened on it can reach it:
// each call that reads or changes that state (execute_code, bash,
// fetch_logs, clear_logs) takes the session's lease, brings this
// process's copy up to date, runs, and writes what changed back BEFORE its
// result is returned; then it releases the lease. So an answered call is
// never lost, and two replicas never run one session at once.
//
// The process keeps its copy between calls (a bash shell stays live in
// its worker) and reloads a part only when the store's version of it is
// not the one the copy was loaded from or saved as: a session that stays
// on one replica pays one small read per call, not a restore.
//
// A session's documents, per profile P:
//
//	mem:P  jsmcp.memory as one JSON object    vmem:P  its version
//	sh:P   the bash shell's snapshot          vsh:P   its version
//
// A version is written before its document, so a replica that dies
// between the two leaves a version no copy has: everyone reloads.
// Logs are the store's log list, one JSON entry per line.
// One-request sessions (no session id) never touch the store.

// leaseWait bounds the wait for a session that another call holds: the
// longest execute_code run and some room.
const leaseWait = MaxCodeTimeoutMs*time.Millisecond + time.Minute

// saveTimeout bounds loading and saving a session's state; both use a
// context that outlives the client's, so a run that happened is saved
// even when its caller went away.
const saveTimeout = 30 * time.Second

// sharedShell links a session shell to the store for one call; guarded by
// the sessionShell's mutex.
type sharedShell struct {
	// synced is the store version the live shell was loaded from or
	// saved as; "" when unknown (the shell must be reloaded).
	synced string
	// During a call in worker mode: need says the worker's shell must be
	// reloaded; fetch reads the snapshot (ok false: start fresh); out
	// receives the snapshot after the run.
	active bool
	need   bool
	fetch  func() ([]byte, bool, error)
	out    []byte
}

type sharedKey struct{}

// logCall writes the call's line: one per call, with its session id
// (the inner call of callShared is not a call of its own).
func (rt *Runtime) logCall(ctx context.Context, sc Scope, tool string, start time.Time, res **CallToolResult) {
	if rt.opts.Logger == nil || ctx.Value(sharedKey{}) != nil {
		return
	}
	isErr := *res == nil || (*res).IsError
	rt.opts.Logger.Info("call", "session", sc.Session.ID, "profile", sc.Profile, "tool", tool,
		"ms", elapsedMs(time.Since(start)), "isError", isErr)
}

// storeTool reports the meta tools whose state the store keeps.
func storeTool(tool string) bool {
	switch tool {
	case ToolExecuteCode, ToolBash, ToolFetchLogs, ToolClearLogs:
		return true
	}
	return false
}

// useStore reports whether a call must go through the shared store (and
// is not already inside callShared).
func (rt *Runtime) useStore(ctx context.Context, sc Scope, tool string) bool {
	return rt.opts.Store != nil && !sc.Session.ephemeral && storeTool(tool) && ctx.Value(sharedKey{}) == nil
}

// Logger returns the runtime's structured logger (never nil).
func (rt *Runtime) Logger() *slog.Logger {
	if rt.opts.Logger != nil {
		return rt.opts.Logger
	}
	return slog.New(slog.DiscardHandler)
}

// StoreStats is what `status` shows about the store.
type StoreStats struct {
	Store    string `json:"store"`
	Sessions int    `json:"sessions"`
	Error    string `json:"error,omitempty"`
}

// StoreStats describes the shared store and counts its sessions (without
// one: this process's sessions).
func (rt *Runtime) StoreStats(ctx context.Context) *StoreStats {
	if rt.opts.Store == nil {
		rt.sessions.mu.Lock()
		defer rt.sessions.mu.Unlock()
		return &StoreStats{Store: "this process only", Sessions: len(rt.sessions.sessions)}
	}
	out := &StoreStats{Store: rt.opts.Store.Describe()}
	n, err := rt.opts.Store.Sessions(ctx)
	out.Sessions = n
	if err != nil {
		out.Error = err.Error()
	}
	return out
}

// callShared runs a call on a session kept in the store (see above).
func (rt *Runtime) callShared(ctx context.Context, sc Scope, tool string, args map[string]any) *CallToolResult {
	st := rt.opts.Store
	log := rt.Logger().With("session", sc.Session.ID, "tool", tool)
	v, err := rt.view(sc.Profile)
	if err != nil {
		return errorResult(err.Error())
	}
	actx, cancel := context.WithTimeout(ctx, leaseWait)
	lease, err := st.Acquire(actx, sc.Session.ID)
	cancel()
	if err != nil {
		log.Warn("session lease not taken", "err", err.Error())
		if errors.Is(err, store.ErrBusy) {
			return errorResult(tool + ": this session is busy in another call; try again")
		}
		return errorResult(tool + ": the session store is unavailable: " + err.Error())
	}
	log = log.With("lease", lease.Token())
	log.Info("session lease taken", "at", time.Now().UnixNano())
	// Saving and releasing outlive the caller's context (see saveTimeout).
	bg := context.WithoutCancel(ctx)
	defer func() {
		log.Info("session lease released", "at", time.Now().UnixNano())
		rctx, cancel := context.WithTimeout(bg, saveTimeout)
		defer cancel()
		_ = lease.Release(rctx)
	}()
	// A lease lost mid-run (this replica stalled past its TTL) ends the
	// run: the session may be running elsewhere already.
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		select {
		case <-lease.Lost():
			log.Warn("session lease lost during the call")
			stop()
		case <-runCtx.Done():
		}
	}()
	sctx, scancel := context.WithTimeout(bg, saveTimeout)
	defer scancel()
	call := &syncCall{rt: rt, st: st, lease: lease, sess: sc.Session, v: v, log: log}
	res, err := call.run(sctx, WithScope(context.WithValue(runCtx, sharedKey{}, true), sc), tool, args)
	if err != nil {
		log.Error("session state not saved", "err", err.Error())
		return errorResult(fmt.Sprintf("%s: the session's state could not be loaded or saved (%v); this call's changes are not kept", tool, err))
	}
	return res
}

// syncCall is one call on a stored session.
type syncCall struct {
	rt    *Runtime
	st    store.Store
	lease *store.Lease
	sess  *Session
	v     *view
	log   *slog.Logger
}

// run loads what tool needs, runs it through Call, and saves what changed.
func (c *syncCall) run(sctx, ctx context.Context, tool string, args map[string]any) (*CallToolResult, error) {
	switch tool {
	case ToolExecuteCode:
		m := c.sess.Memory(c.v.profile)
		if err := c.loadMemory(sctx, m); err != nil {
			return nil, err
		}
		m.mu.Lock()
		gen := m.gen
		m.mu.Unlock()
		res := c.rt.Call(ctx, tool, args)
		if err := c.saveMemory(sctx, m, gen); err != nil {
			return nil, err
		}
		return res, c.saveLogs(sctx)
	case ToolBash:
		ss := c.sess.shellFor(c.v.profile)
		if err := c.loadShell(sctx, ss); err != nil {
			return nil, err
		}
		res := c.rt.Call(ctx, tool, args)
		return res, c.saveShell(sctx, ss)
	default: // fetch_logs, clear_logs
		if err := c.loadLogs(sctx); err != nil {
			return nil, err
		}
		return c.rt.Call(ctx, tool, args), nil
	}
}

// version reads a part's version ("" when the store has none).
func (c *syncCall) version(ctx context.Context, key string) (string, error) {
	b, _, err := c.st.Get(ctx, c.sess.ID, key)
	return string(b), err
}

// put writes a part: a new version first, then the document.
func (c *syncCall) put(ctx context.Context, key string, doc []byte) (string, error) {
	ver := RandomID()
	if err := c.st.Put(ctx, c.lease, "v"+key, []byte(ver)); err != nil {
		return "", err
	}
	if err := c.st.Put(ctx, c.lease, key, doc); err != nil {
		return "", err
	}
	return ver, nil
}

func (c *syncCall) loadMemory(ctx context.Context, m *Memory) error {
	key := "mem:" + c.v.profile
	ver, err := c.version(ctx, "v"+key)
	if err != nil {
		return err
	}
	m.mu.Lock()
	current := ver != "" && ver == m.synced
	m.mu.Unlock()
	if current {
		return nil
	}
	values := map[string]json.RawMessage{}
	if ver != "" {
		doc, ok, err := c.st.Get(ctx, c.sess.ID, key)
		if err != nil {
			return err
		}
		if ok {
			c.log.Info("session state loaded from the store", "part", key, "bytes", len(doc))
			if err := json.Unmarshal(doc, &values); err != nil {
				return fmt.Errorf("jsmcp.memory in the store: %w", err)
			}
		}
	}
	size := 0
	for k, v := range values {
		size += len(k) + len(v)
	}
	m.mu.Lock()
	m.values, m.size, m.synced = values, size, ver
	m.gen++
	m.mu.Unlock()
	return nil
}

// saveMemory writes the memory when the run changed it (gen moved on).
func (c *syncCall) saveMemory(ctx context.Context, m *Memory, gen uint64) error {
	m.mu.Lock()
	if m.gen == gen {
		m.mu.Unlock()
		return nil
	}
	m.synced = "" // until saved, the copy is ahead of the store
	doc, err := json.Marshal(m.values)
	gen = m.gen
	m.mu.Unlock()
	if err != nil {
		return err
	}
	ver, err := c.put(ctx, "mem:"+c.v.profile, doc)
	if err != nil {
		return err
	}
	m.mu.Lock()
	if m.gen == gen {
		m.synced = ver
	}
	m.mu.Unlock()
	return nil
}

// storedLog is a log entry in the store (its id comes from the line's
// position).
type storedLog struct {
	Level     string `json:"level"`
	Message   string `json:"message"`
	Timestamp string `json:"timestamp"`
}

// saveLogs moves the run's console entries to the store.
func (c *syncCall) saveLogs(ctx context.Context) error {
	logs, _ := c.sess.DrainLogs()
	if len(logs) == 0 {
		return nil
	}
	lines := make([]string, len(logs))
	for i, l := range logs {
		b, _ := json.Marshal(storedLog{Level: l.Level, Message: l.Message, Timestamp: l.Timestamp})
		lines[i] = string(b)
	}
	return c.st.AppendLogs(ctx, c.lease, lines, MaxLogEntries)
}

// loadLogs drains the store's entries into the session's buffer, which
// fetch_logs or clear_logs then empties as without a store.
func (c *syncCall) loadLogs(ctx context.Context) error {
	got, err := c.st.DrainLogs(ctx, c.lease)
	if err != nil {
		return err
	}
	entries := make([]LogEntry, 0, len(got.Lines))
	first := got.Last - int64(len(got.Lines)) + 1
	for i, line := range got.Lines {
		var l storedLog
		_ = json.Unmarshal([]byte(line), &l)
		entries = append(entries, LogEntry{ID: first + int64(i), Level: l.Level, Message: l.Message, Timestamp: l.Timestamp})
	}
	s := c.sess
	s.mu.Lock()
	s.logs.reset(entries, int(got.Dropped), got.Last)
	s.mu.Unlock()
	return nil
}

// shellLimits are the limits of the bash tool's shells.
func (rt *Runtime) shellLimits() shell.Limits {
	if rt.opts.ShellLimits != nil {
		return *rt.opts.ShellLimits
	}
	return shell.Normal
}

// loadShell brings the session's shell for the profile up to date: in
// process it restores the snapshot now; with workers it tells bash (via
// ss.shared) to send it to the worker when the worker's shell is not
// the stored one.
func (c *syncCall) loadShell(ctx context.Context, ss *sessionShell) error {
	key := "sh:" + c.v.profile
	ver, err := c.version(ctx, "v"+key)
	if err != nil {
		return err
	}
	fetch := func() ([]byte, bool, error) {
		if ver == "" {
			return nil, false, nil
		}
		doc, ok, err := c.st.Get(ctx, c.sess.ID, key)
		if ok {
			c.log.Info("session state loaded from the store", "part", key, "bytes", len(doc))
		}
		return doc, ok, err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	sh := &ss.shared
	current := ver != "" && ver == sh.synced
	sh.synced = "" // the run is about to change it
	if wr, ok := c.rt.opts.Runner.(*WorkerRunner); ok {
		sh.active, sh.need, sh.fetch, sh.out = true, !current || !wr.alive(ss.pw), fetch, nil
		return nil
	}
	if current && ss.sess != nil {
		return nil
	}
	doc, ok, err := fetch()
	if err != nil {
		return err
	}
	ss.sh, ss.sess = nil, nil
	if !ok {
		return nil // a fresh shell, made by the run
	}
	if ss.reg == nil {
		ss.reg, ss.regSig = c.v.registry(), c.v.toolsSig()
	}
	lim := c.rt.shellLimits()
	sh2, sess, err := shell.RestoreSession(ctx, bytes.NewReader(doc), shell.Options{Tools: toolcmd.NewInvoker(ss.reg), Limits: &lim})
	if err != nil {
		return fmt.Errorf("restoring the bash shell: %w", err)
	}
	ss.sh, ss.sess = sh2, sess
	return nil
}

// saveShell writes the shell's snapshot after the run.
func (c *syncCall) saveShell(ctx context.Context, ss *sessionShell) error {
	ss.mu.Lock()
	sh := &ss.shared
	var doc []byte
	if sh.active {
		doc = sh.out
		sh.active, sh.fetch, sh.out = false, nil, nil
	} else if ss.sess != nil {
		var buf bytes.Buffer
		if err := ss.sess.Snapshot(ctx, &buf); err != nil {
			ss.mu.Unlock()
			return fmt.Errorf("snapshot of the bash shell: %w", err)
		}
		doc = buf.Bytes()
	}
	ss.mu.Unlock()
	if doc == nil {
		return nil // no shell came to be (the run failed before it)
	}
	ver, err := c.put(ctx, "sh:"+c.v.profile, doc)
	if err != nil {
		return err
	}
	ss.mu.Lock()
	ss.shared.synced = ver
	ss.mu.Unlock()
	return nil
}
