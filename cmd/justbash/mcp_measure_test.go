package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The execute_code latency benchmark. It drives the real binary over
// stdio (and the daemon over HTTP) with a real upstream, and prints
// p50/p99 per scenario; nothing is asserted about speed, which depends on
// the machine. Run it with
//
//	JUSTBASH_MCP_MEASURE=1 go test ./cmd/justbash -run TestMCPMeasure -v -count=1
//
// (JUSTBASH_MCP_N sets the number of timed calls per scenario, default
// 200; JUSTBASH_MCP_GAP the pause before each call, default 5ms — an
// agent's calls are seconds apart, and the pause lets the warm runtime
// pool refill as it does between real calls; 0 measures back to back;
// JUSTBASH_MCP_FIRST the number of starts whose first call is timed,
// default 5). bench/execute_code.md keeps the numbers of past runs.
// Beside wall-clock percentiles, which a loaded machine inflates, it
// prints the CPU time the server and its workers spend per call (from
// /proc, so Linux only), which load hardly changes. The upstream is @modelcontextprotocol/server-everything when it is
// installed (npm ci in sources/mcp/testdata/mcp, as .ci/run does), over
// stdio and over streamable HTTP; otherwise a nested `justbash mcp run`
// over stdio. Scenarios: `return 1`, ten sequential and ten parallel
// upstream calls, interleaved call by call so that machine noise hits
// them alike; the first call after start; start-up until the MCP
// handshake answers; the upstream's own discovery and call time, measured
// by the same client straight to it; peak RSS of server and workers.

const (
	measureReturn1 = "return 1"
	measureSeq     = "for (let i = 0; i < 10; i++) await up.%s; return 10"
	measurePar     = "return (await Promise.all(Array.from({length: 10}, () => up.%s))).length"
)

// measureUpstream is the upstream of one measurement.
type measureUpstream struct {
	name    string   // shown in the table
	server  any      // its config entry
	direct  []string // a command serving it over stdio, for its own time
	env     []string
	call    string // JavaScript call expression after "up."
	tool    string // the upstream tool and arguments of that call
	toolArg map[string]any
}

