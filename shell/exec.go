package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/toolcmd"
	"github.com/justbash/justbash/vfs"
)

// forceExec is the internal command name our CallHandler puts in front of a
// builtin that must run as our Go command instead (pwd -P, printf, ...).
const forceExec = "__justbash_exec"

// execMiddleware ends interp's exec chain: it never calls next, so no host
// process can ever start.
func (sess *Session) execMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return sess.execHandler
}

func (sess *Session) execHandler(ctx context.Context, args []string) (err error) {
	hc := interp.HandlerCtx(ctx)
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(hc.Stderr, "%s: internal error: %v\n", args[0], p)
			err = interp.ExitStatus(2)
		}
	}()
	if args[0] == forceExec && len(args) > 1 {
		args = args[1:]
		if cmd, ok := sess.sh.reg.Lookup(args[0]); ok {
			return exitErr(sess.runCommand(ctx, hc, cmd, args))
		}
	}
	cmd, status := sess.resolve(hc, args[0])
	if cmd == nil {
		return exitErr(status)
	}
	return exitErr(sess.runCommand(ctx, hc, cmd, args))
}

func exitErr(status int) error {
	if status == 0 {
		return nil
	}
	return interp.ExitStatus(uint8(status))
}

// resolve finds what args[0] names: a registered command found through
// $PATH stub files, or a script file in the VFS. It prints bash's message
// and returns the status when nothing runnable is found.
func (sess *Session) resolve(hc interp.HandlerContext, name string) (commands.Command, int) {
	fsys := sess.sh.fs
	if strings.Contains(name, "/") {
		abs := absIn(hc.Dir, name)
		fi, err := fsys.Stat(abs)
		if err != nil {
			fmt.Fprintf(hc.Stderr, "bash: %s: %s\n", name, commands.ErrText(err))
			return nil, 127
		}
		if fi.IsDir() {
			fmt.Fprintf(hc.Stderr, "bash: %s: Is a directory\n", name)
			return nil, 126
		}
		if fi.Mode().Perm()&0o111 == 0 {
			fmt.Fprintf(hc.Stderr, "bash: %s: Permission denied\n", name)
			return nil, 126
		}
		if cmd, ok := sess.stubCommand(abs, fi); ok {
			return cmd, 0
		}
		return scriptCommand{sess: sess, path: abs}, 0
	}
	if p, fi, ok := sess.lookPath(hc.Env, name); ok {
		if cmd, ok := sess.stubCommand(p, fi); ok {
			return cmd, 0
		}
		return scriptCommand{sess: sess, path: p}, 0
	}
	if cmd := sess.lateToolNamespace(name); cmd != nil {
		return cmd, 0
	}
	fmt.Fprintf(hc.Stderr, "bash: %s: command not found\n", name)
	return nil, 127
}

// lateToolNamespace finds a tool namespace registered after New and makes
// it a command from now on (with its PATH stub).
func (sess *Session) lateToolNamespace(name string) commands.Command {
	s := sess.sh
	if !s.toolCmds || s.tools == nil || s.tools.Registry == nil || !s.tools.Registry.HasNamespace(name) {
		return nil
	}
	if _, ok := s.reg.Lookup(name); ok {
		return nil // a real command of that name exists; PATH decided
	}
	cmd := toolcmd.NamespaceCommand(s.tools, name)
	s.AddCommand(name, cmd)
	return cmd
}

// lookPath searches $PATH in the VFS for an executable regular file.
func (sess *Session) lookPath(env expand.Environ, name string) (string, fs.FileInfo, bool) {
	for _, dir := range strings.Split(env.Get("PATH").String(), ":") {
		if dir == "" {
			dir = "."
		}
		p := path.Join(dir, name)
		if !path.IsAbs(p) {
			p = path.Join(sess.runner.Dir, p)
		}
		fi, err := sess.sh.fs.Stat(p)
		if err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, fi, true
		}
	}
	return "", nil, false
}

// stubContent marks a /bin or /usr/bin file as standing for the registered
// command of the same name.
const stubContent = "#!/bin/bash\n# justbash built-in command\n"

func (sess *Session) stubCommand(p string, fi fs.FileInfo) (commands.Command, bool) {
	if fi.Size() != int64(len(stubContent)) {
		return nil, false
	}
	cmd, ok := sess.sh.reg.Lookup(path.Base(p))
	return cmd, ok
}

// runCommand runs a Go command with the handler context's streams.
func (sess *Session) runCommand(ctx context.Context, hc interp.HandlerContext, cmd commands.Command, args []string) (status int) {
	rs := sess.current()
	c := sess.commandContext(hc, rs, args)
	cctx := ctx
	if rs != nil {
		// Commands get the run's context, not the step-counting one:
		// a command's own loops are bounded by time, not by shell steps.
		base := rs.baseCtx
		if n := hc.Env.Get(jobVar); n.IsSet() {
			base = sess.jobContext(n.String(), base)
		}
		cctx = context.WithValue(base, runKey{}, rs)
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(c.Stderr, "%s: internal error: %v\n", c.Name(), p)
			status = 2
		}
	}()
	return cmd.Run(cctx, c)
}

