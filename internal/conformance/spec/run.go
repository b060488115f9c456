package spec

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/vfs"
)

// Sandbox layout of a case, mirroring the reference runner: a fresh
// directory that is both the cwd and $TMP, and a synthetic $REPO_ROOT with
// spec/testdata, spec/bin (the helpers, also first on $PATH) and bin/.
const (
	CaseDir    = "/tmp/case"
	RepoRoot   = "/tmp/repo_root"
	helpersDir = RepoRoot + "/spec/bin"
)

// TestFile is a file the cases may read below $REPO_ROOT/spec/testdata.
type TestFile struct {
	Data []byte
	Mode fs.FileMode
}

// Config says how cases run.
type Config struct {
	// Label picks the expectations ("bash" when empty).
	Label string
	// SH is the value of $SH ("bash" when empty): our nested shell.
	SH string
	// Timeout bounds one case (5 s when zero).
	Timeout time.Duration
	// Testdata maps slash paths relative to spec/testdata to their files.
	Testdata map[string]TestFile
}

func (cfg *Config) label() string {
	if cfg.Label == "" {
		return "bash"
	}
	return cfg.Label
}

func (cfg *Config) timeout() time.Duration {
	if cfg.Timeout <= 0 {
		return 5 * time.Second
	}
	return cfg.Timeout
}

// Output is what running a case produced.
type Output struct {
	Stdout, Stderr string
	Status         int
	TimedOut       bool
	Err            error // a limit or setup error; nil for an ordinary run
	Secs           float64
}

// caseLimits keep a runaway case from hanging or flooding the run while
// leaving room for the corpus's loops and deep recursion tests.
func caseLimits(timeout time.Duration) *shell.Limits {
	return &shell.Limits{
		Timeout:           timeout,
		MaxSteps:          2_000_000,
		MaxCallDepth:      1000,
		MaxOutputBytes:    4 << 20,
		MaxStringBytes:    16 << 20,
		MaxHeapBytes:      3 << 30,
		MaxFileSize:       16 << 20,
		MaxTotalBytes:     64 << 20,
		MaxBackgroundJobs: 64,
	}
}

// newCaseShell builds the sandbox for one case of a file.
func (cfg *Config) newCaseShell(f *File) (*shell.Shell, map[string]string, error) {
	env := map[string]string{
		"PATH":      helpersDir + ":/usr/local/bin:/usr/bin:/bin",
		"LC_ALL":    "C.UTF-8",
		"REPO_ROOT": RepoRoot,
		"SH":        cfg.SH,
		"TMP":       CaseDir,
	}
	if env["SH"] == "" {
		env["SH"] = "bash"
	}
	sh, err := shell.New(shell.Options{
		Env:    env,
		Dir:    CaseDir,
		Limits: caseLimits(cfg.timeout()),
	})
	if err != nil {
		return nil, nil, err
	}
	fsys := sh.FS()
	dirs := []string{RepoRoot + "/bin", RepoRoot + "/_tmp/spec-tmp", helpersDir}
	if f.Header["legacy_tmp_dir"] != "" {
		dirs = append(dirs, CaseDir+"/_tmp")
	}
	for _, d := range dirs {
		if err := fsys.MkdirAll(d, 0o755); err != nil {
			return nil, nil, err
		}
	}
	for name, cmd := range Helpers() {
		if err := sh.AddCommand(name, cmd); err != nil {
			return nil, nil, err
		}
		if err := copyStub(fsys, "/usr/bin/"+name, helpersDir+"/"+name); err != nil {
			return nil, nil, err
		}
	}
	for name, body := range helperScripts {
		if err := vfs.WriteFile(fsys, helpersDir+"/"+name, []byte(body), 0o755); err != nil {
			return nil, nil, err
		}
	}
	for rel, tf := range cfg.Testdata {
		p := path.Join(RepoRoot, "spec/testdata", rel)
		if err := fsys.MkdirAll(path.Dir(p), 0o755); err != nil {
			return nil, nil, err
		}
		if err := vfs.WriteFile(fsys, p, tf.Data, tf.Mode.Perm()); err != nil {
			return nil, nil, err
		}
	}
	return sh, env, nil
}

// copyStub duplicates the sandbox's /usr/bin stub of a command, so the
// helper directory on $PATH resolves to the same registered command.
func copyStub(fsys vfs.FS, from, to string) error {
	data, err := vfs.ReadFile(fsys, from)
	if err != nil {
		return err
	}
	return vfs.WriteFile(fsys, to, data, 0o755)
}

// Run runs one case of f in a fresh sandbox. A case that does not finish
// within the timeout plus a grace period is abandoned and reported as
// timed out (its goroutine is left to the context cancellation).
func (cfg *Config) Run(ctx context.Context, f *File, c *Case) Output {
	start := time.Now()
	sh, _, err := cfg.newCaseShell(f)
	if err != nil {
		return Output{Err: fmt.Errorf("setup: %w", err), Status: -1}
	}
	timeout := cfg.timeout()
	ctx, cancel := context.WithTimeout(ctx, timeout+time.Second)
	defer cancel()
	type done struct {
		res shell.Result
		err error
	}
	ch := make(chan done, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				ch <- done{shell.Result{ExitCode: -1}, fmt.Errorf("panic: %v", p)}
			}
		}()
		res, err := sh.Exec(ctx, c.Code, shell.WithStdin(strings.NewReader("")), shell.WithName("bash"))
		ch <- done{res, err}
	}()
	var d done
	select {
	case d = <-ch:
	case <-time.After(timeout + 2*time.Second):
		return Output{TimedOut: true, Status: -1, Secs: time.Since(start).Seconds()}
	}
	out := Output{Stdout: d.res.Stdout, Stderr: d.res.Stderr, Status: d.res.ExitCode,
		Err: d.err, Secs: time.Since(start).Seconds()}
	var le *shell.LimitError
	if errors.As(d.err, &le) && le.Name == "timeout" || errors.Is(d.err, context.DeadlineExceeded) {
		out.TimedOut = true
	}
	return out
}
