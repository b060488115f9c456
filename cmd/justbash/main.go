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
	"runtime/debug"
	"strings"
	"time"

	"github.com/justbash/justbash/repl"
	"github.com/justbash/justbash/shell"
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
  --tools [FILE]     load tools: a JavaScript/TypeScript module whose
                     exported functions become commands (examples/math.js:
                     'math add a=2 b=3'), or a config in the format of
                     'justbash mcp' (JSON or YAML: MCP servers, OpenAPI,
                     GraphQL, js modules, host commands). Without FILE: the
                     default config of 'justbash mcp', else ~/.config/jsmcp.
                     'tools list' lists tools and source states. A config
                     grants host access the sandbox otherwise never has:
                     {env:X}, ${X}, {file:PATH}, stdio servers and command
                     tools run on the host with your environment, and tools
                     reach their URLs. JS modules run in the sandbox.
  --profile NAME     with a config: use its preset NAME (default "default")
  --approve POLICY   consent for tools that change things (OpenAPI writes,
                     GraphQL mutations...): prompt (default on a terminal:
                     y/N/always per tool), allow-all (default otherwise:
                     reads run, writes are declined), accept-all (writes
                     run too), deny-all (no tool call runs)
  --allow-url SPEC   let curl and fetch reach a URL prefix (repeatable;
                     network is off otherwise). SPEC is PREFIX, optionally
                     followed by |Header: value parts whose $VAR/${VAR} are
                     taken from the host environment, never the sandbox:
                     --allow-url 'https://api.x.com/v1|Authorization: Bearer $X_TOKEN'
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
	toolsGiven  bool // --tools, with or without FILE
	profile     string
	approve     string
	allowURLs   []string
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
	fset.Func("tools", "", func(s string) error {
		cfg.tools, cfg.toolsGiven = s, true
		return nil
	})
	fset.StringVar(&cfg.profile, "profile", "", "")
	fset.StringVar(&cfg.approve, "approve", "", "")
	fset.Func("allow-url", "", func(s string) error {
		cfg.allowURLs = append(cfg.allowURLs, s)
		return nil
	})
	fset.BoolVar(&cfg.showVersion, "version", false, "")
	if err := fset.Parse(toolsDefault(argv)); err != nil {
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
	if err := checkApprove(cfg.approve); err != nil {
		return nil, fmt.Errorf("--approve: %v", err)
	}
	if cfg.profile != "" && !cfg.toolsGiven {
		return nil, errors.New("--profile needs --tools")
	}
	return cfg, nil
}

// toolsDefault lets --tools stand alone (the default config): with no
// value after it, or a flag, it becomes --tools= .
func toolsDefault(argv []string) []string {
	out := make([]string, 0, len(argv))
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			return append(out, argv[i:]...) // flags end here
		}
		if (a == "--tools" || a == "-tools") && (i+1 == len(argv) || strings.HasPrefix(argv[i+1], "-")) {
			out = append(out, "--tools=")
			continue
		}
		out = append(out, a)
		if a == "-c" || !strings.Contains(a, "=") && takesValue(a) {
			if i+1 < len(argv) {
				i++
				out = append(out, argv[i])
			}
		}
	}
	return out
}

// takesValue reports the flags whose value is the next word.
func takesValue(flag string) bool {
	switch strings.TrimLeft(flag, "-") {
	case "c", "root", "cwd", "timeout", "limits", "tools", "profile", "approve", "allow-url":
		return true
	}
	return false
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
	softMemoryLimit(lim, os.LookupEnv)
	network, err := networkPolicy(cfg.allowURLs, os.LookupEnv)
	if err != nil {
		fmt.Fprintf(stderr, "justbash: --allow-url: %v\n", err)
		return exitUsage
	}
	onTerminal := term.IsTerminal(int(stdin.Fd()))
	var tools *toolSet
	if cfg.toolsGiven {
		tools, err = loadToolSet(cfg.tools, cfg.profile)
		if err != nil {
			fmt.Fprintf(stderr, "justbash: %v\n", err)
			return exitSetup
		}
		defer tools.Close() // stops MCP server processes before we exit
		policy := cfg.approve
		if policy == "" {
			policy = approveAllowAll
			if onTerminal {
				policy = approvePrompt
			}
		}
		applyApproval(tools.inv, policy, openTTY)
	}
	sh, cleanup, err := newShell(cfg, lim, tools, network)
	if err != nil {
		fmt.Fprintf(stderr, "justbash: %v\n", err)
		return exitSetup
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	interactive := !cfg.hasScript && len(cfg.args) == 0 && onTerminal
	if interactive && !cfg.jsonOut {
		stop() // the REPL handles Ctrl-C itself: it cancels one command, not the shell
		code, err := repl.Run(context.Background(), sh, repl.WithErrexit(cfg.errexit),
			repl.WithHistoryFile(historyFile()))
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
	if cfg.hasScript {
		opts = append(opts, shell.WithCommandMode())
	}
	if scriptIn != nil {
		opts = append(opts, shell.WithStdin(scriptIn))
	}
	if !cfg.jsonOut {
		opts = append(opts, shell.WithStdout(stdout), shell.WithStderr(stderr))
	}
	res, _ := sh.Exec(ctx, script, opts...)
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

// softMemoryLimit sets the Go runtime's soft memory limit (GOMEMLIMIT) to
// three quarters of the profile's heap cap, so that the garbage collector
// works harder as a script's heap grows, before the heap watchdog stops
// the run at the cap. A GOMEMLIMIT the user set wins. It returns the limit
// in force, for tests.
func softMemoryLimit(lim shell.Limits, getenv func(string) (string, bool)) int64 {
	if _, set := getenv("GOMEMLIMIT"); set || lim.MaxHeapBytes <= 0 {
		return debug.SetMemoryLimit(-1)
	}
	debug.SetMemoryLimit(lim.MaxHeapBytes / 4 * 3)
	return debug.SetMemoryLimit(-1)
}
