package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/mcpserver/store"
)

// testRedis runs a real redis-server on a free loopback port for the test
// and returns its URL (the test is skipped on a machine without one).
func testRedis(t testing.TB) string {
	t.Helper()
	url, _ := testRedisProc(t)
	return url
}

// testRedisProc is testRedis with the server's process, to kill it.
func testRedisProc(t testing.TB) (string, *exec.Cmd) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not installed (.ci/run installs it): Redis-backed session tests skipped")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		s, err := store.Open(ctx, url, store.Config{})
		cancel()
		if err == nil {
			s.Close()
			return url, cmd
		}
		if time.Now().After(deadline) {
			t.Fatalf("redis-server did not answer: %v", err)
		}
		time.Sleep(10 * time.Millisecond) // polling for the server to come up
	}
}

// sharedStores runs f with each kind of store: the in-process one shared
// by runtimes of this process, and a real Redis.
func sharedStores(t *testing.T, f func(t *testing.T, open func() store.Store)) {
	t.Run("memory", func(t *testing.T) {
		st := store.NewMemory(store.Config{})
		f(t, func() store.Store { return st })
	})
	t.Run("redis", func(t *testing.T) {
		url := testRedis(t)
		f(t, func() store.Store {
			st, err := store.Open(context.Background(), url, store.Config{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		})
	})
}

// replica is a runtime on a shared store, with bash in process or in
// worker processes (this test binary, see TestMain).
func replica(t *testing.T, st store.Store, workers bool) *Runtime {
	t.Helper()
	cfg, err := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var runner CodeRunner = JSRunner{}
	if workers {
		runner = &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"},
			Env: []string{"MCPSERVER_TEST_WORKER=" + strconv.Itoa(256<<20)}}
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: runner, Store: st, MaxMemoryBytes: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt
}

// step is one call on a replica and a check of its result.
type step struct {
	rt    *Runtime
	tool  string
	args  map[string]any
	check func(sc map[string]any) string // "" when right
}

func stdoutIs(want string) func(map[string]any) string {
	return func(sc map[string]any) string {
		if sc["stdout"] != want {
			return fmt.Sprintf("stdout %q, want %q (%v)", sc["stdout"], want, sc)
		}
		return ""
	}
}

func valueIs(want string) func(map[string]any) string {
	return func(sc map[string]any) string {
		if got := toJSON(sc["value"]); got != want {
			return fmt.Sprintf("value %s, want %s (%v)", got, want, sc)
		}
		return ""
	}
}

// Two replicas on one store serve one session: memory, logs and the bash
// shell (files, variables, cwd) follow the session from one to the other,
// both ways, in process and with bash in workers.
func TestSharedSessionAcrossReplicas(t *testing.T) {
	for _, workers := range []bool{false, true} {
		t.Run(map[bool]string{false: "in-process", true: "workers"}[workers], func(t *testing.T) {
			sharedStores(t, func(t *testing.T, open func() store.Store) {
				a, b := replica(t, open(), workers), replica(t, open(), workers)
				code := func(rt *Runtime, src string, check func(map[string]any) string) step {
					return step{rt, ToolExecuteCode, map[string]any{"code": src}, check}
				}
				sh := func(rt *Runtime, script, out string) step {
					return step{rt, ToolBash, map[string]any{"script": script}, stdoutIs(out)}
				}
				steps := []step{
					code(a, `await jsmcp.memory.set("k", {n: 1}); console.log("one"); console.warn("two"); return 1`, valueIs("1")),
					code(b, `return await jsmcp.memory.get("k")`, valueIs(`{"n":1}`)),
					code(b, `await jsmcp.memory.update("k", v => ({n: v.n + 1})); console.log("three"); return await jsmcp.memory.keys()`, valueIs(`["k"]`)),
					code(a, `return (await jsmcp.memory.get("k")).n`, valueIs("2")),
					sh(b, "echo hi > /tmp/f; x=5; g() { echo fn$1; }; cd /tmp", ""),
					sh(a, "cat f; echo $x; g 1; pwd", "hi\n5\nfn1\n/tmp\n"),
					sh(a, "echo more >> f; y=6", ""),
					sh(b, "cat /tmp/f; echo $y", "hi\nmore\n6\n"),
					sh(b, "echo again >> /tmp/f", ""),
					sh(a, "cat /tmp/f", "hi\nmore\nagain\n"),
					{a, ToolFetchLogs, nil, func(sc map[string]any) string {
						got := toJSON(sc["logs"])
						for _, w := range []string{`"id":1,"level":"log","message":"one"`, `"id":2,"level":"warn","message":"two"`, `"id":3,"level":"log","message":"three"`} {
							if !strings.Contains(got, w) {
								return "logs " + got + " lack " + w
							}
						}
						return ""
					}},
					{b, ToolFetchLogs, nil, func(sc map[string]any) string {
						if got := toJSON(sc["logs"]); got != "[]" {
							return "logs after a drain on the other replica: " + got
						}
						return ""
					}},
					code(b, `console.log("four"); await jsmcp.memory.clear(); return await jsmcp.memory.keys()`, valueIs("[]")),
					{a, ToolClearLogs, nil, func(sc map[string]any) string {
						if toJSON(sc["cleared"]) != "1" {
							return "cleared " + toJSON(sc["cleared"])
						}
						return ""
					}},
					code(a, `return await jsmcp.memory.keys()`, valueIs("[]")),
				}
				for i, s := range steps {
					res := s.rt.Call(scoped(s.rt, "", "shared1"), s.tool, s.args)
					if res.IsError {
						t.Fatalf("step %d %s %v: %v", i, s.tool, s.args, texts(res))
					}
					if msg := s.check(structured(t, res)); msg != "" {
						t.Fatalf("step %d %s %v: %s", i, s.tool, s.args, msg)
					}
				}
				// Another session and another profile stay apart.
				res := b.Call(scoped(b, "work", "shared1"), ToolBash, map[string]any{"script": "cat /tmp/f"})
				if sc := structured(t, res); sc["exitCode"] != float64(1) {
					t.Errorf("profile work sees the default profile's file: %v", sc)
				}
				res = a.Call(scoped(a, "", "shared2"), ToolExecuteCode, map[string]any{"code": `return (await jsmcp.memory.get("k")) ?? "none"`})
				if sc := structured(t, res); toJSON(sc["value"]) != `"none"` {
					t.Errorf("another session sees the memory: %v", sc)
				}
			})
		})
	}
}

// Concurrent read-modify-write calls on one session through two replicas
// lose no update: the lease runs them one at a time.
func TestSharedSessionSerialises(t *testing.T) {
	sharedStores(t, func(t *testing.T, open func() store.Store) {
		reps := []*Runtime{replica(t, open(), false), replica(t, open(), false)}
		const n = 20
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rt := reps[i%2]
				res := rt.Call(scoped(rt, "", "hot"), ToolExecuteCode, map[string]any{
					"code": `const c = (await jsmcp.memory.get("c")) ?? 0; await jsmcp.memory.set("c", c + 1); return c`})
				if res.IsError {
					t.Errorf("call %d: %v", i, texts(res))
				}
			}()
		}
		wg.Wait()
		res := reps[0].Call(scoped(reps[0], "", "hot"), ToolExecuteCode, map[string]any{"code": `return await jsmcp.memory.get("c")`})
		if got := toJSON(structured(t, res)["value"]); got != strconv.Itoa(n) {
			t.Fatalf("counter %s after %d increments through two replicas", got, n)
		}
	})
}

