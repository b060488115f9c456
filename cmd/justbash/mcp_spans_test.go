package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestMCPSpans profiles where a `return 1` call's time goes with workers,
// hop by hop, for the median and the slowest calls (issue 20's p99). It
// runs the server with JUSTBASH_MCP_SPANS (mcpserver/spans.go), which
// makes the server and its workers log timestamped events, and joins them
// with the client's send and receive times:
//
//	JUSTBASH_MCP_SPANS_RUN=1 [JUSTBASH_MCP_N=1000] go test ./cmd/justbash -run TestMCPSpans -v -count=1
//
// Nothing is asserted about speed. JUSTBASH_MCP_SPANS_BIN runs another
// binary (one with the same events) instead of the test's.
func TestMCPSpans(t *testing.T) {
	if os.Getenv("JUSTBASH_MCP_SPANS_RUN") == "" {
		t.Skip("set JUSTBASH_MCP_SPANS_RUN=1 to profile execute_code's hops")
	}
	n := 1000
	n = envCount("JUSTBASH_MCP_N", n)
	gap := envGap()
	dir := t.TempDir()
	measureCopy(t, dir)
	if b := os.Getenv("JUSTBASH_MCP_SPANS_BIN"); b != "" {
		binary = b
	}
	up := measureUpstreams(t, dir)[0]
	cfg := filepath.Join(dir, "config.json")
	b, _ := json.Marshal(map[string]any{"servers": map[string]any{"up": up.server}})
	os.WriteFile(cfg, b, 0o600)
	spanFile := filepath.Join(dir, "spans")
	env := []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH"), "JUSTBASH_MCP_SPANS=" + spanFile}
	c, _ := startLineClient(t, append(env, up.env...), mcpRunArgs(cfg, os.Getenv("JUSTBASH_MCP_SPANS_MODE"))...)
	for i := 0; i < 20; i++ { // warm-up, not recorded
		if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(100 * time.Millisecond)
	calls := make([][2]int64, n)
	for i := range calls {
		time.Sleep(gap)
		calls[i][0] = time.Now().UnixNano()
		if _, err := c.callTool("execute_code", map[string]any{"code": measureReturn1}); err != nil {
			t.Fatal(err)
		}
		calls[i][1] = time.Now().UnixNano()
	}
	// The processes write their events out twice a second: wait until
	// the server has written every response's event (initialize's and
	// the calls') and, with workers, the workers every run's reply event.
	calls0 := 20 + n
	withWorkers := os.Getenv("JUSTBASH_MCP_SPANS_MODE") != "in-process"
	deadline := time.Now().Add(10 * time.Second)
	var server, workers []spanEv
	for {
		server, workers = readSpans(t, spanFile), readSpans(t, spanFile+".w*")
		if countEvents(server, "s.write") >= 1+calls0 && (!withWorkers || countEvents(workers, "w.sent") >= calls0) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the span files hold %d of %d responses and %d replies", countEvents(server, "s.write"), calls0, countEvents(workers, "w.sent"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	reportSpans(t, calls, server, workers)
}

// spanEv is one line of a span file.
type spanEv struct {
	name                 string
	t                    int64
	gc, inv, vol, minflt int64
}

func readSpans(t *testing.T, glob string) []spanEv {
	files, _ := filepath.Glob(glob)
	var evs []spanEv
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			fs := strings.Fields(sc.Text()) // mcpserver/debugrec.go's line
			if len(fs) != 7 {
				continue
			}
			var n [5]int64
			for i := range n {
				n[i], _ = strconv.ParseInt(fs[i+1], 10, 64)
			}
			evs = append(evs, spanEv{name: fs[0], t: n[0], gc: n[1], inv: n[2], vol: n[3], minflt: n[4]})
		}
		fh.Close()
	}
	sort.Slice(evs, func(i, j int) bool { return evs[i].t < evs[j].t })
	return evs
}

// countEvents counts the events named name.
func countEvents(evs []spanEv, name string) int {
	k := 0
	for _, e := range evs {
		if e.name == name {
			k++
		}
	}
	return k
}

// spanHops are the points of a call, in order; a hop is the time between
// two neighbours.
var spanHops = []string{"c.send", "s.read", "s.handler", "s.call", "w.frame.run", "w.handler", "took", "w.ran", "s.reply", "s.write", "c.recv"}

