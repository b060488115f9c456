// Command justbash runs bash scripts in a sandbox: an in-memory filesystem,
// Go re-implementations of the usual commands, no host processes, no
// network, and limits on time, steps and output.
//
//	justbash -c 'echo hello | tr a-z A-Z'
//	justbash script.sh arg1 arg2
//	echo 'ls -l' | justbash --root .
//	justbash                      # interactive shell when stdin is a terminal
//	justbash --tools tools.yaml -c 'petstore list-pets | jq .'
//
// The script itself (FILE) is read from the host: it is the user's program.
// Everything the script does happens inside the sandbox, except calls to
// the tools the user loads with --tools (see tools.go).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/justbash/justbash/repl"
	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/toolcmd"
	"golang.org/x/term"
)

// version is reported by --version; release builds may set it with
// -ldflags "-X main.version=...".
var version = "dev"

// defaultRootDir is where --root mounts the host directory inside the
// sandbox, and the working directory when --cwd is not given.
const defaultRootDir = "/home/user/project"

// Exit statuses of the program itself (the script's own status otherwise).
const (
	exitUsage = 2
	exitSetup = 1
)

const usageText = `Usage:
  justbash [flags] -c SCRIPT [NAME [ARGS...]]
  justbash [flags] FILE [ARGS...]
  justbash [flags] < script.sh
  justbash [flags]                      (interactive shell on a terminal)

Runs bash scripts in a sandbox: an in-memory filesystem, built-in Go
commands, no host processes and no network. FILE is read from the host
(it is your script); everything it does happens inside the sandbox.

Flags:
  -c SCRIPT          run SCRIPT; NAME becomes $0 and ARGS $1, $2, ...
  --root DIR         show host DIR at ` + defaultRootDir + ` (the working
                     directory); copy-on-write: the host is never modified
  --allow-write      with --root: write changes through to DIR on the host
  --cwd DIR          working directory inside the sandbox (default
                     /home/user, or ` + defaultRootDir + ` with --root)
  -e, --errexit      exit on the first failing command (set -e)
  --json             print {"stdout":...,"stderr":...,"exitCode":N} only
  --timeout DUR      stop the script after DUR (e.g. 5s, 2m); exit status 124
  --limits PROFILE   normal (default) or hardened
  --tools FILE       load tools from FILE (JSON or YAML, the "servers" format
                     of 'justbash mcp'): each server becomes a command, e.g.
                     'math add a=2 b=3'; 'tools list' lists them. This grants
                     host access the sandbox otherwise never has: FILE,
                     {env:X}, ${X} and {file:PATH} in it are read from the
                     host, stdio MCP servers run as host processes with
                     your environment, and tools reach their URLs
  --approve POLICY   allow-all (default) or deny-all tool calls; tools that
                     ask for consent (e.g. OpenAPI writes) are declined
  -h, --help         show this help
  --version          print the version

Exit status: the script's. 124 when the timeout tripped, 125 when another
limit tripped, 130 when interrupted, 2 for usage errors.
`

// errReported is a command-line error whose message was already printed.
var errReported = errors.New("bad flag")

// config is the parsed command line.
type config struct {
	script      string
	hasScript   bool // -c given
	root        string
	allowWrite  bool
	cwd         string
	errexit     bool
	jsonOut     bool
	timeout     time.Duration
	limits      string
	tools       string
	approve     string
	showVersion bool
	args        []string
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// parseArgs reads the flags. Go's flag package accepts both -name and
// --name, so -e, --errexit, -json and --json all work.
func parseArgs(argv []string, stderr io.Writer) (*config, error) {
	cfg := &config{}
	fset := flag.NewFlagSet("justbash", flag.ContinueOnError)
	fset.SetOutput(stderr)
	fset.Usage = func() {} // -h is answered in run; errors print one line, not the whole help
	fset.Func("c", "script", func(s string) error {
		cfg.script, cfg.hasScript = s, true
		return nil
	})
	fset.StringVar(&cfg.root, "root", "", "")
	fset.BoolVar(&cfg.allowWrite, "allow-write", false, "")
	fset.StringVar(&cfg.cwd, "cwd", "", "")
	fset.BoolVar(&cfg.errexit, "e", false, "")
	fset.BoolVar(&cfg.errexit, "errexit", false, "")
	fset.BoolVar(&cfg.jsonOut, "json", false, "")
	fset.DurationVar(&cfg.timeout, "timeout", 0, "")
	fset.StringVar(&cfg.limits, "limits", "normal", "")
	fset.StringVar(&cfg.tools, "tools", "", "")
	fset.StringVar(&cfg.approve, "approve", "allow-all", "")
	fset.BoolVar(&cfg.showVersion, "version", false, "")
	if err := fset.Parse(argv); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, errReported // flag has printed the message
	}
	cfg.args = fset.Args()
	if cfg.allowWrite && cfg.root == "" {
		return nil, errors.New("--allow-write needs --root DIR")
	}
	if cfg.timeout < 0 {
		return nil, errors.New("--timeout must not be negative")
	}
	if _, err := toolcmd.ApprovalPolicy(cfg.approve); err != nil {
		return nil, fmt.Errorf("--approve: %v", err)
	}
	return cfg, nil
}

