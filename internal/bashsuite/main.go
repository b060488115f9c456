// Command bashsuite runs bash 5.2's own test suite (the tests directory of
// the bash sources: run-NAME scripts, NAME.tests, NAME.right) against the
// justbash sandbox and, for reference, against /bin/bash, and reports per
// test whether the output matches the .right file exactly and how similar
// it is by lines (difflib's ratio).
//
//	BASH_TESTS_DIR=/path/to/bash-5.2.15/tests go run ./internal/bashsuite [flags] [REGEXP]
//
// Each run-NAME script runs as bash's make test runs it (THIS_SH the
// absolute path of bash, "." on PATH, a clean environment), except that
// its "diff OUT X.right" lines
// keep OUT for the comparison here. The sandbox holds the suite at the same
// absolute path, with Go versions of the suite's recho and zecho helpers;
// bash runs in a temp copy with the helpers compiled from ../support. The
// suite itself is never copied into this repository.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"sync"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	dir     string
	jobs    int
	timeout time.Duration
	// bashTimeout is longer: bash forks for every command, and some files
	// (ifs-posix) take a minute on a loaded machine.
	bashTimeout time.Duration
	noBash      bool
	filter      *regexp.Regexp
	diffs       bool
	saveDir     string
}

// result is one .right file's outcome for both shells.
type result struct {
	name               string
	ours, bash         string
	oursErr, bashErr   error
	haveBash           bool
	oursRatio, bashRat float64
	oursOK, bashOK     bool
	right              string
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fl := flag.NewFlagSet("bashsuite", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.StringVar(&o.dir, "dir", os.Getenv("BASH_TESTS_DIR"), "bash's tests directory (default $BASH_TESTS_DIR)")
	fl.IntVar(&o.jobs, "j", 2, "harnesses run in parallel")
	fl.DurationVar(&o.timeout, "timeout", 30*time.Second, "per-harness timeout")
	fl.DurationVar(&o.bashTimeout, "bash-timeout", 3*time.Minute, "per-harness timeout of /bin/bash")
	fl.BoolVar(&o.noBash, "nobash", false, "do not run /bin/bash for reference")
	fl.StringVar(&o.saveDir, "save", "", "write each test's outputs to this directory as NAME.ours and NAME.bash")
	fl.BoolVar(&o.diffs, "diff", false, "print our output and the expected output of each mismatch")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		re, err := regexp.Compile("^(" + fl.Arg(0) + ")$")
		if err != nil {
			fmt.Fprintln(stderr, "bashsuite:", err)
			return 2
		}
		o.filter = re
	}
	if o.dir == "" {
		fmt.Fprintln(stderr, "bashsuite: no tests directory: set BASH_TESTS_DIR or -dir")
		return 2
	}
	res, note, err := runSuite(context.Background(), o)
	if err != nil {
		fmt.Fprintln(stderr, "bashsuite:", err)
		return 2
	}
	if note != "" {
		fmt.Fprintln(stdout, "note:", note)
	}
	printTable(stdout, res, o.diffs)
	if o.saveDir != "" {
		if err := saveOutputs(o.saveDir, res); err != nil {
			fmt.Fprintln(stderr, "bashsuite:", err)
			return 1
		}
	}
	return 0
}

// runSuite runs every selected harness in the sandbox and in bash.
func runSuite(ctx context.Context, o options) ([]*result, string, error) {
	hs, err := loadHarnesses(o.dir, o.filter)
	if err != nil {
		return nil, "", err
	}
	files, err := readSuite(o.dir)
	if err != nil {
		return nil, "", err
	}
	var hr *hostRun
	note := "bash not run (-nobash)"
	if !o.noBash {
		if hr, note, err = newHostRun(o.dir, files); err != nil {
			return nil, "", err
		}
		if hr != nil {
			defer hr.close()
		}
	}
	var (
		mu  sync.Mutex
		res []*result
		wg  sync.WaitGroup
	)
	work := make(chan harness)
	for range max(o.jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for h := range work {
				rs := runHarness(ctx, o, files, hr, h)
				mu.Lock()
				res = append(res, rs...)
				mu.Unlock()
			}
		}()
	}
	for _, h := range hs {
		work <- h
	}
	close(work)
	wg.Wait()
	sort.Slice(res, func(i, j int) bool { return res[i].name < res[j].name })
	return res, note, nil
}