func (sess *Session) commandContext(hc interp.HandlerContext, rs *runState, args []string) *commands.Context {
	stdin := sess.stdinOf(hc, rs)
	if stdin == nil {
		stdin = bytes.NewReader(nil)
	}
	stdout := hc.Stdout
	if sb, ok := stdout.(*strings.Builder); ok && rs != nil && rs.g.limits.MaxStringBytes > 0 {
		// A command substitution: bound what it may collect.
		stdout = &substWriter{sb: sb, max: rs.g.limits.MaxStringBytes, g: rs.g}
	}
	if stdout == nil {
		stdout = io.Discard
	}
	stderr := hc.Stderr
	if stderr == nil {
		stderr = io.Discard
	}
	var environ []string
	hc.Env.Each(func(name string, vr expand.Variable) bool {
		if vr.Exported && vr.IsSet() {
			environ = append(environ, name+"="+vr.String())
		}
		return true
	})
	c := &commands.Context{
		Args:    args,
		Stdin:   stdin,
		Stdout:  stdout,
		Stderr:  stderr,
		FS:      sess.sh.fs,
		Dir:     hc.Dir,
		Environ: environ,
		Lookup:  sess.sh.reg.Lookup,
		Names:   sess.sh.publicNames,
	}
	c.Exec = func(ctx context.Context, argv []string, stdio commands.IO) int {
		return sess.nestedExec(ctx, c, argv, stdio)
	}
	c.Script = func(ctx context.Context, script string, argv []string, stdio commands.IO) int {
		return sess.nestedScript(ctx, c.Dir, c.Environ, script, "bash", argv, stdio)
	}
	return c
}

// substWriter bounds a command substitution's buffer.
type substWriter struct {
	sb  *strings.Builder
	max int64
	g   *guard
}

func (w *substWriter) Write(p []byte) (int, error) {
	if int64(w.sb.Len()+len(p)) > w.max {
		return 0, w.g.trip("max string bytes", fmt.Sprint(w.max))
	}
	return w.sb.Write(p)
}

// nestedExec runs argv as a registered command or VFS script, for xargs,
// find -exec, env and timeout.
func (sess *Session) nestedExec(ctx context.Context, parent *commands.Context, argv []string, stdio commands.IO) int {
	if len(argv) == 0 {
		return 0
	}
	environ := parent.Environ
	if e, ok := commands.ExecEnvFrom(ctx); ok {
		environ = e
	}
	name := argv[0]
	var cmd commands.Command
	if strings.Contains(name, "/") {
		abs := parent.Abs(name)
		fi, err := sess.sh.fs.Stat(abs)
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "%s: '%s': %s\n", parent.Name(), name, commands.ErrText(err))
			return 127
		}
		if c, ok := sess.stubCommand(abs, fi); ok {
			cmd = c
		} else {
			cmd = scriptCommand{sess: sess, path: abs}
		}
	} else if p, fi, ok := sess.lookPathEnv(environ, name); ok {
		if c, ok := sess.stubCommand(p, fi); ok {
			cmd = c
		} else {
			cmd = scriptCommand{sess: sess, path: p}
		}
	} else {
		fmt.Fprintf(stdio.Stderr, "%s: '%s': No such file or directory\n", parent.Name(), name)
		return 127
	}
	c := *parent
	c.Args, c.Environ = argv, environ
	c.Stdin, c.Stdout, c.Stderr = orEmpty(stdio.Stdin), orDiscard(stdio.Stdout), orDiscard(stdio.Stderr)
	cc := &c
	cc.Exec = func(ctx context.Context, argv []string, stdio commands.IO) int {
		return sess.nestedExec(ctx, cc, argv, stdio)
	}
	cc.Script = func(ctx context.Context, script string, argv []string, stdio commands.IO) int {
		return sess.nestedScript(ctx, cc.Dir, cc.Environ, script, "bash", argv, stdio)
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(cc.Stderr, "%s: internal error: %v\n", name, p)
		}
	}()
	return cmd.Run(ctx, cc)
}

func (sess *Session) lookPathEnv(environ []string, name string) (string, fs.FileInfo, bool) {
	return sess.lookPath(expand.ListEnviron(environ...), name)
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

func (sess *Session) nestedScript(ctx context.Context, dir string, environ []string, script, name string, args []string, stdio commands.IO) int {
	return sess.sh.spawn(ctx, dir, environ, script, name, nil, args, stdio)
}

// scriptCommand runs an executable VFS file as a bash script.
type scriptCommand struct {
	sess *Session
	path string
}

func (sc scriptCommand) Run(ctx context.Context, c *commands.Context) int {
	data, err := vfs.ReadFile(sc.sess.sh.fs, sc.path)
	if err != nil {
		fmt.Fprintf(c.Stderr, "bash: %s: %s\n", c.Args[0], commands.ErrText(err))
		return 126
	}
	return sc.sess.nestedScript(ctx, c.Dir, c.Environ, string(data), c.Args[0], c.Args[1:],
		commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr})
}
