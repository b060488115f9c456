package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestMCPMeasureAB compares this binary with another, call by call: on a
// shared machine two runs of one binary minutes apart differ by more
// than most changes do, so a decision needs both measured in the same
// minutes. Run it with
//
//	JUSTBASH_MCP_AB=/path/to/other/justbash go test ./cmd/justbash -run TestMCPMeasureAB -v -count=1
//
// (JUSTBASH_MCP_AB_MODE=in-process for that mode; JUSTBASH_MCP_N,
// JUSTBASH_MCP_GAP and JUSTBASH_MCP_FIRST as for TestMCPMeasure). Both
// servers run at once against their own server-everything over stdio (or
// a nested justbash when it is not installed); each round sends `return
// 1`, ten sequential and ten parallel upstream calls to one and then the
// other, the order alternating by round. It prints, per binary,
// p50/p90/p99 per scenario, the CPU time of server and workers per
// round, the per-upstream-call time over `return 1` (sequential p50),
// the first call over alternated starts, and peak RSS.
//
// JUSTBASH_MCP_AB=$PWD/bench/jsmcp-standin/jsmcp-standin compares with a
// node:vm server built as jsmcp's is (bench/jsmcp-standin/server.mjs), on
// the same machine and upstream.
func TestMCPMeasureAB(t *testing.T) {
	other := os.Getenv("JUSTBASH_MCP_AB")
	if other == "" {
		t.Skip("set JUSTBASH_MCP_AB to another justbash binary to compare with")
	}
	n := 200
	n = envCount("JUSTBASH_MCP_N", n)
	measureGap = envGap()
	mode := "workers"
	if os.Getenv("JUSTBASH_MCP_AB_MODE") == "in-process" {
		mode = "in-process"
	}
	dir := t.TempDir()
	// Both run as copies (see measureCopy): a freshly linked file counts
	// megabytes more resident.
	measureCopy(t, dir)
	if !isScript(other) {
		other = copyFile(t, other, filepath.Join(dir, "bin", "other"))
	}
	up := measureUpstreams(t, dir)[0]
	cfg := filepath.Join(dir, "config.json")
	b, _ := json.Marshal(map[string]any{"servers": map[string]any{"up": up.server}})
	os.WriteFile(cfg, b, 0o600)
	env := append([]string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}, up.env...)
	bins := []string{binary, other}
	names := []string{"this", "other"}
	args := func(bin string) []string {
		a := mcpRunArgs(cfg, mode)
		a[0] = bin
		return a
	}

	// First calls, starts alternated.
	k := 5
	k = envCount("JUSTBASH_MCP_FIRST", k)
	firsts := make([][]time.Duration, 2)
	for i := 0; i < k; i++ {
		for j := range bins {
			j := (j + i) % 2
			c, _ := startLineClient(t, env, args(bins[j])...)
			start := time.Now()
			if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
				t.Fatal(err)
			}
			firsts[j] = append(firsts[j], time.Since(start))
			c.close()
		}
	}

	clients := make([]*lineClient, 2)
	for j, bin := range bins {
		clients[j], _ = startLineClient(t, env, args(bin)...)
	}
	// The upstream's own call time, by a client straight to it: ten
	// calls back to back per round, as the sequential scenario makes them.
	var direct *lineClient
	var own []time.Duration
	if up.direct != nil {
		direct, _ = startLineClient(t, up.env, up.direct...)
	}
	codes := [3]string{measureReturn1, fmt.Sprintf(measureSeq, up.call), fmt.Sprintf(measurePar, up.call)}
	var res [2][3][]time.Duration
	var cpu [2]time.Duration
	for i := 0; i < n+n/10; i++ {
		for o := 0; o < 2; o++ {
			j := (o + i) % 2
			c := clients[j]
			before := c.cpuTime()
			for s, code := range codes {
				time.Sleep(measureGap)
				start := time.Now()
				if _, err := c.callTool("execute_code", map[string]any{"code": code}); err != nil {
					t.Fatalf("%s: %s: %v", names[j], code, err)
				}
				if i >= n/10 {
					res[j][s] = append(res[j][s], time.Since(start))
				}
			}
			if i >= n/10 {
				cpu[j] += c.cpuTime() - before
			}
		}
		if direct != nil {
			time.Sleep(measureGap)
			start := time.Now()
			for k := 0; k < 10; k++ {
				if _, err := direct.callTool(up.tool, up.toolArg); err != nil {
					t.Fatal(err)
				}
			}
			own = append(own, time.Since(start)/10)
		}
	}
	t.Logf("%s, %s, %d rounds, %v pause before each call, load %s", mode, up.name, n, measureGap, loadAverage())
	ownP50 := 0.0
	if len(own) > 0 {
		ownP50 = ms(median(own))
		t.Logf("the upstream's own %s call (10 in a row, per call): %s", up.tool, abPercentiles(own))
	}
	for j, name := range names {
		for s, scen := range []string{"return 1", "10 sequential", "10 parallel"} {
			t.Logf("%-5s %-13s %s", name, scen, abPercentiles(res[j][s]))
		}
		server, workers := clients[j].peakRSS()
		perCall := (ms(median(res[j][1])) - ms(median(res[j][0]))) / 10
		t.Logf("%-5s CPU per round %.2f ms; per upstream call over return 1 %.3f ms, over the upstream's own %.3f ms; first call %s (median %.1fx warm p50); peak RSS server %d MB, workers %d MB",
			name, ms(cpu[j])/float64(n), perCall, perCall-ownP50,
			msList(firsts[j]), ms(median(firsts[j]))/ms(median(res[j][0])), server>>20, workers>>20)
	}
}

// abPercentiles is p10/p50/p90/p99 in milliseconds.
func abPercentiles(d []time.Duration) string {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	at := func(p float64) float64 { return ms(d[int(p*float64(len(d)-1))]) }
	return fmt.Sprintf("p10 %.2f  p50 %.2f  p90 %.2f  p99 %.2f ms", at(0.10), at(0.50), at(0.90), at(0.99))
}

// loadAverage is the first three fields of /proc/loadavg.
func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// copyFile copies an executable to dst and returns dst, the way
// measureCopy does (one large write leaves the same large folios that a
// linker's output has).
// isScript says whether path starts with #!: a script (such as
// bench/jsmcp-standin/jsmcp-standin) runs where it is, finding its files
// beside it; only binaries are copied.
func isScript(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 2)
	_, err = io.ReadFull(f, head)
	return err == nil && string(head) == "#!"
}

func copyFile(t *testing.T, src, dst string) string {
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return dst
}
