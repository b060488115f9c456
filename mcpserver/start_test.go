package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// In process, a script's calls of a stdio upstream are started on the
// script's own goroutine and answered from the upstream's reader (view.start,
// jsexec.StartFunc): the same answers as through Invoke, in every case.
func TestInProcessUpstreamCalls(t *testing.T) {
	rt := upstreamRuntime(t, JSRunner{})
	checkUpstreamCalls(t, rt)
	// jsmcp.memory is not an upstream: Start declines it, Invoke answers.
	res := rt.Call(scoped(rt, "", "mem"), ToolExecuteCode, map[string]any{"code": `await jsmcp.memory.set("k", 5); return [await up.echo({message: "m"}), await jsmcp.memory.get("k")]`})
	if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, `"value":["echo: m",5]`) {
		t.Errorf("memory beside an upstream: isError=%v %s", res.IsError, got)
	}
}

// view.start takes what it can start without blocking and declines the
// rest, having done nothing: no such server or tool, a path without a
// server.
func TestViewStart(t *testing.T) {
	rt := upstreamRuntime(t, JSRunner{})
	v, err := rt.view("")
	if err != nil {
		t.Fatal(err)
	}
	ctx := scoped(rt, "", "start")
	answers := make(chan string, 4)
	done := func(res json.RawMessage, err error) {
		if err != nil {
			answers <- "error: " + err.Error()
			return
		}
		answers <- string(res)
	}
	if !v.start(ctx, "up.echo", json.RawMessage(`{"message":"hi"}`), done) {
		t.Fatal("a call of a live stdio upstream was declined")
	}
	select {
	case got := <-answers:
		if got != `"echo: hi"` {
			t.Errorf("answer %s", got)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no answer")
	}
	for _, path := range []string{"up.nothing", "nope.echo", "echo"} {
		if v.start(ctx, path, json.RawMessage(`{}`), done) {
			t.Errorf("%s was taken", path)
		}
	}
	select {
	case got := <-answers:
		t.Errorf("a declined call answered: %s", got)
	case <-time.After(20 * time.Millisecond):
	}
}

// consentFree is exactly the case where consent allows a call without
// asking: under every policy, for tools that need approval and tools
// that do not.
func TestConsentFreeMatchesConsent(t *testing.T) {
	for _, pol := range []string{ApprovePrompt, ApproveAcceptAll, ApproveAllowAll, ApproveDenyAll} {
		for _, needs := range []bool{false, true} {
			rt := &Runtime{cfg: &Config{}, opts: Options{Approve: pol}}
			tool := &ExposedTool{Server: "w", Name: "write_thing"}
			tool.Annotations.RequiresApproval = needs
			asked := false
			ctx := WithAsker(context.Background(), func(context.Context, string) (toolcmd.ElicitAction, error) {
				asked = true
				return toolcmd.ActionAccept, nil
			})
			err := rt.consent(ctx, tool, nil)
			free := err == nil && !asked
			if rt.consentFree(tool) != free {
				t.Errorf("policy %s, approval needed %v: consentFree %v, consent err=%v asked=%v", pol, needs, rt.consentFree(tool), err, asked)
			}
		}
	}
}

// Runs of several sessions at once share one upstream through both paths
// (in process and workers): each gets its own answers, the calls a run
// leaves behind end with it, and nothing waits on another session.
func TestConcurrentRunsShareAnUpstream(t *testing.T) {
	for _, mode := range []string{"in-process", "workers"} {
		var rt *Runtime
		if mode == "workers" {
			rt = relayRuntime(t)
		} else {
			rt = upstreamRuntime(t, JSRunner{})
		}
		var wg sync.WaitGroup
		for s := 0; s < 6; s++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx := scoped(rt, "", fmt.Sprintf("s%d", s))
				for r := 0; r < 4; r++ {
					tag := fmt.Sprintf("%d-%d", s, r)
					code := fmt.Sprintf(`const r = await Promise.all(Array.from({length: 40}, (_, i) => up.echo({message: "%s/" + i})));
						for (let i = 0; i < 5; i++) up.echo({message: "left"}); // not awaited
						return r.every((v, i) => v === "echo: %s/" + i) && r.length`, tag, tag)
					res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code, "timeoutMs": 20000})
					if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, `"value":40`) {
						t.Errorf("%s run %s: isError=%v %s", mode, tag, res.IsError, got)
					}
				}
			}()
		}
		wg.Wait()
	}
}
