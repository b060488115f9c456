package toolcmd

import (
	"encoding/json"
	"strings"
	"testing"
)

// Whatever the words and stdin, parsing gives valid JSON or an error,
// never a panic.
func FuzzParseArgs(f *testing.F) {
	f.Add("a=1 --b 2 --c=x --json {\"d\":1}", `{"e":[1]}`)
	f.Add("--json", "")
	f.Add("{ =x --", "{")
	f.Add("xs=[1,2 cfg={\"k\":1}", "null")
	f.Fuzz(func(t *testing.T, words, stdin string) {
		si, _ := parseSchema(json.RawMessage(`{"type":"object","properties":{"b":{"type":"boolean"},"c":{"type":"string"}}}`))
		for _, schema := range []*schemaInfo{nil, si} {
			out, err := parseArgs(strings.Fields(words), []byte(stdin), schema)
			if err == nil && len(out) > 0 && !json.Valid(out) {
				t.Fatalf("invalid JSON %q from %q", out, words)
			}
		}
	})
}
