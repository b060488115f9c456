// Package bbsuite runs BusyBox's test suite (the copy in the shared
// conformance corpus) inside the justbash sandbox, in-process, and judges
// each case as BusyBox's harness does: a *.tests file calls
//
//	testing "description" "command(s)" "expected stdout" "file ./input" "stdin"
//
// and passes when the command's stdout equals the expectation byte for byte;
// an old-style APPLET/ directory holds one script per case that passes when
// it exits 0 under `set -e`. The harness's interface is re-implemented here
// (testingSh); no corpus file is copied into the repository: the corpus is
// read at run time and copied into each case's sandbox only.
//
// `busybox APPLET` in the cases reaches the sandbox's own busybox command,
// so the multi-call front end is under test too.
package bbsuite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/vfs"
)

// Verdict is the outcome of one case.
type Verdict int

// The verdicts.
const (
	Pass Verdict = iota
	Fail
	Skip
)

func (v Verdict) String() string {
	return [...]string{"pass", "fail", "skip"}[v]
}

// Result is one case: Item is the *.tests file or the APPLET/ directory
// (with its slash), Name the case's description or script name. Seq counts
// earlier cases of the same Item and Name (a few descriptions repeat).
type Result struct {
	Item, Name string
	Seq        int
	Verdict    Verdict
	// Detail tells why a case failed: expected and actual output, or the
	// script's stderr and status.
	Detail string
}

// ID is the case's ledger key: "ITEM<TAB>NAME", with " #N" for the N-th
// repeat of a description.
func (r Result) ID() string {
	id := r.Item + "\t" + r.Name
	if r.Seq > 0 {
		id += fmt.Sprintf(" #%d", r.Seq+1)
	}
	return id
}

// Config says where the corpus is and how long a run may take.
type Config struct {
	// Dir is the corpus directory on the host.
	Dir string
	// Timeout bounds one *.tests file or one old-style case (60 s if zero).
	Timeout time.Duration
}

func (cfg *Config) timeout() time.Duration {
	if cfg.Timeout <= 0 {
		return 60 * time.Second
	}
	return cfg.Timeout
}

// Sandbox layout: every item runs in workDir; the old-style scripts find
// the corpus's applet directories below suiteDir (their $d).
const (
	workDir  = "/tmp/work"
	suiteDir = "/tmp/bbsuite"
)

// Items lists the corpus's *.tests files and applet directories, sorted.
func Items(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		switch {
		case e.IsDir():
			out = append(out, e.Name()+"/")
		case strings.HasSuffix(e.Name(), ".tests"):
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// RunAll runs the items, jobs at a time, and returns their results in
// the order of items.
func (cfg *Config) RunAll(ctx context.Context, items []string, jobs int) []Result {
	if jobs < 1 {
		jobs = 1
	}
	per := make([][]Result, len(items))
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for i, it := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			per[i] = cfg.RunItem(ctx, it)
		}()
	}
	wg.Wait()
	var out []Result
	for _, rs := range per {
		out = append(out, rs...)
	}
	return out
}

// RunItem runs one *.tests file or one APPLET/ directory.
func (cfg *Config) RunItem(ctx context.Context, item string) []Result {
	if dir, ok := strings.CutSuffix(item, "/"); ok {
		return cfg.runOldStyle(ctx, dir)
	}
	return cfg.runTestsFile(ctx, item)
}

// runTestsFile runs a *.tests file in one sandbox and reads the verdicts
// that testingSh prints.
func (cfg *Config) runTestsFile(ctx context.Context, name string) []Result {
	src, err := os.ReadFile(filepath.Join(cfg.Dir, name))
	if err != nil {
		return []Result{{Item: name, Name: "(read)", Verdict: Fail, Detail: err.Error()}}
	}
	files := map[string][]byte{
		"testing.sh": []byte(testingSh),
		// The md5/sha tests skip without this feature; the others that
		// read .config test no feature the sandbox lacks.
		".config": []byte("CONFIG_FEATURE_FANCY_HEAD=y\n"),
	}
	// sha*sum.tests source ./md5sum.tests; awk.tests reads its tarball.
	for _, extra := range []string{"md5sum.tests", "awk_t1.tar.bz2"} {
		if data, err := os.ReadFile(filepath.Join(cfg.Dir, extra)); err == nil {
			files[extra] = data
		}
	}
	sh, err := cfg.newShell(files, map[string]string{"bindir": workDir})
	if err != nil {
		return []Result{{Item: name, Name: "(setup)", Verdict: Fail, Detail: err.Error()}}
	}
	// $0 names the file, as when a shell runs it ("grep grep $0").
	self := path.Join(suiteDir, name)
	if err := writeTree(sh.FS(), suiteDir, map[string][]byte{name: src}); err != nil {
		return []Result{{Item: name, Name: "(setup)", Verdict: Fail, Detail: err.Error()}}
	}
	res, runErr, timedOut := cfg.exec(ctx, sh, string(src), self)
	rs := parseVerdicts(name, res.Stdout)
	attachDetails(sh.FS(), rs)
	if timedOut || runErr != nil && len(rs) == 0 {
		detail := "timed out"
		if !timedOut {
			detail = runErr.Error()
		}
		rs = append(rs, Result{Item: name, Name: "(run)", Verdict: Fail, Detail: detail})
	}
	return rs
}

