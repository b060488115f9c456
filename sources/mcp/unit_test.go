package mcp

import (
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
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
	img := mcpgo.NewImageContent("AAAA", "image/png")
	tests := []struct {
		name    string
		res     *mcpgo.CallToolResult
		want    string
		wantErr string
	}{
		{"structured wins over text", &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.NewTextContent("7")}, StructuredContent: map[string]any{"sum": 7}}, `{"sum":7}`, ""},
		{"json text not parsed", &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.NewTextContent(`{"a":1}`)}}, `"{\"a\":1}"`, ""},
		{"no content", &mcpgo.CallToolResult{}, `""`, ""},
		{"image only", &mcpgo.CallToolResult{Content: []mcpgo.Content{img}}, `{"text":"","content":[{"type":"image","data":"AAAA","mimeType":"image/png"}],"meta":null}`, ""},
		{"error text", &mcpgo.CallToolResult{IsError: true, Content: []mcpgo.Content{mcpgo.NewTextContent("bad"), mcpgo.NewTextContent("worse")}}, "", "bad\nworse"},
		{"error without text", &mcpgo.CallToolResult{IsError: true, StructuredContent: map[string]any{"x": 1}}, "", "tool reported an error"},
		{"nil", nil, "", "empty result"},
	}
	for _, tc := range tests {
		got, err := unwrap(tc.res)
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
