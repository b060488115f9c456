package mcp

import (
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
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
	img := &sdk.ImageContent{Data: []byte{0, 0, 0}, MIMEType: "image/png"} // "AAAA" in base64
	text := func(s string) *sdk.TextContent { return &sdk.TextContent{Text: s} }
	tests := []struct {
		name    string
		res     *sdk.CallToolResult
		want    string
		wantErr string
	}{
		{"structured wins over text", &sdk.CallToolResult{Content: []sdk.Content{text("7")}, StructuredContent: map[string]any{"sum": 7}}, `{"sum":7}`, ""},
		{"json text not parsed", &sdk.CallToolResult{Content: []sdk.Content{text(`{"a":1}`)}}, `"{\"a\":1}"`, ""},
		{"no content", &sdk.CallToolResult{}, `""`, ""},
		{"image only", &sdk.CallToolResult{Content: []sdk.Content{img}}, `{"text":"","content":[{"type":"image","mimeType":"image/png","data":"AAAA"}],"meta":null}`, ""},
		{"error text", &sdk.CallToolResult{IsError: true, Content: []sdk.Content{text("bad"), text("worse")}}, "", "bad\nworse"},
		{"error without text", &sdk.CallToolResult{IsError: true, StructuredContent: map[string]any{"x": 1}}, "", "tool reported an error"},
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
