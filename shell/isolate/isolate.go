// Package isolate runs sandboxes in worker processes, so that even a bug
// nobody has found yet cannot crash or exhaust the embedding program.
//
// The in-process sandbox (package shell) bounds everything it knows about
// before it happens, but Go cannot recover from a stack overflow or a
// fatal out-of-memory, and a per-goroutine heap limit does not exist. A
// worker process can have both: it lowers its own address-space limit
// (RLIMIT_AS) before running anything, and the parent kills it when a run
// overstays its time. The worker is the embedding program's own binary
// (or any binary that calls Serve first thing in main):
//
//	func main() {
//		if isolate.Serve() {
//			return // this process was a worker
//		}
//		sh, _ := isolate.New(isolate.Options{Shell: shell.Options{}})
//		defer sh.Close()
//		res, _ := sh.Exec(ctx, "echo hi")
//	}
//
// The API mirrors package shell: Shell.Exec with shell.ExecOptions, and
// Sessions whose variables, functions and working directory persist. One
// worker holds one Shell's filesystem; a Shell's runs share it as they do
// in process. Tools (shell.Options.Tools) stay in the parent: the worker
// gets their names and schemas, and every call comes back to the parent's
// Invoker, so approval and credentials never enter the worker.
//
// The worker machinery (process start, memory caps, the framed protocol)
// is package workerproc's, shared with the MCP server's workers.
//
// When a worker dies (memory cap, timeout kill, crash) the run reports it
// with status 125 and a "justbash: worker ..." message, and the Shell
// starts a fresh worker (with a fresh filesystem) for the next run.
//
// Cost: a process start (a few ms) per Shell, and a round trip per run
// and per tool call; BenchmarkIsolatedExec measures it.
package isolate

import (
	"encoding/json"

	"github.com/justbash/justbash/commands/curl"
	"github.com/justbash/justbash/shell"
)

// envWorker marks a process started as a worker; envMem carries its
// address-space limit in bytes.
const (
	envWorker = "JUSTBASH_ISOLATE_WORKER"
	envMem    = "JUSTBASH_ISOLATE_MEM"
)

// Methods of the protocol: the parent calls "init" (initData) once, then
// "exec" (execMsg, answered by a resultMsg) and "close" (a session id);
// the worker calls "tool" (path, a NUL, the JSON arguments) back.
const (
	methodInit  = "init"
	methodExec  = "exec"
	methodClose = "close"
	methodTool  = "tool"
)

// execMsg is one run.
type execMsg struct {
	Session int64             `json:"session,omitempty"` // 0: a one-shot run (Shell.Exec)
	Script  string            `json:"script,omitempty"`
	Stdin   *string           `json:"stdin,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Dir     string            `json:"dir,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Name    string            `json:"name,omitempty"`
}

// resultMsg is a run's outcome.
type resultMsg struct {
	Stdout   string `json:"stdout,omitempty"`
	Stderr   string `json:"stderr,omitempty"`
	ExitCode int    `json:"exitCode,omitempty"`
	Limit    string `json:"limit,omitempty"`
	LimitVal string `json:"limitValue,omitempty"`
	Error    string `json:"error,omitempty"`
	Exited   bool   `json:"exited,omitempty"`
	Dir      string `json:"cwd,omitempty"`
}

// initData is the part of shell.Options a worker can receive.
type initData struct {
	Files          map[string]string `json:"files,omitempty"`
	Env            map[string]string `json:"env,omitempty"`
	Dir            string            `json:"dir,omitempty"`
	Limits         *shell.Limits     `json:"limits,omitempty"`
	Network        *curl.Policy      `json:"network,omitempty"`
	NoToolCommands bool              `json:"noToolCommands,omitempty"`
	Tools          []toolInfo        `json:"tools,omitempty"`
}

// toolInfo is a tool as the worker sees it: everything but its Invoke.
type toolInfo struct {
	Path         string          `json:"path"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}
