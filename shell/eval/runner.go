package eval

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"sync/atomic"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/vfs"
)

// Config is what the embedding shell gives the evaluator. It is shared by
// a runner and every subshell it starts; it must not change during a run.
type Config struct {
	// FS is the filesystem every path resolves in.
	FS vfs.FS
	// Exec runs commands found on $PATH. Nil means none exist.
	Exec ExecFunc
	// Limits bound each Run.
	Limits Limits
	// Interactive makes the shell interactive ($- has i, aliases expand).
	Interactive bool
	// NotFound is asked for a command name found nowhere on $PATH; it may
	// make one appear (tool namespaces registered late) and return its
	// path.
	NotFound func(name string) (string, bool)
	// Watch is called when a run starts with the function that stops it
	// with a limit error; the stop function it returns is called when the
	// run ends (the heap watchdog, output limits).
	Watch func(trip func(name string, value any)) (stop func())
}

// funcDef is a shell function: its body and the source it came from.
type funcDef struct {
	decl *syntax.FuncDecl
	src  *source
	// file and line are where it was defined (declare -F with extdebug,
	// BASH_SOURCE inside it).
	file string
	line int
	// readonly is readonly -f / declare -fr: no redefinition, no unset.
	readonly bool
}

// source is a text being run: a -c string, a file, an eval'd string.
type source struct {
	text string
	// file names the source in messages and BASH_SOURCE; "" for -c.
	file string
	// lineBase is added to parser lines (eval text inherits the caller's
	// line numbers in bash).
	lineBase int
	// badSubst maps the offsets of ${...} expansions the parser refused
	// to their text: bash reports them as bad substitutions when it
	// expands them, not while reading.
	badSubst map[int]string
	// extraBang counts, by the offset of a pipeline's first !, the further
	// ! the parser refused and the reader blanked (bang.go).
	extraBang map[int]int
	// top marks a script's own text (not eval or source): its lines go
	// through history (readLine); histDone is the offset read so far.
	top      bool
	histDone int
	// ran is set once a statement of the text has run or a syntax error
	// in it was reported: eval and source leave $? alone while their text
	// runs, and are status 0 only when nothing ran (an empty or
	// all-comment text).
	ran bool
	// emptyGroups are the offsets of the | the reader put into empty
	// extended glob groups (extglob_empty.go).
	emptyGroups map[int]bool
	feed        lineFeed
	// elemFix records, by the offset of a subscript's [, a subscript the
	// reader rewrote so that it parses (elemfix.go).
	elemFix map[int]byte
	// eofPad counts the lines the reader appended to end here-documents
	// bash ends at the end of input; pads are the offsets of newlines it
	// put inside the text, which bash's line numbers do not count
	// (heredoceof.go).
	eofPad int
	pads   []int
	// cuts are the offsets where the reader removed a backslash-newline
	// the parser would have kept (heredoceof.go), lines bash counts.
	cuts []int
	// docWarns are warnings for here-documents ended early, printed when
	// the reader gets to them.
	docWarns []heredocEOF
	// rereadSeen are the aliases (word@offset) already substituted in
	// the text itself (aliasread.go).
	rereadSeen map[string]bool
}

// flow is a pending change of control: break, continue, return, exit.
type flow int

const (
	flowNone flow = iota
	flowBreak
	flowContinue
	flowReturn
	flowExit
)

// frame is one entry of the call stack (FUNCNAME, BASH_SOURCE, BASH_LINENO).
type frame struct {
	name   string // function name, "source", or "main"
	file   string
	line   int // the line it was called from
	params []string
	// localOpts are the set options saved by local - (localopts.go).
	localOpts *[numSetOpts]bool
}

