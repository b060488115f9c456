package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// execute_code limits, as in jsmcp.
const (
	DefaultCodeTimeout = 30 * time.Second
	MaxCodeTimeoutMs   = 300000
)

// CodeRequest is one execute_code run.
type CodeRequest struct {
	Code string
	// Data is the JSON of the `data` global; nil leaves it undefined.
	Data    json.RawMessage
	Timeout time.Duration
	// MaxMemoryBytes is the memory cap of the run.
	MaxMemoryBytes uint64
	// Servers are the globals: each maps tool names and aliases to calls
	// through Invoke("server.tool", args).
	Servers []string
	// Invoke calls an allowed tool by "server.tool" (name or alias); the
	// result is the unwrapped upstream result as JSON.
	Invoke func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error)
	// Start, when set, starts a call that can be answered without a
	// goroutine waiting on it (see jsexec.StartFunc): done gets the
	// answer Invoke would have returned. It returns false, having done
	// nothing, for the calls only Invoke makes.
	Start startFunc
	// Memory is the session's jsmcp.memory for this profile.
	Memory *Memory
}

// startFunc is CodeRequest.Start's type (jsexec.StartFunc's shape).
type startFunc = func(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool

// isMemoryCall says that a call is jsmcp.memory's, which the daemon
// answers from the session (maybe a store): never started without a
// goroutine waiting.
func isMemoryCall(path string) bool { return strings.HasPrefix(path, memoryGlobal+".") }

// CodeLog is one console call of a run.
type CodeLog struct {
	Level   string // log, info, warn, error
	Message string
}

// CodeResult is what a run produced.
type CodeResult struct {
	// Value is the JSON-safe return value ("null" for undefined).
	Value json.RawMessage
	Logs  []CodeLog
}

// CodeRunner runs JavaScript for execute_code. On failure it returns the
// error (its message is shown to the agent) and still the logs so far.
type CodeRunner interface {
	RunCode(ctx context.Context, req CodeRequest) (CodeResult, error)
}

// executeArgs are execute_code's arguments.
type executeArgs struct {
	Code      string
	Data      json.RawMessage
	TimeoutMs int
	RawText   bool
}

func parseExecuteArgs(args map[string]any) (executeArgs, error) {
	ea := executeArgs{TimeoutMs: int(DefaultCodeTimeout / time.Millisecond), RawText: true}
	code, ok := args["code"].(string)
	if !ok {
		return ea, errors.New("execute_code: code must be a string")
	}
	ea.Code = code
	if d, has := args["data"]; has {
		if raw, ok := d.(json.RawMessage); ok { // as the client sent it (callParams)
			ea.Data = raw
		} else {
			b, err := json.Marshal(d)
			if err != nil {
				return ea, fmt.Errorf("execute_code: data: %v", err)
			}
			ea.Data = b
		}
	}
	if t, has := args["timeoutMs"]; has && t != nil {
		f, ok := toFloat(t)
		if !ok || f != float64(int64(f)) || f < 1 || f > MaxCodeTimeoutMs {
			return ea, fmt.Errorf("execute_code: timeoutMs must be an integer from 1 to %d", MaxCodeTimeoutMs)
		}
		ea.TimeoutMs = int(f)
	}
	if r, has := args["rawText"]; has && r != nil {
		b, ok := r.(bool)
		if !ok {
			return ea, errors.New("execute_code: rawText must be a boolean")
		}
		ea.RawText = b
	}
	return ea, nil
}

func toFloat(v any) (float64, bool) {
	switch t := v.(type) {
	case float64:
		return t, true
	case int:
		return float64(t), true
	case int64:
		return float64(t), true
	case json.Number:
		f, err := t.Float64()
		return f, err == nil
	}
	return 0, false
}

// ExecResult is execute_code's outcome before rendering.
type ExecResult struct {
	// Value is the runner's, as it came: rendering replaces one that is
	// not JSON with null.
	Value       json.RawMessage
	Err         string
	ExecutionMs int64
}

// Execute runs code for a session in a profile. Console output goes to the
// session's log buffer.
func (rt *Runtime) Execute(ctx context.Context, profile string, sess *Session, ea executeArgs) ExecResult {
	v, err := rt.view(profile)
	if err != nil {
		return ExecResult{Err: err.Error()}
	}
	if rt.opts.Runner == nil {
		return ExecResult{Err: "execute_code: no JavaScript runtime is available in this build"}
	}
	req := CodeRequest{Code: ea.Code, Data: ea.Data, Timeout: time.Duration(ea.TimeoutMs) * time.Millisecond,
		MaxMemoryBytes: rt.opts.MaxMemoryBytes, Invoke: v.call, Start: v.start, Memory: sess.Memory(v.profile), Servers: v.codeServers()}
	start := time.Now()
	endSpan := traceSpan("exec")
	res, err := safeRun(ctx, rt.opts.Runner, req)
	endSpan()
	if !afterReply(ctx, traceFirstReplied) {
		traceFirstReplied()
	}
	ms := elapsedMs(time.Since(start))
	for _, l := range res.Logs {
		sess.AddLog(l.Level, l.Message)
	}
	if err != nil {
		return ExecResult{Err: err.Error(), ExecutionMs: ms}
	}
	val := res.Value
	if len(val) == 0 {
		val = json.RawMessage("null")
	}
	// Whether it is JSON is checked as the result is rendered, in the
	// pass that reads it anyway (renderExec): a separate check was a
	// quarter of the server's time for a large value.
	return ExecResult{Value: val, ExecutionMs: ms}
}

// codeServers are the globals of an execute_code run: the healthy servers.
func (v *view) codeServers() []string {
	var out []string
	for _, st := range v.servers {
		if st.err == nil {
			out = append(out, st.def.Name)
		}
	}
	return out
}

// Prewarmer is a CodeRunner that can prepare for a profile's first run:
// StartEarly as the runtime starts, Prewarm once the servers are known.
type Prewarmer interface {
	StartEarly()
	Prewarm(servers []string, memBytes uint64)
}

func safeRun(ctx context.Context, r CodeRunner, req CodeRequest) (res CodeResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("execute_code: internal error: %v", p)
		}
	}()
	return r.RunCode(ctx, req)
}
