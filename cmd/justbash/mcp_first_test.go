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
// JUSTBASH_MCP_FIRST sets the starts per binary, mode and upstream
// (default 20); JUSTBASH_MCP_AB=/path/to/other/justbash alternates its
// starts with another binary's, start by start; JUSTBASH_MCP_AB_MODE=
// workers or in-process measures one mode (default both);
// JUSTBASH_MCP_FIRST_UP=stdio or http one upstream (default both):
// server-everything over stdio, whose node start makes discovery take
// ~0.5 s, or the same already serving Streamable HTTP, found in ~45 ms —
// before the process's first runtime is ready. JUSTBASH_MCP_TRACE=DIR
// turns the servers' start-up trace on (JUSTBASH_START_TRACE, see
// mcpserver/starttrace.go), one directory per start under DIR, with the
// client's own times beside it (client.txt: spawn, initialize answered,
// first call sent, first call answered, wall-clock ns), and prints the
// timeline of the median start (mcp_first_trace_test.go). It also times
// the start-up without an upstream (20 starts per binary and mode).
// Nothing is asserted about speed.
func TestMCPMeasureFirst(t *testing.T) {
	if os.Getenv("JUSTBASH_MCP_MEASURE") == "" {
		t.Skip("set JUSTBASH_MCP_MEASURE=1 to measure the first call")
	}
	k := envCount("JUSTBASH_MCP_FIRST", 20)
	modes := []string{"workers", "in-process"}
	if m := os.Getenv("JUSTBASH_MCP_AB_MODE"); m != "" {
		modes = []string{m}
	}
	dir := t.TempDir()
	measureCopy(t, dir)
	bins, names := []string{binary}, []string{"this"}
	if other := os.Getenv("JUSTBASH_MCP_AB"); other != "" {
		bins = append(bins, copyFile(t, other, filepath.Join(dir, "bin", "other")))
		names = append(names, "other")
	}
	ups := measureUpstreams(t, dir)
	if want := os.Getenv("JUSTBASH_MCP_FIRST_UP"); want != "" {
		var keep []measureUpstream
		for _, up := range ups {
			if up.name == "everything("+want+")" {
				keep = append(keep, up)
			}
		}
		if len(keep) == 0 {
			t.Fatalf("JUSTBASH_MCP_FIRST_UP=%s: no such upstream here", want)
		}
		ups = keep
	}
	env := []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}
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
	for _, up := range ups {
		cfg := filepath.Join(dir, "config-"+up.name+".json")
		b, _ := json.Marshal(map[string]any{"servers": map[string]any{"up": up.server}})
		os.WriteFile(cfg, b, 0o600)
		for _, mode := range modes {
			f := firstRun{t: t, k: k, bins: bins, names: names, mode: mode, up: up.name, cfg: cfg,
				env: append(append([]string(nil), env...), up.env...), traceDir: os.Getenv("JUSTBASH_MCP_TRACE")}
			f.measure()
		}
	}
}

// firstRun is one mode and upstream of TestMCPMeasureFirst: k starts per
// binary, alternated.
type firstRun struct {
	t              *testing.T
	k              int
	bins, names    []string
	mode, up, cfg  string
	env            []string
	traceDir       string
	starts, firsts [2][]time.Duration
	warms, idles   [2][]time.Duration
	ratios         [2][]float64
	traces         [2][]string // each start's trace directory
}

func (f *firstRun) measure() {
	t := f.t
	for i := 0; i < f.k; i++ {
		for o := range f.bins {
			j := (o + i) % len(f.bins)
			f.start(i, j)
		}
	}
	t.Logf("%s, %s upstream, %d starts each, load after %s", f.mode, f.up, f.k, loadAverage())
	for j, name := range f.names {
		ratios := append([]float64(nil), f.ratios[j]...)
		sort.Float64s(ratios)
		t.Logf("%-5s start-up %s; first call %s; warm p50 median %.3f ms; first ÷ warm: median of starts %.2fx (p90 %.2fx), medians %.2fx",
			name, medianP90(f.starts[j]), medianP90(f.firsts[j]), ms(median(f.warms[j])),
			ratios[len(ratios)/2], ratios[len(ratios)*9/10], ms(median(f.firsts[j]))/ms(median(f.warms[j])))
		t.Logf("%-5s first calls %s", name, msList(f.firsts[j]))
		t.Logf("%-5s a call after a 2 s pause: %s (%.2fx the warm p50)", name, medianP90(f.idles[j]), ms(median(f.idles[j]))/ms(median(f.warms[j])))
		if len(f.traces[j]) > 0 {
			// The start whose first call is the median one.
			idx := make([]int, len(f.firsts[j]))
			for n := range idx {
				idx[n] = n
			}
			sort.Slice(idx, func(a, b int) bool { return f.firsts[j][idx[a]] < f.firsts[j][idx[b]] })
			med := f.traces[j][idx[len(idx)/2]]
			t.Logf("%-5s timeline of the median start (%s), ms from spawn:\n%s", name, filepath.Base(med), startTimeline(med))
			t.Logf("%-5s events over the starts: median ms from spawn (p10-p90), CPU of the process so far:\n%s", name, traceMedians(f.traces[j]))
		}
	}
}

// start runs start i of binary j: spawn, initialize, the first call, 20
// warm ones, one after a pause.
func (f *firstRun) start(i, j int) {
	t := f.t
	args := mcpRunArgs(f.cfg, f.mode)
	args[0] = f.bins[j]
	e := f.env
	var tdir string
	if f.traceDir != "" {
		tdir = filepath.Join(f.traceDir, fmt.Sprintf("%s-%s-%s-%02d", f.names[j], f.mode, f.up, i))
		if err := os.MkdirAll(tdir, 0o755); err != nil {
			t.Fatal(err)
		}
		e = append(append([]string(nil), f.env...), "JUSTBASH_START_TRACE="+tdir)
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
	// One more after a pause, as an agent's calls come: what a call pays
	// once the runtime it takes and the server's caches have gone cold,
	// start-up or not.
	time.Sleep(2 * time.Second)
	s := time.Now()
	if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
		t.Fatal(err)
	}
	f.idles[j] = append(f.idles[j], time.Since(s))
	c.close()
	if tdir != "" {
		line := fmt.Sprintf("%d %d %d %d\n", spawn.UnixNano(), spawn.Add(d).UnixNano(), sent.UnixNano(), recv.UnixNano())
		os.WriteFile(filepath.Join(tdir, "client.txt"), []byte(line), 0o644)
		f.traces[j] = append(f.traces[j], tdir)
	}
	w := median(warm)
	f.starts[j] = append(f.starts[j], d)
	f.firsts[j] = append(f.firsts[j], first)
	f.warms[j] = append(f.warms[j], w)
	f.ratios[j] = append(f.ratios[j], ms(first)/ms(w))
}

// medianP90 shows the median and the 90th percentile in milliseconds.
func medianP90(d []time.Duration) string {
	d = append([]time.Duration(nil), d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return fmt.Sprintf("median %.2f ms (p90 %.2f)", ms(d[len(d)/2]), ms(d[len(d)*9/10]))
}
