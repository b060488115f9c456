// Command startcmp compares whole-process start-up of justbash with
// /bin/bash: for each script it runs both, interleaved, many times, and
// prints side by side the median wall time, the median CPU time (user +
// sys, from wait4's rusage) and the median peak RSS. Interleaving matters
// on a shared machine: both shells see the same load, so the ratio stays
// meaningful when the absolute times drift. CPU time is the steadier of
// the two clocks there: waiting for a core does not count in it.
//
//	go run ./bench/startcmp -justbash ./justbash -n 41
//	go run ./bench/startcmp -justbash ./justbash -mcpworker
//	go run ./bench/startcmp -bash ./justbash.old -justbash ./justbash   # before/after
//
// bench/run.sh builds the release binary and runs this.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/justbash/justbash/shell/isolate/workerproc"
)

// cases are the scripts of issue 15's table.
var cases = []struct{ name, script string }{
	{"echo hello", "echo hello"},
	{"4-stage pipeline", "seq 1 2000 | grep 1 | sort -r | wc -l"},
	{"500 calls + $(...)", "f() { echo $(( $1 + 1 )); }; s=0; for ((i=0;i<500;i++)); do s=$(f $s); done; echo $s"},
	{"echo hi (RSS)", "echo hi"},
}

type sample struct {
	wall time.Duration
	cpu  time.Duration // user + sys of the child
	rss  int64         // KiB
}

func runOnce(bin, script string) (sample, error) {
	cmd := exec.Command(bin, "-c", script)
	cmd.Stdout, cmd.Stderr = nil, os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return sample{}, fmt.Errorf("%s -c %q: %w", bin, script, err)
	}
	s := sample{wall: time.Since(start)}
	s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.rss = ru.Maxrss
	}
	return s, nil
}

// median returns the median of each column separately.
func median(s []sample) sample {
	w := make([]time.Duration, len(s))
	c := make([]time.Duration, len(s))
	r := make([]int64, len(s))
	for i, x := range s {
		w[i], c[i], r[i] = x.wall, x.cpu, x.rss
	}
	slices.Sort(w)
	slices.Sort(c)
	slices.Sort(r)
	return sample{w[len(w)/2], c[len(c)/2], r[len(r)/2]}
}

func main() {
	jb := flag.String("justbash", "justbash", "the justbash binary")
	bash := flag.String("bash", "/bin/bash", "the bash binary")
	n := flag.Int("n", 31, "runs per shell and script")
	only := flag.String("only", "", "run only the cases whose name contains this")
	worker := flag.Bool("mcpworker", false, "also time an MCP worker's spawn-to-ready (justbash mcp __worker)")
	flag.Parse()
	fmt.Printf("%-20s %9s %9s %6s | %9s %9s %6s | %8s %8s\n", "script (medians)",
		"bash wall", "jb wall", "ratio", "bash cpu", "jb cpu", "ratio", "bash RSS", "jb RSS")
	for _, c := range cases {
		if *only != "" && !strings.Contains(c.name, *only) {
			continue
		}
		var b, j []sample
		for i := 0; i < *n; i++ {
			// Alternate which goes first, so neither always runs on the
			// caches the other warmed.
			order := []string{*bash, *jb}
			if i%2 == 1 {
				order[0], order[1] = order[1], order[0]
			}
			for _, bin := range order {
				s, err := runOnce(bin, c.script)
				if err != nil {
					fmt.Fprintln(os.Stderr, "startcmp:", err)
					os.Exit(1)
				}
				if bin == *bash {
					b = append(b, s)
				} else {
					j = append(j, s)
				}
			}
		}
		bm, jm := median(b), median(j)
		fmt.Printf("%-20s %9s %9s %5.1fx | %9s %9s %5.1fx | %5.1f MB %5.1f MB\n", c.name,
			ms(bm.wall), ms(jm.wall), ratio(jm.wall, bm.wall),
			ms(bm.cpu), ms(jm.cpu), ratio(jm.cpu, bm.cpu),
			float64(bm.rss)/1024, float64(jm.rss)/1024)
	}
	if *worker {
		if err := workerReady(*jb, *n); err != nil {
			fmt.Fprintln(os.Stderr, "startcmp: MCP worker:", err)
			os.Exit(1)
		}
	}
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// workerReady times what an MCP server waits for when a bash session needs
// a new worker: from the spawn of `justbash mcp __worker` to the answer of
// its first bash call (the worker has then built its shell). It speaks the
// workers' protocol through package workerproc, as mcpserver does, so a
// change of the protocol breaks this at compile time or with an error.
func workerReady(jb string, n int) error {
	var times []sample
	for i := 0; i < n; i++ {
		start := time.Now()
		p, err := workerproc.Start([]string{jb, "mcp", "__worker"}, nil, nil)
		if err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		out, err := p.Call(ctx, "bash", []byte(`{"script":"echo ready"}`))
		wall := time.Since(start)
		cpu := taskCPU(p.Pid())
		cancel()
		p.Kill("")
		// The reply is the worker protocol's binary form (mcpserver's
		// workermsg.go; JSON before it, escaped): its stdout field holds
		// the bytes as written, so finding them is enough to know the
		// shell answered.
		if err != nil || !bytes.Contains(out, []byte("ready\n")) && !bytes.Contains(out, []byte(`ready\n`)) {
			return fmt.Errorf("answered %q (%v); stderr: %s", out, err, p.Stderr())
		}
		times = append(times, sample{wall: wall, cpu: cpu})
	}
	m := median(times)
	cpu := "n/a"
	if m.cpu > 0 {
		cpu = ms(m.cpu)
	}
	fmt.Printf("%-20s %9s %9s %6s | %9s %9s   (spawn to first bash answer)\n", "MCP worker ready", "", ms(m.wall), "", "", cpu)
	return nil
}

// taskCPU sums the CPU time the threads of process pid have run so far
// (Linux's /proc/PID/task/*/schedstat, in nanoseconds); 0 where there is
// no such file. The worker is still alive then, so wait4's rusage is not
// there yet.
func taskCPU(pid int) time.Duration {
	dirs, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return 0
	}
	var total time.Duration
	for _, d := range dirs {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/schedstat", pid, d.Name()))
		if err != nil {
			continue
		}
		var ns int64
		if _, err := fmt.Sscan(string(b), &ns); err == nil {
			total += time.Duration(ns)
		}
	}
	return total
}
