package shell

import (
	"context"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/shell/eval"
)

// BuiltinNames lists the shell's builtins (cd, declare, read, ...), which
// live in the interpreter rather than in the command registry, sorted.
func BuiltinNames() []string { return eval.BuiltinNames() }

// registerShellCommands adds the commands that need the shell itself:
// bash and sh (nested shells). (ulimit is only a builtin, as on a
// GNU system: there is no ulimit program for env or xargs to run.)
func (s *Shell) registerShellCommands() {
	bash := commands.Func(func(ctx context.Context, c *commands.Context) int {
		return s.bashCommand(ctx, c)
	})
	s.reg.Register("bash", bash)
	s.reg.Register("sh", bash)
}

// bashHelp is bash 5.2's --help, without the options the sandbox lacks.
const bashHelp = "GNU bash, version 5.2.15(1)-release (justbash)\n" +
	"Usage:\t%[1]s [GNU long option] [option] ...\n\t%[1]s [GNU long option] [option] script-file ...\n" +
	"GNU long options:\n\t--help\n\t--login\n\t--noprofile\n\t--norc\n\t--posix\n\t--version\n" +
	"Shell options:\n\t-ils or -c command or -O shopt_option\t\t(invocation only)\n" +
	"\t-abefhkmnptuvxBCEHPT or -o option\n" +
	"Type `%[1]s -c \"help set\"' for more information about shell options.\n" +
	"Type `%[1]s -c help' for more information about shell builtin commands.\n"

const bashVersion = "GNU bash, version 5.2.15(1)-release (justbash)\n"

func writeHelp(c *commands.Context, s string) int {
	if _, err := io.WriteString(c.Stdout, s); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

// bashCommand is bash/sh inside the sandbox: -c SCRIPT, a script file, or
// a script on stdin; set options such as -e -u -x -o pipefail pass through.
// bashFlags are the options of bash/sh before the script.
type bashFlags struct {
	setOpts, shopts    []string
	interactive, haveC bool
	// haveS (-s): the script is standard input even with operands,
	// which are the positional parameters.
	haveS bool
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
		if a == "-s" {
			fl.haveS = true
			args = args[1:]
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
			if !eval.IsSetOption(args[1]) {
				// bash reports it as from line 0 of its (unread) input.
				fmt.Fprintf(c.Stderr, "%s: line 0: %s: %s: invalid option name\n", c.Name(), c.Name(), args[1])
				return fl, nil, 2
			}
			fl.setOpts = append(fl.setOpts, a, args[1])
			args = args[2:]
			continue
		}
		if a == "--posix" {
			fl.setOpts = append(fl.setOpts, "-o", "posix")
			args = args[1:]
			continue
		}
		if a == "--norc" || a == "--noprofile" || a == "-l" || a == "--login" || a == "-i" {
			args = args[1:]
			continue
		}
		if (strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+")) && len(a) > 1 {
			for _, f := range a[1:] {
				if f == 'c' {
					fl.haveC = true
					continue
				}
				if f == 's' && a[0] == '-' {
					fl.haveS = true
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
	if len(c.Args) > 1 {
		// bash reads --help and --version before anything else.
		switch c.Args[1] {
		case "--help":
			return writeHelp(c, fmt.Sprintf(bashHelp, c.Name()))
		case "--version":
			return writeHelp(c, bashVersion)
		}
	}
	fl, args, status := parseBashFlags(c)
	if status != 0 {
		return status
	}
	if path.Base(c.Name()) == "sh" {
		// Invoked as sh, bash starts in posix mode, whatever the
		// options say.
		fl.setOpts = append(fl.setOpts, "-o", "posix")
	}
	setOpts, shopts, interactive, haveC := fl.setOpts, fl.shopts, fl.interactive, fl.haveC
	var script, name string
	file, explicit := false, false
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
			// An explicit $0 is kept as given (./x names messages
			// "./x: line 1: ...").
			name, args, file = args[0], args[1:], false
			explicit = true
		}
	case len(args) > 0 && !fl.haveS:
		name = args[0]
		data, err := readBounded(ctx, s.fs, c.Abs(args[0]), maxScriptBytes)
		if err != nil {
			if fi, serr := s.fs.Stat(c.Abs(args[0])); serr == nil && fi.IsDir() {
				// The script's name is already $0 when bash finds it
				// cannot read a directory; it cannot execute it (126).
				fmt.Fprintf(c.Stderr, "%s: %s: Is a directory\n", args[0], args[0])
				return 126
			}
			fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.Name(), args[0], commands.ErrText(err))
			return 127
		}
		script, args = string(data), args[1:]
		stdio.Stdin = c.Stdin
		file = true
	default:
		data, err := readAllBounded(ctx, c.Stdin, maxScriptBytes)
		if err != nil {
			c.Errorf("%v", err)
			return 1
		}
		script, name = string(data), c.Name()
		stdio.Stdin = nil
	}
	mode := byte('s')
	if haveC {
		mode = 'c'
	}
	if file {
		mode = 0
	}
	extra := func(cfg *execConfig) {
		cfg.mode, cfg.interactive, cfg.shopts = mode, interactive, shopts
		cfg.file = cfg.file || file // $- has no s for a script file
		// bash reads a script from its standard input as it runs it.
		cfg.scriptStdin = !haveC && !file
	}
	if !file && !explicit {
		name = path.Base(name)
	}
	return s.spawn(ctx, c.Dir, c.Environ, script, name, setOpts, args, stdio, extra)
}

// spawn runs a nested shell with the given directory and exported
// environment, under the limits of the shell that runs it (found in ctx).
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
	child := &Shell{fs: s.fs, stubs: s.stubs, reg: s.reg, env: env, dir: dir, limits: s.limits, tools: s.tools, toolCmds: s.toolCmds}
	opts := append([]ExecOption{WithStdin(orEmpty(stdio.Stdin)), WithStdout(orDiscard(stdio.Stdout)),
		WithStderr(orDiscard(stdio.Stderr)), WithArgs(args...), WithName(name), withSetOpts(setOpts),
		func(c *execConfig) { c.inheritPWD = true }}, more...)
	ns, err := child.newSession(opts)
	if err != nil {
		fmt.Fprintf(orDiscard(stdio.Stderr), "%s: %v\n", name, err)
		return 1
	}
	ns.whole = true
	if p := runnerFrom(ctx); p != nil {
		ns.parent = p
		ns.r.SetParent(p)
	}
	res, _ := ns.run(ctx, script)
	return res.ExitCode
}

func withSetOpts(opts []string) ExecOption {
	return func(c *execConfig) { c.setOpts = opts }
}

// withFile marks a nested run as a script file: $0 and messages name it.
func withFile() ExecOption {
	return func(c *execConfig) { c.mode = 0; c.file = true }
}

// readAllBounded reads r to the end, refusing more than max bytes and
// stopping when ctx ends.
func readAllBounded(ctx context.Context, r interface{ Read([]byte) (int, error) }, max int64) ([]byte, error) {
	var out []byte
	chunk := make([]byte, 32<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n, err := r.Read(chunk)
		if int64(len(out)+n) > max {
			return nil, fmt.Errorf("input too large (over %d bytes)", max)
		}
		out = append(out, chunk[:n]...)
		if err != nil {
			if err.Error() == "EOF" {
				return out, nil
			}
			return nil, err
		}
	}
}
