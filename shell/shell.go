// Package shell is the sandbox: it runs bash scripts with mvdan/sh's
// interpreter against a virtual filesystem and a registry of Go commands,
// with every outside access routed through handlers of ours and every run
// bounded by Limits.
//
//	sh, _ := shell.New(shell.Options{})
//	res, _ := sh.Exec(ctx, "echo hello | tr a-z A-Z")
//	fmt.Print(res.Stdout) // HELLO
//
// The filesystem persists across Exec calls; variables, functions and the
// working directory do not. A Session keeps those too.
package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/curl"
	"github.com/justbash/justbash/shell/eval"
	"github.com/justbash/justbash/toolcmd"
	"github.com/justbash/justbash/vfs"
)

// Options configure a Shell. The zero value is a working sandbox.
type Options struct {
	// FS is the filesystem. Nil means a fresh in-memory FS (NewMemFS) with
	// the usual layout (/home/user, /tmp, /bin, /usr/bin, /dev) and the
	// quotas of Limits. Either way the shell shows its commands in /bin and
	// /usr/bin through a layer of its own (FS() returns it); nothing is
	// written for them.
	FS vfs.FS
	// Files are written into the FS at New, creating parent directories.
	Files map[string]string
	// Env holds extra or overriding environment variables.
	Env map[string]string
	// Dir is the initial working directory; default /home/user.
	Dir string
	// Commands adds commands or overrides built-in ones by name.
	Commands map[string]commands.Command
	// Registry replaces the built-in command set entirely when non-nil.
	Registry *commands.Registry
	// Limits bound each run. The zero value means Normal.
	Limits *Limits
	// Tools are host-defined tools: each namespace becomes a command
	// (math add a=1 b=2) and the tools command lists, searches and
	// describes them. The Invoker carries the approval and elicitation
	// hooks, so every surface invokes tools the same way.
	Tools *toolcmd.Invoker
	// Network is the policy of curl: off (nil) by default. Each allowed URL
	// prefix may carry headers the host injects, invisible to the script.
	Network *curl.Policy
	// NoToolCommands keeps tools out of the shell (js-exec and the MCP
	// server still reach them through the Invoker).
	NoToolCommands bool
}

// Shell is a sandbox. Its methods are safe for concurrent use; concurrent
// runs share the filesystem.
type Shell struct {
	tools *toolcmd.Invoker
	// toolCmds is false when Options.NoToolCommands hid tools from bash.
	toolCmds bool
	fs       vfs.FS
	// stubs is the layer of fs that lists the registry in /bin and /usr/bin.
	stubs  *vfs.Stubs
	reg    *commands.Registry
	env    map[string]string
	dir    string
	limits Limits
	// ecfg caches the evaluator's configuration (batch, interactive).
	ecfg [2]atomic.Pointer[eval.Config]
}

// Result is what a run produced.
type Result struct {
	Stdout   string
	Stderr   string
	ExitCode int
}

// New builds a Shell.
func New(opts Options) (*Shell, error) {
	lim := Normal
	if opts.Limits != nil {
		lim = *opts.Limits
	}
	s := &Shell{limits: lim, dir: opts.Dir}
	if s.dir == "" {
		s.dir = defaultDir
	}
	s.dir = path.Clean("/" + s.dir)
	if opts.Registry != nil {
		s.reg = opts.Registry.Clone()
	} else {
		s.reg = subpackageCommands(opts, lim)
	}
	for name, cmd := range opts.Commands {
		s.reg.Register(name, cmd)
	}
	s.registerShellCommands()
	if opts.Tools != nil {
		s.tools = opts.Tools
		s.toolCmds = !opts.NoToolCommands
		if s.toolCmds {
			for name, cmd := range toolcmd.Commands(opts.Tools) {
				s.reg.Register(name, cmd)
			}
		}
	}
	s.env = defaultEnv()
	maps.Copy(s.env, opts.Env)
	if opts.FS != nil {
		s.fs = opts.FS
		if err := layout(s.fs, s.dir); err != nil {
			return nil, err
		}
	} else {
		m, err := newSandboxFS(lim, s.dir)
		if err != nil {
			return nil, err
		}
		s.fs = m
	}
	s.stubs = s.withStubs(s.fs)
	s.fs = s.stubs
	for _, name := range slices.Sorted(maps.Keys(opts.Files)) {
		p := path.Clean("/" + name)
		if !path.IsAbs(name) {
			p = path.Join(s.dir, name)
		}
		if err := s.fs.MkdirAll(path.Dir(p), 0o755); err != nil {
			return nil, fmt.Errorf("shell: files: %w", err)
		}
		if err := vfs.WriteFile(s.fs, p, []byte(opts.Files[name]), 0o644); err != nil {
			return nil, fmt.Errorf("shell: files: %w", err)
		}
	}
	return s, nil
}

// FS returns the sandbox filesystem.
func (s *Shell) FS() vfs.FS { return s.fs }

// Registry returns the command registry of the sandbox. Registering a
// command later makes it available to later runs, in /bin and /usr/bin too.
func (s *Shell) Registry() *commands.Registry { return s.reg }

// publicNames lists the commands a user can call by name, for help and
// completion.
func (s *Shell) publicNames() []string {
	var out []string
	for _, n := range s.reg.Names() {
		if !strings.HasPrefix(n, "_") {
			out = append(out, n)
		}
	}
	return out
}

// Tools returns the tool invoker given in Options, or nil.
func (s *Shell) Tools() *toolcmd.Invoker { return s.tools }

