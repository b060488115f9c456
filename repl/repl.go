// Package repl is justbash's interactive shell: a line editor (history,
// multi-line input, tab completion of commands and sandbox paths) in front
// of a persistent shell.Session. A Go program that builds its own Shell
// (with its own commands or tools) starts the same interactive shell with
// one call:
//
//	sh, _ := shell.New(shell.Options{Commands: myCommands})
//	status, err := repl.Run(ctx, sh)
//	os.Exit(status)
//
// Run needs a terminal on standard input.
package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/justbash/justbash/shell"
	"github.com/reeflective/readline"
)

// Option configures Run.
type Option func(*config)

type config struct {
	completers  []Completer
	historyFile string
	prompt      func(dir string) string
	errexit     bool
	sessionOpts []shell.ExecOption
}

// WithCompleter adds a completion source, called with the words of the
// current command (see Completer). Several may be given.
func WithCompleter(c Completer) Option {
	return func(cfg *config) {
		if c != nil {
			cfg.completers = append(cfg.completers, c)
		}
	}
}

// WithHistoryFile keeps the history in a file on the host as well as in
// memory. Without it history lives only as long as Run.
func WithHistoryFile(name string) Option { return func(cfg *config) { cfg.historyFile = name } }

// WithPrompt replaces the primary prompt; f receives the sandbox working
// directory. The default is "user@justbash:~/dir$ ".
func WithPrompt(f func(dir string) string) Option { return func(cfg *config) { cfg.prompt = f } }

// WithErrexit runs "set -e" first: the shell ends at the first failing command.
func WithErrexit(on bool) Option { return func(cfg *config) { cfg.errexit = on } }

// WithSessionOptions passes options (environment, working directory, name)
// to the session. Standard streams are the terminal's and cannot be changed.
func WithSessionOptions(opts ...shell.ExecOption) Option {
	return func(cfg *config) { cfg.sessionOpts = append(cfg.sessionOpts, opts...) }
}

// shellKeywords complete in command position besides the commands.
var shellKeywords = []string{
	"if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done",
	"case", "esac", "function", "select", "time", "in",
}

// Run reads commands from the terminal and runs them in one session of sh
// until the user types exit or Ctrl-D, or ctx ends. It returns the exit
// status of the last command (or the one given to exit). Ctrl-C abandons
// the line being typed, or cancels the running command; it never ends Run.
func Run(ctx context.Context, sh *shell.Shell, opts ...Option) (int, error) {
	if sh == nil {
		return 1, errors.New("repl: nil shell")
	}
	cfg := &config{}
	for _, o := range opts {
		o(cfg)
	}
	// The session has no stdin of its own: each command line gets the
	// terminal for as long as it runs (runCommand), so the line editor
	// owns the keystrokes again at the prompt.
	sopts := append(slices.Clone(cfg.sessionOpts),
		shell.WithStdin(nil), shell.WithStdout(os.Stdout), shell.WithStderr(os.Stderr), shell.WithInteractive())
	sess, err := sh.NewSession(sopts...)
	if err != nil {
		return 1, err
	}
	r := &runner{sess: sess, sh: sh, cfg: cfg}
	// The evaluator's history builtin is a stub that prints nothing; the
	// REPL's history command (newEditor) lists the real lines, and a
	// disabled builtin leaves the name to the command.
	sess.Exec(ctx, "enable -n history")
	if cfg.errexit {
		sess.Exec(ctx, "set -e")
	}
	return r.loop(ctx)
}

// runner is the state of one Run.
type runner struct {
	sh     *shell.Shell
	sess   *shell.Session
	cfg    *config
	status int
	hist   historySource
}

func (r *runner) newEditor() *readline.Shell {
	rl := readline.NewShell()
	rl.Prompt.Primary(func() string {
		if r.cfg.prompt != nil {
			return r.cfg.prompt(r.sess.Dir())
		}
		return defaultPrompt(r.sess.Dir(), r.home())
	})
	rl.Prompt.Secondary(func() string { return "> " })
	rl.AcceptMultiline = func(line []rune) bool { return lineComplete(string(line)) }
	rl.Completer = func(line []rune, cursor int) readline.Completions {
		env := r.completionEnv()
		word, cands := complete(string(line), cursor, env)
		return editorCompletions(word, cands, r.describer(string(line), cursor))
	}
	// Tab inserts what all candidates share and lists them (with their
	// descriptions); Tab again walks the list, as in gh or fish.
	rl.Config.Set("menu-complete-display-prefix", true)
	// The editor asks the terminal where the cursor is (ESC[6n) on every
	// redisplay and drops whatever keys arrive in the same read as the
	// answer: text typed right after Enter on an unfinished line vanished.
	// Without the probe it takes the prompt's width, which is exact since
	// the prompt starts its line.
	rl.Config.Set("cursor-position-probe", false)
	src := readline.NewInMemoryHistory()
	if r.cfg.historyFile != "" {
		// A missing file is an error here but a usable source: the first
		// line typed creates it.
		if f, _ := readline.NewHistoryFromFile(r.cfg.historyFile); f != nil {
			src = f
		}
	}
	rl.History.Add("history", src)
	r.hist = src
	// history lists this source: the lines of earlier sessions too.
	r.sh.AddCommand("history", historyCommand{src: r.hist})
	return rl
}

