package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// hostRun holds a private copy of the suite for /bin/bash, with the
// suite's helper programs compiled beside it.
type hostRun struct {
	root string // temp dir: tests/ is the copy, bin/ the helpers
	bash string
}

// newHostRun copies dir to a temp dir and compiles recho, zecho and
// printenv from ../support when a C compiler is present. It returns nil
// with a reason when bash is absent.
func newHostRun(dir string, files suiteFiles) (*hostRun, string, error) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		return nil, "no bash on PATH", nil
	}
	root, err := os.MkdirTemp("", "bashsuite-")
	if err != nil {
		return nil, "", err
	}
	hr := &hostRun{root: root, bash: bash}
	tests := filepath.Join(root, "tests")
	for rel, f := range files {
		p := filepath.Join(tests, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, "", err
		}
		if f.link != "" {
			err = os.Symlink(f.link, p)
		} else {
			err = os.WriteFile(p, f.data, f.mode|0o200)
		}
		if err != nil {
			return nil, "", err
		}
	}
	bin := filepath.Join(root, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, "", err
	}
	note := ""
	for _, prog := range []string{"recho", "zecho", "printenv"} {
		src := filepath.Join(dir, "..", "support", prog+".c")
		if _, err := os.Stat(src); err != nil {
			continue
		}
		// The sources include bash's own headers from the top directory.
		top := filepath.Join(dir, "..")
		cc := exec.Command("cc", "-w", "-O", "-I", top, "-I", filepath.Join(top, "include"),
			"-o", filepath.Join(bin, prog), src)
		if out, err := cc.CombinedOutput(); err != nil {
			note += fmt.Sprintf("cannot build %s: %v %s; ", prog, err, strings.TrimSpace(string(out)))
		}
	}
	return hr, note, nil
}

func (hr *hostRun) close() { os.RemoveAll(hr.root) }

// run runs one harness with /bin/sh in a clean environment in its own
// directory, as bash's run-all does, and returns each .right's output.
func (hr *hostRun) run(ctx context.Context, h harness, timeout time.Duration) (map[string]string, error) {
	work, err := os.MkdirTemp(hr.root, h.name+"-")
	if err != nil {
		return nil, err
	}
	out := filepath.Join(work, "out")
	tmp := filepath.Join(work, "tmp")
	for _, d := range []string{out, tmp} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", h.script)
	cmd.Dir = filepath.Join(hr.root, "tests")
	cmd.Env = []string{
		"PATH=" + filepath.Join(hr.root, "bin") + ":.:/usr/bin:/bin",
		"HOME=" + suiteHome, "LANG=C.UTF-8", "TMPDIR=" + tmp, "THIS_SH=" + hr.bash,
		"BASH_TSTOUT=" + filepath.Join(work, "bashtst-out"), "BASHSUITE_OUT=" + out,
	}
	cmd.Stdin = nil
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	// The whole process group goes on timeout: tests start background jobs.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	runErr := cmd.Run()
	var ee *exec.ExitError
	if errors.As(runErr, &ee) && ctx.Err() == nil {
		runErr = nil // the harness's own status is not a failure of the run
	}
	outs := map[string]string{}
	for _, r := range h.rights {
		if data, err := os.ReadFile(filepath.Join(out, r+".out")); err == nil {
			outs[r] = string(data)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return outs, err
		}
	}
	return outs, runErr
}
