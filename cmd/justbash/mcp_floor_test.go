package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The floor under execute_code's latency.
//
// A call through `justbash mcp run` crosses processes: client → server →
// client in-process (two wake-ups of a sleeping process), client → server
// → worker → server → client with workers (four). TestMCPFloor measures
// what those crossings alone cost on this machine — stand-in servers
// (relays: the test binary itself, JUSTBASH_TEST_RELAY) that decode the
// JSON-RPC line and answer it without any work — beside the real server in
// both modes, call by call in turns, with the same pacing as
// TestMCPMeasure; then each of them once more after two seconds of idle
// (what an agent's call, seconds after the last, meets). The difference
// between a relay and the real server is what the server's own work costs,
// warm and cold.
//
// JUSTBASH_MCP_N sets the calls per server (default 500);
// JUSTBASH_MCP_IDLE the idle calls per server (default 6). Nothing is
// asserted about speed.
func TestMCPFloor(t *testing.T) {
	if os.Getenv("JUSTBASH_MCP_MEASURE") == "" {
		t.Skip("set JUSTBASH_MCP_MEASURE=1 to measure the floor")
	}
	n := envCount("JUSTBASH_MCP_N", 500)
	idle := envCount("JUSTBASH_MCP_IDLE", 6)
	measureGap = envGap()
	dir := t.TempDir()
	measureCopy(t, dir)
	cfg := filepath.Join(dir, "empty.json")
	os.WriteFile(cfg, []byte(`{"servers":{}}`), 0o600)
	env := []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	type target struct {
		name string
		c    *lineClient
		cpu  func() time.Duration
	}
	relay := func(name string, depth int) target {
		c, _ := startLineClient(t, append(env, "JUSTBASH_TEST_RELAY="+strconv.Itoa(depth)), self)
		pids := []int{c.cmd.Process.Pid}
		// The relay's child, if any, answered initialize: it exists.
		pids = append(pids, childPids(c.cmd.Process.Pid)...)
		return target{name, c, func() (d time.Duration) {
			for _, p := range pids {
				d += procCPU(p, false)
			}
			return d
		}}
	}
	server := func(name, mode string) target {
		c, _ := startLineClient(t, env, mcpRunArgs(cfg, mode)...)
		return target{name, c, c.cpuTime}
	}
	targets := []target{
		relay("relay, 2 wake-ups", 0),
		server("in-process", "in-process"),
		relay("relay, 4 wake-ups", 1),
		server("workers", "workers"),
	}
	t.Logf("load before: %s", loadAverage())
	call := func(tg target) time.Duration {
		start := time.Now()
		if _, err := tg.c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
			t.Fatalf("%s: %v", tg.name, err)
		}
		return time.Since(start)
	}
	warm := make([][]time.Duration, len(targets))
	cpu0 := make([]time.Duration, len(targets))
	for i := 0; i < n+n/10; i++ {
		if i == n/10 {
			for k, tg := range targets {
				cpu0[k] = tg.cpu()
			}
		}
		for k, tg := range targets {
			time.Sleep(measureGap)
			d := call(tg)
			if i >= n/10 {
				warm[k] = append(warm[k], d)
			}
		}
	}
	cpu := make([]time.Duration, len(targets))
	for k, tg := range targets {
		cpu[k] = tg.cpu() - cpu0[k]
	}
	// Idle calls: one target at a time after two seconds of quiet, in turns.
	cold := make([][]time.Duration, len(targets))
	for i := 0; i < idle; i++ {
		for k, tg := range targets {
			time.Sleep(2 * time.Second)
			cold[k] = append(cold[k], call(tg))
		}
	}
	t.Logf("%d calls each (return 1, %v apart, in turns), load after %s", n, measureGap, loadAverage())
	t.Logf("%-18s %8s %8s %8s %14s %16s", "", "p50 ms", "p90", "p99", "CPU/call ms", "after 2 s idle")
	for k, tg := range targets {
		q := quantiles(warm[k], 0.5, 0.9, 0.99)
		c := quantiles(cold[k], 0.5, 1)
		t.Logf("%-18s %8.3f %8.3f %8.3f %14.3f %8.3f (max %.3f)", tg.name, ms(q[0]), ms(q[1]), ms(q[2]),
			ms(cpu[k])/float64(n), ms(c[0]), ms(c[1]))
	}
}

// quantiles of d, nearest rank.
func quantiles(d []time.Duration, qs ...float64) []time.Duration {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	out := make([]time.Duration, len(qs))
	for i, q := range qs {
		out[i] = d[int(q*float64(len(d)-1)+0.5)]
	}
	return out
}

// childPids are the processes whose parent is pid.
func childPids(pid int) []int {
	var out []int
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range procs {
		stat, _ := readSmall(p) // a kernel file of a few hundred bytes
		if ppidOf(stat) == pid {
			k, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
			out = append(out, k)
		}
	}
	return out
}

// relayMain is a stand-in server for TestMCPFloor: it answers each
// JSON-RPC request line on stdin with an empty result, and with depth > 0
// hands the line to a relay of depth-1 it started and answers with that
// one's reply, as the server hands a run to its worker.
func relayMain(depth int) int {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var next io.Writer
	var back *bufio.Reader
	if depth > 0 {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "JUSTBASH_TEST_RELAY="+strconv.Itoa(depth-1))
		w, _ := cmd.StdinPipe()
		r, _ := cmd.StdoutPipe()
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		next, back = w, bufio.NewReader(r)
	}
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			return 0
		}
		var m struct {
			ID *json.RawMessage `json:"id"`
		}
		if json.Unmarshal(line, &m) != nil || m.ID == nil {
			continue // a notification: no answer, nothing to hand on
		}
		if next != nil {
			next.Write(line)
			if line, err = back.ReadBytes('\n'); err != nil {
				return 1
			}
			out.Write(line)
		} else {
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
				"content": []any{map[string]any{"type": "text", "text": "1"}}}})
			out.Write(append(b, '\n'))
		}
		out.Flush()
	}
}

// ppidOf reads the parent pid from a /proc/PID/stat line.
func ppidOf(stat []byte) int {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 2 {
		return -1
	}
	k, err := strconv.Atoi(f[1])
	if err != nil {
		return -1
	}
	return k
}
