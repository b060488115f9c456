// Package sqlite is the sqlite3 command of the sandbox: a real SQLite (the
// pure-Go transpilation modernc.org/sqlite, so no cgo) whose databases
// live in the sandbox filesystem. A database file is read from the VFS into
// an in-memory connection (sqlite3_deserialize) and written back through
// the VFS (sqlite3_serialize, temp file + rename) when it changed. SQLite
// never opens a host file: see openMemory and authorize.
package sqlite

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/justbash/justbash/commands"
	"modernc.org/libc"
	lib "modernc.org/sqlite/lib"
)

// Options are the host's limits for sqlite3.
type Options struct {
	// Timeout interrupts a statement that runs longer (0: no limit).
	Timeout time.Duration
	// MaxDBBytes caps the size of a database (0: no limit).
	MaxDBBytes int64
	// MaxHeapBytes is SQLite's hard heap limit (0: DefaultMaxHeapBytes).
	// It is process-wide; see hostfree.go.
	MaxHeapBytes int64
}

// New returns the sqlite3 command.
func New(opts Options) commands.Command {
	return commands.Func(func(ctx context.Context, c *commands.Context) int {
		return run(ctx, c, opts)
	})
}

// shell is one sqlite3 invocation.
type shell struct {
	ctx  context.Context
	c    *commands.Context
	opts Options
	e    *engine
	set  settings
	out  *bufio.Writer
	errw io.Writer

	bail     bool
	readOnly bool
	dbPath   string // absolute VFS path; "" for :memory:
	original []byte // database bytes as loaded, to detect changes
	existed  bool

	errCount int
	quit     bool
	redirect io.WriteCloser // .output target, nil for standard output
	once     bool           // restore standard output after one command
	stopped  bool           // a timeout or cancellation ends all processing
	timedOut atomic.Bool
}

func run(ctx context.Context, c *commands.Context, opts Options) (code int) {
	c = c.Guarded(ctx)
	s := &shell{ctx: ctx, c: c, opts: opts, errw: c.Stderr}
	s.set = settings{colSep: "|", rowSep: "\n"}
	s.out = bufio.NewWriter(c.Stdout)
	defer func() {
		s.restoreOutput()
		s.out.Flush()
	}()
	defer func() {
		// The engine is transpiled C; whatever happens, no panic leaves
		// the command.
		if r := recover(); r != nil {
			s.printErr("sqlite3: internal error: %v", r)
			code = 70
		}
	}()
	a, pcode, done := s.parseArgs(c.Args[1:])
	if done {
		return pcode
	}
	tls := libc.NewTLS()
	setupHost(tls)
	setHeapLimit(tls, opts.MaxHeapBytes)
	release := useZone(tls, c.Getenv("TZ"))
	defer release()
	defer tls.Close()
	if code := s.open(a.db); code != 0 {
		return code
	}
	defer s.e.close()
	stop := context.AfterFunc(ctx, s.e.interrupt)
	defer stop()
	code = s.runAll(a)
	if wcode := s.writeBack(); wcode != 0 && code == 0 {
		code = wcode
	}
	return code
}

// runAll runs the -init file and the -cmd commands, then SQL arguments
// or standard input.
func (s *shell) runAll(a *cliArgs) int {
	if a.init != "" {
		if st, stop := s.runInit(a.init); stop {
			return st
		}
	}
	for _, cmd := range a.cmds {
		if code := s.argCommand(cmd); code != 0 && s.bail {
			return code
		}
		if s.quit || s.stopped {
			return s.exitCode()
		}
	}
	if len(a.sql) > 0 {
		for _, cmd := range a.sql {
			if code := s.argCommand(cmd); code != 0 {
				return code
			}
			if s.quit || s.stopped {
				break
			}
		}
		return s.exitCode()
	}
	data, err := s.c.ReadAll(s.ctx, stdinOf(s.c))
	if st, ok := s.c.LimitStatus(err); ok {
		return st
	}
	if err != nil {
		s.c.Errorf("Error: %v", err)
		return 1
	}
	s.processInput(string(data))
	return s.exitCode()
}

