package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/toolcmd"
)

// workerTool is a tool as the worker's shell sees it: everything but the
// invocation, which goes back to the daemon by path.
type workerTool struct {
	Path         string          `json:"path"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Source       string          `json:"source,omitempty"`
}

func workerTools(reg *toolcmd.Registry) []workerTool {
	var out []workerTool
	for _, t := range reg.List() {
		out = append(out, workerTool{Path: t.Path, Description: t.Description,
			InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Source: t.Source.Name})
	}
	return out
}

// pinnedWorker is a worker holding one session shell. Its fields are
// guarded by the WorkerRunner's mutex; the owning sessionShell's mutex
// keeps runs on it one at a time.
type pinnedWorker struct {
	wk   *worker
	sig  string // the tools signature the worker last received
	used time.Time
	busy bool
	// gone says why the pool stopped the worker (eviction, close); the
	// next call of the session reports it.
	gone string
}

// pin returns pw when its worker is still alive, or a newly pinned worker
// and, when pw was stopped by the pool, why its state was lost.
func (w *WorkerRunner) pin(ctx context.Context, pw *pinnedWorker) (*pinnedWorker, string, error) {
	w.mu.Lock()
	if pw != nil && pw.wk != nil {
		pw.busy, pw.used = true, time.Now()
		w.mu.Unlock()
		return pw, "", nil
	}
	note := ""
	if pw != nil && pw.gone != "" {
		note = "the previous shell of this session was stopped (" + pw.gone + "); its files and variables are gone, this is a fresh shell"
	}
	w.mu.Unlock()
	wk, err := w.get(ctx)
	if err != nil {
		return nil, note, err
	}
	// The next new session should not wait for a process start either.
	go w.prewarm()
	np := &pinnedWorker{wk: wk, busy: true, used: time.Now()}
	var victim *worker
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		wk.kill()
		return nil, note, errors.New("the server is shutting down")
	}
	if w.pinned == nil {
		w.pinned = map[*pinnedWorker]struct{}{}
	}
	max := w.MaxPinned
	if max <= 0 {
		max = 32
	}
	if len(w.pinned) >= max {
		victim = w.evictLocked()
	}
	w.pinned[np] = struct{}{}
	w.mu.Unlock()
	if victim != nil {
		victim.kill()
	}
	return np, note, nil
}

// prewarm starts one worker into the idle pool when it is empty, so that
// a bash session's first call costs a round trip, not a process start
// (~50 ms for this binary).
func (w *WorkerRunner) prewarm() {
	if w.reserveWarm() {
		w.finishWarm()
	}
}

// reserveWarm decides, at once, whether a prewarm should start a worker
// (none idle, none being started, a free slot) and takes the slot; a
// prewarm never waits for, nor evicts for, a slot.
func (w *WorkerRunner) reserveWarm() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed || w.warming || len(w.idle) > 0 {
		return false
	}
	select {
	case w.slotsLocked() <- struct{}{}:
		w.warming = true
		return true
	default:
		return false
	}
}

// finishWarm starts the worker reserveWarm made room for.
func (w *WorkerRunner) finishWarm() {
	if wk, err := w.start(); err == nil {
		w.mu.Lock()
		warm := w.warm
		w.mu.Unlock()
		if warm != nil {
			// A pooled worker prepares a runtime for the next
			// execute_code while it waits (a bash session taking it
			// drops them).
			_ = wk.proc.Notify(methodWarm, warm)
		}
		w.put(wk)
	}
	// Calls that waited for this worker (get) look again: it is in the
	// pool, or it failed to start, or the pool was full or closed.
	w.mu.Lock()
	w.warming = false
	w.wakeIdleLocked()
	w.mu.Unlock()
}

// evictLocked unpins the least recently used idle worker and returns it
// for killing (outside the lock); nil when every pinned worker is busy.
func (w *WorkerRunner) evictLocked() *worker {
	var lru *pinnedWorker
	for pw := range w.pinned {
		if !pw.busy && (lru == nil || pw.used.Before(lru.used)) {
			lru = pw
		}
	}
	if lru == nil {
		return nil
	}
	wk := lru.wk
	delete(w.pinned, lru)
	lru.wk, lru.gone = nil, fmt.Sprintf("more than %d bash sessions were active", len(w.pinned)+1)
	return wk
}

// alive reports whether pw still holds a live worker.
func (w *WorkerRunner) alive(pw *pinnedWorker) bool {
	if pw == nil {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return pw.wk != nil
}

// idle marks a pinned worker as between runs.
func (w *WorkerRunner) idlePinned(pw *pinnedWorker) {
	w.mu.Lock()
	pw.busy = false
	w.mu.Unlock()
}

// release stops a pinned worker: its session ended or its worker died.
func (w *WorkerRunner) release(pw *pinnedWorker) {
	if pw == nil {
		return
	}
	w.mu.Lock()
	wk := pw.wk
	pw.wk = nil
	delete(w.pinned, pw)
	w.mu.Unlock()
	if wk != nil {
		wk.kill()
	}
}

// lost ends the message of a run whose worker died.
const lost = "; this session's shell (files, variables) was lost, the next call starts a fresh one"

// bashRun is one bash call sent to a pinned worker.
type bashRun struct {
	script string
	limits shell.Limits
	reg    *toolcmd.Registry // the daemon's registry of the profile's tools
	sig    string
	// With a shared store (shared.go): restore replaces the worker's shell
	// by this snapshot, reset by a fresh shell; snapOut receives the
	// shell's snapshot after the run.
	restore []byte
	reset   bool
	snapOut *[]byte
}

// runBash runs a script in the worker pinned as pw. gone reports that the
// worker died or was stopped (and is released); the error then says the
// session's state was lost.
func (w *WorkerRunner) runBash(ctx context.Context, pw *pinnedWorker, run bashRun) (res shell.Result, gone bool, err error) {
	msg := bashMsg{Script: run.script, Limits: &run.limits, Restore: run.restore, Reset: run.reset, Snapshot: run.snapOut != nil}
	if pw.sig != run.sig || pw.sig == "" {
		msg.SyncTools, msg.Tools = true, workerTools(run.reg)
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return shell.Result{}, false, err
	}
	w.mu.Lock()
	wk := pw.wk
	w.mu.Unlock()
	if wk == nil { // stopped between pin and now (Close, session eviction)
		return shell.Result{}, true, fmt.Errorf("bash: the worker was stopped%s", lost)
	}
	if run.limits.Timeout > 0 {
		// The shell ends its own run at the timeout with status 124 and
		// keeps its state; the grace covers reporting (and a start still
		// under way), after it the worker is presumed stuck and killed.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, run.limits.Timeout+wk.grace())
		defer cancel()
	}
	// The daemon's Invoker runs every tool command of the worker's shell:
	// the worker knows tool names, never credentials or connections.
	inv := toolcmd.NewInvoker(run.reg)
	type outcome struct {
		m   doneMsg
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		m, err := wk.exchange(ctx, methodBash, body, false, inv.Invoke, nil)
		done <- outcome{m, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			err := wk.died("bash", "the script", o.err)
			w.release(pw)
			return shell.Result{}, true, fmt.Errorf("%v%s", err, lost)
		}
		if msg.SyncTools {
			pw.sig = run.sig
		}
		w.idlePinned(pw)
		if run.snapOut != nil {
			*run.snapOut = o.m.Snapshot
		}
		res := shell.Result{Stdout: o.m.Stdout, Stderr: o.m.Stderr, ExitCode: o.m.ExitCode}
		if o.m.Error != "" {
			return res, false, errors.New(o.m.Error)
		}
		return res, false, nil
	case <-ctx.Done():
		w.release(pw)
		<-done
		return shell.Result{}, true, fmt.Errorf("bash: the run did not end in time (worker stopped)%s", lost)
	}
}

// workerShell is the bash state of a pinned worker process.
type workerShell struct {
	sh   *shell.Shell
	sess *shell.Session
	reg  *toolcmd.Registry
}

// exec runs one "bash" call and returns its reply.
func (ws *workerShell) exec(m bashMsg, invoke callFunc) doneMsg {
	var done doneMsg
	if ws.reg == nil {
		ws.reg = toolcmd.NewRegistry()
	}
	if m.SyncTools {
		ws.syncTools(m.Tools, invoke)
	}
	if m.Reset || len(m.Restore) > 0 {
		ws.sh, ws.sess = nil, nil
	}
	if ws.sh == nil {
		lim := shell.Normal
		if m.Limits != nil {
			lim = *m.Limits
		}
		opts := shell.Options{Tools: toolcmd.NewInvoker(ws.reg), Limits: &lim}
		var sh *shell.Shell
		var err error
		if len(m.Restore) > 0 {
			// The session's shell as a shared store keeps it.
			sh, ws.sess, err = shell.RestoreSession(context.Background(), bytes.NewReader(m.Restore), opts)
		} else {
			sh, err = shell.New(opts)
		}
		if err != nil {
			done.Error = "bash: " + err.Error()
			return done
		}
		ws.sh = sh
	}
	if ws.sess == nil || ws.sess.Exited() {
		// `exit` ended the shell: start a new one on the same filesystem.
		sess, err := ws.sh.NewSession()
		if err != nil {
			done.Error = "bash: " + err.Error()
			return done
		}
		ws.sess = sess
	}
	res, err := ws.sess.Exec(context.Background(), m.Script)
	done.Stdout, done.Stderr, done.ExitCode = res.Stdout, res.Stderr, res.ExitCode
	if err != nil && res.ExitCode == 0 {
		done.Error = "bash: " + err.Error()
	}
	if m.Snapshot {
		var buf bytes.Buffer
		if err := ws.sess.Snapshot(context.Background(), &buf); err != nil {
			done.Error = "bash: snapshot of the shell: " + err.Error()
		} else {
			done.Snapshot = buf.Bytes()
		}
	}
	return done
}

// syncTools makes the worker's registry hold exactly tools, each invoking
// back to the daemon by its path.
func (ws *workerShell) syncTools(tools []workerTool, invoke callFunc) {
	want := map[string]bool{}
	for _, t := range tools {
		path := t.Path
		want[path] = true
		_ = ws.reg.Replace(toolcmd.Tool{Path: path, Description: t.Description,
			InputSchema: t.InputSchema, OutputSchema: t.OutputSchema,
			Source: toolcmd.Source{Kind: toolcmd.SourceMCP, Name: t.Source},
			Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
				return invoke(ctx, path, args)
			}})
	}
	for _, t := range ws.reg.List() {
		if !want[t.Path] {
			ws.reg.Remove(t.Path)
		}
	}
}
