package mcpserver

import (
	"encoding/json"
	"unicode/utf8"
)

// encodeToolResult encodes a tool's result directly: text blocks, the
// error flag and structured content (a map per result and reflection over
// it would cost more than the call).
func encodeToolResult(r *CallToolResult) []byte {
	return appendToolResult(make([]byte, 0, toolResultSize(r)), r)
}

// toolResultSize is about what appendToolResult appends for r: a buffer
// of that much is not grown (a large value is then copied once).
func toolResultSize(r *CallToolResult) int {
	n := 96
	for _, c := range r.Content {
		n += len(c.Text) + len(c.Text)/16 + 32
	}
	switch v := r.StructuredContent.(type) {
	case execEnvelope:
		n += len(v.value) + 40
	case json.RawMessage:
		n += len(v) + 24
	}
	return n
}

// appendToolResult appends r's encoding to b.
func appendToolResult(b []byte, r *CallToolResult) []byte {
	var sc []byte
	switch v := r.StructuredContent.(type) {
	case nil:
	case execEnvelope: // written in place below
	case json.RawMessage: // JSON already, made by this package (jsonResult)
		sc = v
	default:
		var err error
		if sc, err = json.Marshal(v); err != nil {
			return append(b, `{"content":[{"type":"text","text":"encoding the result failed"}],"isError":true}`...)
		}
	}
	b = append(b, `{"content":[`...)
	for i, c := range r.Content {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"type":"text","text":`...)
		b = appendJSONString(b, c.Text)
		b = append(b, '}')
	}
	b = append(b, ']')
	if r.IsError {
		b = append(b, `,"isError":true`...)
	}
	if e, ok := r.StructuredContent.(execEnvelope); ok {
		b = e.appendJSON(append(b, `,"structuredContent":`...))
	} else if sc != nil {
		b = append(append(b, `,"structuredContent":`...), sc...)
	}
	return append(b, '}')
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
