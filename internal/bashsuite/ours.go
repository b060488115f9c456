package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/vfs"
)

// resultsDir is where the sandbox run keeps each test's output.
const resultsDir = "/tmp/bashsuite-out"

// suiteFiles is the test directory read once: path relative to it -> file.
type suiteFiles map[string]suiteFile

type suiteFile struct {
	data []byte
	mode fs.FileMode
	link string // symlink target, when the entry is a link
}

// readSuite reads every regular file and symlink under dir.
func readSuite(dir string) (suiteFiles, error) {
	files := suiteFiles{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			files[filepath.ToSlash(rel)] = suiteFile{link: target}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = suiteFile{data: data, mode: info.Mode().Perm()}
		return nil
	})
	return files, err
}

// suiteLimits leave room for the suite's loops and recursion while
// stopping a runaway file.
func suiteLimits(timeout time.Duration) *shell.Limits {
	return &shell.Limits{
		Timeout:           timeout,
		MaxSteps:          20_000_000,
		MaxCallDepth:      1000,
		MaxOutputBytes:    16 << 20,
		MaxStringBytes:    16 << 20,
		MaxHeapBytes:      2 << 30,
		MaxFileSize:       32 << 20,
		MaxTotalBytes:     256 << 20,
		MaxBackgroundJobs: 64,
	}
}

// runOurs runs one harness in a fresh sandbox holding the suite at dir (the
// same absolute path as on the host) and returns each .right's output.
func runOurs(ctx context.Context, dir string, files suiteFiles, h harness, timeout time.Duration) (map[string]string, error) {
	env := map[string]string{
		"PATH": ".:/usr/bin:/bin",
		// A home that is not TMPDIR, as for whoever runs make test:
		// dirs and pushd show the directory under TMPDIR unabbreviated.
		"HOME":   suiteHome,
		"LANG":   "C.UTF-8",
		"TMPDIR": "/tmp",
		// bash's Makefile runs the suite with THIS_SH=$(BUILD_DIR)/bash,
		// an absolute path: type.tests hashes "bash" to /tmp/bash and
		// then still runs ${THIS_SH} sub-scripts.
		"THIS_SH":       "/bin/bash",
		"BASH_TSTOUT":   "/tmp/bashtst-out",
		"BASHSUITE_OUT": resultsDir,
	}
	sh, err := shell.New(shell.Options{Env: env, Dir: dir, Limits: suiteLimits(timeout)})
	if err != nil {
		return nil, err
	}
	for name, f := range map[string]commands.Func{"recho": recho, "zecho": zecho, "xcase": xcase} {
		if err := sh.AddCommand(name, f); err != nil {
			return nil, err
		}
	}
	fsys := sh.FS()
	if err := fsys.MkdirAll(resultsDir, 0o755); err != nil {
		return nil, err
	}
	for rel, f := range files {
		p := path.Join(dir, rel)
		if err := fsys.MkdirAll(path.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if f.link != "" {
			err = fsys.Symlink(f.link, p)
		} else {
			err = vfs.WriteFile(fsys, p, f.data, f.mode)
		}
		if err != nil {
			return nil, fmt.Errorf("load %s: %w", rel, err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout+5*time.Second)
	defer cancel()
	type done struct{ err error }
	ch := make(chan done, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				ch <- done{fmt.Errorf("panic: %v", p)}
			}
		}()
		_, err := sh.Exec(ctx, h.script, shell.WithStdin(strings.NewReader("")), shell.WithName("sh"))
		ch <- done{err}
	}()
	var runErr error
	select {
	case d := <-ch:
		runErr = d.err
	case <-time.After(timeout + 10*time.Second):
		runErr = fmt.Errorf("abandoned after %v", timeout+10*time.Second)
	}
	outs := map[string]string{}
	for _, r := range h.rights {
		if data, err := vfs.ReadFile(fsys, path.Join(resultsDir, r+".out")); err == nil {
			outs[r] = string(data)
		}
	}
	return outs, runErr
}

// suiteHome is $HOME in both runs: a directory of its own (it need not
// exist; the suite's cd with no operand is not compared).
const suiteHome = "/home/user"