// Runner runs bash. A Runner is not safe for concurrent use; pipelines and
// subshells run on copies (subshell).
type Runner struct {
	// arrayRefs marks the arguments of the next array-reference
	// builtin call whose subscripts stay literal (arrayref.go).
	arrayRefs arrayRefArgs

	// toggleCase makes the next case operator toggle (${x~~}, read as
	// ${x^^}: see blankops.go).
	toggleCase bool
	cfg        *Config
	g          *guard
	ctx        context.Context

	vars *varStore
	// nrefDepth counts nested nameref-to-element lookups (lookupVar), so
	// a cycle through a subscript (y -> z -> y[0]) ends instead of recursing.
	nrefDepth int
	funcs     map[string]*funcDef
	aliases   map[string]string
	opts      [numSetOpts]bool
	shopts    map[string]bool
	traps     map[string]string
	// shownTraps are a parent's handlers a subshell reset but still lists.
	shownTraps map[string]string
	hash       map[string]string
	hashHits   map[string]int // times each remembered path was used (hashhits.go)
	appendBuf  appendBuf      // spare room behind the last += result (appendbuf.go)
	patCache   *patCache      // recently compiled patterns (patcache.go)

	// pathOverride replaces $PATH in command lookups while command -p runs.
	pathOverride string

	dirs []string // pushd stack, without the current directory

	params      []string
	arg0        string
	dir         string
	fds         *fdTable
	interactive bool
	mode        byte // 'c' for -c, 's' for stdin, 0 for a file

	// scriptIn is the standard input when that is the script (scriptin.go).
	scriptIn *scriptInput
	// writeFailed is set when a builtin's output failed: bash reports
	// the first failure and the builtin's status becomes 1 (sh_chkwrite).
	writeFailed bool
	// sourceViaCommand: command runs "." (builtin_shell.go), whose
	// failure then does not end a posix-mode shell.
	sourceViaCommand bool
	// beforeReturn is $? when return ran: what a RETURN trap sees.
	beforeReturn int
	// declName is the declaration builtin running (declare, local...);
	// arithName prefixes an arithmetic error while it assigns an integer
	// variable's value, as bash names this_command_name (declare.go).
	declName, arithName string
	// pipeElem is the pipeline stage this subshell runs (pipeerr.go).
	pipeElem *syntax.Stmt

	status     int
	pipeStatus []int
	lastBg     int
	lastArg    string // $_
	flow       flow
	flowN      int // levels left for break/continue
	exitCode   int

	// depth counts nested functions, sources, evals and shells against
	// Limits.MaxCallDepth; loopDepth counts enclosing loops.
	depth     int
	funcDepth int
	loopDepth int
	stack     []frame
	src       *source
	lineno    int
	subLevel  int
	pid       int
	nextPid   *atomic.Int64
	// noErrExit is non-zero while set -e is suspended (conditions, &&/||
	// lists but the last, negated pipelines).
	noErrExit int
	// inTrap names the trap being run, so a trap does not re-enter itself.
	inTrap string
	// trapStatus is $? as the running trap handler began.
	trapStatus int
	// trapReturn: a trap handler's return is ending the function;
	// returnedByTrap: the function call just finished that way.
	trapReturn, returnedByTrap bool
	// paramsSet counts the set commands that gave new positional
	// parameters ("." keeps those its file set).
	paramsSet int

	jobs *jobTable

	// bashNode is the command BASH_COMMAND shows (printed when read),
	// with its redirections and the source its text is in.
	bashNode syntax.Command
	bashRds  []*syntax.Redirect
	bashSrc  *source
	bashHead string // a compound command's part instead (debugtrap.go)
	debugOff bool   // a subshell without set -T: DEBUG is kept, not run

	lostSpecial  map[string]bool // dynamic variables the script unset
	rnd          bashRandom
	started      time.Time
	secondsBase  int64
	scriptFile   string
	startArgs    []string // the positional parameters the shell started with (BASH_ARGV)
	dynSeen      uint8    // GROUPS and DIRSTACK referenced once (specialvars.go)
	listing      bool     // set or declare is listing every variable
	assignFailed bool
	// tempExpand is the temporary scope of a command's prefix
	// assignments while one of their values is expanded (tempenv.go).
	tempExpand *scope
	// hereSpace: the ${...} being expanded in a here-document joins a
	// [*] list with spaces, not IFS (heredocstar.go).
	hereSpace bool
	// declArrTrace: a declaration command's compound assignments print
	// their expanded elements under set -x (declxtrace.go).
	declArrTrace   bool
	assignCmd      string // the builtin assigning variables (declref.go)
	indirectRef    string // the name ${!x} last went through, for ${!x:=w}
	substStatus    int
	substRan       bool
	lastPipeStatus int  // PIPESTATUS of a lone command (pipeStatus nil)
	keepRedirs     bool // exec without a command keeps its redirections
	umaskSet       bool
	umaskVal       fs.FileMode
	procFDs        []int
	sigpipe        *atomic.Bool
	disabled       map[string]bool // enable -n
	sourceDepth    int
	// errTrapInherited and debugInherited: set -E / set -T semantics are
	// read from opts; these stay false until declare -ft is supported.
	errTrapInherited bool
	debugInherited   bool
	optPos           int
	optLast          string
	optVar           *Var // the OPTIND getopts last set (a new local one starts over)
	hist             *histState
	localOptind      int
	funcExport       map[string]bool
	ignoredOnEntry   map[string]bool
	// traceDepth repeats PS4's first character: one more inside each
	// command or process substitution and trap action (not subshells).
	traceDepth int
	aliasSrc   *source
	// aliasReread: a line's aliases opened a quote or construct that
	// goes on past the line; the reading loop substitutes them in the
	// source and reads on from there (aliasread.go).
	aliasReread []aliasEdit
	// parent is the shell that started this one (bash inside the
	// sandbox): its limits and nesting depth apply.
	parent *Runner
	// keepExitTrap defers the EXIT trap past Run (a Session's runs).
	keepExitTrap bool
	// runDepth is depth at the top level of this shell's Run (non-zero
	// in a nested shell): where an abandoned command line ends.
	runDepth int
	// aborted records that the last run's line was abandoned by an
	// expansion error (an interactive shell goes on after it).
	aborted bool
	// exited records that the last Run ended by exit (or a fatal error).
	exited bool
	// returnTrapDepth is the function depth where trap ... RETURN was set.
	returnTrapDepth int
	// lastProcSubst is the newest process substitution, which a bare
	// wait waits for.
	lastProcSubst *job
	ulimits       map[byte]string
	// arithCtx names the command evaluating arithmetic ((( or let)).
	arithCtx string
	// inSubscript is set while arithmetic evaluates an element's
	// subscript, whose errors end a -c string (see subscriptCtx).
	inSubscript bool
	// inArithExp is set while $(( )) is evaluated: its errors abandon the
	// command, where those of other arithmetic without a command name
	// (declare -i values, subscripts) end a -c string.
	inArithExp  bool
	completions map[string]compSpec
}