// runOldStyle runs each script of an applet directory in a sandbox of
// its own, under set -e, as BusyBox's runtest does.
func (cfg *Config) runOldStyle(ctx context.Context, dir string) []Result {
	item := dir + "/"
	ents, err := os.ReadDir(filepath.Join(cfg.Dir, dir))
	if err != nil {
		return []Result{{Item: item, Name: "(read)", Verdict: Fail, Detail: err.Error()}}
	}
	suite, err := oldStyleFiles(cfg.Dir)
	if err != nil {
		return []Result{{Item: item, Name: "(read)", Verdict: Fail, Detail: err.Error()}}
	}
	var out []Result
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		r := Result{Item: item, Name: e.Name()}
		src := suite[path.Join(dir, e.Name())]
		sh, err := cfg.newShell(nil, map[string]string{"d": suiteDir})
		if err == nil {
			err = writeTree(sh.FS(), suiteDir, suite)
		}
		if err != nil {
			r.Verdict, r.Detail = Fail, "setup: "+err.Error()
			out = append(out, r)
			continue
		}
		// On the first line, so the script's line numbers stay right.
		res, runErr, timedOut := cfg.exec(ctx, sh, "set -e; "+string(src), e.Name())
		switch {
		case timedOut:
			r.Verdict, r.Detail = Fail, "timed out"
		case runErr != nil || res.ExitCode != 0:
			r.Verdict = Fail
			r.Detail = fmt.Sprintf("status %d, error %v\nstdout:\n%s\nstderr:\n%s", res.ExitCode, runErr, res.Stdout, res.Stderr)
		}
		out = append(out, r)
	}
	return out
}

// oldStyleFiles reads every script of every applet directory (they are
// tiny: a few dozen lines each), keyed by "APPLET/SCRIPT".
func oldStyleFiles(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		sub, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		for _, s := range sub {
			if s.IsDir() {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name(), s.Name()))
			if err != nil {
				return nil, err
			}
			out[e.Name()+"/"+s.Name()] = data
		}
	}
	return out, nil
}

func writeTree(fsys vfs.FS, root string, files map[string][]byte) error {
	for rel, data := range files {
		p := path.Join(root, rel)
		if err := fsys.MkdirAll(path.Dir(p), 0o755); err != nil {
			return err
		}
		if err := vfs.WriteFile(fsys, p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// newShell builds a sandbox whose cwd workDir holds files.
func (cfg *Config) newShell(files map[string][]byte, env map[string]string) (*shell.Shell, error) {
	e := map[string]string{"LC_ALL": "C", "ECHO": "echo", "BB_VERBOSE": "1"}
	for k, v := range env {
		e[k] = v
	}
	lim := shell.Normal
	lim.Timeout = cfg.timeout()
	sh, err := shell.New(shell.Options{Env: e, Dir: workDir, Limits: &lim})
	if err != nil {
		return nil, err
	}
	if err := sh.FS().MkdirAll(workDir, 0o755); err != nil {
		return nil, err
	}
	for name, data := range files {
		if err := vfs.WriteFile(sh.FS(), path.Join(workDir, name), data, 0o644); err != nil {
			return nil, err
		}
	}
	return sh, nil
}

// exec runs script with an empty stdin. A run that outlives its timeout
// plus a grace period is abandoned (its goroutine ends with the context).
func (cfg *Config) exec(ctx context.Context, sh *shell.Shell, script, name string) (res shell.Result, err error, timedOut bool) {
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
		r, err := sh.Exec(ctx, script, shell.WithStdin(strings.NewReader("")), shell.WithName(name))
		ch <- done{r, err}
	}()
	select {
	case d := <-ch:
		var le *shell.LimitError
		to := errors.As(d.err, &le) && le.Name == "timeout" || errors.Is(d.err, context.DeadlineExceeded)
		return d.res, d.err, to
	case <-time.After(timeout + 2*time.Second):
		return shell.Result{ExitCode: -1}, context.DeadlineExceeded, true
	}
}

// Exists reports whether dir looks like the corpus.
func Exists(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "sed.tests"))
	return err == nil && fi.Mode().IsRegular()
}