// A one-request session (no id) never reaches the store.
func TestSharedStoreSkipsOneRequestSessions(t *testing.T) {
	st := store.NewMemory(store.Config{})
	rt := replica(t, st, false)
	res := rt.Call(context.Background(), ToolExecuteCode, map[string]any{"code": `await jsmcp.memory.set("a", 1); return 1`})
	if res.IsError {
		t.Fatal(texts(res))
	}
	if n, _ := st.Sessions(context.Background()); n != 0 {
		t.Fatalf("%d sessions in the store after a one-request call", n)
	}
	rt.Call(scoped(rt, "", "named"), ToolExecuteCode, map[string]any{"code": `await jsmcp.memory.set("a", 1); return 1`})
	if n, _ := st.Sessions(context.Background()); n != 1 {
		t.Fatalf("%d sessions in the store after a named session's call, want 1", n)
	}
	if ss := rt.StoreStats(context.Background()); ss == nil || ss.Sessions != 1 || ss.Store == "" {
		t.Fatalf("store stats %+v", ss)
	}
}

// Every line a call logs carries its session id.
func TestSharedCallLogs(t *testing.T) {
	var buf syncBuffer
	cfg, err := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{},
		Store: store.NewMemory(store.Config{}), Logger: slog.New(slog.NewJSONHandler(&buf, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	rt.Call(scoped(rt, "", "logged-1"), ToolExecuteCode, map[string]any{"code": "return 1"})
	rt.Call(scoped(rt, "", "logged-1"), ToolBash, map[string]any{"script": "echo hi"})
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	msgs := map[string]int{}
	for _, l := range lines {
		var m struct{ Msg, Session, Tool string }
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		if m.Session != "logged-1" || m.Tool == "" {
			t.Errorf("line without the session or tool: %s", l)
		}
		msgs[m.Msg]++
	}
	if msgs["call"] != 2 || msgs["session lease taken"] != 2 || msgs["session lease released"] != 2 {
		t.Errorf("log lines %v:\n%s", msgs, buf.String())
	}
}

// syncBuffer is a bytes.Buffer safe for the logger's writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