// SetKeepExitTrap makes Run leave the EXIT trap for a later exit (an
// interactive session runs it when the script calls exit).
func (r *Runner) SetKeepExitTrap(keep bool) { r.keepExitTrap = keep }

// SetParent makes r a nested shell of p: one guard, one depth budget,
// one pid counter.
func (r *Runner) SetParent(p *Runner) {
	r.parent = p
	r.nextPid = p.nextPid
	r.pid = int(p.nextPid.Add(1))
	r.inheritIgnored(p)
}

// Aborted reports whether the last Run abandoned a command line because
// of an expansion error (division by zero, ${x:?}, an unbound variable).
func (r *Runner) Aborted() bool { return r.aborted }

// Trip stops the current run with a limit error (output limits, the heap
// watchdog). Safe to call from any goroutine while Run is running.
func (r *Runner) Trip(name string, value any) {
	if g := r.g; g != nil {
		g.trip(name, value)
	}
}

// SetOpt turns a set -o option on or off by name; false if unknown.
func (r *Runner) SetOpt(name string, on bool) bool { return r.setLongOpt(name, on) }

// SetOptLetter turns a set option on or off by letter; false if unknown.
func (r *Runner) SetOptLetter(c byte, on bool) bool {
	i := setOptByLetter(c)
	if i < 0 {
		return false
	}
	r.opts[i] = on
	return true
}

// SetShopt turns a shopt option on or off; false if unknown.
func (r *Runner) SetShopt(name string, on bool) bool {
	if !isShopt(name) {
		return false
	}
	r.shopts[name] = on
	return true
}

// Var is a variable's value as $name expands it, and whether it is set.
func (r *Runner) Var(name string) (string, bool) { return r.lookupVar(name).scalar() }

// SetVar assigns a variable as name=value would.
func (r *Runner) SetVar(name, value string) bool { return r.setVar(name, value, false) }

// Context is the run's context (what commands receive).
func (r *Runner) Context() context.Context { return r.ctx }

