package shell

import (
	"context"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// registerShellCommands adds the commands that need the shell itself:
// bash/sh (nested scripts) and the internal helpers of the rewrites.
func (s *Shell) registerShellCommands() {
	bash := commands.Func(func(ctx context.Context, c *commands.Context) int {
		return s.bashCommand(ctx, c)
	})
	s.reg.Register("bash", bash)
	s.reg.Register("sh", bash)
	s.reg.Register(psubCmd, commands.Func(s.psubCommand))
	s.reg.Register("__justbash_fail", commands.Func(func(ctx context.Context, c *commands.Context) int {
		if len(c.Args) > 1 {
			fmt.Fprintf(c.Stderr, "bash: %s\n", c.Args[1])
		}
		if len(c.Args) > 2 {
			n, _ := strconv.Atoi(c.Args[2])
			return n
		}
		return 2
	}))
	s.reg.Register(statusCmd, commands.Func(func(ctx context.Context, c *commands.Context) int {
		return statusCommand(c)
	}))
	s.reg.Register(fnFmtCmd, commands.Func(fnFmtCommand))
	s.reg.Register(timeCmd, commands.Func(timeCommand))
	s.reg.Register(countCmd, commands.Func(func(ctx context.Context, c *commands.Context) int {
		// interp expands "${!a[@]}" of an empty array to one empty
		// field, so that counts as none (a lone empty key is miscounted).
		n := len(c.Args) - 1
		if n == 1 && c.Args[1] == "" {
			n = 0
		}
		fmt.Fprintln(c.Stdout, n)
		return 0
	}))
	if _, ok := s.reg.Lookup("umask"); !ok {
		s.reg.Register("umask", commands.Func(umaskCommand))
	}
	if _, ok := s.reg.Lookup("ulimit"); !ok {
		s.reg.Register("ulimit", commands.Func(func(ctx context.Context, c *commands.Context) int {
			fmt.Fprintln(c.Stdout, "unlimited")
			return 0
		}))
	}
}

// umaskCommand reports the sandbox's fixed umask; setting it is accepted
// for scripts' sake but has no effect on the VFS (files are created 0644).
func umaskCommand(ctx context.Context, c *commands.Context) int {
	args := c.Args[1:]
	if len(args) > 0 && args[0] == "-S" {
		fmt.Fprintln(c.Stdout, "u=rwx,g=rx,o=rx")
		return 0
	}
	if len(args) == 0 {
		fmt.Fprintln(c.Stdout, "0022")
		return 0
	}
	if _, err := strconv.ParseUint(args[0], 8, 32); err != nil && !strings.ContainsAny(args[0], "=+-") {
		fmt.Fprintf(c.Stderr, "bash: umask: %s: octal number out of range\n", args[0])
		return 1
	}
	return 0
}

// psubCommand stores its stdin in a VFS file under /dev/fd and prints the
// path; the file is removed when the run ends. See rewrite.go.
func (s *Shell) psubCommand(ctx context.Context, c *commands.Context) int {
	if err := s.fs.MkdirAll("/dev/fd", 0o755); err != nil {
		c.Errorf("%s", commands.ErrText(err))
		return 1
	}
	data, err := io.ReadAll(c.Stdin)
	if err != nil {
		c.Errorf("%v", err)
		return 1
	}
	var name string
	for n := 63; ; n++ {
		name = "/dev/fd/" + strconv.Itoa(n)
		if !vfs.Exists(s.fs, name) {
			break
		}
	}
	if err := vfs.WriteFile(s.fs, name, data, 0o600); err != nil {
		c.Errorf("%s", commands.ErrText(err))
		return 1
	}
	if rs := parentRun(ctx); rs != nil {
		rs.psubs = append(rs.psubs, name)
	}
	fmt.Fprintln(c.Stdout, name)
	return 0
}

// bashCommand is bash/sh inside the sandbox: -c SCRIPT, a script file, or
// a script on stdin; set options such as -e -u -x -o pipefail pass through.
// bashFlags are the options of bash/sh before the script.
type bashFlags struct {
	setOpts, shopts    []string
	interactive, haveC bool
}

// parseBashFlags reads bash's options; a non-zero status is a usage error.
func parseBashFlags(c *commands.Context) (bashFlags, []string, int) {
	var fl bashFlags
	args := c.Args[1:]
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		if a == "-c" {
			fl.haveC = true
			args = args[1:]
			continue
		}
		if a == "-O" || a == "+O" {
			if len(args) < 2 {
				fmt.Fprintf(c.Stderr, "%s: %s: option requires an argument\n", c.Name(), a)
				return fl, nil, 2
			}
			fl.shopts = append(fl.shopts, a, args[1])
			args = args[2:]
			continue
		}
		if a == "-i" {
			fl.interactive = true
			args = args[1:]
			continue
		}
		if a == "-o" || a == "+o" {
			if len(args) < 2 {
				fmt.Fprintf(c.Stderr, "%s: %s: option requires an argument\n", c.Name(), a)
				return fl, nil, 2
			}
			fl.setOpts = append(fl.setOpts, a, args[1])
			args = args[2:]
			continue
		}
		if a == "--norc" || a == "--noprofile" || a == "--posix" || a == "-l" || a == "--login" || a == "-i" || a == "-s" {
			args = args[1:]
			continue
		}
		if (strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+")) && len(a) > 1 {
			for _, f := range a[1:] {
				if f == 'c' {
					fl.haveC = true
					continue
				}
				fl.setOpts = append(fl.setOpts, string(a[0])+string(f))
			}
			args = args[1:]
			continue
		}
		break
	}
	return fl, args, 0
}