// spanCall is one call's points and what happened in each process.
type spanCall struct {
	at           [11]int64
	ok           bool
	sGC, wGC     int64 // collections during the call
	sInv, wInv   int64 // involuntary context switches
	sVol, wVol   int64 // voluntary ones (sleeps)
	wFlt, sFlt   int64 // minor page faults
	fillAtFrame  bool  // a refill was running when the run frame was read
	fillOverlap  int64 // ns of refill inside the call's window
	sinceFillEnd int64 // ns from the last refill's end to the call's start
}

func joinSpans(calls [][2]int64, server, workers []spanEv) []spanCall {
	out := make([]spanCall, len(calls))
	in := func(evs []spanEv, from, to int64) []spanEv {
		i := sort.Search(len(evs), func(i int) bool { return evs[i].t >= from })
		j := sort.Search(len(evs), func(i int) bool { return evs[i].t >= to })
		return evs[i:j]
	}
	// Refill intervals of the workers.
	var fills [][2]int64
	var open int64 = -1
	for _, e := range workers {
		switch e.name {
		case "fill0":
			open = e.t
		case "fill1":
			if open >= 0 {
				fills = append(fills, [2]int64{open, e.t})
				open = -1
			}
		}
	}
	for i, c := range calls {
		sc := &out[i]
		end := c[1] + int64(2*time.Millisecond)
		if i+1 < len(calls) && calls[i+1][0] < end {
			end = calls[i+1][0]
		}
		sc.at[0], sc.at[10] = c[0], c[1]
		got := map[string]spanEv{}
		var first, last [2]*spanEv
		for k, evs := range [][]spanEv{in(server, c[0], end), in(workers, c[0], end)} {
			for j := range evs {
				e := &evs[j]
				if _, dup := got[e.name]; !dup {
					got[e.name] = *e
				}
				if first[k] == nil {
					first[k] = e
				}
				last[k] = e
			}
		}
		sc.ok = true
		for h := 1; h < 10; h++ {
			e, found := got[spanHops[h]]
			if !found {
				sc.ok = false
				break
			}
			sc.at[h] = e.t
		}
		if !sc.ok {
			continue
		}
		s0, s1 := got["s.read"], got["s.write"]
		w0, w1 := got["w.frame.run"], got["w.ran"]
		sc.sGC, sc.sInv, sc.sVol, sc.sFlt = s1.gc-s0.gc, s1.inv-s0.inv, s1.vol-s0.vol, s1.minflt-s0.minflt
		sc.wGC, sc.wInv, sc.wVol, sc.wFlt = w1.gc-w0.gc, w1.inv-w0.inv, w1.vol-w0.vol, w1.minflt-w0.minflt
		for _, f := range fills {
			if f[0] <= w0.t && f[1] > w0.t {
				sc.fillAtFrame = true
			}
			lo, hi := max(f[0], c[0]), min(f[1], c[1])
			if hi > lo {
				sc.fillOverlap += hi - lo
			}
			if f[1] <= c[0] {
				sc.sinceFillEnd = c[0] - f[1]
			}
		}
	}
	return out
}

// writeSpansOut writes every call's points, one line each (unix ns), and
// the offset of CLOCK_MONOTONIC (perf record -k CLOCK_MONOTONIC) from them.
func writeSpansOut(out string, all []spanCall) {
	var mono unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &mono)
	b := fmt.Appendf(nil, "# realtime-monotonic %d\n", time.Now().UnixNano()-mono.Nano())
	for _, c := range all {
		for _, v := range c.at {
			b = fmt.Appendf(b, "%d ", v)
		}
		b = fmt.Appendf(b, "%v\n", c.ok)
	}
	os.WriteFile(out, b, 0o600)
}

func spanTotal(c spanCall) int64 { return c.at[10] - c.at[0] }

func us(ns int64) string { return fmt.Sprintf("%7.0f", float64(ns)/1e3) }

// spanRow is one call's hops and what happened in it.
func spanRow(label string, c spanCall) string {
	s := fmt.Sprintf("%-8s %s |", label, us(spanTotal(c)))
	for h := 1; h < len(spanHops); h++ {
		s += us(c.at[h] - c.at[h-1])
	}
	return s + fmt.Sprintf(" | gc s%d w%d inv s%d w%d vol s%d w%d flt s%d w%d fill@frame %v overlap %s since %s",
		c.sGC, c.wGC, c.sInv, c.wInv, c.sVol, c.wVol, c.sFlt, c.wFlt, c.fillAtFrame, us(c.fillOverlap), us(c.sinceFillEnd))
}

