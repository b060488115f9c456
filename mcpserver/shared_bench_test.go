package mcpserver

import (
	"context"

	"sort"
	"testing"
	"time"

	"github.com/justbash/justbash/mcpserver/store"
)

// Per-call cost of keeping sessions in a store: no store (state in the
// process, as without --store), the in-process store, and a real Redis,
// for execute_code `return 1` and for a bash call on a session holding
// 1 MB of files (its snapshot is written back on every call). "moving"
// alternates two replicas, so every call also restores the snapshot.
// Reported: p50 and p99 of the call in ms.
//
//	go test ./mcpserver -run '^$' -bench BenchmarkStoreCall -benchtime 200x
func BenchmarkStoreCall(b *testing.B) {
	kinds := []struct {
		name string
		open func(b *testing.B) store.Store
	}{
		{"none", func(*testing.B) store.Store { return nil }},
		{"memory", func(*testing.B) store.Store { return store.NewMemory(store.Config{}) }},
		{"redis", func(b *testing.B) store.Store {
			st, err := store.Open(context.Background(), testRedis(b), store.Config{})
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { st.Close() })
			return st
		}},
	}
	for _, k := range kinds {
		b.Run(k.name+"/execute_code", func(b *testing.B) {
			rt := benchReplica(b, k.open(b))
			benchCalls(b, func(int) *Runtime { return rt }, ToolExecuteCode, map[string]any{"code": "return 1"})
		})
		b.Run(k.name+"/bash-1MB", func(b *testing.B) {
			rt := benchReplica(b, k.open(b))
			fillMB(b, rt)
			benchCalls(b, func(int) *Runtime { return rt }, ToolBash, map[string]any{"script": "echo x >> /d/log; wc -c < /d/f1"})
		})
		if k.name == "none" {
			continue // sessions cannot move without a store
		}
		b.Run(k.name+"/bash-1MB-moving", func(b *testing.B) {
			st := k.open(b)
			rts := []*Runtime{benchReplica(b, st), benchReplica(b, st)}
			fillMB(b, rts[0])
			benchCalls(b, func(i int) *Runtime { return rts[i%2] }, ToolBash, map[string]any{"script": "echo x >> /d/log; wc -c < /d/f1"})
		})
	}
}

func benchReplica(b *testing.B, st store.Store) *Runtime {
	cfg, err := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{}, Store: st})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { rt.Close() })
	return rt
}

// fillMB gives the bench session 1 MB of files (random bytes: a
// snapshot cannot compress them away).
func fillMB(b *testing.B, rt *Runtime) {
	res := rt.Call(scoped(rt, "", "bench"), ToolBash, map[string]any{
		"script": "mkdir -p /d; for i in $(seq 16); do head -c 65536 /dev/urandom > /d/f$i; done; du -sk /d"})
	if res.IsError || structured(b, res)["exitCode"] != float64(0) {
		b.Fatalf("filling the session: %v", texts(res))
	}
}

func benchCalls(b *testing.B, rt func(int) *Runtime, tool string, args map[string]any) {
	// One call first: the session's first call creates its state.
	if res := rt(1).Call(scoped(rt(1), "", "bench"), tool, args); res.IsError {
		b.Fatal(texts(res))
	}
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := rt(i)
		start := time.Now()
		res := r.Call(scoped(r, "", "bench"), tool, args)
		ds = append(ds, time.Since(start))
		if res.IsError {
			b.Fatal(texts(res))
		}
	}
	b.StopTimer()
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(ds[len(ds)/2]), "p50-ms")
	b.ReportMetric(ms(ds[len(ds)*99/100]), "p99-ms")
}
