package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The start-up traces of TestMCPMeasureFirst (JUSTBASH_MCP_TRACE), read
// back: one start's events in time order, relative to the client's spawn
// of the server, and the same events' medians over many starts.

// traceEvent is one line of a start-up trace file (mcpserver/starttrace.go).
type traceEvent struct {
	role   string  // client, server or worker
	name   string  // the event; a collection is "gc"
	at     float64 // ms since the spawn
	cpu    float64 // the process's CPU so far, ms (a collection: its pause)
	minflt int64   // the process's minor page faults so far
}

// readStartTrace reads one start's directory; the events are sorted by
// time, a name repeated within a role is numbered (fill, fill#2, ...).
func readStartTrace(dir string) ([]traceEvent, error) {
	b, err := readSmall(filepath.Join(dir, "client.txt"))
	if err != nil {
		return nil, err
	}
	var c [4]int64
	if _, err := fmt.Sscan(string(b), &c[0], &c[1], &c[2], &c[3]); err != nil {
		return nil, fmt.Errorf("client.txt: %v", err)
	}
	rel := func(ns int64) float64 { return float64(ns-c[0]) / 1e6 }
	out := []traceEvent{{role: "client", name: "spawn"}, {role: "client", name: "initialized", at: rel(c[1])},
		{role: "client", name: "call", at: rel(c[2])}, {role: "client", name: "answer", at: rel(c[3])}}
	files, _ := filepath.Glob(filepath.Join(dir, "*-*.txt"))
	for _, file := range files {
		role, _, _ := strings.Cut(filepath.Base(file), "-")
		b, err := readSmall(file)
		if err != nil {
			return nil, err
		}
		seen := map[string]int{}
		for _, line := range strings.Split(string(b), "\n") {
			// name ns gc inv vol minflt cpu (mcpserver/debugrec.go); a
			// collection's line has its pause in the cpu field.
			f := strings.Fields(line)
			if len(f) != 7 {
				continue
			}
			at, _ := strconv.ParseInt(f[1], 10, 64)
			n, _ := strconv.ParseInt(f[5], 10, 64)
			cpu, _ := strconv.ParseInt(f[6], 10, 64)
			e := traceEvent{role: role, name: f[0], at: rel(at), cpu: float64(cpu) / 1e6, minflt: n}
			seen[e.name]++
			if k := seen[e.name]; k > 1 {
				e.name += "#" + strconv.Itoa(k)
			}
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out, nil
}

// startTimeline shows one start's events, one a line: ms since the
// spawn, the process, the event, its CPU and page faults so far.
func startTimeline(dir string) string {
	events, err := readStartTrace(dir)
	if err != nil {
		return "  (no trace: " + err.Error() + ")"
	}
	var b strings.Builder
	for _, e := range events {
		switch {
		case e.role == "client":
			fmt.Fprintf(&b, "  %8.2f %-6s %s\n", e.at, e.role, e.name)
		case e.name == "gc" || strings.HasPrefix(e.name, "gc#"):
			fmt.Fprintf(&b, "  %8.2f %-6s collection (pause %.3f ms)\n", e.at, e.role, e.cpu)
		default:
			fmt.Fprintf(&b, "  %8.2f %-6s %-14s cpu %6.2f ms, %5d faults\n", e.at, e.role, e.name, e.cpu, e.minflt)
		}
	}
	return b.String()
}

// traceMedians shows, for every event that most starts have, the median
// (and 10th, 90th percentile) of its time since the spawn and of its
// process's CPU so far, ordered by the median time.
func traceMedians(dirs []string) string {
	type acc struct{ at, cpu []float64 }
	all := map[string]*acc{}
	for _, dir := range dirs {
		events, err := readStartTrace(dir)
		if err != nil {
			continue
		}
		for _, e := range events {
			key := e.role + " " + e.name
			if all[key] == nil {
				all[key] = &acc{}
			}
			all[key].at = append(all[key].at, e.at)
			all[key].cpu = append(all[key].cpu, e.cpu)
		}
	}
	type row struct {
		key           string
		n             int
		p10, p50, p90 float64
		cpu           float64
	}
	var rows []row
	for key, a := range all {
		if len(a.at)*2 < len(dirs) {
			continue
		}
		sort.Float64s(a.at)
		sort.Float64s(a.cpu)
		n := len(a.at)
		rows = append(rows, row{key, n, a.at[n/10], a.at[n/2], a.at[n*9/10], a.cpu[n/2]})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].p50 < rows[j].p50 })
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "  %8.2f (%6.2f-%6.2f) %-26s cpu %6.2f  [%d]\n", r.p50, r.p10, r.p90, r.key, r.cpu, r.n)
	}
	return b.String()
}

// traceFileMax bounds a trace file read back: a server writes at most
// startTraceMax (4,096) events of well under 128 bytes each.
const traceFileMax = 1 << 20

// readSmall reads a file of at most traceFileMax bytes.
func readSmall(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, traceFileMax+1))
	if err == nil && len(b) > traceFileMax {
		err = fmt.Errorf("%s: larger than %d bytes", name, traceFileMax)
	}
	return b, err
}