func percentiles(d []time.Duration) string {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	p := func(q float64) time.Duration { return d[int(q*float64(len(d)-1)+0.5)] }
	return fmt.Sprintf("p50 %6.3f ms  p99 %6.3f ms", ms(p(0.50)), ms(p(0.99)))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func median(d []time.Duration) time.Duration {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

func TestMCPMeasure(t *testing.T) {
	if os.Getenv("JUSTBASH_MCP_MEASURE") == "" {
		t.Skip("set JUSTBASH_MCP_MEASURE=1 to measure execute_code latency")
	}
	n := 200
	n = envCount("JUSTBASH_MCP_N", n)
	measureGap = envGap()
	t.Logf("%d calls per scenario, %v pause before each", n, measureGap)
	dir := t.TempDir()
	measureCopy(t, dir)
	ups := measureUpstreams(t, dir)
	emptyCfg := filepath.Join(dir, "empty.json")
	os.WriteFile(emptyCfg, []byte(`{"servers":{}}`), 0o600)
	env := []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}

	// Start-up of the server alone, and the upstream's own discovery.
	for _, mode := range []string{"workers", "in-process"} {
		var ds []time.Duration
		for i := 0; i < 20; i++ {
			c, d := startLineClient(t, env, mcpRunArgs(emptyCfg, mode)...)
			ds = append(ds, d)
			c.close()
		}
		t.Logf("start-up until initialize answers, no upstream, %-10s %s", mode, percentiles(ds))
	}
	for _, up := range ups {
		if up.direct == nil {
			continue
		}
		var disc, calls []time.Duration
		for i := 0; i < 5; i++ {
			c, d := startLineClient(t, up.env, up.direct...)
			start := time.Now()
			if _, err := c.request("tools/list", map[string]any{}); err != nil {
				t.Fatal(err)
			}
			disc = append(disc, d+time.Since(start))
			if i == 0 {
				for j := 0; j < n; j++ {
					start := time.Now()
					if _, err := c.callTool(up.tool, up.toolArg); err != nil {
						t.Fatal(err)
					}
					calls = append(calls, time.Since(start))
				}
			}
			c.close()
		}
		t.Logf("%s: discovery (spawn, initialize, tools/list) %s", up.name, percentiles(disc))
		t.Logf("%s: its own %s call                      %s", up.name, up.tool, percentiles(calls))
	}

	for _, up := range ups {
		cfg := filepath.Join(dir, "config-"+strings.Fields(up.name)[0]+".json")
		b, _ := json.Marshal(map[string]any{"servers": map[string]any{"up": up.server}})
		os.WriteFile(cfg, b, 0o600)
		for _, mode := range []string{"workers", "in-process"} {
			c, startUp := startLineClient(t, append(env, up.env...), mcpRunArgs(cfg, mode)...)
			first := time.Now()
			if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
				t.Fatal(err)
			}
			firstD := time.Since(first)
			call := func(code string) error {
				_, err := c.callTool("execute_code", map[string]any{"code": code})
				return err
			}
			res := measureScenarios(t, n, call, up.call)
			firsts := append(measureFirstCalls(t, append(env, up.env...), mcpRunArgs(cfg, mode)), firstD)
			t.Logf("stdio %-10s %s: start-up with upstream %.1f ms; first call %s (median %.1fx the warm p50) over %d starts",
				mode, up.name, ms(startUp), msList(firsts), ms(median(firsts))/ms(median(res[0])), len(firsts))
			logScenarios(t, "stdio", mode, up.name, res)
			t.Logf("stdio %-10s %s: per upstream call over return 1: %.3f ms (sequential p50)",
				mode, up.name, (ms(median(res[1]))-ms(median(res[0])))/10)
			for _, code := range []string{measureReturn1, fmt.Sprintf(measureSeq, up.call), fmt.Sprintf(measurePar, up.call)} {
				before := c.cpuTime()
				for i := 0; i < n; i++ {
					if err := call(code); err != nil {
						t.Fatal(err)
					}
				}
				t.Logf("stdio %-10s %s: CPU per call (server and workers, back to back) %.3f ms: %s",
					mode, up.name, ms(c.cpuTime()-before)/float64(n), code)
			}
			server, workers := c.peakRSS()
			t.Logf("stdio %-10s %s: peak RSS server %d MB, workers %d MB", mode, up.name, server>>20, workers>>20)
			c.close()
		}
		measureDaemon(t, dir, cfg, n, up)
	}
}

// measureCopy makes the tests below run a copy of the binary. The
// linker's output sits in the page cache in large folios, and a process
// mapping it counts 8-10 MB more resident file pages (RssFile) than one
// running a copy of the same file: the peak RSS reported was that much
// too high.
func measureCopy(t *testing.T, dir string) {
	src, err := os.Open(binary)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	// Not dir/justbash: that is the config directory of the daemon below.
	cp := filepath.Join(dir, "bin", filepath.Base(binary))
	if err := os.Mkdir(filepath.Dir(cp), 0o755); err != nil {
		t.Fatal(err)
	}
	dst, err := os.OpenFile(cp, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	orig := binary
	binary = cp
	t.Cleanup(func() { binary = orig })
}

// measureFirstCalls starts the server JUSTBASH_MCP_FIRST-1 more times
// (default 4) and times the first execute_code of each, sent as soon as
// the handshake answers, as a client does: one start says little on a
// busy machine.
func measureFirstCalls(t *testing.T, env, args []string) []time.Duration {
	k := 5
	k = envCount("JUSTBASH_MCP_FIRST", k)
	var out []time.Duration
	for i := 1; i < k; i++ {
		c, _ := startLineClient(t, env, args...)
		start := time.Now()
		if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
			t.Fatal(err)
		}
		out = append(out, time.Since(start))
		c.close()
	}
	return out
}

