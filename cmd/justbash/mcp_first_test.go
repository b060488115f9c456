package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// TestMCPMeasureFirst times the first execute_code after start against
// warm calls of the same process, over many starts: the first call is
// sent as soon as the initialize answer arrives, as a client does, then
// warm `return 1` calls follow (5 ms apart) and their median is that
// start's warm p50; last, one call after a 2 s pause. Run it with
//
//	JUSTBASH_MCP_MEASURE=1 go test ./cmd/justbash -run TestMCPMeasureFirst -v -count=1
//
// JUSTBASH_MCP_FIRST sets the starts per binary and mode (default 20);
// JUSTBASH_MCP_AB=/path/to/other/justbash alternates its starts with
// another binary's, start by start; JUSTBASH_MCP_AB_MODE=workers or
// in-process measures one mode (default both). JUSTBASH_MCP_TRACE=DIR
// turns the servers' start-up trace on (JUSTBASH_START_TRACE, see
// mcpserver/starttrace.go), one directory per start under DIR, with the
// client's own times beside it (client.txt: spawn, initialize answered,
// first call sent, first call answered, wall-clock ns). It also times
// the start-up without an upstream (20 starts per binary and mode).
// Nothing is asserted about speed.
func TestMCPMeasureFirst(t *testing.T) {
	if os.Getenv("JUSTBASH_MCP_MEASURE") == "" {
		t.Skip("set JUSTBASH_MCP_MEASURE=1 to measure the first call")
	}
	k := 20
	k = envCount("JUSTBASH_MCP_FIRST", k)
	modes := []string{"workers", "in-process"}
	if m := os.Getenv("JUSTBASH_MCP_AB_MODE"); m != "" {
		modes = []string{m}
	}
	traceDir := os.Getenv("JUSTBASH_MCP_TRACE")
	dir := t.TempDir()
	measureCopy(t, dir)
	bins, names := []string{binary}, []string{"this"}
	if other := os.Getenv("JUSTBASH_MCP_AB"); other != "" {
		bins = append(bins, copyFile(t, other, filepath.Join(dir, "bin", "other")))
		names = append(names, "other")
	}
	up := measureUpstreams(t, dir)[0]
	cfg := filepath.Join(dir, "config.json")
	b, _ := json.Marshal(map[string]any{"servers": map[string]any{"up": up.server}})
	os.WriteFile(cfg, b, 0o600)
	env := append([]string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}, up.env...)
	t.Logf("load before: %s", loadAverage())
	// Cold start without an upstream (spawn to the initialize answer),
	// starts alternated: what the start-up's own work costs.
	emptyCfg := filepath.Join(dir, "empty.json")
	os.WriteFile(emptyCfg, []byte(`{"servers":{}}`), 0o600)
	for _, mode := range modes {
		var cold [2][]time.Duration
		for i := 0; i < 20; i++ {
			for o := range bins {
				j := (o + i) % len(bins)
				args := mcpRunArgs(emptyCfg, mode)
				args[0] = bins[j]
				c, d := startLineClient(t, env, args...)
				c.close()
				cold[j] = append(cold[j], d)
			}
		}
		for j, name := range names {
			t.Logf("%-5s %s start-up without an upstream: %s", name, mode, medianP90(cold[j]))
		}
	}
	for _, mode := range modes {
		var starts, firsts, warms, idles [2][]time.Duration
		var ratios [2][]float64
		for i := 0; i < k; i++ {
			for o := range bins {
				j := (o + i) % len(bins)
				args := mcpRunArgs(cfg, mode)
				args[0] = bins[j]
				e := env
				var tdir string
				if traceDir != "" {
					tdir = filepath.Join(traceDir, fmt.Sprintf("%s-%s-%02d", names[j], mode, i))
					if err := os.MkdirAll(tdir, 0o755); err != nil {
						t.Fatal(err)
					}
					e = append(append([]string(nil), env...), "JUSTBASH_START_TRACE="+tdir)
				}
				spawn := time.Now()
				c, d := startLineClient(t, e, args...)
				sent := time.Now()
				if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
					t.Fatal(err)
				}
				recv := time.Now()
				first := recv.Sub(sent)
				var warm []time.Duration
				for n := 0; n < 20; n++ {
					time.Sleep(5 * time.Millisecond)
					s := time.Now()
					if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
						t.Fatal(err)
					}
					warm = append(warm, time.Since(s))
				}
				// One more after a pause, as an agent's calls come: what a
				// call pays once the runtime it takes and the server's
				// caches have gone cold, start-up or not.
				time.Sleep(2 * time.Second)
				s := time.Now()
				if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
					t.Fatal(err)
				}
				idles[j] = append(idles[j], time.Since(s))
				c.close()
				if tdir != "" {
					line := fmt.Sprintf("%d %d %d %d\n", spawn.UnixNano(), spawn.Add(d).UnixNano(), sent.UnixNano(), recv.UnixNano())
					os.WriteFile(filepath.Join(tdir, "client.txt"), []byte(line), 0o644)
				}
				w := median(warm)
				starts[j] = append(starts[j], d)
				firsts[j] = append(firsts[j], first)
				warms[j] = append(warms[j], w)
				ratios[j] = append(ratios[j], ms(first)/ms(w))
			}
		}
		t.Logf("%s, %d starts each, load after %s", mode, k, loadAverage())
		for j, name := range names {
			sort.Float64s(ratios[j])
			t.Logf("%-5s start-up %s; first call %s; warm p50 median %.3f ms; first ÷ warm: median of starts %.2fx (p90 %.2fx), medians %.2fx",
				name, medianP90(starts[j]), medianP90(firsts[j]), ms(median(warms[j])),
				ratios[j][len(ratios[j])/2], ratios[j][len(ratios[j])*9/10], ms(median(firsts[j]))/ms(median(warms[j])))
			t.Logf("%-5s first calls %s", name, msList(firsts[j]))
			t.Logf("%-5s a call after a 2 s pause: %s (%.2fx the warm p50)", name, medianP90(idles[j]), ms(median(idles[j]))/ms(median(warms[j])))
		}
	}
}

// medianP90 shows the median and the 90th percentile in milliseconds.
func medianP90(d []time.Duration) string {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return fmt.Sprintf("median %.2f ms (p90 %.2f)", ms(d[len(d)/2]), ms(d[len(d)*9/10]))
}
