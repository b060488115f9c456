package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/shell/isolate/workerproc"
	"github.com/justbash/justbash/toolcmd"
)

// Serve runs this process as a worker when its parent started it as one,
// and then exits; it returns false at once in any other process. Call it
// first thing in main (and in TestMain of tests that use isolation).
func Serve() bool {
	if os.Getenv(envWorker) != "1" {
		return false
	}
	if n, err := strconv.ParseInt(os.Getenv(envMem), 10, 64); err == nil && n > 0 {
		// The collector works harder as the cap nears, so only a run that
		// truly needs more memory meets it.
		debug.SetMemoryLimit(n / 10 * 9)
		_ = workerproc.LimitAddressSpace(uint64(n))
	}
	w := &workerState{sessions: map[int64]*shell.Session{}}
	workerproc.Serve(w.handle)
	os.Exit(0)
	return true
}

// workerState is the worker's side: one Shell and its sessions.
type workerState struct {
	mu       sync.Mutex
	sh       *shell.Shell
	sessions map[int64]*shell.Session
}

func (w *workerState) handle(ctx context.Context, method string, body []byte) ([]byte, error) {
	switch method {
	case methodInit:
		return nil, w.init(ctx, body)
	case methodExec:
		var m execMsg
		if err := json.Unmarshal(body, &m); err != nil {
			return nil, err
		}
		return json.Marshal(w.exec(ctx, m))
	case methodClose:
		id, _ := strconv.ParseInt(string(body), 10, 64)
		w.mu.Lock()
		delete(w.sessions, id)
		w.mu.Unlock()
		return nil, nil
	}
	return nil, fmt.Errorf("unknown method %q", method)
}

// init builds the worker's shell from the parent's options; tools invoke
// back to the parent.
func (w *workerState) init(ctx context.Context, body []byte) error {
	var d initData
	if err := json.Unmarshal(body, &d); err != nil {
		return err
	}
	opts := shell.Options{Files: d.Files, Env: d.Env, Dir: d.Dir, Limits: d.Limits, Network: d.Network,
		NoToolCommands: d.NoToolCommands}
	if len(d.Tools) > 0 {
		parent := workerproc.Peer(ctx)
		reg := toolcmd.NewRegistry()
		for _, t := range d.Tools {
			path := t.Path
			reg.Add(toolcmd.Tool{Path: path, Description: t.Description, InputSchema: t.InputSchema,
				OutputSchema: t.OutputSchema,
				Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
					out, err := parent.Call(ctx, methodTool, append([]byte(path+"\x00"), args...))
					var re *workerproc.RemoteError
					if errors.As(err, &re) {
						return nil, errors.New(re.Message)
					}
					return out, err
				}})
		}
		opts.Tools = toolcmd.NewInvoker(reg)
	}
	sh, err := shell.New(opts)
	if err != nil {
		return err
	}
	w.mu.Lock()
	w.sh = sh
	w.mu.Unlock()
	return nil
}

// exec runs one script and builds its result message; ctx ends when the
// parent cancels the run.
func (w *workerState) exec(ctx context.Context, m execMsg) resultMsg {
	var res resultMsg
	w.mu.Lock()
	sh := w.sh
	w.mu.Unlock()
	if sh == nil {
		res.ExitCode, res.Error = 1, "worker not initialised"
		return res
	}
	var opts []shell.ExecOption
	if m.Stdin != nil {
		opts = append(opts, shell.WithStdin(strings.NewReader(*m.Stdin)))
	}
	if m.Env != nil {
		opts = append(opts, shell.WithEnv(m.Env))
	}
	if m.Dir != "" {
		opts = append(opts, shell.WithDir(m.Dir))
	}
	if m.Args != nil {
		opts = append(opts, shell.WithArgs(m.Args...))
	}
	if m.Name != "" {
		opts = append(opts, shell.WithName(m.Name))
	}
	var r shell.Result
	var err error
	if m.Session == 0 {
		r, err = sh.Exec(ctx, m.Script, opts...)
	} else {
		sess, serr := w.session(sh, m.Session)
		if serr != nil {
			res.ExitCode, res.Error = 1, serr.Error()
			return res
		}
		r, err = sess.ExecWith(ctx, m.Script, opts...)
		res.Exited = sess.Exited()
		res.Dir = sess.Dir()
	}
	res.Stdout, res.Stderr, res.ExitCode = r.Stdout, r.Stderr, r.ExitCode
	var le *shell.LimitError
	if errors.As(err, &le) {
		res.Limit, res.LimitVal = le.Name, le.Value
	} else if err != nil {
		res.Error = err.Error()
	}
	return res
}

// session finds or starts a session.
func (w *workerState) session(sh *shell.Shell, id int64) (*shell.Session, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if s, ok := w.sessions[id]; ok {
		return s, nil
	}
	s, err := sh.NewSession()
	if err != nil {
		return nil, err
	}
	w.sessions[id] = s
	return s, nil
}
