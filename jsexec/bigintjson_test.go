package jsexec

import (
	"context"
	"encoding/json"
	"testing"
)

// BigInts reach the host as decimal strings, in a run's result and in a
// tool call's arguments, including a BigInt's wrapper object and a
// BigInt returned by toJSON; a script's own JSON.stringify still refuses
// them. (The host's replacer is done inline by the native stringify.)
func TestHostJSONBigInt(t *testing.T) {
	var args json.RawMessage
	inv := func(_ context.Context, _ string, a json.RawMessage) (json.RawMessage, error) {
		args = a
		return json.RawMessage(`1`), nil
	}
	res, err := Run(context.Background(), `
		const v = {a: 1n, b: [2n, -3n], c: Object(4n), d: {toJSON() { return 5n }}, e: "x", f: 1.5};
		let own;
		try { JSON.stringify({n: 1n}) } catch (e) { own = e.name }
		await tools.t.x(v);
		return [v, own]`, RunOptions{Invoke: inv})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"a":"1","b":["2","-3"],"c":"4","d":"5","e":"x","f":1.5},"TypeError"]`
	if string(res.Value) != want {
		t.Errorf("result %s, want %s", res.Value, want)
	}
	if wantArgs := `{"a":"1","b":["2","-3"],"c":"4","d":"5","e":"x","f":1.5}`; string(args) != wantArgs {
		t.Errorf("arguments %s, want %s", args, wantArgs)
	}
}
