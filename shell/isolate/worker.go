package isolate

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/justbash/justbash/shell"
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
		limitAddressSpace(n)
	}
	serve(os.Stdin, os.Stdout)
	os.Exit(0)
	return true
}

// maxLine bounds one protocol line (a script, a stdin, a result).
const maxLine = 256 << 20

// workerState is the worker's side: one Shell, its sessions, and the tool
// calls waiting for the parent's answer.
type workerState struct {
	outMu sync.Mutex
	out   *json.Encoder

	sh       *shell.Shell
	mu       sync.Mutex
	sessions map[int64]*shell.Session
	calls    map[int64]chan msg
	nextCall int64
	// cancels ends running execs when the parent's context ends.
	cancels map[int64]context.CancelFunc
}

func serve(in io.Reader, out io.Writer) {
	w := &workerState{out: json.NewEncoder(out), sessions: map[int64]*shell.Session{}, calls: map[int64]chan msg{},
		cancels: map[int64]context.CancelFunc{}}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var wg sync.WaitGroup
	for sc.Scan() {
		var m msg
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			continue
		}
		switch m.Type {
		case "init":
			w.init(m)
		case "exec":
			wg.Add(1)
			go func() {
				defer wg.Done()
				w.send(w.exec(m))
			}()
		case "cancel":
			w.mu.Lock()
			if c := w.cancels[m.ID]; c != nil {
				c()
			}
			w.mu.Unlock()
		case "answer":
			w.mu.Lock()
			ch := w.calls[m.ID]
			delete(w.calls, m.ID)
			w.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
	wg.Wait()
}

func (w *workerState) send(m msg) {
	w.outMu.Lock()
	defer w.outMu.Unlock()
	w.out.Encode(m)
}

// init builds the worker's shell from the parent's options; tools invoke
// back to the parent.
func (w *workerState) init(m msg) {
	d := m.Init
	if d == nil {
		d = &initData{}
	}
	opts := shell.Options{Files: d.Files, Env: d.Env, Dir: d.Dir, Limits: d.Limits, Network: d.Network,
		NoToolCommands: d.NoToolCommands}
	if len(d.Tools) > 0 {
		reg := toolcmd.NewRegistry()
		for _, t := range d.Tools {
			path := t.Path
			reg.Add(toolcmd.Tool{Path: path, Description: t.Description, InputSchema: t.InputSchema,
				OutputSchema: t.OutputSchema,
				Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
					return w.call(ctx, path, args)
				}})
		}
		opts.Tools = toolcmd.NewInvoker(reg)
	}
	sh, err := shell.New(opts)
	if err != nil {
		w.send(msg{Type: "result", ID: m.ID, ExitCode: 1, Error: err.Error()})
		return
	}
	w.sh = sh
	w.send(msg{Type: "result", ID: m.ID})
}

// call asks the parent to invoke a tool and waits for its answer.
func (w *workerState) call(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
	ch := make(chan msg, 1)
	w.mu.Lock()
	w.nextCall++
	id := w.nextCall
	w.calls[id] = ch
	w.mu.Unlock()
	w.send(msg{Type: "call", ID: id, Path: path, Value: args})
	select {
	case a := <-ch:
		if a.Error != "" {
			return nil, errors.New(a.Error)
		}
		return a.Value, nil
	case <-ctx.Done():
		w.mu.Lock()
		delete(w.calls, id)
		w.mu.Unlock()
		return nil, ctx.Err()
	}
}

// exec runs one script and builds its result message.
func (w *workerState) exec(m msg) msg {
	res := msg{Type: "result", ID: m.ID}
	ctx, cancel := context.WithCancel(context.Background())
	w.mu.Lock()
	w.cancels[m.ID] = cancel
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		delete(w.cancels, m.ID)
		w.mu.Unlock()
		cancel()
	}()
	if w.sh == nil {
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
		r, err = w.sh.Exec(ctx, m.Script, opts...)
	} else {
		sess, serr := w.session(m.Session, m.Close)
		if serr != nil || sess == nil {
			if serr != nil {
				res.ExitCode, res.Error = 1, serr.Error()
			}
			return res
		}
		r, err = sess.ExecWith(ctx, m.Script, opts...)
		res.Exited = sess.Exited()
		res.Dir2 = sess.Dir()
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

// session finds or starts a session; close ends it.
func (w *workerState) session(id int64, close bool) (*shell.Session, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if close {
		delete(w.sessions, id)
		return nil, nil
	}
	if s, ok := w.sessions[id]; ok {
		return s, nil
	}
	s, err := w.sh.NewSession()
	if err != nil {
		return nil, err
	}
	w.sessions[id] = s
	return s, nil
}
