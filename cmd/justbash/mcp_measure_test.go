package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// Latency measurements of execute_code, run only with
// JUSTBASH_MCP_MEASURE=1 (they print numbers and assert nothing about
// speed, which depends on the machine):
//
//	JUSTBASH_MCP_MEASURE=1 go test ./cmd/justbash -run TestMCPMeasure -v

const (
	measureReturn1 = "return 1"
	// Ten calls to the nested justbash upstream over stdio.
	measureTenCalls = "let n = 0; for (let i = 0; i < 10; i++) n += (await inner.list_servers({})).servers.length + 1; return n"
)

func percentiles(d []time.Duration) string {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	p := func(q float64) time.Duration { return d[int(q*float64(len(d)-1))] }
	return fmt.Sprintf("p50 %v  p99 %v  (n=%d)", p(0.50).Round(10*time.Microsecond), p(0.99).Round(10*time.Microsecond), len(d))
}

func TestMCPMeasure(t *testing.T) {
	if os.Getenv("JUSTBASH_MCP_MEASURE") == "" {
		t.Skip("set JUSTBASH_MCP_MEASURE=1 to measure execute_code latency")
	}
	dir, outer := writeMCPConfigs(t)
	const n = 200
	for _, mode := range []string{"workers", "in-process"} {
		args := []string{"mcp", "run", "--config", outer}
		if mode == "in-process" {
			args = append(args, "--in-process")
		}
		c := startMCPClient(t, []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir}, args...)
		for _, code := range []string{measureReturn1, measureTenCalls} {
			var ds []time.Duration
			for i := 0; i < n; i++ {
				start := time.Now()
				res := mcpCall(t, c, "execute_code", map[string]any{"code": code})
				ds = append(ds, time.Since(start))
				if res.IsError {
					t.Fatalf("%s: %v", code, res.Content)
				}
			}
			t.Logf("stdio %-10s %-9s %s", mode, label(code), percentiles(ds))
		}
	}
	measureHTTP(t, dir, outer, n)
}

func label(code string) string {
	if code == measureReturn1 {
		return "return 1"
	}
	return "10 calls"
}

func measureHTTP(t *testing.T, dir, outer string, n int) {
	port := fmt.Sprint(freePort(t))
	daemon := exec.Command(binary, "mcp", "server", "--config", outer, "--port", port)
	daemon.Env = append(os.Environ(), "XDG_CONFIG_HOME="+dir)
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { daemon.Process.Kill(); daemon.Wait() })
	keyFile := filepath.Join(dir, "justbash", "api-key.txt")
	var key []byte
	for i := 0; i < 100 && len(key) == 0; i++ {
		time.Sleep(50 * time.Millisecond)
		key, _ = os.ReadFile(keyFile)
	}
	url := "http://127.0.0.1:" + port + "/api/call?tool=execute_code&sessionId=m"
	post := func(code string) error {
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, url, bytes.NewReader([]byte(fmt.Sprintf(`{"code":%q}`, code))))
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
	for i := 0; i < 100; i++ { // wait for the daemon
		if post(measureReturn1) == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, code := range []string{measureReturn1, measureTenCalls} {
		var ds []time.Duration
		for i := 0; i < n; i++ {
			start := time.Now()
			if err := post(code); err != nil {
				t.Fatal(err)
			}
			ds = append(ds, time.Since(start))
		}
		t.Logf("http  %-10s %-9s %s", "workers", label(code), percentiles(ds))
	}
}
