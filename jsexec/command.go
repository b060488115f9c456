package jsexec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/curl"
	"github.com/justbash/justbash/toolcmd"
)

// Options configure the js-exec command.
type Options struct {
	// Tools backs the `tools` global; nil leaves it out.
	Tools *toolcmd.Invoker
	// Limits bound each run; zero fields take the package defaults.
	Limits Limits
	// Network is the shell's network policy behind fetch() (the one curl
	// gets); nil leaves fetch out of the environment.
	Network *curl.Policy
	// Freeze freezes the built-ins (RunOptions.Freeze). Off by default:
	// node lets scripts patch prototypes, and nothing on the host side
	// relies on them.
	Freeze bool
}

// Exit statuses for tripped limits (other failures exit 1 like node).
const (
	ExitTimeout = 124
	ExitLimit   = 125
)

const usage = `Usage: js-exec [-m|--module] [--strip-types] [-c CODE | -e CODE | -p CODE | FILE] [ARGS...]
Run JavaScript or TypeScript in the sandbox (goja). Code comes from -c/-e,
a file in the sandbox (.js .mjs .cjs .ts .mts), or standard input.
  -c, -e CODE      run CODE
  -p CODE          run CODE and print its value
  -m, --module     treat the code as an ES module (import/export)
  --strip-types    treat the code as TypeScript
  -V, --version    print the version
Globals: tools, console, timers, fetch, TextEncoder/Decoder, URL, Buffer,
process, require (fs, fs/promises, path, child_process, os, util, events,
buffer, assert, url).
`

// New returns the js-exec command (registered also as node).
func New(opts Options) commands.Command {
	return commands.Func(func(ctx context.Context, c *commands.Context) int {
		return runCommand(ctx, c, opts)
	})
}

type cmdArgs struct {
	code, file     string
	haveCode       bool
	print          bool
	module, strip  bool
	args           []string
	version, usage bool
}

func parseArgs(argv []string) (cmdArgs, error) {
	var a cmdArgs
	for i := 0; i < len(argv); i++ {
		s := argv[i]
		switch {
		case s == "-c" || s == "-e" || s == "--eval" || s == "-p" || s == "--print":
			if i+1 >= len(argv) {
				return a, fmt.Errorf("%s requires an argument", s)
			}
			a.code, a.haveCode, a.print = argv[i+1], true, s == "-p" || s == "--print"
			a.args = argv[i+2:]
			return a, nil
		case s == "-m" || s == "--module" || s == "--input-type=module":
			a.module = true
		case s == "--strip-types" || s == "--experimental-strip-types":
			a.strip = true
		case s == "-V" || s == "--version" || s == "-v":
			a.version = true
			return a, nil
		case s == "-h" || s == "--help":
			a.usage = true
			return a, nil
		case s == "--":
			if i+1 < len(argv) {
				a.file, a.args = argv[i+1], argv[i+2:]
			}
			return a, nil
		case s == "-":
			a.args = argv[i+1:]
			return a, nil
		case strings.HasPrefix(s, "-"):
			return a, fmt.Errorf("unknown option: %s", s)
		default:
			a.file, a.args = s, argv[i+1:]
			return a, nil
		}
	}
	return a, nil
}

func runCommand(ctx context.Context, c *commands.Context, opts Options) int {
	name := c.Name()
	if name == "" {
		name = "js-exec"
	}
	var argv []string
	if len(c.Args) > 1 {
		argv = c.Args[1:]
	}
	a, err := parseArgs(argv)
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: %v\n%s", name, err, usage)
		return 2
	}
	switch {
	case a.usage:
		_, _ = io.WriteString(c.Stdout, usage)
		return 0
	case a.version:
		_, _ = io.WriteString(c.Stdout, "v22.0.0 (js-exec on goja)\n")
		return 0
	}
	code, filename, status := loadSource(ctx, c, name, a, opts.Limits.withDefaults().MaxFileBytes)
	if status != 0 {
		return status
	}
	if a.print {
		code = "return (" + code + "\n)"
	}
	ro := RunOptions{
		Host: c, Args: a.args, Filename: filename, Module: a.module, TypeScript: a.strip,
		KeepAlive: true, Stdout: c.Stdout, Stderr: c.Stderr, Network: opts.Network, Freeze: opts.Freeze, Limits: opts.Limits,
	}
	if opts.Tools != nil {
		ro.Invoke = opts.Tools.Invoke
	}
	res, err := Run(ctx, code, ro)
	if err == nil && a.print {
		_, _ = fmt.Fprintln(c.Stdout, printable(res.Value))
	}
	return reportError(c, err, res.ExitCode)
}

// loadSource reads the code from -c, a sandbox file or stdin.
func loadSource(ctx context.Context, c *commands.Context, name string, a cmdArgs, limit int64) (code, filename string, status int) {
	switch {
	case a.haveCode:
		return a.code, "", 0
	case a.file != "":
		f, err := c.Open(a.file)
		if err != nil {
			fmt.Fprintf(c.Stderr, "%s: %s: %s\n", name, a.file, commands.ErrText(err))
			return "", "", 1
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			fmt.Fprintf(c.Stderr, "%s: %s: Is a directory\n", name, a.file)
			return "", "", 1
		}
		b, err := readLimited(ctx, f, limit)
		if err != nil {
			fmt.Fprintf(c.Stderr, "%s: %s: %s\n", name, a.file, commands.ErrText(err))
			return "", "", 1
		}
		return stripShebang(string(b)), c.Abs(a.file), 0
	case c.Stdin != nil:
		b, err := readLimited(ctx, c.Stdin, limit)
		if err != nil {
			fmt.Fprintf(c.Stderr, "%s: reading stdin: %v\n", name, err)
			return "", "", 1
		}
		return string(b), "", 0
	}
	return "", "", 0
}

// stripShebang blanks a #! line but keeps the line count.
func stripShebang(s string) string {
	if strings.HasPrefix(s, "#!") {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			return "//" + s[2:]
		}
		return ""
	}
	return s
}

func printable(v []byte) string {
	s := string(v)
	if len(s) > 1 && s[0] == '"' {
		var out string
		if err := jsonUnmarshalString(v, &out); err == nil {
			return out
		}
	}
	return s
}

func reportError(c *commands.Context, err error, exit int) int {
	if err == nil {
		return exit
	}
	var e *Error
	if !errors.As(err, &e) {
		fmt.Fprintf(c.Stderr, "js-exec: %v\n", err)
		return 1
	}
	switch {
	case e.Kind == KindLimit && e.Limit == "timeout":
		fmt.Fprintln(c.Stderr, e.Message)
		return ExitTimeout
	case e.Kind == KindLimit && e.Limit != "call stack":
		fmt.Fprintln(c.Stderr, e.Message)
		return ExitLimit
	case strings.HasPrefix(e.Message, "process.exit("):
		return exit
	case e.Stack != "" && e.Kind == KindUncaught:
		prefix := ""
		if strings.HasPrefix(e.Message, "Uncaught (in promise) ") {
			prefix = "Uncaught (in promise) "
		}
		fmt.Fprintln(c.Stderr, prefix+e.Stack)
	default:
		fmt.Fprintln(c.Stderr, e.Message)
	}
	if exit == 0 {
		exit = 1
	}
	return exit
}

func jsonUnmarshalString(b []byte, out *string) error { return json.Unmarshal(b, out) }
