package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"testing"

	"github.com/justbash/justbash/mcpserver"
)

// `mcp status` prints the limits block list_servers returns, after the
// servers; asking for one server leaves it out.
func TestPrintStatusLimits(t *testing.T) {
	body := func(limits *mcpserver.PoolLimits) toolResult {
		b, err := json.Marshal(map[string]any{
			"servers": []map[string]any{{"name": "inner", "ok": true, "toolCount": 2}},
			"limits":  limits,
		})
		if err != nil {
			t.Fatal(err)
		}
		return toolResult{StructuredContent: b}
	}
	cases := []struct {
		name   string
		pos    []string
		limits *mcpserver.PoolLimits
		want   string
	}{
		{"workers", nil, &mcpserver.PoolLimits{Workers: &mcpserver.WorkerStats{Live: 2, Max: 16, Idle: 1, Pinned: 1},
			Sessions: mcpserver.SessionStats{Count: 3, Bytes: 1536 << 10, MaxBytes: 1 << 30}},
			"inner: ok (2 tools)\nlimits:\n  workers: 2 of 16 live (1 idle, 1 pinned)\n  sessions: 3 holding 1.5 MiB of 1.0 GiB\n"},
		{"in-process", nil, &mcpserver.PoolLimits{Sessions: mcpserver.SessionStats{Count: 0, Bytes: 0, MaxBytes: 512}},
			"inner: ok (2 tools)\nlimits:\n  workers: none (runs are in-process)\n  sessions: 0 holding 0 B of 512 B\n"},
		{"redis store", nil, &mcpserver.PoolLimits{Sessions: mcpserver.SessionStats{Count: 1, MaxBytes: 1 << 30},
			Store: &mcpserver.StoreStats{Store: "redis 127.0.0.1:6379 db 0", Sessions: 50}},
			"inner: ok (2 tools)\nlimits:\n  workers: none (runs are in-process)\n  sessions: 1 holding 0 B of 1.0 GiB\n  store: redis 127.0.0.1:6379 db 0, 50 sessions\n"},
		{"store unreachable", nil, &mcpserver.PoolLimits{Store: &mcpserver.StoreStats{Store: "redis 127.0.0.1:6379 db 0", Error: "connection refused"}},
			"inner: ok (2 tools)\nlimits:\n  workers: none (runs are in-process)\n  sessions: 0 holding 0 B of 0 B\n  store: redis 127.0.0.1:6379 db 0 (sessions unknown: connection refused)\n"},
		{"one server", []string{"inner"}, &mcpserver.PoolLimits{}, "inner: ok (2 tools)\n"},
		{"older daemon", nil, nil, "inner: ok (2 tools)\n"},
	}
	for _, tc := range cases {
		var out bytes.Buffer
		a := &mcpArgs{pos: tc.pos, flags: map[string]string{}}
		code, err := printStatus(context.Background(), a, "", "", url.Values{}, body(tc.limits), &out)
		if err != nil || code != 0 || out.String() != tc.want {
			t.Errorf("%s: status %d, %v, output\n%q\nwant\n%q", tc.name, code, err, out.String(), tc.want)
		}
	}
}
