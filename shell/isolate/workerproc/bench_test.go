package workerproc

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The cost of the protocol between two processes, without the work a
// call does: a round trip to a worker (echo), and one where the worker
// calls the parent back before it answers (ask: the path of a tool call
// from a worker's script). Besides ns/op they report the CPU time of both
// processes per call (cpu-µs/op), which a loaded machine hardly changes.

func BenchmarkProcessEcho(b *testing.B) { benchProcess(b, "echo") }

func BenchmarkProcessAsk(b *testing.B) { benchProcess(b, "ask") }

func benchProcess(b *testing.B, method string) {
	// The worker runs with one P, as mcpserver's workers do once warm;
	// BENCH_WORKER_PROCS=2 shows the two-P case.
	procs := os.Getenv("BENCH_WORKER_PROCS")
	if procs == "" {
		procs = "1"
	}
	p, err := Start([]string{os.Args[0], "-test.run=^$"}, []string{"WORKERPROC_TEST=1", "GOMAXPROCS=" + procs},
		func(ctx context.Context, method string, body []byte) ([]byte, error) { return body, nil })
	if err != nil {
		b.Fatal(err)
	}
	defer p.Kill("")
	body := []byte(`{"message":"x"}`)
	for i := 0; i < 100; i++ { // the worker's first calls page its code in
		if _, err := p.Call(context.Background(), method, body); err != nil {
			b.Fatal(err)
		}
	}
	cpu0 := selfCPU() + procCPU(p.Pid())
	vcs0 := voluntarySwitches(os.Getpid()) + voluntarySwitches(p.Pid())
	wvcs0 := voluntarySwitches(p.Pid())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := p.Call(context.Background(), method, body)
		if err != nil || !bytes.Equal(out, body) {
			b.Fatalf("%s: %q %v", method, out, err)
		}
	}
	b.StopTimer()
	cpu := selfCPU() + procCPU(p.Pid()) - cpu0
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
	vcs := voluntarySwitches(os.Getpid()) + voluntarySwitches(p.Pid()) - vcs0
	b.ReportMetric(float64(vcs)/float64(b.N), "sleeps/op")
	wvcs := voluntarySwitches(p.Pid()) - wvcs0
	b.ReportMetric(float64(wvcs)/float64(b.N), "worker-sleeps/op")
}

// selfCPU is this process's user and system time.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procCPU is a live process's user and system time from /proc (Linux;
// 0 elsewhere), in clock ticks of 10 ms.
func procCPU(pid int) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * 10 * time.Millisecond
}

// voluntarySwitches counts the times the threads of a process went to
// sleep (Linux; 0 elsewhere): each is a wake-up to pay for later, the
// cost that a loaded machine multiplies. Threads that exited are not
// counted, which a benchmark's steady state hardly has.
func voluntarySwitches(pid int) int64 {
	dirs, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/status", pid))
	var n int64
	for _, d := range dirs {
		data, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "voluntary_ctxt_switches:"); ok {
				k, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				n += k
			}
		}
	}
	return n
}