// AddCommand registers cmd under name. Like every registered command it
// shows in /bin and /usr/bin, even where an earlier rm had removed a stub
// of that name.
func (s *Shell) AddCommand(name string, cmd commands.Command) error {
	s.reg.Register(name, cmd)
	if s.stubs != nil {
		s.stubs.Unhide(name)
	}
	return nil
}

// ExecOption adjusts one run.
type ExecOption func(*execConfig)

type execConfig struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	env            map[string]string
	dir            string
	args           []string
	name           string
	setOpts        []string
	mode           byte // 'c' for bash -c, else 's' ($-)
	interactive    bool
	shopts         []string
	// file is set when the script is a file run by name: messages and
	// BASH_SOURCE name it, and $- has no c or s.
	file bool
	// inheritPWD is set for a nested shell: its $PWD comes from the
	// environment it inherits (bash's start-up rule), not from dir.
	inheritPWD bool
	// scriptStdin is set for a nested shell reading its script from its
	// standard input: the script's commands read what the shell has not.
	scriptStdin bool
}

// WithStdin gives the script a standard input.
func WithStdin(r io.Reader) ExecOption { return func(c *execConfig) { c.stdin = r } }

// WithStdout streams standard output to w instead of Result.Stdout.
func WithStdout(w io.Writer) ExecOption { return func(c *execConfig) { c.stdout = w } }

// WithStderr streams standard error to w instead of Result.Stderr.
func WithStderr(w io.Writer) ExecOption { return func(c *execConfig) { c.stderr = w } }

// WithEnv sets extra variables for this run only.
func WithEnv(env map[string]string) ExecOption { return func(c *execConfig) { c.env = env } }

// WithDir sets the working directory for this run only.
func WithDir(dir string) ExecOption { return func(c *execConfig) { c.dir = dir } }

// WithArgs sets the positional parameters ($1, $2, ...).
func WithArgs(args ...string) ExecOption { return func(c *execConfig) { c.args = args } }

// WithInteractive makes a session interactive, as bash -i: $- has i,
// aliases expand, messages carry no line numbers, and an expansion error
// abandons the line instead of ending the shell.
func WithInteractive() ExecOption { return func(c *execConfig) { c.interactive = true } }

// WithCommandMode runs the script as bash -c runs its argument: $- has c,
// syntax errors name "-c", and a fatal expansion error exits with 127.
func WithCommandMode() ExecOption { return func(c *execConfig) { c.mode = 'c' } }

// WithName sets $0 and the name used in error messages (default "bash").
func WithName(name string) ExecOption { return func(c *execConfig) { c.name = name } }

// Exec runs script in a fresh shell state over the shared filesystem.
// A script that fails (syntax error, non-zero exit) is reported in Result
// with a nil error. The error is non-nil when a limit stopped the run (a
// *LimitError; Result.ExitCode is then its Status) or ctx was cancelled.
func (s *Shell) Exec(ctx context.Context, script string, opts ...ExecOption) (Result, error) {
	// The stdin is the run's own, as with ExecWith: commands read it when
	// they read, and nothing copies it ahead of them, so a script that
	// never reads leaves its input to the next program.
	in := s.config(opts).stdin
	sess, err := s.newSession(append(opts[:len(opts):len(opts)], WithStdin(nil)))
	if err != nil {
		return Result{ExitCode: 1}, err
	}
	sess.whole = true
	sess.runStdin = in
	return sess.run(ctx, script)
}

func (s *Shell) config(opts []ExecOption) execConfig {
	c := execConfig{name: "bash"}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// captured holds a run's output when the caller did not stream it.
type captured struct {
	stdout, stderr bytes.Buffer
}

func (s *Shell) resolveDir(dir string) (string, error) {
	if dir == "" {
		return s.dir, nil
	}
	dir = path.Clean("/" + dir)
	fi, err := s.fs.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("shell: working directory: %w", err)
	}
	if !fi.IsDir() {
		return "", &fs.PathError{Op: "chdir", Path: dir, Err: errors.New("not a directory")}
	}
	return dir, nil
}

func defaultEnv() map[string]string {
	return map[string]string{
		"HOME":    "/home/user",
		"PATH":    "/usr/local/bin:/usr/bin:/bin",
		"USER":    "user",
		"LOGNAME": "user",
		"SHELL":   "/bin/bash",
		// $SH is the shell under test in bash's test conventions, so
		// scripts written for them ($SH -c '...') run the sandbox's bash.
		"SH":           "/bin/bash",
		"TMPDIR":       "/tmp",
		"HOSTNAME":     "localhost",
		"OSTYPE":       "linux-gnu",
		"HOSTTYPE":     "x86_64",
		"MACHTYPE":     "x86_64-pc-linux-gnu",
		"BASH_VERSION": "5.2.15(1)-release",
		"TERM":         "xterm-256color",
		"LANG":         "C.UTF-8",
		"SHLVL":        "1",
		"GID":          "1000",
	}
}

// ExecSettings is what a list of ExecOptions sets, for code that runs the
// shell elsewhere (shell/isolate forwards them to a worker process).
type ExecSettings struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Env            map[string]string
	Dir            string
	Args           []string
	Name           string
}

// Settings reports what opts set.
func Settings(opts ...ExecOption) ExecSettings {
	var c execConfig
	for _, o := range opts {
		o(&c)
	}
	return ExecSettings{Stdin: c.stdin, Stdout: c.stdout, Stderr: c.stderr, Env: c.env, Dir: c.dir, Args: c.args, Name: c.name}
}