func (s *Shell) bashCommand(ctx context.Context, c *commands.Context) int {
	fl, args, status := parseBashFlags(c)
	if status != 0 {
		return status
	}
	setOpts, shopts, interactive, haveC := fl.setOpts, fl.shopts, fl.interactive, fl.haveC
	var script, name string
	stdio := commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr}
	switch {
	case haveC:
		if len(args) == 0 {
			fmt.Fprintf(c.Stderr, "%s: -c: option requires an argument\n", c.Name())
			return 2
		}
		script, args = args[0], args[1:]
		name = c.Name()
		if len(args) > 0 {
			name, args = args[0], args[1:]
		}
	case len(args) > 0:
		name = args[0]
		data, err := vfs.ReadFile(s.fs, c.Abs(args[0]))
		if err != nil {
			fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.Name(), args[0], commands.ErrText(err))
			return 127
		}
		script, args = string(data), args[1:]
		stdio.Stdin = c.Stdin
	default:
		data, err := io.ReadAll(c.Stdin)
		if err != nil {
			c.Errorf("%v", err)
			return 1
		}
		script, name = string(data), c.Name()
		stdio.Stdin = strings.NewReader("")
	}
	mode := byte('s')
	if haveC {
		mode = 'c'
	}
	extra := func(cfg *execConfig) { cfg.mode, cfg.interactive, cfg.shopts = mode, interactive, shopts }
	return s.spawn(ctx, c.Dir, c.Environ, script, path.Base(name), setOpts, args, stdio, extra)
}

// spawn runs a nested shell with the given directory and exported
// environment, under the limits of the run found in ctx.
func (s *Shell) spawn(ctx context.Context, dir string, environ []string, script, name string, setOpts, args []string, stdio commands.IO, more ...ExecOption) int {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	if n, err := strconv.Atoi(env["SHLVL"]); err == nil {
		env["SHLVL"] = strconv.Itoa(n + 1)
	}
	child := &Shell{fs: s.fs, reg: s.reg, env: env, dir: dir, limits: s.limits, tools: s.tools, toolCmds: s.toolCmds}
	ns, err := child.newSession(append([]ExecOption{WithStdin(orEmpty(stdio.Stdin)), WithStdout(orDiscard(stdio.Stdout)),
		WithStderr(orDiscard(stdio.Stderr)), WithArgs(args...), WithName(name), withSetOpts(setOpts)}, more...))
	if err != nil {
		fmt.Fprintf(orDiscard(stdio.Stderr), "%s: %v\n", name, err)
		return 1
	}
	ns.parent = parentRun(ctx)
	if ns.parent == nil {
		ns.parent = &runState{g: &guard{limits: s.limits, cancel: func() {}}, baseCtx: ctx, pid: 1}
	}
	res, _ := ns.run(ctx, script, true)
	return res.ExitCode
}

func withSetOpts(opts []string) ExecOption {
	return func(c *execConfig) { c.setOpts = opts }
}

type runKey struct{}

// parentRun finds the run a nested command belongs to.
func parentRun(ctx context.Context) *runState {
	rs, _ := ctx.Value(runKey{}).(*runState)
	return rs
}
