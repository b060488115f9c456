package jsexec

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// freezeFingerprint describes, for every global, its property flags and
// whether it, its prototype and its data properties are frozen.
const freezeFingerprint = `
const out = [];
const g = globalThis;
for (const k of Object.getOwnPropertyNames(g).sort()) {
  const d = Object.getOwnPropertyDescriptor(g, k);
  let line = k + ":" + ("value" in d ? "data" : "accessor") + (d.writable ? "w" : "") + (d.configurable ? "c" : "") + (d.enumerable ? "e" : "");
  const v = d.value;
  if (v !== null && (typeof v === "object" || typeof v === "function")) {
    line += " frozen=" + Object.isFrozen(v);
    if (typeof v === "function" && v.prototype) line += " proto=" + Object.isFrozen(v.prototype);
    if (typeof v === "object") {
      for (const n of Object.getOwnPropertyNames(v).sort()) {
        const x = Object.getOwnPropertyDescriptor(v, n);
        if ("value" in x && x.value !== null && (typeof x.value === "object" || typeof x.value === "function")) line += " " + n + "=" + Object.isFrozen(x.value);
      }
    }
  }
  out.push(line);
}
return out.join("\n");`

// A runtime frozen from the cached plan is frozen exactly as one whose
// walk ran in JavaScript: the same globals read-only, the same objects
// frozen, the run's own globals left alone.
func TestFreezePlanMatchesWalk(t *testing.T) {
	opts := func() RunOptions {
		o := mcpPrepareOpts()
		o.Invoke = func(context.Context, string, json.RawMessage) (json.RawMessage, error) { return nil, nil }
		return o
	}
	fingerprint := func(walk bool) string {
		noFreezePlan = walk
		defer func() { noFreezePlan = false }()
		p := Prepare(opts())
		res, err := p.Run(context.Background(), freezeFingerprint, PreparedRun{})
		if err != nil {
			t.Fatal(err)
		}
		return string(res.Value)
	}
	walked := fingerprint(true)
	Prepare(opts()).Discard() // makes sure a plan is cached
	if freezePlans.get(freezeKey{}) == nil {
		t.Fatal("no freeze plan was cached")
	}
	replayed := fingerprint(false)
	if walked != replayed {
		t.Errorf("frozen by the JavaScript walk:\n%s\n\nfrom the plan:\n%s", walked, replayed)
	}
	var text string
	if err := json.Unmarshal([]byte(replayed), &text); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	for _, want := range []string{"Array:data frozen=true proto=true", "math:data frozen=false proto=false", "tools:data frozen=false proto=false"} {
		if !slices.Contains(lines, want) {
			t.Errorf("no line %q in\n%s", want, text)
		}
	}
	if !strings.Contains(text, "\nMath:data frozen=true abs=true") || !strings.Contains(text, "\nconsole:data frozen=true assert=true") {
		t.Errorf("Math or console not frozen with their methods:\n%s", text)
	}
}
