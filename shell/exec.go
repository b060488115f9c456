package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/shell/eval"
	"github.com/justbash/justbash/toolcmd"
	"github.com/justbash/justbash/vfs"
)

// stubContent marks a /bin or /usr/bin file as standing for the registered
// command of the same name.
const stubContent = "#!/bin/bash\n# justbash built-in command\n"

// runnerKey carries the shell running a command, so that a nested bash
// shares its limits.
type runnerKey struct{}

func runnerFrom(ctx context.Context) *eval.Runner {
	r, _ := ctx.Value(runnerKey{}).(*eval.Runner)
	return r
}

// execHandler runs a file the evaluator found: a registered command (its
// stub), or a script.
func (s *Shell) execHandler(ctx context.Context, hc *eval.HandlerCtx, p string, args []string) int {
	fi, err := s.fs.Stat(p)
	if err != nil {
		fmt.Fprintf(hc.Stderr, "bash: %s: %s\n", args[0], commands.ErrText(err))
		return 127
	}
	var cmd commands.Command
	if c, ok := s.stubCommand(p, fi); ok {
		cmd = c
	} else {
		cmd = scriptCommand{sh: s, path: p}
	}
	c := s.commandContext(hc, args)
	if hc.Runner != nil {
		ctx = context.WithValue(ctx, runnerKey{}, hc.Runner)
	}
	return runCommand(ctx, cmd, c)
}

// runCommand runs a Go command under commands.Run: a panic becomes
// status 2, a write to a closed pipe ends it with 141.
func runCommand(ctx context.Context, cmd commands.Command, c *commands.Context) int {
	return commands.Run(ctx, cmd, c)
}

func (s *Shell) stubCommand(p string, fi fs.FileInfo) (commands.Command, bool) {
	if fi.Size() != int64(len(stubContent)) {
		return nil, false
	}
	cmd, ok := s.reg.Lookup(path.Base(p))
	return cmd, ok
}

// lateToolNamespace finds a tool namespace registered after New and makes
// it a command from now on (with its PATH stub).
func (s *Shell) lateToolNamespace(name string) (string, bool) {
	if !s.toolCmds || s.tools == nil || s.tools.Registry == nil || !s.tools.Registry.HasNamespace(name) {
		return "", false
	}
	if _, ok := s.reg.Lookup(name); ok {
		return "", false // a real command of that name exists; PATH decided
	}
	if err := s.AddCommand(name, toolcmd.NamespaceCommand(s.tools, name)); err != nil {
		return "", false
	}
	return "/usr/bin/" + name, true
}

// commandContext is what a command receives.
func (s *Shell) commandContext(hc *eval.HandlerCtx, args []string) *commands.Context {
	c := &commands.Context{
		Args:    args,
		Stdin:   orEmpty(hc.Stdin),
		Stdout:  orDiscard(hc.Stdout),
		Stderr:  orDiscard(hc.Stderr),
		FS:      devFS{FS: s.fs, fd: hc.FD},
		Dir:     hc.Dir,
		Environ: hc.Env,
		Lookup:  s.reg.Lookup,
		Names:   s.publicNames,
		// What a command may read whole is bounded by the file quota, what
		// it builds by the string limit.
		Limits: commands.Limits{MaxReadBytes: s.limits.MaxFileSize, MaxStringBytes: s.limits.MaxStringBytes},
	}
	s.wireNested(c, hc.Runner)
	return c
}

// wireNested gives a command the ways to run other commands and scripts
// (xargs, find -exec, sh -c from awk) inside the same sandbox and limits.
func (s *Shell) wireNested(c *commands.Context, parent *eval.Runner) {
	c.Exec = func(ctx context.Context, argv []string, stdio commands.IO) int {
		return s.nestedExec(ctx, c, argv, stdio)
	}
	c.Script = func(ctx context.Context, script string, argv []string, stdio commands.IO) int {
		if parent != nil && runnerFrom(ctx) == nil {
			ctx = context.WithValue(ctx, runnerKey{}, parent)
		}
		return s.spawn(ctx, c.Dir, c.Environ, script, "bash", nil, argv, stdio)
	}
}

// nestedExec runs argv as a registered command or VFS script, for xargs,
// find -exec, env and timeout.
func (s *Shell) nestedExec(ctx context.Context, parent *commands.Context, argv []string, stdio commands.IO) int {
	if len(argv) == 0 {
		return 0
	}
	environ := parent.Environ
	if e, ok := commands.ExecEnvFrom(ctx); ok {
		environ = e
	}
	name := argv[0]
	var p string
	if strings.Contains(name, "/") {
		p = parent.Abs(name)
	} else if found, ok := s.lookPathEnv(environ, parent.Dir, name); ok {
		p = found
	} else {
		fmt.Fprintf(orDiscard(stdio.Stderr), "%s: '%s': No such file or directory\n", parent.Name(), name)
		return 127
	}
	fi, err := s.fs.Stat(p)
	if err != nil {
		fmt.Fprintf(orDiscard(stdio.Stderr), "%s: '%s': %s\n", parent.Name(), name, commands.ErrText(err))
		return 127
	}
	var cmd commands.Command
	if c, ok := s.stubCommand(p, fi); ok {
		cmd = c
	} else {
		cmd = scriptCommand{sh: s, path: p}
	}
	c := *parent
	c.Args, c.Environ = argv, environ
	c.Stdin, c.Stdout, c.Stderr = orEmpty(stdio.Stdin), orDiscard(stdio.Stdout), orDiscard(stdio.Stderr)
	cc := &c
	s.wireNested(cc, runnerFrom(ctx))
	return runCommand(ctx, cmd, cc)
}

// lookPathEnv searches $PATH of an environment list for an executable.
func (s *Shell) lookPathEnv(environ []string, dir, name string) (string, bool) {
	pathVar := ""
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			pathVar = v
		}
	}
	for _, d := range strings.Split(pathVar, ":") {
		if d == "" {
			d = "."
		}
		p := path.Join(d, name)
		if !path.IsAbs(p) {
			p = path.Join(dir, p)
		}
		if fi, err := s.fs.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, true
		}
	}
	return "", false
}

func orEmpty(r io.Reader) io.Reader {
	if r == nil {
		return bytes.NewReader(nil)
	}
	return r
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// scriptCommand runs an executable VFS file as a bash script.
type scriptCommand struct {
	sh   *Shell
	path string
}

// maxScriptBytes bounds a script file read to run it.
const maxScriptBytes = 64 << 20

func (sc scriptCommand) Run(ctx context.Context, c *commands.Context) int {
	data, err := readBounded(ctx, sc.sh.fs, sc.path, maxScriptBytes)
	if err != nil {
		fmt.Fprintf(c.Stderr, "bash: %s: %s\n", c.Args[0], commands.ErrText(err))
		return 126
	}
	return sc.sh.spawn(ctx, c.Dir, c.Environ, string(data), c.Args[0], nil, c.Args[1:],
		commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr}, withFile())
}

// readBounded reads a whole file, refusing more than max bytes and
// stopping when ctx ends (a script read from /dev/zero).
func readBounded(ctx context.Context, fsys vfs.FS, name string, max int64) ([]byte, error) {
	f, err := fsys.OpenFile(name, 0, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	chunk := make([]byte, 32<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n, err := f.Read(chunk)
		if int64(buf.Len()+n) > max {
			return nil, fmt.Errorf("file too large (over %d bytes)", max)
		}
		buf.Write(chunk[:n])
		if err == io.EOF {
			return buf.Bytes(), nil
		}
		if err != nil {
			return nil, err
		}
	}
}
