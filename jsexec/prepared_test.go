package jsexec

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

type ctxKey struct{}

func preparedOpts() RunOptions {
	return RunOptions{Invoke: func(context.Context, string, json.RawMessage) (json.RawMessage, error) { return nil, nil },
		ToolGlobals: map[string]string{"math": "math"}, Globals: map[string]any{"data": nil}, Freeze: true}
}

func TestPreparedRunsLikeRun(t *testing.T) {
	p := Prepare(preparedOpts())
	ctx := context.WithValue(context.Background(), ctxKey{}, "session-7")
	var gotPath, gotArgs, gotValue string
	res, err := p.Run(ctx, `console.log("hi"); const r = await math.add({a: data.a, b: 2}); return [r.sum, typeof Array.prototype.map]`,
		PreparedRun{
			Invoke: func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
				gotPath, gotArgs = path, string(args)
				gotValue, _ = ctx.Value(ctxKey{}).(string)
				return json.RawMessage(`{"sum":42}`), nil
			},
			Globals: map[string]json.RawMessage{"data": json.RawMessage(`{"a":40}`)},
		})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Value) != `[42,"function"]` || gotPath != "math.add" || gotArgs != `{"a":40,"b":2}` {
		t.Errorf("value %s, call %s %s", res.Value, gotPath, gotArgs)
	}
	if gotValue != "session-7" {
		t.Errorf("the tool call did not carry the run's context values: %q", gotValue)
	}
	if len(res.Logs) != 1 || res.Logs[0].Text != "hi" || res.ToolCalls != 1 {
		t.Errorf("logs %v, tool calls %d", res.Logs, res.ToolCalls)
	}
	if _, err := p.Run(ctx, "return 1", PreparedRun{}); err == nil || !strings.Contains(err.Error(), "runs once") {
		t.Errorf("a second run: %v", err)
	}
}

// Built-ins are frozen before the run, the data global stays the
// script's own, and one run's changes never reach another prepared VM.
func TestPreparedIsolation(t *testing.T) {
	a, b := Prepare(preparedOpts()), Prepare(preparedOpts())
	res, err := a.Run(context.Background(), `"use strict"; data.x = 1; globalThis.leak = 1; let frozen = false;
		try { Array.prototype.map = null } catch (e) { frozen = true } return [data.x, frozen]`,
		PreparedRun{Globals: map[string]json.RawMessage{"data": json.RawMessage(`{}`)}})
	if err != nil || string(res.Value) != `[1,true]` {
		t.Fatalf("%s %v", res.Value, err)
	}
	res, err = b.Run(context.Background(), `return [typeof leak, typeof data]`, PreparedRun{})
	if err != nil || string(res.Value) != `["undefined","undefined"]` {
		t.Errorf("%s %v", res.Value, err)
	}
}

func TestPreparedLimitsAndCancel(t *testing.T) {
	p := Prepare(preparedOpts())
	_, err := p.Run(context.Background(), `for (;;) {}`, PreparedRun{Timeout: 50 * time.Millisecond})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindLimit || e.Limit != "timeout" {
		t.Errorf("timeout: %v", err)
	}
	p = Prepare(preparedOpts())
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	go func() { <-started; cancel() }()
	_, err = p.Run(ctx, `await math.go(); for (;;) {}`, PreparedRun{Invoke: func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		close(started)
		return nil, nil
	}})
	if !errors.As(err, &e) || e.Kind != KindCanceled {
		t.Errorf("cancel: %v", err)
	}
	p = Prepare(preparedOpts())
	p.Discard()
	if _, err := p.Run(context.Background(), "return 1", PreparedRun{}); err == nil {
		t.Error("a discarded runtime ran")
	}
	// A syntax error is reported as by Run.
	_, err = Prepare(preparedOpts()).Run(context.Background(), "return (", PreparedRun{})
	if !errors.As(err, &e) || e.Kind != KindSyntax {
		t.Errorf("syntax: %v", err)
	}
}

func BenchmarkPreparedReturn1(b *testing.B) {
	for _, mode := range []string{"Run", "Prepared.Run"} {
		b.Run(mode, func(b *testing.B) {
			ps := make([]*Prepared, b.N)
			if mode != "Run" {
				for i := range ps {
					ps[i] = Prepare(preparedOpts())
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var err error
				if mode == "Run" {
					_, err = Run(context.Background(), "return 1", preparedOpts())
				} else {
					_, err = ps[i].Run(context.Background(), "return 1", PreparedRun{})
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