// envCount is the positive count the environment variable name sets, or
// def.
func envCount(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// msList shows durations sorted, in milliseconds.
func msList(d []time.Duration) string {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	var b strings.Builder
	for i, x := range d {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.2f", ms(x))
	}
	return b.String() + " ms"
}

// measureGap is the pause before each timed call.
var measureGap time.Duration

// envGap is the pause before each measured call: JUSTBASH_MCP_GAP (a Go
// duration), 5 ms by default.
func envGap() time.Duration {
	if v, err := time.ParseDuration(os.Getenv("JUSTBASH_MCP_GAP")); err == nil {
		return v
	}
	return 5 * time.Millisecond
}

func mcpRunArgs(cfg, mode string) []string {
	args := []string{binary, "mcp", "run", "--config", cfg}
	if mode == "in-process" {
		args = append(args, "--in-process")
	}
	return args
}

// measureScenarios times return 1, ten sequential and ten parallel calls,
// interleaved, after a warm-up.
func measureScenarios(t *testing.T, n int, run func(code string) error, call string) [3][]time.Duration {
	codes := [3]string{measureReturn1, fmt.Sprintf(measureSeq, call), fmt.Sprintf(measurePar, call)}
	var res [3][]time.Duration
	for i := 0; i < n+n/10; i++ {
		for k, code := range codes {
			time.Sleep(measureGap)
			start := time.Now()
			if err := run(code); err != nil {
				t.Fatalf("%s: %v", code, err)
			}
			if i >= n/10 {
				res[k] = append(res[k], time.Since(start))
			}
		}
	}
	return res
}

func logScenarios(t *testing.T, client, mode, up string, res [3][]time.Duration) {
	for k, name := range []string{"return 1", "10 sequential", "10 parallel"} {
		t.Logf("%-5s %-10s %s: %-13s %s", client, mode, up, name, percentiles(res[k]))
	}
}

// measureUpstreams is server-everything over stdio and HTTP when it is
// installed, else a nested justbash.
func measureUpstreams(t *testing.T, dir string) []measureUpstream {
	node, _ := exec.LookPath("node")
	entry, _ := filepath.Abs("../../sources/mcp/testdata/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
	if _, err := os.Stat(entry); err != nil || node == "" {
		t.Log("server-everything is not installed (npm ci in sources/mcp/testdata/mcp): measuring with a nested justbash upstream")
		inner := filepath.Join(dir, "inner.json")
		os.WriteFile(inner, []byte(`{"servers":{}}`), 0o600)
		cmd := []string{binary, "mcp", "run", "--config", inner, "--in-process"}
		return []measureUpstream{{name: "justbash(stdio)", server: map[string]any{"type": "stdio", "command": cmd},
			direct: cmd, env: []string{"HOME=" + dir}, call: "list_servers({})", tool: "list_servers", toolArg: map[string]any{}}}
	}
	echo := map[string]any{"message": "x"}
	stdio := measureUpstream{name: "everything(stdio)", server: map[string]any{"type": "stdio", "command": []string{node, entry, "stdio"}},
		direct: []string{node, entry, "stdio"}, call: "echo({message: 'x'})", tool: "echo", toolArg: echo}
	port := freePort(t)
	srv := exec.Command(node, entry, "streamableHttp")
	srv.Env = append(os.Environ(), "PORT="+strconv.Itoa(port))
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Process.Kill(); srv.Wait() })
	for i := 0; ; i++ {
		conn, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err == nil {
			conn.Close()
			break
		}
		if i == 400 {
			t.Fatalf("server-everything over HTTP did not listen: %v", err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	httpUp := measureUpstream{name: "everything(http)", server: map[string]any{"type": "http", "url": fmt.Sprintf("http://127.0.0.1:%d/mcp", port)},
		call: stdio.call, tool: "echo", toolArg: echo}
	return []measureUpstream{stdio, httpUp}
}

// measureDaemon times the same scenarios through the daemon's HTTP API.
func measureDaemon(t *testing.T, dir, cfg string, n int, up measureUpstream) {
	for _, mode := range []string{"workers", "in-process"} {
		port := fmt.Sprint(freePort(t))
		args := []string{"mcp", "server", "--config", cfg, "--port", port}
		if mode == "in-process" {
			args = append(args, "--in-process")
		}
		daemon := exec.Command(binary, args...)
		daemon.Env = append(os.Environ(), "XDG_CONFIG_HOME="+dir)
		if err := daemon.Start(); err != nil {
			t.Fatal(err)
		}
		keyFile := filepath.Join(dir, "justbash", "api-key.txt")
		url := "http://127.0.0.1:" + port + "/api/call?tool=execute_code&sessionId=m"
		post := func(code string) error {
			key, _ := os.ReadFile(keyFile)
			body, _ := json.Marshal(map[string]string{"code": code})
			req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, url, bytes.NewReader(body))
			req.Header.Set("X-JSMCP-API-Key", strings.TrimSpace(string(key)))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return err
			}
			defer resp.Body.Close()
			var buf bytes.Buffer
			buf.ReadFrom(resp.Body)
			if resp.StatusCode != 200 || strings.Contains(buf.String(), `"isError":true`) {
				return fmt.Errorf("%s: %s", resp.Status, buf.String())
			}
			return nil
		}
		for i := 0; post(measureReturn1) != nil; i++ { // wait for the daemon
			if i == 400 {
				t.Fatal("the daemon did not answer")
			}
			time.Sleep(25 * time.Millisecond)
		}
		logScenarios(t, "http", mode, up.name, measureScenarios(t, n, post, up.call))
		daemon.Process.Kill()
		daemon.Wait()
	}
}

// lineClient speaks newline-delimited JSON-RPC to a process over stdio,
// with as little client overhead as possible.
type lineClient struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	id  int
}