// slowHarness is the least time a harness gets in the sandbox when the
// file itself needs more than the default: run-jobs waits on its own
// sleeps (sleep 4 & wait, sleep 3 for stop notices, jobs5.sub's wait -n
// rounds) and takes about 70 s in bash 5.2 itself on an idle machine.
var slowHarness = map[string]time.Duration{"run-jobs": 150 * time.Second}

func runHarness(ctx context.Context, o options, files suiteFiles, hr *hostRun, h harness) []*result {
	ours, oursErr := runOurs(ctx, o.dir, files, h, max(o.timeout, slowHarness[h.name]))
	var bash map[string]string
	var bashErr error
	if hr != nil {
		bash, bashErr = hr.run(ctx, h, o.bashTimeout)
	}
	var rs []*result
	for _, r := range h.rights {
		want, err := os.ReadFile(o.dir + "/" + r)
		if err != nil {
			continue
		}
		x := &result{name: testName(r), right: string(want), ours: ours[r], oursErr: oursErr,
			haveBash: hr != nil, bash: bash[r], bashErr: bashErr}
		x.oursOK = x.ours == x.right
		x.oursRatio = lineRatio(x.right, x.ours)
		if x.haveBash {
			x.bashOK = x.bash == x.right
			x.bashRat = lineRatio(x.right, x.bash)
		}
		rs = append(rs, x)
	}
	return rs
}

func printTable(w io.Writer, res []*result, diffs bool) {
	fmt.Fprintf(w, "%-16s %-5s %6s   %-5s %6s  %s\n", "test", "ours", "ratio", "bash", "ratio", "note")
	var oursOK, bashOK, both int
	var oursSum, bashSum float64
	for _, r := range res {
		bashCol := "  -          -"
		if r.haveBash {
			bashCol = fmt.Sprintf("%-5s %6.3f", yes(r.bashOK), r.bashRat)
		}
		note := ""
		if r.oursErr != nil {
			note = "ours: " + r.oursErr.Error()
		}
		if r.bashErr != nil {
			note += " bash: " + r.bashErr.Error()
		}
		fmt.Fprintf(w, "%-16s %-5s %6.3f   %s  %s\n", r.name, yes(r.oursOK), r.oursRatio, bashCol, note)
		if r.oursOK {
			oursOK++
		}
		if r.bashOK {
			bashOK++
		}
		if r.oursOK && r.bashOK {
			both++
		}
		oursSum += r.oursRatio
		bashSum += r.bashRat
		if diffs && !r.oursOK {
			fmt.Fprintf(w, "----- %s: ours\n%s----- %s: expected\n%s-----\n", r.name, r.ours, r.name, r.right)
		}
	}
	n := float64(max(len(res), 1))
	fmt.Fprintf(w, "%d tests: ours match %d, mean ratio %.3f", len(res), oursOK, oursSum/n)
	if len(res) > 0 && res[0].haveBash {
		fmt.Fprintf(w, "; bash matches %d, mean ratio %.3f; both match %d", bashOK, bashSum/n, both)
	}
	fmt.Fprintln(w)
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// saveOutputs writes the outputs of each test for reading with diff.
func saveOutputs(dir string, res []*result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range res {
		if err := os.WriteFile(filepath.Join(dir, r.name+".ours"), []byte(r.ours), 0o644); err != nil {
			return err
		}
		if r.haveBash {
			if err := os.WriteFile(filepath.Join(dir, r.name+".bash"), []byte(r.bash), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
