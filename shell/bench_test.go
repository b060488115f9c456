package shell

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// The benchmarks come in pairs: the sandbox, then the same script in a
// /bin/bash process (skipped when there is none), so the ratio can be read
// off one run:  go test -run '^$' -bench . ./shell/

var benchScripts = []struct{ name, script string }{
	{"EchoHi", "echo hi"},
	{"Pipeline3", "echo a b c | tr a-z A-Z | cat"},
	{"Loop10k", "for ((i=0; i<10000; i++)); do x=$((x+i)); done; echo $x"},
	{"Commands1k", "for i in $(seq 1 1000); do echo $i; done | wc -l"},
	{"Funcs500Subst", "f() { echo $(( $1 + 1 )); }; for ((i=0; i<500; i++)); do x=$(f $i); done; echo $x"},
	{"SimpleCmd1k", "for ((i=0; i<1000; i++)); do : a b c; done"},
	// Long values through word expansion: 2^20 bytes built by doubling.
	{"Double20", "x=x; for i in {1..20}; do x=$x$x; done; echo ${#x}"},
	// Values and arrays grown by += in a loop (linear, not quadratic).
	// ${#a[@]} in a loop condition, case patterns in a loop.
	{"ArrayLoop5k", "a=($(seq 5000)); for ((i=0; i<${#a[@]}; i++)); do case ${a[i]} in *1) ;; *[2-5]) ;; esac; done; echo $i"},
	// ${x//pat/rep} over a long value with many matches (linear).
	{"ReplaceAll", "x=$(seq 20000); y=${x//[0-9]/d}; echo ${#y}"},
	{"Append5k", "for i in {1..5000}; do s+=\"$i \"; a+=($i); done; echo ${#s} ${#a[@]}"},
}

func BenchmarkExec(b *testing.B) {
	sh, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, bs := range benchScripts {
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := sh.Exec(ctx, bs.script)
				if err != nil || res.ExitCode != 0 {
					b.Fatalf("%v %d %s", err, res.ExitCode, res.Stderr)
				}
			}
		})
	}
}

func BenchmarkBashProcess(b *testing.B) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash on this machine")
	}
	for _, bs := range benchScripts {
		b.Run(bs.name, func(b *testing.B) {
			for b.Loop() {
				if out, err := exec.Command(bash, "-c", bs.script).CombinedOutput(); err != nil {
					b.Fatalf("%v %s", err, out)
				}
			}
		})
	}
}

// BenchmarkVsBash runs each script in the sandbox and reports, beside
// ns/op, its time as a multiple of one /bin/bash process running the same
// script (x-bash; measured over the same number of runs, output to a
// pipe). bash's figure includes its process start (~1-2 ms), ours the
// whole Exec; scripts long enough to dwarf that compare the evaluators.
//
//	go test -run '^$' -bench VsBash ./shell/
func BenchmarkVsBash(b *testing.B) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash on this machine")
	}
	sh, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, bs := range benchScripts {
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				if res, err := sh.Exec(ctx, bs.script); err != nil || res.ExitCode != 0 {
					b.Fatalf("%v %d %s", err, res.ExitCode, res.Stderr)
				}
				n++
			}
			ours := b.Elapsed()
			runs := min(n, 50)
			start := time.Now()
			for i := 0; i < runs; i++ {
				if out, err := exec.Command(bash, "-c", bs.script).Output(); err != nil {
					b.Fatalf("%v %s", err, out)
				}
			}
			perBash := time.Since(start) / time.Duration(runs)
			b.ReportMetric(float64(ours)/float64(n)/float64(perBash), "x-bash")
		})
	}
}

// BenchmarkNewShellExec includes building the sandbox (FS layout; the
// commands in /bin are listed from the registry, not written) for each run.
// Issue 15's target: at most 50 µs.
func BenchmarkNewShellExec(b *testing.B) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		sh, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sh.Exec(ctx, "echo hi"); err != nil {
			b.Fatal(err)
		}
	}
}
