package mcpserver

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"
)

// encodeToolResult encodes a tool's result. The meta tools answer with
// text blocks and structured content; those are written directly, which
// spares mcp-go's MarshalJSON (a map per result, then reflection over it).
// Anything else goes through that MarshalJSON.
func encodeToolResult(r *mcp.CallToolResult) []byte {
	if !plainResult(r) {
		b, err := json.Marshal(r)
		if err != nil {
			return []byte(`{"content":[{"type":"text","text":"encoding the result failed"}],"isError":true}`)
		}
		return b
	}
	var sc []byte
	if r.StructuredContent != nil {
		var err error
		if sc, err = json.Marshal(r.StructuredContent); err != nil {
			b, _ := json.Marshal(r) // let mcp-go's encoder report it as it would
			return b
		}
	}
	n := len(sc) + 64
	for _, c := range r.Content {
		n += len(c.(mcp.TextContent).Text) + 32
	}
	b := make([]byte, 0, n)
	b = append(b, `{"content":[`...)
	for i, c := range r.Content {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"type":"text","text":`...)
		b = appendJSONString(b, c.(mcp.TextContent).Text)
		b = append(b, '}')
	}
	b = append(b, ']')
	if r.IsError {
		b = append(b, `,"isError":true`...)
	}
	if sc != nil {
		b = append(b, `,"structuredContent":`...)
		b = append(b, sc...)
	}
	return append(b, '}')
}

// plainResult reports whether r holds only what encodeToolResult writes
// itself: plain text blocks, structured content and the error flag.
func plainResult(r *mcp.CallToolResult) bool {
	if r.Meta != nil || r.ResultType != "" || len(r.RawStructuredContent) > 0 || len(r.InputRequests) > 0 || r.RequestState != "" {
		return false
	}
	for _, c := range r.Content {
		t, ok := c.(mcp.TextContent)
		if !ok || t.Annotations != nil || t.Meta != nil || t.Type != "text" {
			return false
		}
	}
	return true
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string. Invalid UTF-8 becomes
// U+FFFD, as encoding/json does; U+2028 and U+2029 are escaped so the
// text is also valid JavaScript.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
