package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/justbash/justbash/shell"
)

// Outcome is what one shell printed and returned for a script.
type Outcome struct {
	Stdout string
	Stderr string
	Status int
	// Note is set when the run did not end normally (timeout, limit,
	// panic, bash missing); it is shown in reports but not compared.
	Note string
}

// Timeout bounds each run of bash, OursTimeout each run of ours. Generated
// scripts finish in milliseconds even on a loaded machine; the bounds are
// there for evaluator bugs that loop (ours) and for safety (bash).
var (
	Timeout     = 10 * time.Second
	OursTimeout = 3 * time.Second
)

// maxOutput bounds what is kept of either shell's output.
const maxOutput = 1 << 20

// cwdMarker replaces each side's working directory in its output, the one
// normalisation: bash runs in a host temp dir, ours in a sandbox dir, and
// their names legitimately differ (tilde ~+ and ~- expose them).
const cwdMarker = "$CWD"

// bashEnv is the whole environment of /bin/bash: HOME matches the sandbox's
// so that tilde expands alike; no BASH_ENV, no ENV, nothing from the host.
var bashEnv = []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"}

// BashPath is the oracle.
var BashPath = "/bin/bash"

var (
	signalEnvOnce sync.Once
	signalEnv     string
)

// defaultSignalEnv returns the path of a GNU env that supports
// --default-signal (coreutils 8.31+), or "" when there is none or when
// "bash" on bashEnv's PATH is not BashPath.
func defaultSignalEnv() string {
	signalEnvOnce.Do(func() {
		p, err := exec.LookPath("env")
		if err != nil || exec.Command(p, "--default-signal", "true").Run() != nil {
			return
		}
		want, err := os.Stat(BashPath)
		if err != nil {
			return
		}
		for _, dir := range []string{"/usr/bin", "/bin"} {
			if fi, err := os.Stat(dir + "/bash"); err == nil {
				if os.SameFile(fi, want) {
					signalEnv = p
				}
				return
			}
		}
	})
	return signalEnv
}

// HaveBash reports whether the oracle is present.
func HaveBash() bool {
	fi, err := os.Stat(BashPath)
	return err == nil && !fi.IsDir()
}

// boundedBuffer keeps the first maxOutput bytes and drops the rest.
type boundedBuffer struct {
	bytes.Buffer
	dropped bool
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	room := maxOutput - b.Len()
	if room < len(p) {
		b.dropped = true
		if room > 0 {
			b.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

// RunBash runs script as `bash -c SCRIPT` in a fresh empty temp dir.
func RunBash(ctx context.Context, script string) Outcome {
	dir, err := os.MkdirTemp("", "difftest-")
	if err != nil {
		return Outcome{Status: -1, Note: "mkdtemp: " + err.Error()}
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, BashPath, "-c", script)
	// argv[0] "bash" as a user typing bash -c gets: it prefixes bash's messages.
	cmd.Args[0] = "bash"
	if env := defaultSignalEnv(); env != "" {
		// Signals ignored by whatever started us (nohup, a background job)
		// stay ignored across exec, and bash then shows them in trap -p and
		// refuses to trap them. Reset them so bash starts as from a terminal.
		// env finds "bash" on bashEnv's PATH (checked to be BashPath), so
		// argv[0] stays "bash".
		cmd.Path = env
		cmd.Args = []string{env, "--default-signal", "bash", "-c", script}
	}
	cmd.Dir = dir
	cmd.Env = bashEnv
	// Own process group, so a timeout kills what the script started too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	var out, errb boundedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	o := Outcome{Stdout: normalise(out.String(), dir), Stderr: normalise(errb.String(), dir)}
	if out.dropped || errb.dropped {
		o.Note = "output truncated"
	}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		o.Status, o.Note = -1, "bash timed out"
	case errors.As(err, &ee):
		o.Status = ee.ExitCode()
	case err != nil:
		o.Status, o.Note = -1, "bash: "+err.Error()
	}
	return o
}

// oursDir is the sandbox working directory: fresh in each new Shell.
const oursDir = "/tmp/difftest"

// RunOurs runs script in a fresh sandbox through the public API, with the
// same environment shape as RunBash and an empty stdin.
func RunOurs(ctx context.Context, script string) (o Outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Status: -1, Note: fmt.Sprintf("panic escaped: %v", r)}
		}
	}()
	sh, err := shell.New(shell.Options{})
	if err != nil {
		return Outcome{Status: -1, Note: "shell.New: " + err.Error()}
	}
	if err := sh.FS().MkdirAll(oursDir, 0o755); err != nil {
		return Outcome{Status: -1, Note: "mkdir: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, OursTimeout)
	defer cancel()
	res, err := sh.Exec(ctx, script,
		shell.WithDir(oursDir),
		shell.WithStdin(strings.NewReader("")),
		shell.WithCommandMode(),
		shell.WithEnv(map[string]string{"PATH": "/usr/bin:/bin", "HOME": "/home/user"}))
	o = Outcome{Stdout: normalise(res.Stdout, oursDir), Stderr: normalise(res.Stderr, oursDir), Status: res.ExitCode}
	if err != nil {
		o.Note = "Exec error: " + err.Error()
	}
	return o
}

func normalise(s, dir string) string {
	if len(s) > maxOutput {
		s = s[:maxOutput]
	}
	return strings.ReplaceAll(s, dir, cwdMarker)
}

// Diff names the fields in which two outcomes differ; empty means equal.
func Diff(bash, ours Outcome) []string {
	var d []string
	if bash.Stdout != ours.Stdout {
		d = append(d, "stdout")
	}
	if bash.Stderr != ours.Stderr {
		d = append(d, "stderr")
	}
	if bash.Status != ours.Status {
		d = append(d, "status")
	}
	return d
}

// Result is one script compared.
type Result struct {
	Script Script
	Bash   Outcome
	Ours   Outcome
	Diff   []string
	// Shrunk is the smallest script found that still diverges, with its
	// outcomes; it equals Script when shrinking is off or removed nothing.
	Shrunk     Script
	ShrunkBash Outcome
	ShrunkOurs Outcome
}

// Category names a divergence: the area, the tags left after shrinking and
// the fields that differ.
func (r Result) Category() string {
	return strings.Join(r.Shrunk.Tags(), "+") + " [" + strings.Join(Diff(r.ShrunkBash, r.ShrunkOurs), ",") + "]"
}

// Compare runs s on both sides; with shrink it also minimises a divergence.
func Compare(ctx context.Context, s Script, shrink bool) Result {
	text := s.Text()
	r := Result{Script: s, Bash: RunBash(ctx, text), Ours: RunOurs(ctx, text)}
	r.Diff = Diff(r.Bash, r.Ours)
	r.Shrunk, r.ShrunkBash, r.ShrunkOurs = s, r.Bash, r.Ours
	if len(r.Diff) > 0 && shrink {
		r.Shrunk, r.ShrunkBash, r.ShrunkOurs = Shrink(ctx, s, r.Bash, r.Ours, func(t string) (Outcome, Outcome, bool) {
			b, o := RunBash(ctx, t), RunOurs(ctx, t)
			return b, o, len(Diff(b, o)) > 0
		})
	}
	return r
}
