package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/vfs"
)

// Outcome is what one side printed and returned for an invocation.
type Outcome struct {
	Stdout string
	Stderr string
	Status int
	// Note is set when the run did not end normally (timeout, panic, a
	// missing tool); it is shown in reports but not compared.
	Note string
}

// Timeout bounds each GNU run, OursTimeout each run of ours. Invocations
// finish in milliseconds; the bounds are for bugs that loop.
var (
	Timeout     = 10 * time.Second
	OursTimeout = 5 * time.Second
)

// maxOutput bounds what is kept of either side's output.
const maxOutput = 1 << 20

// dirMarker replaces each side's scratch directory in its output: GNU runs
// in a host temp dir, ours in /tmp/cmddiff, and only that name may differ.
const dirMarker = "$DIR"

// BashPath is the shell that runs the GNU tools.
var BashPath = "/bin/bash"

// gnuTools are the programs whose presence the oracle needs; HaveGNU checks
// that each is on the oracle's PATH and is the GNU build.
var gnuTools = []string{"head", "sed", "grep", "gawk", "jq"}

// HaveGNU reports whether bash and the GNU tools are present, and if not,
// what is missing.
func HaveGNU() (bool, string) {
	if fi, err := os.Stat(BashPath); err != nil || fi.IsDir() {
		return false, BashPath + " not found"
	}
	for _, t := range gnuTools {
		out, err := exec.Command(t, "--version").Output()
		if err != nil {
			return false, t + " not found"
		}
		first, _, _ := strings.Cut(string(out), "\n")
		want := "GNU"
		if t == "jq" {
			want = "jq-1.6"
		}
		if !strings.Contains(first, want) {
			return false, t + " is not " + want + ": " + first
		}
	}
	return true, ""
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

// env is the whole environment of both sides, besides LC_ALL.
func env(locale string) map[string]string {
	return map[string]string{"PATH": "/usr/bin:/bin", "HOME": "/home/user", "LC_ALL": locale, "TZ": "UTC"}
}

// writeHostFixtures fills dir with the fixtures, then sets their mtimes
// (last first, so a directory's comes after its entries are written).
func writeHostFixtures(dir string) error {
	for _, f := range fixtures {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		var err error
		switch {
		case f.Dir:
			err = os.MkdirAll(p, 0o755)
		case f.Link != "":
			err = os.Symlink(f.Link, p)
		default:
			err = os.WriteFile(p, []byte(f.Data), 0o644)
		}
		if err != nil {
			return err
		}
	}
	for i := len(fixtures) - 1; i >= 0; i-- {
		f := fixtures[i]
		if f.Link != "" {
			continue // os.Chtimes follows links
		}
		if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(f.Name)), f.mtime(), f.mtime()); err != nil {
			return err
		}
	}
	return nil
}