func reportSpans(t *testing.T, calls [][2]int64, server, workers []spanEv) {
	all := joinSpans(calls, server, workers)
	if out := os.Getenv("JUSTBASH_MCP_SPANS_OUT"); out != "" {
		writeSpansOut(out, all)
	}
	var cs []spanCall
	for _, c := range all {
		if c.ok {
			cs = append(cs, c)
		}
	}
	t.Logf("%d calls, %d with every event", len(all), len(cs))
	if len(cs) == 0 {
		t.Fatal("no call has all its events")
	}
	total := spanTotal
	sort.Slice(cs, func(i, j int) bool { return total(cs[i]) < total(cs[j]) })
	pct := func(q float64) spanCall { return cs[int(q*float64(len(cs)-1)+0.5)] }
	hdr := "total"
	for h := 1; h < len(spanHops); h++ {
		hdr += " " + spanHops[h-1] + ">" + spanHops[h]
	}
	t.Logf("hops (µs): %s", hdr)
	// Per-hop percentiles over all calls.
	for _, q := range []float64{0.5, 0.9, 0.99} {
		line := fmt.Sprintf("hop p%.0f:", q*100)
		for h := 1; h < len(spanHops); h++ {
			var d []int64
			for _, c := range cs {
				d = append(d, c.at[h]-c.at[h-1])
			}
			sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
			line += us(d[int(q*float64(len(d)-1)+0.5)])
		}
		t.Log(line)
	}
	t.Log(spanRow("p50", pct(0.5)))
	t.Log(spanRow("p90", pct(0.9)))
	t.Log(spanRow("p99", pct(0.99)))
	reportSlowest(t, cs)
}

// reportSlowest logs the slowest 2% of cs (sorted by total) against the
// middle half.
func reportSlowest(t *testing.T, cs []spanCall) {
	total := spanTotal
	pct := func(q float64) spanCall { return cs[int(q*float64(len(cs)-1)+0.5)] }
	slow := len(cs) / 50
	if slow == 0 {
		slow = 1
	}
	worst := map[string]int{}
	var sums, medSums [11]float64
	for i, c := range cs[len(cs)-slow:] {
		t.Log(spanRow(fmt.Sprintf("slow%d", i), c))
		big, bigD := 0, int64(0)
		for h := 1; h < len(spanHops); h++ {
			if d := c.at[h] - c.at[h-1]; d > bigD {
				big, bigD = h, d
			}
			sums[h] += float64(c.at[h]-c.at[h-1]) / float64(slow)
		}
		worst[spanHops[big-1]+">"+spanHops[big]]++
	}
	mid := cs[len(cs)/4 : 3*len(cs)/4]
	for _, c := range mid {
		for h := 1; h < len(spanHops); h++ {
			medSums[h] += float64(c.at[h]-c.at[h-1]) / float64(len(mid))
		}
	}
	line, line2 := "mean of slowest 2%:", "mean of p25-p75:   "
	for h := 1; h < len(spanHops); h++ {
		line += us(int64(sums[h]))
		line2 += us(int64(medSums[h]))
	}
	t.Log(line)
	t.Log(line2)
	t.Logf("largest hop of the slowest 2%%: %v", worst)
	var fillSlow, fillMid, gcSlow, gcMid int
	for _, c := range cs[len(cs)-slow:] {
		if c.fillOverlap > 0 {
			fillSlow++
		}
		if c.sGC+c.wGC > 0 {
			gcSlow++
		}
	}
	for _, c := range mid {
		if c.fillOverlap > 0 {
			fillMid++
		}
		if c.sGC+c.wGC > 0 {
			gcMid++
		}
	}
	t.Logf("refill inside the call: slowest %d/%d, p25-p75 %d/%d; a collection during the call: slowest %d/%d, p25-p75 %d/%d",
		fillSlow, slow, fillMid, len(mid), gcSlow, slow, gcMid, len(mid))
	var atFrame, rest []int64
	for _, c := range cs {
		if c.fillAtFrame {
			atFrame = append(atFrame, total(c))
		} else {
			rest = append(rest, total(c))
		}
	}
	med := func(d []int64) string {
		if len(d) == 0 {
			return "-"
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return us(d[len(d)/2])
	}
	t.Logf("total p50 %s p90 %s p99 %s µs; calls whose run frame came during a refill: %d (median total %s µs), the others median %s µs",
		us(total(pct(0.5))), us(total(pct(0.9))), us(total(pct(0.99))), len(atFrame), med(atFrame), med(rest))
}