func (r *runner) completionEnv() completionEnv {
	// The interpreter's builtins are not in the command registry.
	names := append(append(r.sh.Registry().Names(), shellKeywords...), shell.BuiltinNames()...)
	slices.Sort(names)
	extra := r.cfg.completers
	if inv := r.sh.Tools(); inv != nil && inv.Registry != nil {
		// Tool namespaces, kebab-case subcommands and parameter names.
		extra = append(extra[:len(extra):len(extra)], inv.Registry.Complete)
	}
	return completionEnv{
		commands: slices.Compact(names),
		fs:       r.sh.FS(),
		dir:      r.sess.Dir(),
		home:     r.home(),
		extra:    extra,
		spec:     r.sess.Completions,
	}
}

// home is $HOME of the session; before the first command runs the
// session has not loaded its variables yet, and the sandbox default holds.
func (r *runner) home() string {
	if h := r.sess.Var("HOME"); h != "" {
		return h
	}
	return "/home/user"
}

func (r *runner) loop(ctx context.Context) (int, error) {
	rl := r.newEditor()
	// While a command runs the terminal is in cooked mode and Ctrl-C sends
	// SIGINT: catch it for the whole session so it never kills the process.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	for ctx.Err() == nil {
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			continue
		case errors.Is(err, io.EOF):
			fmt.Fprintln(os.Stderr, "exit")
			return r.status, nil
		case err != nil:
			return r.status, err
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if r.runCommand(ctx, line, sigs) {
			return r.status, nil
		}
	}
	return r.status, nil
}

// runCommand runs one accepted input; SIGINT cancels only this command.
// It reports whether the shell should end (exit, or set -e and a failure).
func (r *runner) runCommand(ctx context.Context, line string, sigs chan os.Signal) (exit bool) {
	for len(sigs) > 0 {
		<-sigs // a Ctrl-C pressed before this command is not meant for it
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-done:
		}
	}()
	in, release := terminalInput(cctx)
	res, err := r.sess.ExecWith(cctx, line, shell.WithStdin(in))
	release()
	r.status = res.ExitCode
	if parseError(line) {
		// The session reported the error but ran nothing, so $? would
		// still be the previous command's; bash sets it to 2.
		r.sess.Exec(ctx, "(exit 2)")
	}
	if cctx.Err() != nil && ctx.Err() == nil {
		// Ctrl-C: bash reports 130 and starts a fresh prompt line.
		fmt.Fprintln(os.Stderr)
		r.status = 130
		// Let $? say so too, as in bash.
		r.sess.Exec(ctx, "(exit 130)")
		return false
	}
	// mvdan/sh marks a run that a cancellation or a tripped limit stopped
	// as exiting too; an interactive shell survives those (the limit was
	// already reported on stderr by the session).
	// A fatal expansion error (1/0, ${x:?}) ends only the line.
	return err == nil && r.sess.Exited() && !r.sess.FatalExpansion()
}

// editorCompletions adapts candidates to the line editor: a finished word
// carries the space that follows it (the editor drops it again when the
// user types a space), a directory ends in its slash so the user can go on.
// A parameter ends in "=" and takes its value right after it: no space.
func editorCompletions(word string, cands []string, describe func(string) string) readline.Completions {
	vals := make([]readline.Completion, 0, len(cands))
	for _, c := range cands {
		v := c
		if !strings.HasSuffix(c, "/") && !strings.HasSuffix(c, "=") {
			v += " "
		}
		comp := readline.Completion{Value: v, Display: c}
		if describe != nil {
			comp.Description = describe(c)
		}
		vals = append(vals, comp)
	}
	comps := readline.CompleteRaw(vals).NoSpace('/', '=')
	comps.PREFIX = word
	return comps
}

// Start builds a sandbox from opts and runs the interactive shell on it:
// the one call a Go program needs to offer its tools (opts.Tools) at a
// prompt, with tab completion of namespaces, subcommands and parameters.
func Start(ctx context.Context, opts shell.Options, ropts ...Option) (int, error) {
	sh, err := shell.New(opts)
	if err != nil {
		return 1, err
	}
	return Run(ctx, sh, ropts...)
}