// New makes a runner with bash's initial state: env holds the inherited
// (exported) variables, dir the working directory.
func New(cfg *Config, env map[string]string, dir string) *Runner {
	r := &Runner{
		cfg:     cfg,
		vars:    newVarStore(len(env)),
		shopts:  make(map[string]bool, 16),
		dir:     dir,
		fds:     newFdTable(),
		arg0:    "bash",
		pid:     1,
		nextPid: new(atomic.Int64),
		jobs:    newJobTable(),
		started: time.Now(),
	}
	r.nextPid.Store(100)
	r.interactive = cfg.Interactive
	for _, n := range shoptDefaults {
		r.shopts[n] = true
	}
	if r.interactive {
		r.shopts["expand_aliases"] = true
	}
	r.opts[optBraceExpand] = true
	r.opts[optHashAll] = true
	r.opts[optInteractiveComments] = true
	g := r.vars.global()
	// One allocation for all inherited variables: a run starts often.
	inherited := make([]Var, len(env))
	i := 0
	for k, v := range env {
		inherited[i] = Var{attrs: attrExport, set: true, str: v}
		g.vars[k] = &inherited[i]
		i++
	}
	r.importFuncs(env)
	// $_ starts as the environment's _ or the name the shell runs as.
	r.lastArg = r.arg0
	if v, ok := env["_"]; ok {
		r.lastArg = v
	}
	r.initVars()
	return r
}

// initVars sets the variables bash sets at start-up when the environment
// did not.
func (r *Runner) initVars() {
	// One allocation for every default (the slice never grows past its
	// capacity, so the pointers stay valid).
	defaults := make([]Var, 0, 20)
	put := func(name string, v Var) {
		defaults = append(defaults, v)
		r.vars.global().vars[name] = &defaults[len(defaults)-1]
	}
	def := func(name, val string) {
		if v := r.vars.visible(name); v == nil {
			put(name, Var{set: true, str: val})
		}
	}
	def("IFS", " \t\n")
	// A shell started without PATH searches bash's built-in default
	// (not exported), so a child of a shell that unset PATH still finds
	// the standard utilities.
	def("PATH", "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.")
	if r.interactive {
		// A non-interactive bash leaves the prompts unset (PS4 is set).
		def("PS1", `\s-\v\$ `)
		def("PS2", "> ")
	}
	def("PS4", "+ ")
	def("OPTIND", "1")
	def("OPTERR", "1")
	def("HISTFILE", "")
	def("BASH", "/bin/bash")
	def("BASH_VERSION", "5.2.15(1)-release")
	def("MACHTYPE", "x86_64-pc-linux-gnu")
	def("HOSTTYPE", "x86_64")
	def("OSTYPE", "linux-gnu")
	r.initPWD()
	def("SHLVL", "1")
	// PPID is a readonly integer whatever the environment says (the
	// sandbox has no parent process: 0).
	put("PPID", Var{set: true, str: "0", attrs: attrInteger | attrReadonly})
	// UID and EUID are readonly integers unless the environment gave
	// them (bash keeps an inherited value as it came).
	for _, n := range []string{"UID", "EUID"} {
		if r.vars.visible(n) == nil {
			put(n, Var{set: true, str: "1000", attrs: attrInteger | attrReadonly})
		}
	}
	r.pipeStatus = []int{} // PIPESTATUS starts empty
	// OLDPWD is kept from the environment only when it names a
	// directory; otherwise bash creates it exported but without a
	// value, so the first cd exports it.
	if v := r.vars.visible("OLDPWD"); v == nil || !v.set || !r.isDir(v.str) {
		put("OLDPWD", Var{attrs: attrExport})
	}
	put("BASH_VERSINFO", Var{attrs: attrIndexed | attrReadonly, set: true,
		arr: &indexedArray{elems: slices.Clone(bashVersinfo)}})
}

var bashVersinfo = []arrElem{{0, "5"}, {1, "2"}, {2, "15"}, {3, "1"}, {4, "release"}, {5, "x86_64-pc-linux-gnu"}}

// initPWD is bash's start-up rule for the working directory's name: an
// inherited $PWD that is absolute and names the same directory is kept
// (symlinks and all); otherwise PWD is the physical path.
func (r *Runner) initPWD() {
	g := r.vars.global()
	if r.cfg.FS == nil || !path.IsAbs(r.dir) {
		if r.vars.visible("PWD") == nil {
			g.vars["PWD"] = &Var{set: true, str: r.dir}
		}
		return
	}
	// bash keeps an inherited $PWD that names the working directory; the
	// same text names it trivially, without resolving links.
	if v := r.vars.visible("PWD"); v != nil && v.set && path.IsAbs(v.str) && path.Clean(v.str) == path.Clean(r.dir) {
		r.dir = path.Clean(v.str)
		return
	}
	phys := r.realpath(r.dir)
	if v := r.vars.visible("PWD"); v != nil && v.set && path.IsAbs(v.str) && r.realpath(v.str) == phys {
		r.dir = path.Clean(v.str)
		return
	}
	r.dir = phys
	if v := g.vars["PWD"]; v != nil {
		v.str, v.set = phys, true
		return
	}
	g.vars["PWD"] = &Var{set: true, str: phys}
}

