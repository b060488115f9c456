// Command startcmp compares whole-process start-up of justbash with
// /bin/bash: for each script it runs both, interleaved, many times, and
// prints the median wall time and the peak RSS (from wait4's rusage) side
// by side. Interleaving matters on a shared machine: both shells see the
// same load, so the ratio stays meaningful when the absolute times drift.
//
//	go run ./bench/startcmp -justbash ./justbash -n 41
//
// bench/run.sh builds the release binary and runs this.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
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
	rss  int64 // KiB
}

func runOnce(bin, script string) (sample, error) {
	cmd := exec.Command(bin, "-c", script)
	cmd.Stdout, cmd.Stderr = nil, os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return sample{}, fmt.Errorf("%s -c %q: %w", bin, script, err)
	}
	wall := time.Since(start)
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return sample{wall, rss}, nil
}

func median(s []sample) (time.Duration, int64) {
	w := make([]time.Duration, len(s))
	r := make([]int64, len(s))
	for i, x := range s {
		w[i], r[i] = x.wall, x.rss
	}
	slices.Sort(w)
	slices.Sort(r)
	return w[len(w)/2], r[len(r)/2]
}

func main() {
	jb := flag.String("justbash", "justbash", "the justbash binary")
	bash := flag.String("bash", "/bin/bash", "the bash binary")
	n := flag.Int("n", 31, "runs per shell and script")
	only := flag.String("only", "", "run only the cases whose name contains this")
	worker := flag.Bool("mcpworker", false, "also time an MCP worker's spawn-to-ready (justbash mcp __worker)")
	flag.Parse()
	defer func() {
		if *worker {
			workerReady(*jb, *n)
		}
	}()
	fmt.Printf("%-22s %10s %10s %7s %10s %10s\n", "script", "bash", "justbash", "ratio", "bash RSS", "jb RSS")
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
		bw, brss := median(b)
		jw, jrss := median(j)
		fmt.Printf("%-22s %10s %10s %6.1fx %7.1f MB %7.1f MB\n", c.name, round(bw), round(jw),
			float64(jw)/float64(bw), float64(brss)/1024, float64(jrss)/1024)
	}
}

func round(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}

// workerReady times what an MCP server waits for when it starts a worker:
// from the spawn of `justbash mcp __worker` to the answer of its first
// bash run (the worker then has its shell). The protocol is mcpserver's
// internal one; if it changes, this reports the error.
func workerReady(jb string, n int) {
	var times []sample
	for i := 0; i < n; i++ {
		cmd := exec.Command(jb, "mcp", "__worker")
		in, err := cmd.StdinPipe()
		if err != nil {
			fmt.Fprintln(os.Stderr, "startcmp:", err)
			return
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			fmt.Fprintln(os.Stderr, "startcmp:", err)
			return
		}
		start := time.Now()
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "startcmp:", err)
			return
		}
		fmt.Fprintln(in, `{"type":"bash","id":1,"script":"echo ready"}`)
		line, err := bufio.NewReader(out).ReadString('\n')
		wall := time.Since(start)
		in.Close()
		cmd.Wait()
		if err != nil || !strings.Contains(line, "ready") {
			fmt.Fprintf(os.Stderr, "startcmp: worker answered %q (%v)\n", line, err)
			return
		}
		times = append(times, sample{wall: wall})
	}
	w, _ := median(times)
	fmt.Printf("%-22s %10s %10s\n", "MCP worker ready", "", round(w))
}
