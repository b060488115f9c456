// Package jsexec runs JavaScript (and TypeScript) inside the sandbox on
// goja: the `js-exec`/`node` command, the `tools` proxy over a
// toolcmd.Invoker, Node-style shims backed by the sandbox filesystem and
// shell, a small event loop with real concurrency for tool calls, and hard
// limits (time, call stack, output, heap).
//
// Every run gets a fresh goja VM: nothing a script does to built-ins or
// globals survives into the next run. The VM has no eval, no Function
// constructor (through any path), no WebAssembly, no SharedArrayBuffer or
// Atomics, and no handle on the host: files, environment, processes and
// network are only reachable through the sandbox objects given to it.
//
// No script may take the host down: wherever goja or esbuild would recurse
// on the Go stack as deep as the input asks (parsing nested source,
// JSON.parse and JSON.stringify, regex patterns, flat, generator chains)
// the depth is bounded first (nesting.go, jsonstr.go, guard.go), and
// wherever a script picks a size the size is checked before allocating.
package jsexec

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/curl"
)

// Limits bound one run. Zero fields take the defaults below.
type Limits struct {
	// Timeout ends the run (also a busy loop after an await).
	Timeout time.Duration
	// MaxCallStackSize is goja's call-depth limit.
	MaxCallStackSize int
	// MaxOutputBytes caps stdout+stderr (console and process.*.write).
	MaxOutputBytes int64
	// MaxMemoryBytes is the heap growth allowed while the script runs. It is
	// measured process-wide every few milliseconds (runtime/metrics), so it
	// is best effort: other goroutines' allocations count, and one huge
	// allocation is only seen after it happened.
	MaxMemoryBytes uint64
	// MaxToolCalls caps the tool calls of one run (0: DefaultMaxToolCalls).
	MaxToolCalls int
	// MaxToolCallsInFlight bounds the calls of one run that wait for
	// their answers at once (0: DefaultMaxToolCallsInFlight); more wait
	// their turn, in order, as if the host answered more slowly.
	MaxToolCallsInFlight int
	// MaxStringBytes bounds a string a script builds in one step (repeat,
	// padStart/padEnd, join) and the element count of a join; the run
	// ends with a "memory" limit before anything is allocated. Array and
	// typed-array sizes are checked the same way against MaxMemoryBytes.
	MaxStringBytes int64
	// MaxFileBytes bounds one read of a file or standard input (the
	// script, fs.readFileSync, modules): /dev/zero ends with an error.
	MaxFileBytes int64
}

// Defaults, chosen next to just-bash's QuickJS worker (30 s, 64 MB heap):
// goja objects are larger than QuickJS ones, so the heap budget is bigger.
const (
	DefaultTimeout          = 30 * time.Second
	DefaultMaxCallStackSize = 4000
	DefaultMaxOutputBytes   = 16 << 20
	DefaultMaxMemoryBytes   = 512 << 20
	DefaultMaxToolCalls     = 1_000_000
	// DefaultMaxToolCallsInFlight: far more parallelism than an upstream
	// server gives, far less host state than a million waiting calls.
	DefaultMaxToolCallsInFlight = 256
	DefaultMaxStringBytes       = 64 << 20
	DefaultMaxFileBytes         = 64 << 20
)

func (l Limits) withDefaults() Limits {
	if l.Timeout <= 0 {
		l.Timeout = DefaultTimeout
	}
	if l.MaxCallStackSize <= 0 {
		l.MaxCallStackSize = DefaultMaxCallStackSize
	}
	if l.MaxOutputBytes <= 0 {
		l.MaxOutputBytes = DefaultMaxOutputBytes
	}
	if l.MaxMemoryBytes == 0 {
		l.MaxMemoryBytes = DefaultMaxMemoryBytes
	}
	if l.MaxToolCalls <= 0 {
		l.MaxToolCalls = DefaultMaxToolCalls
	}
	if l.MaxToolCallsInFlight <= 0 {
		l.MaxToolCallsInFlight = DefaultMaxToolCallsInFlight
	}
	if l.MaxStringBytes <= 0 {
		l.MaxStringBytes = DefaultMaxStringBytes
	}
	if l.MaxFileBytes <= 0 {
		l.MaxFileBytes = DefaultMaxFileBytes
	}
	return l
}

// InvokeFunc calls the tool at a dot-separated path with JSON arguments
// (empty for none) and returns its JSON result (empty for undefined).
// It is the same hook shape as toolcmd.Invoker.Invoke.
type InvokeFunc func(ctx context.Context, path string, argsJSON json.RawMessage) (json.RawMessage, error)

// StartFunc offers a tool call to a host that can answer it without a
// goroutine waiting: it runs on the event loop's goroutine, so it must
// not block. It returns false to leave the call to the InvokeFunc (run on
// a goroutine of its own); true means it calls done exactly once, from
// any goroutine, which must not block either (the answer is queued for
// the loop). An MCP server's answer read from its pipe then reaches the
// script without a goroutine in between, one hand-off less each way.
type StartFunc func(ctx context.Context, path string, argsJSON json.RawMessage, done func(json.RawMessage, error)) bool

