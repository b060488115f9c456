package yq

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
)

// output is how results are printed.
type output struct {
	format string // yaml, json, csv, tsv, toml, xml
	indent int
	raw    bool
	flow   bool // -c on YAML
	order  *keyOrder
	max    int64 // the string limit on one rendered result (0: none)
}

// encode renders one result, without the document separator.
func (o *output) encode(v any) (string, error) {
	if err := o.checkSize(v); err != nil {
		return "", err
	}
	switch o.format {
	case "json":
		if s, ok := v.(string); ok && o.raw {
			return s + "\n", nil
		}
		var b strings.Builder
		o.writeJSON(&b, v, 0)
		b.WriteByte('\n')
		return b.String(), nil
	case "csv", "tsv":
		return o.encodeCSV(v)
	case "toml":
		return o.encodeTOML(v)
	case "xml":
		return o.encodeXML(v)
	}
	// Like yq, a top-level string comes out unwrapped in YAML output.
	if s, ok := v.(string); ok {
		return s + "\n", nil
	}
	opts := []yaml.EncodeOption{yaml.Indent(o.indent), yaml.IndentSequence(true), yaml.UseLiteralStyleIfMultiline(true)}
	if o.flow {
		opts = append(opts, yaml.Flow(true))
	}
	data, err := yaml.MarshalWithOptions(o.order.toYAML(v), opts...)
	if err != nil {
		return "", err
	}
	s := string(data)
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	if arr, ok := v.([]any); ok && len(arr) > 0 && !o.flow {
		s = outdent(s, o.indent)
	}
	return s, nil
}

// outdent removes the sequence indentation from a top-level list: yq
// indents nested sequences but starts a document's own list at column 0.
func outdent(s string, n int) string {
	pad := strings.Repeat(" ", n)
	lines := strings.SplitAfter(s, "\n")
	for _, l := range lines {
		if l != "" && l != "\n" && !strings.HasPrefix(l, pad) {
			return s
		}
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, pad)
	}
	return strings.Join(lines, "")
}

func (o *output) newline(b *strings.Builder, level int) {
	if o.indent == 0 {
		return
	}
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(" ", level*o.indent))
}

// writeJSON prints v as JSON with the ordered keys and jq's number style.
func (o *output) writeJSON(b *strings.Builder, v any, level int) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int:
		b.WriteString(strconv.Itoa(x))
	case *big.Int:
		b.WriteString(x.String())
	case float64:
		b.WriteString(jsonFloat(x))
	case string:
		writeJSONString(b, x)
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			o.newline(b, level+1)
			o.writeJSON(b, e, level+1)
		}
		o.newline(b, level)
		b.WriteByte(']')
	case map[string]any:
		if len(x) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, k := range o.order.keys(x) {
			if i > 0 {
				b.WriteByte(',')
			}
			o.newline(b, level+1)
			writeJSONString(b, k)
			b.WriteByte(':')
			if o.indent > 0 {
				b.WriteByte(' ')
			}
			o.writeJSON(b, x[k], level+1)
		}
		o.newline(b, level)
		b.WriteByte('}')
	default:
		writeJSONString(b, fmt.Sprint(x))
	}
}

func jsonFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "null"
	case math.IsInf(f, 1):
		return "1.7976931348623157e+308"
	case math.IsInf(f, -1):
		return "-1.7976931348623157e+308"
	case f == math.Trunc(f) && math.Abs(f) < 1e17:
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func writeJSONString(b *strings.Builder, s string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.WriteString(strings.TrimSuffix(buf.String(), "\n"))
}
