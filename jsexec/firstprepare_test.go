package jsexec

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The first Prepare of a process pays for what every later one finds
// made: the prelude's compiled programs, the freeze plan, the global
// layout, goja's and regexp2's first-use tables, and the pages of a heap
// that has not grown yet. A worker process (a fresh re-exec of the
// binary) pays it before its first execute_code, so it is measured in
// fresh processes: this test re-runs the test binary once per sample and
// reads what the child measured around its Prepares.
//
// JSEXEC_FIRST_PREPARE=N (N ≥ 1 processes; 1 means the default, 11) runs
// it; JSEXEC_FIRST_PREPARE_MODE=precompile makes each child call
// Precompile first (the server's idle-time call) and measure the Prepare
// after it. It prints; it asserts nothing about speed.
const (
	firstPrepareEnv   = "JSEXEC_FIRST_PREPARE"
	firstPrepareChild = "JSEXEC_FIRST_PREPARE_CHILD"
	firstPrepareMode  = "JSEXEC_FIRST_PREPARE_MODE"
)

// prepareSample is one measured step of a child process.
type prepareSample struct {
	Wall, CPU time.Duration
	Faults    int64 // minor page faults
	Allocs    uint64
	Bytes     uint64
	GCs       uint32
}

// measureStep runs f and returns what it cost this process.
func measureStep(f func()) prepareSample {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	m0, r0, t0 := ms, ru, time.Now()
	f()
	wall := time.Since(t0)
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	runtime.ReadMemStats(&ms)
	cpu := func(r syscall.Rusage) time.Duration { return time.Duration(r.Utime.Nano() + r.Stime.Nano()) }
	return prepareSample{
		Wall: wall, CPU: cpu(ru) - cpu(r0), Faults: ru.Minflt - r0.Minflt,
		Allocs: ms.Mallocs - m0.Mallocs, Bytes: ms.TotalAlloc - m0.TotalAlloc, GCs: ms.NumGC - m0.NumGC,
	}
}

// firstPrepareSteps is what a child measures, in order.
var firstPrepareSteps = []string{"first Prepare", "second Prepare", "third Prepare"}

func runFirstPrepareChild(t *testing.T) {
	if os.Getenv(firstPrepareMode) == "precompile" {
		Precompile()
	}
	var out []prepareSample
	for range firstPrepareSteps {
		var p *Prepared
		out = append(out, measureStep(func() { p = Prepare(mcpPrepareOpts()) }))
		if p.err != nil {
			t.Fatal(p.err)
		}
		p.Discard()
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("FIRSTPREPARE %s\n", b)
}

func TestFirstPrepareMeasure(t *testing.T) {
	if os.Getenv(firstPrepareChild) != "" {
		runFirstPrepareChild(t)
		return
	}
	n, err := strconv.Atoi(os.Getenv(firstPrepareEnv))
	if err != nil || n < 1 {
		t.Skip("set " + firstPrepareEnv + "=N to measure the first Prepare in N fresh processes")
	}
	if n == 1 {
		n = 11
	}
	var runs [][]prepareSample
	for range n {
		cmd := exec.Command(os.Args[0], "-test.run=^TestFirstPrepareMeasure$", "-test.count=1")
		cmd.Env = append(os.Environ(), firstPrepareChild+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		_, line, ok := strings.Cut(string(out), "FIRSTPREPARE ")
		if !ok {
			t.Fatalf("child printed no measurement:\n%s", out)
		}
		line, _, _ = strings.Cut(line, "\n")
		var s []prepareSample
		if err := json.Unmarshal([]byte(line), &s); err != nil || len(s) != len(firstPrepareSteps) {
			t.Fatalf("child's measurement %q: %v", line, err)
		}
		runs = append(runs, s)
	}
	t.Logf("%d processes, mode %q; median [min-max]", n, os.Getenv(firstPrepareMode))
	for i, name := range firstPrepareSteps {
		col := func(f func(prepareSample) float64) string {
			var v []float64
			for _, r := range runs {
				v = append(v, f(r[i]))
			}
			slices.Sort(v)
			layout := "%.0f [%.0f-%.0f]"
			if v[len(v)-1] < 100 {
				layout = "%.3g [%.3g-%.3g]"
			}
			return fmt.Sprintf(layout, v[len(v)/2], v[0], v[len(v)-1])
		}
		ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
		t.Logf("%s: wall %s ms, cpu %s ms, minor faults %s, allocs %s, bytes %s KB, GCs %s", name,
			col(func(s prepareSample) float64 { return ms(s.Wall) }),
			col(func(s prepareSample) float64 { return ms(s.CPU) }),
			col(func(s prepareSample) float64 { return float64(s.Faults) }),
			col(func(s prepareSample) float64 { return float64(s.Allocs) }),
			col(func(s prepareSample) float64 { return float64(s.Bytes) / 1024 }),
			col(func(s prepareSample) float64 { return float64(s.GCs) }))
	}
}