// RunOptions configure one Run.
type RunOptions struct {
	// Invoke backs the `tools` global; nil leaves `tools` out.
	Invoke InvokeFunc
	// ToolGlobals adds more tool proxies as globals: name → path prefix
	// (the MCP server maps each upstream server, e.g. "math" → "math").
	ToolGlobals map[string]string
	// Globals are extra values (JSON-safe: they are copied in through
	// JSON, so no Go object is ever exposed), e.g. "data".
	Globals map[string]any

	// Host enables the Node-style shims (require, process, fs, child_process,
	// Buffer, module): its FS, Dir, Environ and Script are the only world
	// they see. Nil runs the bare environment of an MCP execute_code.
	Host *commands.Context
	// Args are process.argv[1:] (node mode).
	Args []string
	// Filename names the script in stacks and for module resolution
	// ("" for inline code).
	Filename string
	// Module forces ES-module handling (import/export) through esbuild;
	// TypeScript forces type stripping. Both are detected from Filename's
	// extension and, for Module, from the code itself.
	Module, TypeScript bool
	// KeepAlive waits for pending timers and operations after the script's
	// body settled, as node does. Without it they are cancelled.
	KeepAlive bool

	// Stdout and Stderr receive console output; nil captures it in Result.
	Stdout, Stderr io.Writer
	// Network decides fetch(): nil leaves fetch, Headers and Response out
	// of the environment (the MCP sandbox); a policy defines them and sends
	// every request, and every redirect hop, through curl's checks (the
	// zero Policy refuses all requests, like curl does).
	Network *curl.Policy
	// Freeze makes the built-ins and their global names read-only before
	// the code runs (see freeze.go: about a third of a runtime's set-up,
	// most of it goja materialising every built-in method). Host-side
	// conversions never depend on it: they use the original functions.
	Freeze bool
	// Location is the zone of Date's local time (getHours, toString,
	// new Date(y, m, d), ...). Nil: the zone the Host's TZ variable names,
	// else UTC. The host's own zone is never used (see date.go).
	Location *time.Location

	Limits Limits
}

// LogEntry is one console call.
type LogEntry struct {
	Level string // log, info, warn, error, debug
	Text  string
}

// Result is what a run produced.
type Result struct {
	// Value is the JSON of the value the script returned ("null" when it
	// returned undefined or something JSON cannot hold).
	Value json.RawMessage
	// Stdout and Stderr hold the output when RunOptions did not redirect it.
	Stdout, Stderr string
	Logs           []LogEntry
	Duration       time.Duration
	// ExitCode is the node-style status: 0, 1 for an uncaught error,
	// process.exit's argument, 13 when the body can never settle.
	ExitCode int
	// ToolCalls counts the tool invocations.
	ToolCalls int
}

// ErrorKind classifies a failed run.
type ErrorKind int

// Kinds of Error.
const (
	KindUncaught  ErrorKind = iota // an exception or rejected promise
	KindSyntax                     // the code does not parse
	KindLimit                      // a limit tripped (timeout, memory, output, stack)
	KindUnsettled                  // the body awaits something that can never happen
	KindCanceled                   // the caller's context ended
)

// Error is a failed run: Message is what to print, Stack the JS stack.
type Error struct {
	Kind    ErrorKind
	Message string
	Stack   string
	// Limit names the limit for KindLimit: "timeout", "memory", "output",
	// "call stack", "tool calls".
	Limit string
}

func (e *Error) Error() string { return e.Message }

// limitError is the cause used to cancel a run when a limit trips.
type limitError struct {
	limit string
	msg   string
}

func (e *limitError) Error() string { return e.msg }

func newLimitError(limit, format string, args ...any) *limitError {
	return &limitError{limit: limit, msg: "js-exec: " + limit + " exceeded (" + fmt.Sprintf(format, args...) + ")"}
}

// ShellLimits maps a shell's limit profile onto js-exec's (the shell
// package imports this one, so it passes its fields): the heap budget is
// half the shell's process-wide heap valve, leaving the rest to the shell
// and the commands around the script; the call stack is four JS frames per
// allowed shell function level (Normal: 1000 -> 4000, Hardened: 200 ->
// 800); output, string and file-read bounds are the shell's own. Zero
// arguments keep the package defaults.
func ShellLimits(heapBytes int64, callDepth int, outputBytes, stringBytes, fileBytes int64) Limits {
	l := Limits{MaxOutputBytes: outputBytes, MaxStringBytes: stringBytes, MaxFileBytes: fileBytes}
	if heapBytes > 0 {
		l.MaxMemoryBytes = uint64(heapBytes) / 2
	}
	if callDepth > 0 {
		l.MaxCallStackSize = 4 * callDepth
	}
	return l
}
