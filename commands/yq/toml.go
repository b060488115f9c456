package yq

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// decodeTOML reads one TOML document. go-toml decodes tables into Go maps,
// which lose key order, so a second pass over the library's parse tree
// notes where each key name first appears; every table's keys are then
// ordered by that position. A key name reused in several tables with a
// different relative order takes the order of its first appearance.
func (o *keyOrder) decodeTOML(data []byte) (any, error) {
	var m map[string]any
	if err := toml.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	pos := tomlKeyPositions(data)
	return o.fromTOML(m, pos), nil
}

func tomlKeyPositions(data []byte) map[string]int {
	pos := map[string]int{}
	note := func(it unstable.Iterator) {
		for it.Next() {
			k := string(it.Node().Data)
			if _, ok := pos[k]; !ok {
				pos[k] = len(pos)
			}
		}
	}
	var walk func(n *unstable.Node)
	walk = func(n *unstable.Node) {
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			note(n.Key())
		case unstable.KeyValue:
			note(n.Key())
			walk(n.Value())
		case unstable.Array, unstable.InlineTable:
			for it := n.Children(); it.Next(); {
				walk(it.Node())
			}
		}
	}
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		walk(p.Expression())
	}
	return pos
}

func (o *keyOrder) fromTOML(v any, pos map[string]int) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		keys := make([]string, 0, len(x))
		for k, e := range x {
			m[k] = o.fromTOML(e, pos)
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return pos[keys[i]] < pos[keys[j]] })
		o.record(keys)
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = o.fromTOML(e, pos)
		}
		return out
	}
	// Offset date-times arrive as time.Time and become RFC 3339 strings
	// in scalar; local dates and times keep their TOML text (1979-05-27).
	return scalar(v)
}

// encodeTOML prints an object as a TOML document, keeping key order:
// scalars and arrays of scalars first, then sub-tables and arrays of tables.
func (o *output) encodeTOML(v any) (string, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return "", fmt.Errorf("only objects can be encoded as TOML, got: %s", typeName(v))
	}
	var b strings.Builder
	if err := o.tomlTable(&b, nil, m); err != nil {
		return "", err
	}
	return b.String(), nil
}

// isTableArray reports whether v is a non-empty array of objects only,
// which TOML writes as [[name]] sections.
func isTableArray(v any) bool {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return false
	}
	for _, e := range arr {
		if _, ok := e.(map[string]any); !ok {
			return false
		}
	}
	return true
}

func (o *output) tomlTable(b *strings.Builder, path []string, m map[string]any) error {
	keys := o.order.keys(m)
	for _, k := range keys {
		val := m[k]
		if _, isMap := val.(map[string]any); isMap || isTableArray(val) {
			continue
		}
		if val == nil {
			return fmt.Errorf("TOML has no null: cannot encode key %q", k)
		}
		b.WriteString(tomlKey(k) + " = ")
		if err := o.tomlValue(b, val); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	for _, k := range keys {
		sub := append(append([]string(nil), path...), k)
		switch x := m[k].(type) {
		case map[string]any:
			tomlHeader(b, "["+tomlPath(sub)+"]")
			if err := o.tomlTable(b, sub, x); err != nil {
				return err
			}
		case []any:
			if !isTableArray(x) {
				continue
			}
			for _, e := range x {
				tomlHeader(b, "[["+tomlPath(sub)+"]]")
				if err := o.tomlTable(b, sub, e.(map[string]any)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// tomlHeader starts a section, separated from earlier content by a blank line.
func tomlHeader(b *strings.Builder, h string) {
	if b.Len() > 0 {
		b.WriteByte('\n')
	}
	b.WriteString(h + "\n")
}

// tomlValue writes an inline value: scalars, arrays and inline tables.
func (o *output) tomlValue(b *strings.Builder, v any) error {
	switch x := v.(type) {
	case nil:
		return fmt.Errorf("TOML has no null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int:
		b.WriteString(strconv.Itoa(x))
	case *big.Int:
		if !x.IsInt64() {
			return fmt.Errorf("integer %s is out of TOML's 64-bit range", x)
		}
		b.WriteString(x.String())
	case float64:
		b.WriteString(tomlFloat(x))
	case string:
		b.WriteString(tomlString(x))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := o.tomlValue(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range o.order.keys(x) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + tomlKey(k) + " = ")
			if err := o.tomlValue(b, x[k]); err != nil {
				return err
			}
		}
		if len(x) > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('}')
	default:
		b.WriteString(tomlString(fmt.Sprint(x)))
	}
	return nil
}

func tomlFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e17 {
		// A whole float keeps a ".0" so it reads back as a float.
		return strconv.FormatFloat(f, 'f', 1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

var bareKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]+$`) })

func tomlKey(k string) string {
	if bareKey().MatchString(k) {
		return k
	}
	return tomlString(k)
}

func tomlPath(p []string) string {
	parts := make([]string, len(p))
	for i, k := range p {
		parts[i] = tomlKey(k)
	}
	return strings.Join(parts, ".")
}

// tomlString writes a basic string with TOML's escapes; other control
// characters use \uXXXX.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
