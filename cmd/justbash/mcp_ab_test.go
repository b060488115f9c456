package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"
)

// TestMCPAB serves `return 1` from two in-process servers, this tree's
// binary and the one JUSTBASH_AB_BASE names (built from another commit),
// call by call alternately, with the pause of TestMCPMeasure before each
// call and after it (the refill the call starts is its CPU). On a shared
// machine this is the fair comparison: both see the same load.
//
//	JUSTBASH_AB_BASE=/path/to/justbash-base go test ./cmd/justbash -run TestMCPAB -v -count=1
//
// JUSTBASH_MCP_N sets the number of calls each (300).
func TestMCPAB(t *testing.T) {
	base := os.Getenv("JUSTBASH_AB_BASE")
	if base == "" {
		t.Skip("set JUSTBASH_AB_BASE to a justbash binary to compare this tree's with")
	}
	n := 300
	if v, err := strconv.Atoi(os.Getenv("JUSTBASH_MCP_N")); err == nil && v > 0 {
		n = v
	}
	gap := 5 * time.Millisecond
	dir := t.TempDir()
	measureCopy(t, dir)
	ups := measureUpstreams(t, dir)
	up := ups[0]
	cfg := filepath.Join(dir, "config.json")
	b, _ := json.Marshal(map[string]any{"servers": map[string]any{"up": up.server}})
	os.WriteFile(cfg, b, 0o600)
	env := append([]string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}, up.env...)
	bins := []string{base, binary}
	names := []string{"base", "new"}
	var cs []*lineClient
	for _, bin := range bins {
		c, _ := startLineClient(t, env, bin, "mcp", "run", "--config", cfg, "--in-process")
		cs = append(cs, c)
		defer c.close()
	}
	call := func(c *lineClient) time.Duration {
		start := time.Now()
		if _, err := c.callTool("execute_code", map[string]any{"code": "return 1"}); err != nil {
			t.Fatal(err)
		}
		return time.Since(start)
	}
	for i := 0; i < 30; i++ {
		for _, c := range cs {
			time.Sleep(gap)
			call(c)
		}
	}
	d := make([][]time.Duration, 2)
	cpu := make([]time.Duration, 2)
	for i := 0; i < n; i++ {
		for k := 0; k < 2; k++ {
			j := (i + k) % 2
			time.Sleep(gap)
			before := cs[j].cpuTime()
			d[j] = append(d[j], call(cs[j]))
			time.Sleep(gap) // the refill after the reply belongs to this call
			cpu[j] += cs[j].cpuTime() - before
		}
	}
	for j := range cs {
		s := append([]time.Duration(nil), d[j]...)
		sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
		p := func(q float64) float64 { return ms(s[int(q*float64(len(s)-1)+0.5)]) }
		srv, _ := cs[j].peakRSS()
		t.Logf("%-4s return 1: p10 %.3f p50 %.3f p90 %.3f p99 %.3f ms; CPU per call %.3f ms; peak RSS %d MB",
			names[j], p(0.1), p(0.5), p(0.9), p(0.99), ms(cpu[j])/float64(n), srv>>20)
	}
}
