package spec

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"sync"
)

// Verdict is the outcome of one case.
type Verdict int

const (
	Pass Verdict = iota
	Fail
	Skip
)

// CaseResult is one judged case.
type CaseResult struct {
	File     string
	Case     *Case
	Expect   Expectation
	Out      Output
	Verdict  Verdict
	Why      string   // reason of a skip
	Problems []string // what differed: stdout, status, timeout, ...
	Known    bool     // GNU bash itself fails this case (excluded from the target)
}

// ID is the stable ledger id of the case: "file index".
func (r *CaseResult) ID() CaseID { return CaseID{File: r.File, Index: r.Case.Index} }

// Judge compares an output with an expectation the way the reference
// runner does: stdout only when the case states it, the status always,
// stderr never.
func Judge(e Expectation, out Output) []string {
	var problems []string
	switch {
	case out.TimedOut:
		problems = append(problems, "timeout")
	case out.Err != nil:
		problems = append(problems, out.Err.Error())
	default:
		if e.Stdout != nil && out.Stdout != *e.Stdout {
			problems = append(problems, "stdout")
		}
		if out.Status != e.Status {
			problems = append(problems, "status")
		}
	}
	return problems
}

// FileResult is the judged cases of one file, in order.
type FileResult struct {
	File     *File
	Err      error // parse error: the file counts as one failure
	Cases    []*CaseResult
	Pass     int
	Fail     int
	Skip     int
	KnownRun int // known bash failures that were run
	KnownOK  int // ... and that passed for us
}

// Select chooses which cases run.
type Select struct {
	Filter *regexp.Regexp  // description filter; nil runs all
	Known  map[CaseID]bool // GNU bash's own failures
	Jobs   int             // parallel cases; 0 means 2×GOMAXPROCS
}

type job struct {
	fr *FileResult
	cr *CaseResult
}

// RunFiles runs the cases of files over a worker pool and returns one
// FileResult per file, in order. Cases filtered out do not appear; N-I
// cases for the label appear as skipped.
func (cfg *Config) RunFiles(ctx context.Context, files []*File, sel Select) []*FileResult {
	results := make([]*FileResult, len(files))
	var jobs []job
	for i, f := range files {
		fr := &FileResult{File: f}
		results[i] = fr
		for _, c := range f.Cases {
			if sel.Filter != nil && !sel.Filter.MatchString(c.Desc) {
				continue
			}
			cr := &CaseResult{File: f.Name, Case: c}
			cr.Known = sel.Known[cr.ID()]
			fr.Cases = append(fr.Cases, cr)
			e, err := Expect(c, cfg.label())
			cr.Expect = e
			switch {
			case err != nil:
				cr.Verdict, cr.Problems = Fail, []string{"bad expectation: " + err.Error()}
			case e.NI:
				cr.Verdict, cr.Why = Skip, "N-I "+cfg.label()
			default:
				jobs = append(jobs, job{fr, cr})
			}
		}
	}
	n := sel.Jobs
	if n <= 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	ch := make(chan job)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				j.cr.Out = cfg.Run(ctx, j.fr.File, j.cr.Case)
				j.cr.Problems = Judge(j.cr.Expect, j.cr.Out)
				if len(j.cr.Problems) > 0 {
					j.cr.Verdict = Fail
				}
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	for _, fr := range results {
		fr.tally()
	}
	return results
}

func (fr *FileResult) tally() {
	for _, cr := range fr.Cases {
		switch {
		case cr.Verdict == Skip:
			fr.Skip++
		case cr.Known:
			fr.KnownRun++
			if cr.Verdict == Pass {
				fr.KnownOK++
			}
		case cr.Verdict == Pass:
			fr.Pass++
		default:
			fr.Fail++
		}
	}
}

// Summary is the line the runner prints for the file.
func (fr *FileResult) Summary() string {
	if fr.Err != nil {
		return fmt.Sprintf("%s: PARSE ERROR %v", fr.File.Name, fr.Err)
	}
	s := fmt.Sprintf("%s: %d passed, %d failed, %d skipped", fr.File.Name, fr.Pass, fr.Fail, fr.Skip)
	if fr.KnownRun > 0 {
		s += fmt.Sprintf(" (+%d bash-known-fail, %d of them pass)", fr.KnownRun, fr.KnownOK)
	}
	return s
}