// RunGNU runs inv's script in /bin/bash, in a fresh temp dir holding the
// fixtures, with the clean environment and inv's stdin on a pipe.
func RunGNU(ctx context.Context, inv Inv) Outcome {
	dir, err := os.MkdirTemp("", "cmddiff-")
	if err != nil {
		return Outcome{Status: -1, Note: "mkdtemp: " + err.Error()}
	}
	defer os.RemoveAll(dir)
	if err := writeHostFixtures(dir); err != nil {
		return Outcome{Status: -1, Note: "fixtures: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, BashPath, "-c", inv.Text())
	cmd.Args[0] = "bash"
	cmd.Dir = dir
	for k, v := range env(inv.Locale) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin = strings.NewReader(fixtureData(inv.Stdin))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	var out, errb boundedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	o := Outcome{Stdout: normalise(out.String(), dir), Stderr: normalise(errb.String(), dir)}
	if inv.Locale != "C" {
		// In a UTF-8 locale gnulib's quote() uses curly quotes in messages;
		// ours print the C locale's ASCII quotes in every locale (by
		// design: one wording for agents to match), so only the quotes
		// are mapped back.
		o.Stderr = curlyQuotes.Replace(o.Stderr)
	}
	if out.dropped || errb.dropped {
		o.Note = "output truncated"
	}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		o.Status, o.Note = -1, "GNU side timed out"
	case errors.As(err, &ee):
		o.Status = ee.ExitCode()
	case err != nil:
		o.Status, o.Note = -1, "bash: "+err.Error()
	}
	return o
}

// oursDir is the sandbox's scratch directory.
const oursDir = "/tmp/cmddiff"

// RunOurs runs inv's script in a fresh sandbox (shell.New, the public API)
// holding the same fixtures, environment and stdin.
func RunOurs(ctx context.Context, inv Inv) (o Outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Status: -1, Note: fmt.Sprintf("panic escaped: %v", r)}
		}
	}()
	sh, err := shell.New(shell.Options{})
	if err != nil {
		return Outcome{Status: -1, Note: "shell.New: " + err.Error()}
	}
	fsys := sh.FS()
	for _, f := range fixtures {
		p := oursDir + "/" + f.Name
		switch {
		case f.Dir:
			err = fsys.MkdirAll(p, 0o755)
		case f.Link != "":
			err = fsys.Symlink(f.Link, p)
		default:
			if err = fsys.MkdirAll(p[:strings.LastIndexByte(p, '/')], 0o755); err == nil {
				err = vfs.WriteFile(fsys, p, []byte(f.Data), 0o644)
			}
		}
		if err != nil {
			return Outcome{Status: -1, Note: "fixtures: " + err.Error()}
		}
	}
	for i := len(fixtures) - 1; i >= 0; i-- {
		if f := fixtures[i]; f.Link == "" {
			if err := fsys.Chtimes(oursDir+"/"+f.Name, f.mtime(), f.mtime()); err != nil {
				return Outcome{Status: -1, Note: "fixtures: " + err.Error()}
			}
		}
	}
	ctx, cancel := context.WithTimeout(ctx, OursTimeout)
	defer cancel()
	res, err := sh.Exec(ctx, inv.Text(),
		shell.WithDir(oursDir),
		shell.WithStdin(strings.NewReader(fixtureData(inv.Stdin))),
		shell.WithCommandMode(),
		shell.WithEnv(env(inv.Locale)))
	o = Outcome{Stdout: normalise(res.Stdout, oursDir), Stderr: normalise(res.Stderr, oursDir), Status: res.ExitCode}
	if err != nil {
		o.Note = "Exec error: " + err.Error()
	}
	return o
}

var curlyQuotes = strings.NewReplacer("\u2018", "'", "\u2019", "'")

func normalise(s, dir string) string {
	if len(s) > maxOutput {
		s = s[:maxOutput]
	}
	return strings.ReplaceAll(s, dir, dirMarker)
}

// Diff names the fields in which two outcomes differ; empty means equal.
func Diff(gnu, ours Outcome) []string {
	var d []string
	if gnu.Stdout != ours.Stdout {
		d = append(d, "stdout")
	}
	if gnu.Stderr != ours.Stderr {
		d = append(d, "stderr")
	}
	if gnu.Status != ours.Status {
		d = append(d, "status")
	}
	return d
}

// Result is one invocation compared, and its shrunk form.
type Result struct {
	Inv        Inv
	GNU        Outcome
	Ours       Outcome
	Diff       []string
	Shrunk     Inv
	ShrunkGNU  Outcome
	ShrunkOurs Outcome
}

// Category names a divergence: the command, the tags of what is left after
// shrinking and the fields that differ.
func (r Result) Category() string {
	return r.Shrunk.Cmd + ":" + strings.Join(r.Shrunk.Tags(), "+") + " [" + strings.Join(Diff(r.ShrunkGNU, r.ShrunkOurs), ",") + "]"
}

// Compare runs inv on both sides; with shrink it also minimises a divergence.
func Compare(ctx context.Context, inv Inv, shrink bool) Result {
	r := Result{Inv: inv, GNU: RunGNU(ctx, inv), Ours: RunOurs(ctx, inv)}
	r.Diff = Diff(r.GNU, r.Ours)
	r.Shrunk, r.ShrunkGNU, r.ShrunkOurs = inv, r.GNU, r.Ours
	if len(r.Diff) > 0 && shrink {
		r.Shrunk, r.ShrunkGNU, r.ShrunkOurs = Shrink(ctx, inv, r.GNU, r.Ours, func(c Inv) (Outcome, Outcome, bool) {
			g, o := RunGNU(ctx, c), RunOurs(ctx, c)
			return g, o, len(Diff(g, o)) > 0 && g.Note == ""
		})
	}
	return r
}
