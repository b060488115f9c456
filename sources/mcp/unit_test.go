package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/justbash/justbash/mcpclient"
)

func TestRingKeepsTail(t *testing.T) {
	var r ring
	r.Write([]byte(strings.Repeat("a", stderrLimit-2)))
	r.Write([]byte("bcdef"))
	s := r.String()
	if len(s) != stderrLimit || !strings.HasSuffix(s, "abcdef") || !strings.HasPrefix(s, "aaa") {
		t.Errorf("len %d, tail %q", len(s), s[len(s)-8:])
	}
	r.Write([]byte(strings.Repeat("z", stderrLimit+10) + "END"))
	if s := r.String(); len(s) != stderrLimit || !strings.HasSuffix(s, "zEND") || strings.Contains(s, "a") {
		t.Errorf("oversized write: len %d", len(s))
	}
	if got := r.tail(4); got != "…zEND" {
		t.Errorf("tail = %q", got)
	}
}

func TestUnwrapRules(t *testing.T) {
	tests := []struct {
		name    string
		res     string // the result as a server sends it
		want    string
		wantErr string
	}{
		{"structured wins over text", `{"content":[{"type":"text","text":"7"}],"structuredContent":{"sum":7}}`, `{"sum":7}`, ""},
		// The server's bytes: key order and integers beyond 2^53 survive.
		{"structured kept verbatim", `{"content":[],"structuredContent":{"z":9007199254740993,"a":[1.50,2]}}`, `{"z":9007199254740993,"a":[1.50,2]}`, ""},
		{"structured null ignored", `{"content":[{"type":"text","text":"x"}],"structuredContent":null}`, `"x"`, ""},
		{"json text not parsed", `{"content":[{"type":"text","text":"{\"a\":1}"}]}`, `"{\"a\":1}"`, ""},
		{"no content", `{}`, `""`, ""},
		{"image only", `{"content":[{"type":"image","mimeType":"image/png","data":"AAAA"}]}`, `{"text":"","content":[{"type":"image","mimeType":"image/png","data":"AAAA"}],"meta":null}`, ""},
		{"image with meta", `{"content":[{"type":"text","text":"t"},{"type":"image","data":"AA"}],"_meta":{"k":1}}`, `{"text":"t","content":[{"type":"text","text":"t"},{"type":"image","data":"AA"}],"meta":{"k":1}}`, ""},
		{"error text", `{"isError":true,"content":[{"type":"text","text":"bad"},{"type":"text","text":"worse"}]}`, "", "bad\nworse"},
		{"error without text", `{"isError":true,"structuredContent":{"x":1}}`, "", "tool reported an error"},
	}
	for _, tc := range tests {
		var res mcpclient.CallToolResult
		if err := json.Unmarshal([]byte(tc.res), &res); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got, err := unwrap(&res)
		if tc.wantErr != "" {
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("%s: err = %v, want %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: got %s, %v; want %s", tc.name, got, err, tc.want)
		}
	}
	if _, err := unwrap(nil); err == nil || err.Error() != "empty result" {
		t.Errorf("nil: %v", err)
	}
}

func TestToolPaths(t *testing.T) {
	got := toolPaths("s", []string{"get-sum", "a.b", "a/b", "read file", "--x", "$$$", "a_b"})
	want := map[string]string{"get-sum": "s.get-sum", "a.b": "s.a_b", "a/b": "s.a_b_2", "a_b": "s.a_b_3", "read file": "s.read_file", "--x": "s._x", "$$$": "s.tool"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%q → %q, want %q", k, got[k], v)
		}
	}
}