func (r *Runner) isDir(p string) bool {
	if p == "" || r.cfg.FS == nil {
		return false
	}
	fi, err := r.cfg.FS.Stat(r.abs(p))
	return err == nil && fi.IsDir()
}

// SetArgs sets $0 and the positional parameters.
func (r *Runner) SetArgs(arg0 string, params []string) {
	r.arg0 = arg0
	r.params = params
	r.startArgs = params
}

// SetMode records how the script came: 'c' for -c, 's' for stdin.
func (r *Runner) SetMode(m byte) { r.mode = m }

// SetStdio sets descriptors 0, 1 and 2.
func (r *Runner) SetStdio(in io.Reader, out, errw io.Writer) {
	r.fds.set(0, &fdEntry{r: in})
	r.fds.set(1, &fdEntry{w: out})
	r.fds.set(2, &fdEntry{w: errw})
}

// Dir is the working directory.
func (r *Runner) Dir() string { return r.dir }

// Status is $?.
func (r *Runner) Status() int { return r.status }

// Exited reports whether the script ran exit (or a fatal error ended it).
func (r *Runner) Exited() bool { return r.exited || r.flow == flowExit }

// Run reads and runs src one complete command at a time, as bash reads a
// script, and returns the exit status. file names the script in messages
// ("" for -c text). The error is a *LimitError when a limit stopped the
// run, or the context's error; the status is then the limit's.
func (r *Runner) Run(ctx context.Context, src, file string) (status int, err error) {
	if r.parent != nil {
		// A nested shell shares its parent's limits and counts as one
		// more level of nesting.
		r.g = r.parent.g
		r.depth = r.parent.depth
		if err := r.enter(); err != nil {
			return r.exitCode, err
		}
		r.runDepth = r.depth
		r.ctx = ctx
	} else {
		r.g = newGuard(ctx, r.cfg.Limits)
		defer r.g.cancel()
		r.ctx = r.g.ctx
		if r.cfg.Watch != nil {
			stop := r.cfg.Watch(func(name string, value any) { r.g.trip(name, value) })
			defer stop()
		}
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(r.stderr(), "bash: internal error: %v\n", p)
			status, err = 2, nil
		}
		r.jobs.waitAll()
		if e := r.g.err(); e != nil {
			status, err = e.Status(), e
		} else if r.parent == nil && r.g.ctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			e := r.g.trip("timeout", r.cfg.Limits.Timeout)
			status, err = e.Status(), e
		} else if cerr := ctx.Err(); cerr != nil {
			status, err = 130, cerr
		}
	}()
	if file != "" {
		r.scriptFile = file
	}
	r.flow = flowNone
	r.aborted, r.exited = false, false
	r.runSource(&source{text: src, file: file, top: true})
	r.exited = r.flow == flowExit
	if r.exited {
		r.status = r.exitCode
	}
	if !r.keepExitTrap || r.flow == flowExit {
		r.runExitTrap()
	}
	r.exited = r.flow == flowExit
	r.flow = flowNone
	return r.status, nil
}

// RunMore runs more text in the same state (a Session's next Exec).
func (r *Runner) RunMore(ctx context.Context, src string) (int, error) {
	return r.Run(ctx, src, "")
}

// evalLevel is non-zero inside eval or source: a syntax error there ends
// only that text.
func (r *Runner) evalLevel() int {
	n := 0
	for _, f := range r.stack {
		if f.name == "eval" || f.name == "source" {
			n++
		}
	}
	return n
}

// msgPrefix is what bash puts before its own error messages: "bash: line
// N: " for -c text, "FILE: line N: " for scripts.
func (r *Runner) msgPrefix() string { return r.msgPrefixAt(r.src, r.lineno) }

