package jq

import (
	"bufio"
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/itchyny/gojq"
)

// EncodeOptions selects how values are printed, mirroring jq's output flags.
type EncodeOptions struct {
	// Indent is the number of spaces per level; 0 prints compactly.
	Indent int
	// Tab indents with one tab per level (overrides Indent).
	Tab bool
	// ASCII escapes every non-ASCII character as \uXXXX (-a).
	ASCII bool
	// Color emits ANSI colours like jq 1.7.1 with its default palette (-C).
	Color bool
	// Raw prints top-level strings without quotes (-r, -j).
	Raw bool
}

// Default jq 1.7.1 palette: null, false, true, numbers, strings, arrays,
// objects, object keys.
const (
	colNull   = "1;30"
	colFalse  = "0;39"
	colTrue   = "0;39"
	colNumber = "0;39"
	colString = "0;32"
	colArray  = "1;39"
	colObject = "1;39"
	colKey    = "34;1"
)

// Encoder writes gojq values as JSON text. Object keys come out sorted,
// because gojq keeps objects in Go maps (jq itself keeps insertion order).
type Encoder struct {
	w    *bufio.Writer
	opts EncodeOptions
	num  [64]byte
}

// NewEncoder returns an encoder writing to w.
func NewEncoder(w *bufio.Writer, opts EncodeOptions) *Encoder {
	return &Encoder{w: w, opts: opts}
}

// Encode writes one value (without a trailing newline).
func (e *Encoder) Encode(v any) {
	if s, ok := v.(string); ok && e.opts.Raw {
		if e.opts.ASCII {
			e.writeEscaped(s, false)
			return
		}
		e.w.WriteString(s)
		return
	}
	e.encode(v, 0)
}

func (e *Encoder) color(c string) {
	if e.opts.Color {
		e.w.WriteString("\x1b[" + c + "m")
	}
}

func (e *Encoder) reset() {
	if e.opts.Color {
		e.w.WriteString("\x1b[0m")
	}
}

func (e *Encoder) encode(v any, level int) {
	switch v := v.(type) {
	case nil:
		e.scalar(colNull, "null")
	case bool:
		if v {
			e.scalar(colTrue, "true")
		} else {
			e.scalar(colFalse, "false")
		}
	case int:
		e.color(colNumber)
		e.w.Write(strconv.AppendInt(e.num[:0], int64(v), 10))
		e.reset()
	case float64, *big.Int, json.Number:
		e.color(colNumber)
		e.w.WriteString(formatNumber(v))
		e.reset()
	case string:
		e.color(colString)
		e.writeEscaped(v, true)
		e.reset()
	case []any:
		e.array(v, level)
	case map[string]any:
		e.object(v, level)
	default:
		// gojq only produces the types above; anything else is a bug, but
		// printing it beats crashing the sandbox.
		e.w.WriteString(strconv.Quote(gojq.Preview(v)))
	}
}

func (e *Encoder) scalar(col, text string) {
	e.color(col)
	e.w.WriteString(text)
	e.reset()
}

// formatNumber defers to gojq's marshaller, which already prints numbers
// the way jq does (NaN as null, infinities clamped, shortest round trip).
func formatNumber(v any) string {
	b, err := gojq.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

func (e *Encoder) newline(level int) {
	if e.opts.Indent == 0 && !e.opts.Tab {
		return
	}
	e.w.WriteByte('\n')
	if e.opts.Tab {
		for range level {
			e.w.WriteByte('\t')
		}
		return
	}
	for range level * e.opts.Indent {
		e.w.WriteByte(' ')
	}
}

func (e *Encoder) array(v []any, level int) {
	e.color(colArray)
	e.w.WriteByte('[')
	if len(v) == 0 {
		e.w.WriteByte(']')
		e.reset()
		return
	}
	for i, x := range v {
		if i > 0 {
			e.color(colArray)
			e.w.WriteByte(',')
		}
		e.reset()
		e.newline(level + 1)
		e.encode(x, level+1)
	}
	e.color(colArray)
	e.newline(level)
	e.color(colArray)
	e.w.WriteByte(']')
	e.reset()
}

func (e *Encoder) object(v map[string]any, level int) {
	e.color(colObject)
	e.w.WriteByte('{')
	if len(v) == 0 {
		e.w.WriteByte('}')
		e.reset()
		return
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 {
			e.color(colObject)
			e.w.WriteByte(',')
		}
		e.reset()
		e.newline(level + 1)
		if e.opts.Color {
			e.color(colKey)
			e.writeEscaped(k, true)
			e.reset()
			e.color(colObject)
			e.w.WriteByte(':')
			e.reset()
		} else {
			e.writeEscaped(k, true)
			e.w.WriteByte(':')
		}
		if e.opts.Indent > 0 || e.opts.Tab {
			e.w.WriteByte(' ')
		}
		e.encode(v[k], level+1)
	}
	e.color(colObject)
	e.newline(level)
	e.color(colObject)
	e.w.WriteByte('}')
	e.reset()
}

const hexDigits = "0123456789abcdef"

// writeEscaped writes s as a JSON string body the way jq does: only quotes,
// backslashes, control characters and DEL are escaped; with ASCII output
// every non-ASCII rune becomes \uXXXX (surrogate pairs above the BMP).
func (e *Encoder) writeEscaped(s string, quote bool) {
	if quote {
		e.w.WriteByte('"')
	}
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x7f {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError && !e.opts.ASCII {
				i += size
				continue
			}
			e.w.WriteString(s[start:i])
			if r == utf8.RuneError || !e.opts.ASCII {
				e.w.WriteString("\ufffd")
			} else {
				e.writeUnicode(r)
			}
			i += size
			start = i
			continue
		}
		e.w.WriteString(s[start:i])
		e.writeControl(c)
		i++
		start = i
	}
	e.w.WriteString(s[start:])
	if quote {
		e.w.WriteByte('"')
	}
}

func (e *Encoder) writeControl(c byte) {
	switch c {
	case '"':
		e.w.WriteString(`\"`)
	case '\\':
		e.w.WriteString(`\\`)
	case '\n':
		e.w.WriteString(`\n`)
	case '\t':
		e.w.WriteString(`\t`)
	case '\r':
		e.w.WriteString(`\r`)
	case '\b':
		e.w.WriteString(`\b`)
	case '\f':
		e.w.WriteString(`\f`)
	default:
		e.w.WriteString(`\u00`)
		e.w.WriteByte(hexDigits[c>>4])
		e.w.WriteByte(hexDigits[c&0xf])
	}
}

func (e *Encoder) writeUnicode(r rune) {
	if r > 0xffff {
		r -= 0x10000
		e.writeU4(0xd800 + (r>>10)&0x3ff)
		e.writeU4(0xdc00 + r&0x3ff)
		return
	}
	e.writeU4(r)
}

func (e *Encoder) writeU4(r rune) {
	var b strings.Builder
	b.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		b.WriteByte(hexDigits[(r>>shift)&0xf])
	}
	e.w.WriteString(b.String())
}