// startLineClient starts argv and completes the MCP handshake; the
// duration is from the spawn to the initialize answer.
func startLineClient(t *testing.T, env []string, argv ...string) (*lineClient, time.Duration) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &lineClient{t: t, cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	t.Cleanup(c.close)
	_, err := c.request("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "measure", "version": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	c.write(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return c, d
}

func (c *lineClient) write(m any) {
	b, _ := json.Marshal(m)
	c.in.Write(append(b, '\n'))
}

func (c *lineClient) request(method string, params any) (json.RawMessage, error) {
	c.id++
	c.write(map[string]any{"jsonrpc": "2.0", "id": c.id, "method": method, "params": params})
	for {
		line, err := c.out.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("%s: %v", method, err)
		}
		var m struct {
			ID     *int            `json:"id"`
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &m) != nil || m.Method != "" || m.ID == nil || *m.ID != c.id {
			continue // notifications, log lines
		}
		if m.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, m.Error)
		}
		return m.Result, nil
	}
}

func (c *lineClient) callTool(name string, args any) (json.RawMessage, error) {
	res, err := c.request("tools/call", map[string]any{"name": name, "arguments": args})
	if err == nil && bytes.Contains(res, []byte(`"isError":true`)) {
		err = errors.New(string(res))
	}
	return res, err
}

// workers are the pids of the server's worker processes.
func (c *lineClient) workers() []int {
	var out []int
	for _, k := range childPids(c.cmd.Process.Pid) {
		argv, _ := readSmall(fmt.Sprintf("/proc/%d/cmdline", k))
		if bytes.Contains(argv, []byte("__worker")) {
			out = append(out, k)
		}
	}
	return out
}

// peakRSS is VmHWM of the server and the sum over its worker children.
func (c *lineClient) peakRSS() (server, workers uint64) {
	server = vmHWM(c.cmd.Process.Pid)
	for _, k := range c.workers() {
		workers += vmHWM(k)
	}
	return server, workers
}

// cpuTime is the user and system time of the server and its live workers
// (and of workers it reaped).
func (c *lineClient) cpuTime() time.Duration {
	total := procCPU(c.cmd.Process.Pid, true)
	for _, k := range c.workers() {
		total += procCPU(k, false)
	}
	return total
}

// procCPU reads utime+stime (and the reaped children's with kids) from
// /proc/PID/stat, in clock ticks of 10 ms.
func procCPU(pid int, kids bool) time.Duration {
	stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 15 {
		return 0
	}
	var ticks int64
	fields := []int{11, 12} // utime, stime (fields 14, 15 of the line)
	if kids {
		fields = append(fields, 13, 14) // cutime, cstime
	}
	for _, k := range fields {
		v, _ := strconv.ParseInt(f[k], 10, 64)
		ticks += v
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

func vmHWM(pid int) uint64 {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseUint(strings.Fields(v)[0], 10, 64)
			return kb << 10
		}
	}
	return 0
}

func (c *lineClient) close() {
	if c.cmd.ProcessState != nil {
		return
	}
	c.in.Close()
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}