func (r *Runner) msgPrefixAt(src *source, line int) string {
	if r.interactive && src != nil && src.file == "" {
		return r.arg0 + ": "
	}
	file := r.arg0
	if src != nil && src.file != "" {
		file = src.file
	} else if r.funcDepth > 0 {
		// bash names functions read from -c text "environment", and from
		// standard input "main" (their BASH_SOURCE).
		file = "main"
		if r.mode == 'c' {
			file = "environment"
		}
	}
	return fmt.Sprintf("%s: line %d: ", file, line)
}

// errorf prints a message with bash's prefix on stderr.
func (r *Runner) errorf(format string, args ...any) {
	fmt.Fprintf(r.stderr(), "%s%s\n", r.msgPrefix(), fmt.Sprintf(format, args...))
}

func (r *Runner) stderr() io.Writer {
	if e := r.fds.get(2); e != nil && e.w != nil {
		return e.w
	}
	return io.Discard
}

func (r *Runner) stdout() io.Writer {
	if e := r.fds.get(1); e != nil && e.w != nil {
		return e.w
	}
	return errWriter{}
}

func (r *Runner) stdin() io.Reader {
	if e := r.fds.get(0); e != nil && e.r != nil {
		return e.r
	}
	return errReader{}
}

// errWriter and errReader stand for a closed descriptor.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errBadFD }

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errBadFD }

var errBadFD error = badFD{}

// badFD is the error of a closed descriptor: strerror's words, and
// syscall.EBADF to errors.Is, so a command can tell a closed input from
// another failure (GNU cat then also fails to close it, and says so).
type badFD struct{}

func (badFD) Error() string        { return "Bad file descriptor" }
func (badFD) Is(target error) bool { return target == syscall.EBADF }

// exit ends the shell (or the subshell) with status.
func (r *Runner) exit(status int) {
	r.exitCode = status
	r.status = status
	r.flow = flowExit
}

// fatal reports a fatal error: a non-interactive shell exits with status.
func (r *Runner) fatal(status int, format string, args ...any) {
	r.errorf(format, args...)
	r.fatalReported(status)
}

// fatalReported ends the run after a fatal error already reported.
func (r *Runner) fatalReported(status int) {
	r.aborted = true
	if r.mode == 'c' && r.subLevel == 0 && status == 1 && !r.interactive && !r.opts[optErrExit] {
		// bash -c ends with 127 after a fatal expansion error (with 1
		// under set -e, which exits before that).
		status = 127
	}
	if r.interactive {
		// An interactive shell abandons the rest of the line.
		r.status = status
		r.abortCommand()
		return
	}
	r.status = status
	r.exit(status)
}

// subshell copies the runner for ( ), pipelines, $( ) and & : it shares
// the filesystem and limits, and owns copies of everything else.
func (r *Runner) subshell() *Runner {
	c := *r
	c.appendBuf = appendBuf{} // never shared: a pipeline's runners run concurrently
	c.patCache = nil          // nor this map of slots
	c.vars = r.vars.clone()
	c.funcs = cloneMap(r.funcs)
	c.funcExport = cloneMap(r.funcExport)
	c.aliases = cloneMap(r.aliases)
	c.shopts = cloneMap(r.shopts)
	c.traps = nil
	c.shownTraps = cloneMap(r.shownTraps)
	for k, v := range r.traps {
		// Traps are reset in a subshell, except ignored signals (and
		// ERR/DEBUG/RETURN under errtrace/functrace, handled on use);
		// trap still lists the reset ones until the subshell sets one.
		if v == "" || k == "ERR" && r.opts[optErrTrace] || k == "DEBUG" || k == "RETURN" {
			putMap(&c.traps, k, v)
		} else {
			putMap(&c.shownTraps, k, v)
		}
	}
	c.hash = cloneMap(r.hash)
	c.hashHits = cloneMap(r.hashHits)
	c.dirs = append([]string(nil), r.dirs...)
	c.params = append([]string(nil), r.params...)
	c.stack = append([]frame(nil), r.stack...)
	c.fds = r.fds.clone()
	c.subLevel++
	c.pid = int(r.nextPid.Add(1))
	c.jobs = newJobTable()
	c.flow = flowNone
	if !r.opts[optFuncTrace] {
		c.debugOff = true
	}
	return &c
}

// cloneMap copies m; an empty map stays nil (allocated on first write by
// putMap), which keeps a run's start cheap.
func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) == 0 {
		return nil
	}
	c := make(map[K]V, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// putMap sets m[k] = v, making the map on first use.
func putMap[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = make(map[K]V)
	}
	(*m)[k] = v
}
