package openapi

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// FuzzLoad feeds arbitrary spec text to the loader and calls whatever it
// registered: no input may panic or hang it (the schema depth, ref hops,
// alias expansion and node budgets bound the work).
func FuzzLoad(f *testing.F) {
	for _, s := range []string{semanticsSpec, brokenSpec, string(fanOutSpec(6)), `{"swagger":"2.0","paths":{"/a/{x}":{"get":{"parameters":[{"name":"x","in":"path","items":[{"$ref":"#"}]}]}}}}`,
		"openapi: 3.1.0\npaths:\n  /a: {get: {parameters: [{$ref: '#/paths/~1a/get/parameters/0'}]}}\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		reg := toolcmd.NewRegistry()
		src, _ := Add(ctx, reg, Config{Name: "f", Spec: []byte(spec), CacheDir: "-", BaseURL: "http://127.0.0.1:1", LoadTimeout: 3 * time.Second})
		if src == nil {
			return
		}
		inv := toolcmd.NewInvoker(reg)
		inv.Elicit = toolcmd.AcceptAll
		cctx, ccancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer ccancel()
		for _, p := range src.Paths() {
			tl, _ := reg.Get(p)
			_ = tl.TypeScript()
			inv.Invoke(cctx, p, json.RawMessage(`{"id":"1","body":{}}`))
		}
	})
}