// limits returns the profile chosen with --limits, adjusted by --timeout.
func (cfg *config) limitsProfile() (shell.Limits, error) {
	var lim shell.Limits
	switch strings.ToLower(cfg.limits) {
	case "normal", "":
		lim = shell.Normal
	case "hardened":
		lim = shell.Hardened
	default:
		return lim, fmt.Errorf("--limits: unknown profile %q (want normal or hardened)", cfg.limits)
	}
	if cfg.timeout > 0 {
		lim.Timeout = cfg.timeout
	}
	return lim, nil
}

func run(argv []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(argv) > 0 && argv[0] == "mcp" {
		return runMCP(argv[1:], stdin, stdout, stderr) // the meta-MCP server: mcp*.go
	}
	cfg, err := parseArgs(argv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usageText)
		return 0
	}
	if err != nil {
		if err != errReported {
			fmt.Fprintf(stderr, "justbash: %v\n", err)
		}
		fmt.Fprintln(stderr, "Try 'justbash --help' for more information.")
		return exitUsage
	}
	if cfg.showVersion {
		fmt.Fprintln(stdout, "justbash", version)
		return 0
	}
	lim, err := cfg.limitsProfile()
	if err != nil {
		fmt.Fprintf(stderr, "justbash: %v\n", err)
		return exitUsage
	}
	var tools *toolcmd.Invoker
	if cfg.tools != "" {
		inv, closeTools, err := loadTools(context.Background(), cfg.tools, cfg.approve, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "justbash: %v\n", err)
			return exitSetup
		}
		defer closeTools() // stops MCP server processes before we exit
		tools = inv
	}
	sh, cleanup, err := newShell(cfg, lim, tools)
	if err != nil {
		fmt.Fprintf(stderr, "justbash: %v\n", err)
		return exitSetup
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	interactive := !cfg.hasScript && len(cfg.args) == 0 && term.IsTerminal(int(stdin.Fd()))
	if interactive && !cfg.jsonOut {
		stop() // the REPL handles Ctrl-C itself: it cancels one command, not the shell
		code, err := repl.Run(context.Background(), sh, repl.WithErrexit(cfg.errexit))
		if err != nil {
			fmt.Fprintf(stderr, "justbash: %v\n", err)
		}
		return code
	}
	return runScript(ctx, sh, cfg, stdin, stdout, stderr)
}

// runScript runs the script given by -c, FILE or stdin.
func runScript(ctx context.Context, sh *shell.Shell, cfg *config, stdin *os.File, stdout, stderr io.Writer) int {
	script, name, args, scriptIn, err := loadScript(cfg, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "justbash: %v\n", err)
		return 127
	}
	if cfg.errexit {
		// On the first line, so line numbers of the script stay right.
		script = "set -e; " + script
	}
	opts := []shell.ExecOption{shell.WithName(name), shell.WithArgs(args...)}
	if scriptIn != nil {
		opts = append(opts, shell.WithStdin(scriptIn))
	}
	if !cfg.jsonOut {
		opts = append(opts, shell.WithStdout(stdout), shell.WithStderr(stderr))
	}
	res, err := sh.Exec(ctx, script, opts...)
	code := res.ExitCode
	if ctx.Err() != nil {
		// Interrupted: whatever status the stopped command left, the run
		// ends the way bash reports SIGINT.
		code = 130
	}
	if cfg.jsonOut {
		out, _ := json.Marshal(struct {
			Stdout   string `json:"stdout"`
			Stderr   string `json:"stderr"`
			ExitCode int    `json:"exitCode"`
		}{res.Stdout, res.Stderr, code})
		fmt.Fprintf(stdout, "%s\n", out)
	}
	return code
}

// loadScript decides where the script comes from: -c, a host FILE, or
// standard input. It returns the script, $0, the positional parameters
// and the standard input the script should see (nil for none).
func loadScript(cfg *config, stdin *os.File) (script, name string, args []string, in io.Reader, err error) {
	switch {
	case cfg.hasScript:
		name = "justbash"
		if len(cfg.args) > 0 {
			name, args = cfg.args[0], cfg.args[1:]
		}
		return cfg.script, name, args, stdin, nil
	case len(cfg.args) > 0:
		file := cfg.args[0]
		data, err := os.ReadFile(file)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				// bash's wording: "bash: FILE: No such file or directory".
				msg := pe.Err.Error()
				err = fmt.Errorf("%s: %s", file, strings.ToUpper(msg[:1])+msg[1:])
			}
			return "", "", nil, nil, err
		}
		return string(data), file, cfg.args[1:], stdin, nil
	default:
		// The script is standard input itself; the script reads nothing.
		data, err := io.ReadAll(stdin)
		if err != nil {
			return "", "", nil, nil, fmt.Errorf("reading script from stdin: %w", err)
		}
		return string(data), "justbash", nil, nil, nil
	}
}
