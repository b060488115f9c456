package run

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/envlist"
	"github.com/justbash/justbash/commands/internal/opts"

	"strings"
	"syscall"
)

var envOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'i', Long: "ignore-environment"},
	{Short: 'u', Long: "unset", Arg: true},
	{Short: '0', Long: "null"},
	{Short: 'C', Long: "chdir", Arg: true},
	{Short: 'S', Long: "split-string", Arg: true},
	{Short: 'v', Long: "debug"},
}, Usage: 125, StopAtOperand: true,
	Help: `Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
Set each NAME to VALUE in the environment and run COMMAND.

  -i, --ignore-environment  start with an empty environment
  -0, --null           end each output line with NUL, not newline
  -u, --unset=NAME     remove variable from the environment
  -C, --chdir=DIR      change working directory to DIR
  -S, --split-string=S  process and split S into separate arguments
      --help     display this help and exit

A mere - implies -i.  If no COMMAND, print the resulting environment.
`}

func RunEnv(ctx context.Context, c *commands.Context) int {
	args, ok := envSplitS(c, c.Args[1:])
	if !ok {
		return 125
	}
	res, rest, status, ok := envOpts.Parse(c, args)
	if !ok {
		return status
	}
	environ := append([]string(nil), c.Environ...)
	null := false
	dir, hasDir := "", false
	for _, r := range res {
		switch r.Key {
		case "i":
			environ = nil
		case "u":
			if r.Val == "" || strings.Contains(r.Val, "=") {
				c.Errorf("cannot unset '%s': Invalid argument", r.Val)
				return 125
			}
			environ = envlist.Unset(environ, r.Val)
		case "0":
			null = true
		case "C":
			dir, hasDir = r.Val, true
		}
	}
	if len(rest) > 0 && rest[0] == "-" {
		environ = nil
		rest = rest[1:]
	}
	for len(rest) > 0 && strings.Contains(rest[0], "=") && !strings.HasPrefix(rest[0], "=") {
		name, _, _ := strings.Cut(rest[0], "=")
		environ = append(envlist.Unset(environ, name), rest[0])
		rest = rest[1:]
	}
	if len(rest) == 0 {
		if hasDir {
			return opts.UsageError(c, 125, "must specify command with --chdir (-C)")
		}
		return envlist.Print(c, environ, null)
	}
	if null {
		return opts.UsageError(c, 125, "cannot specify --null (-0) with command")
	}
	stdio := commands.IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr}
	rest[0] = envDefaultPath(c, environ, rest[0])
	if hasDir {
		return envInDir(ctx, c, dir, environ, rest, stdio)
	}
	if c.Exec == nil {
		c.Errorf("'%s': No such file or directory", rest[0])
		return 127
	}
	return c.Exec(commands.WithExecEnv(ctx, environ), rest, stdio)
}

// envDefaultPath resolves a command name against /bin:/usr/bin when the
// new environment has no PATH, as execvp does (env -i cmd).
func envDefaultPath(c *commands.Context, environ []string, name string) string {
	if strings.Contains(name, "/") || c.FS == nil {
		return name
	}
	for _, kv := range environ {
		if strings.HasPrefix(kv, "PATH=") {
			return name
		}
	}
	for _, dir := range []string{"/bin", "/usr/bin"} {
		if fi, err := c.FS.Stat(dir + "/" + name); err == nil && !fi.IsDir() {
			return dir + "/" + name
		}
	}
	return name
}

// envInDir runs the command from dir. Nested commands inherit the
// caller's directory, so a fresh sandbox shell changes directory first and
// then runs env again with the final environment.
func envInDir(ctx context.Context, c *commands.Context, dir string, environ, cmd []string, stdio commands.IO) int {
	fi, err := c.FS.Stat(c.Abs(dir))
	if err == nil && !fi.IsDir() {
		err = syscall.ENOTDIR
	}
	if err != nil {
		c.Errorf("cannot change directory to '%s': %s", dir, commands.ErrText(err))
		return 125
	}
	if c.Script == nil {
		c.Errorf("'%s': No such file or directory", cmd[0])
		return 127
	}
	args := append([]string{c.Abs(dir), "-i"}, environ...)
	args = append(append(args, "--"), cmd...)
	return c.Script(ctx, `cd "$1" || exit 125; shift; exec env "$@"`, fixEnvArgs(args), stdio)
}

// fixEnvArgs turns [dir -i K=V... -- cmd...] into a form env parses: the
// assignments, then the command. A command word containing "=" is run
// through "env --" so it is not taken for an assignment.
func fixEnvArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			rest := args[i+1:]
			if len(rest) > 0 && strings.Contains(rest[0], "=") {
				out = append(out, "env", "--")
			}
			return append(out, rest...)
		}
		out = append(out, a)
	}
	return out
}

// envSplitS expands -S STRING (as used in "#!/usr/bin/env -S cmd args")
// into separate words, honouring single and double quotes and backslash.
func envSplitS(c *commands.Context, args []string) ([]string, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		var s string
		switch {
		case a == "--" || !strings.HasPrefix(a, "-") || a == "-":
			return args, true
		case a == "-S" || a == "--split-string":
			if i+1 >= len(args) {
				return args, true
			}
			s = args[i+1]
			args = append(args[:i:i], args[i+2:]...)
		case strings.HasPrefix(a, "-S"):
			s = a[2:]
			args = append(args[:i:i], args[i+1:]...)
		case strings.HasPrefix(a, "--split-string="):
			s = a[len("--split-string="):]
			args = append(args[:i:i], args[i+1:]...)
		case a == "-u" || a == "-C" || a == "--unset" || a == "--chdir":
			i++
			continue
		default:
			continue
		}
		words, err := splitEnvString(s)
		if err != "" {
			c.Errorf("%s", err)
			return nil, false
		}
		return append(append(args[:i:i], words...), args[i:]...), true
	}
	return args, true
}

func splitEnvString(s string) ([]string, string) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, "no terminating quote in -S string"
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, "no terminating quote in -S string"
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '\\' && i+1 < len(s):
			i++
			if k := strings.IndexByte("nt", s[i]); k >= 0 {
				cur.WriteByte("\n\t"[k])
			} else {
				cur.WriteByte(s[i])
			}
			inWord = true
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, ""
}
