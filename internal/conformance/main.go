// Command conformance runs Oils spec files (*.test.sh) against the justbash
// sandbox and judges them with bash's expectations, like the reference
// Python runner of the shared conformance corpus does for real bash.
//
//	go run ./internal/conformance [flags] [FILES...]
//
// FILES are spec file paths or names (arith, arith.test.sh) looked up in
// the spec directory; none means every file there. Cases GNU bash itself
// fails (oils-bash-known-fail.txt beside the spec directory) are run but
// counted apart. One line per file, then "N passed, N failed".
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/justbash/justbash/internal/conformance/spec"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	verbose bool
	filter  string
	ledger  string
	causes  string
	known   string
	specDir string
	jobs    int
	timeout time.Duration
	list    bool
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fl := flag.NewFlagSet("conformance", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.BoolVar(&o.verbose, "v", false, "show each failure with expected and actual output")
	fl.StringVar(&o.filter, "run", "", "only cases whose description matches this regexp (case-insensitive)")
	fl.StringVar(&o.ledger, "ledger", "", "write the failing case ids to this file")
	fl.StringVar(&o.causes, "causes", "", "write the ranking of failure causes to this file")
	fl.StringVar(&o.known, "known", "", "file of cases GNU bash fails (default: oils-bash-known-fail.txt beside the spec dir)")
	fl.StringVar(&o.specDir, "spec-dir", "", "directory of the *.test.sh files (default: ../shared/conformance/oils-spec)")
	fl.IntVar(&o.jobs, "j", 0, "cases run in parallel (default 2×GOMAXPROCS)")
	fl.BoolVar(&o.list, "list", false, "list the cases (file, index, description), run nothing")
	fl.DurationVar(&o.timeout, "timeout", 5*time.Second, "per-case timeout")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if o.list {
		return listCases(o, fl.Args(), stdout, stderr)
	}
	res, err := runCorpus(o, fl.Args())
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	return report(o, res, stdout)
}

// runResult is everything the report needs.
type runResult struct {
	files   []*spec.FileResult
	corpus  *spec.Corpus
	failing []*spec.CaseResult
	cfg     *spec.Config
}

func runCorpus(o options, args []string) (*runResult, error) {
	dir, names, err := resolveFiles(o.specDir, args)
	if err != nil {
		return nil, err
	}
	corpus, err := spec.LoadFiles(os.DirFS(dir), names)
	if err != nil {
		return nil, err
	}
	known, err := loadKnown(o.known, dir)
	if err != nil {
		return nil, err
	}
	sel := spec.Select{Known: known, Jobs: o.jobs}
	if o.filter != "" {
		if sel.Filter, err = regexp.Compile("(?i)" + o.filter); err != nil {
			return nil, err
		}
	}
	cfg := &spec.Config{Timeout: o.timeout, Testdata: corpus.Testdata}
	files := cfg.RunFiles(context.Background(), corpus.Files, sel)
	res := &runResult{files: files, corpus: corpus, cfg: cfg}
	for _, fr := range files {
		fr.Err = corpus.Errors[fr.File.Name]
		for _, cr := range fr.Cases {
			if cr.Verdict == spec.Fail && !cr.Known {
				res.failing = append(res.failing, cr)
			}
		}
	}
	return res, nil
}

// resolveFiles finds the spec directory and the file names in it. Paths
// outside the spec directory are taken with their own directory.
func resolveFiles(specDir string, args []string) (string, []string, error) {
	if specDir == "" && len(args) > 0 && strings.Contains(args[0], "/") {
		specDir = filepath.Dir(args[0])
	}
	if specDir == "" {
		for _, d := range []string{"../shared/conformance/oils-spec", "../../../shared/conformance/oils-spec"} {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				specDir = d
				break
			}
		}
		if specDir == "" {
			return "", nil, fmt.Errorf("no spec directory found; use -spec-dir")
		}
	}
	if len(args) == 0 {
		names, err := spec.SpecNames(os.DirFS(specDir))
		return specDir, names, err
	}
	var names []string
	for _, a := range args {
		base := filepath.Base(a)
		if !strings.HasSuffix(base, ".test.sh") {
			base += ".test.sh"
		}
		if filepath.Dir(a) != "." && filepath.Clean(filepath.Dir(a)) != filepath.Clean(specDir) {
			return "", nil, fmt.Errorf("%s: all files must be in one spec directory (%s)", a, specDir)
		}
		names = append(names, base)
	}
	return specDir, names, nil
}

func loadKnown(name, specDir string) (map[spec.CaseID]bool, error) {
	if name == "" {
		name = filepath.Join(filepath.Dir(filepath.Clean(specDir)), "oils-bash-known-fail.txt")
		if _, err := os.Stat(name); err != nil {
			return nil, nil
		}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return spec.ReadIDs(f)
}

// listCases prints the cases as the reference runner's --list does.
func listCases(o options, args []string, stdout, stderr io.Writer) int {
	dir, names, err := resolveFiles(o.specDir, args)
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	corpus, err := spec.LoadFiles(os.DirFS(dir), names)
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	for _, f := range corpus.Files {
		for _, c := range f.Cases {
			e, _ := spec.Expect(c, "bash")
			tag := ""
			if e.NI {
				tag = " [N-I bash]"
			} else if e.Qualifier != "" {
				tag = fmt.Sprintf(" [%s bash]", e.Qualifier)
			}
			fmt.Fprintf(stdout, "%s\t%d\t%s%s\n", f.Name, c.Index, c.Desc, tag)
		}
	}
	return 0
}