// runInit runs the -init file as sqlite3 does: a file it cannot open is
// reported and skipped, and the file's errors do not count towards the
// exit status. stop is set when a sandbox limit ends the command.
func (s *shell) runInit(path string) (status int, stop bool) {
	f, err := s.c.OpenRead(path)
	if err == nil {
		var data []byte
		data, err = s.c.ReadAll(s.ctx, f)
		f.Close()
		if st, ok := s.c.LimitStatus(err); ok {
			return st, true
		}
		if err == nil {
			before := s.errCount
			s.processInput(string(data))
			s.errCount = before
		}
	}
	if err != nil {
		s.printErr("cannot open: \"%s\"", path)
	}
	return 0, s.quit || s.stopped
}

func (s *shell) exitCode() int {
	if s.errCount > 0 || s.stopped {
		return 1
	}
	return 0
}

func stdinOf(c *commands.Context) io.Reader {
	if c.Stdin == nil {
		return strings.NewReader("")
	}
	return c.Stdin
}

// argCommand runs one SQL or dot-command given on the command line; the
// CLI reports such errors as "Error: ..." and stops at the first one.
func (s *shell) argCommand(cmd string) int {
	if strings.HasPrefix(cmd, ".") {
		return s.meta(cmd)
	}
	err := s.execSQL(cmd)
	if s.once {
		s.restoreOutput()
	}
	if err == nil {
		return 0
	}
	s.out.Flush()
	re, ok := err.(*runError)
	if !ok {
		s.printErr("Error: %s", err.Error())
		return 1
	}
	s.printErr("Error: %s", re.full())
	if re.phase == phaseStep && re.code != 0 {
		return int(re.code)
	}
	return 1
}

// processInput runs a script the way the CLI reads a non-interactive
// stream: lines accumulate until they form complete SQL; dot-commands are
// recognised at the start of a statement.
func (s *shell) processInput(text string) {
	lines := strings.SplitAfter(text, "\n")
	var chunk strings.Builder
	start := 0
	for i, line := range lines {
		if s.quit || s.stopped || (s.bail && s.errCount > 0) {
			return
		}
		line = strings.TrimSuffix(line, "\n")
		if chunk.Len() == 0 {
			trimmed := strings.TrimLeft(line, " \t\r\f\v")
			if trimmed == "" {
				continue
			}
			if trimmed[0] == '.' {
				if s.meta(trimmed) != 0 {
					s.errCount++
				}
				continue
			}
			start = i + 1
		}
		if chunk.Len() > 0 {
			chunk.WriteByte('\n')
		}
		chunk.WriteString(line)
		if strings.Contains(line, ";") && s.e.complete(chunk.String()) {
			s.runChunk(chunk.String(), start)
			chunk.Reset()
		}
	}
	if strings.TrimSpace(chunk.String()) != "" && !s.quit && !s.stopped && !(s.bail && s.errCount > 0) {
		s.runChunk(chunk.String(), start)
	}
}

func (s *shell) runChunk(sql string, line int) {
	err := s.execSQL(sql)
	if s.once {
		s.restoreOutput()
	}
	if err == nil {
		return
	}
	s.out.Flush()
	s.errCount++
	re, ok := err.(*runError)
	if !ok {
		s.printErr("Error: near line %d: %s", line, err.Error())
		return
	}
	kind := "Parse error"
	if re.phase == phaseStep {
		kind = "Runtime error"
	}
	s.printErr("%s near line %d: %s", kind, line, re.message())
}

func (s *shell) printErr(format string, args ...any) {
	s.out.Flush()
	msg := sprintf(format, args...)
	io.WriteString(s.errw, msg+"\n")
}

// version is the SQLite library version, for -version and .version.
func version() string { return lib.SQLITE_VERSION }
