package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"

	"github.com/justbash/justbash/vfs"
	"github.com/justbash/justbash/vfs/snapshot"
)

// Snapshots: a sandbox's files (and a Session's shell state) saved to a
// stream in the format of package vfs/snapshot, restored by Restore and
// RestoreSession; Fork copies a sandbox in memory, copy-on-write.

// stateDoc and dirDoc are the snapshot documents of a Session: the bash
// script that recreates its variables, functions, aliases, traps and
// options, and its working directory.
const (
	stateDoc = "shell/state.sh"
	dirDoc   = "shell/dir"
)

// Snapshot writes the sandbox's files to w. Command stubs in /bin and
// /usr/bin are left out: every Shell makes its own.
func (s *Shell) Snapshot(ctx context.Context, w io.Writer) error {
	return snapshot.Write(ctx, w, s.fs, snapshot.WriteOptions{Skip: s.isCommandStub})
}

// Snapshot writes the session's files and its shell state (variables,
// functions, aliases, traps, options and working directory) to w. Take
// it between runs: a run in progress is not part of it.
func (sess *Session) Snapshot(ctx context.Context, w io.Writer) error {
	meta := map[string][]byte{
		stateDoc: []byte(sess.r.State()),
		dirDoc:   []byte(sess.r.Dir()),
	}
	return snapshot.Write(ctx, w, sess.sh.fs, snapshot.WriteOptions{Meta: meta, Skip: sess.sh.isCommandStub})
}

// isCommandStub reports whether p is a /bin or /usr/bin entry that names
// a registered command.
func (s *Shell) isCommandStub(p string) bool {
	dir := path.Dir(p)
	if dir != "/bin" && dir != "/usr/bin" {
		return false
	}
	_, ok := s.reg.Lookup(path.Base(p))
	return ok
}

// Restore builds a Shell from a snapshot: opts as for New, with the
// snapshot's files read into opts.FS (or into a fresh in-memory FS with
// the limits' quotas). The snapshot is bounded by the Limits'
// MaxTotalBytes when set.
func Restore(ctx context.Context, r io.Reader, opts Options) (*Shell, error) {
	sh, _, err := restore(ctx, r, opts)
	return sh, err
}

// RestoreSession builds a Shell and a Session from a snapshot a Session
// wrote; the session options apply as for NewSession.
func RestoreSession(ctx context.Context, r io.Reader, opts Options, sessOpts ...ExecOption) (*Shell, *Session, error) {
	sh, meta, err := restore(ctx, r, opts)
	if err != nil {
		return nil, nil, err
	}
	state, ok := meta[stateDoc]
	if !ok {
		return nil, nil, errors.New("shell: the snapshot holds no session (it was written by Shell.Snapshot)")
	}
	dir := string(meta[dirDoc])
	sess, err := sh.NewSession(append([]ExecOption{WithDir(dir)}, sessOpts...)...)
	if err != nil {
		return nil, nil, err
	}
	if err := sess.load(ctx, string(state)); err != nil {
		return nil, nil, err
	}
	return sh, sess, nil
}

func restore(ctx context.Context, r io.Reader, opts Options) (*Shell, map[string][]byte, error) {
	lim := Normal
	if opts.Limits != nil {
		lim = *opts.Limits
	}
	fsys := opts.FS
	if fsys == nil {
		fsys = newDefaultFS(lim)
	}
	meta, err := snapshot.Read(ctx, r, fsys, snapshot.Limits{MaxBytes: lim.MaxTotalBytes})
	if err != nil {
		return nil, nil, err
	}
	opts.FS = fsys
	sh, err := New(opts)
	if err != nil {
		return nil, nil, err
	}
	return sh, meta, nil
}

// load runs a session state script in the session.
func (sess *Session) load(ctx context.Context, state string) error {
	res, err := sess.Exec(ctx, state)
	if err != nil {
		return fmt.Errorf("shell: restoring the session: %w", err)
	}
	if res.ExitCode != 0 || res.Stderr != "" {
		return fmt.Errorf("shell: restoring the session: status %d: %s", res.ExitCode, res.Stderr)
	}
	return nil
}

// Fork returns a copy of the sandbox whose files are shared with s until
// either side changes them (copy-on-write per file): both start from the
// same state and diverge independently. The FS must be the in-memory one
// (the default); tools and commands are shared.
func (s *Shell) Fork() (*Shell, error) {
	m, ok := s.fs.(*vfs.Mem)
	if !ok {
		return nil, fmt.Errorf("shell: Fork needs the in-memory FS, not %T", s.fs)
	}
	c := &Shell{tools: s.tools, toolCmds: s.toolCmds, fs: m.Fork(), reg: s.reg.Clone(),
		env: cloneEnv(s.env), dir: s.dir, limits: s.limits}
	c.registerShellCommands() // bash and sh run in the fork's sandbox
	return c, nil
}

// Fork returns a Session on a Fork of the session's sandbox with the same
// shell state (between runs, as Snapshot).
func (sess *Session) Fork(ctx context.Context) (*Session, error) {
	sh, err := sess.sh.Fork()
	if err != nil {
		return nil, err
	}
	c, err := sh.NewSession(WithDir(sess.r.Dir()))
	if err != nil {
		return nil, err
	}
	if err := c.load(ctx, sess.r.State()); err != nil {
		return nil, err
	}
	return c, nil
}

func cloneEnv(m map[string]string) map[string]string {
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
