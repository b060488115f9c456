package yq

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// decodeCSV reads delimited text as yq does: the first row names the
// fields and every other row becomes an object; numbers and booleans are
// typed, everything else stays a string.
func (o *keyOrder) decodeCSV(r io.Reader, comma rune) (any, error) {
	cr := csv.NewReader(r)
	cr.Comma = comma
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	out := []any{}
	if len(rows) == 0 {
		return out, nil
	}
	header := rows[0]
	o.record(header)
	for _, row := range rows[1:] {
		m := make(map[string]any, len(header))
		for i, h := range header {
			if i < len(row) {
				m[h] = csvValue(row[i])
			} else {
				m[h] = ""
			}
		}
		out = append(out, m)
	}
	return out, nil
}

func csvValue(s string) any {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && strings.ContainsAny(s, ".eE") {
		return f
	}
	switch s {
	case "true":
		return true
	case "false":
		return false
	}
	return s
}

// encodeCSV prints an array of arrays, or an array of objects (with a
// header row from the first object's keys), as CSV or TSV.
func (o *output) encodeCSV(v any) (string, error) {
	rows, ok := v.([]any)
	if !ok {
		return "", fmt.Errorf("csv encoding only works with arrays, got: %s", typeName(v))
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	if o.format == "tsv" {
		w.Comma = '\t'
	}
	if len(rows) > 0 {
		if first, ok := rows[0].(map[string]any); ok {
			keys := o.order.keys(first)
			w.Write(keys)
			for _, r := range rows {
				m, _ := r.(map[string]any)
				rec := make([]string, len(keys))
				for i, k := range keys {
					rec[i] = o.cell(m[k])
				}
				w.Write(rec)
			}
			w.Flush()
			return b.String(), w.Error()
		}
	}
	for _, r := range rows {
		arr, ok := r.([]any)
		if !ok {
			arr = []any{r}
		}
		rec := make([]string, len(arr))
		for i, c := range arr {
			rec[i] = o.cell(c)
		}
		w.Write(rec)
	}
	w.Flush()
	return b.String(), w.Error()
}

func (o *output) cell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case map[string]any, []any:
		var b strings.Builder
		saved := o.indent
		o.indent = 0
		o.writeJSON(&b, x, 0)
		o.indent = saved
		return b.String()
	}
	var b strings.Builder
	o.writeJSON(&b, v, 0)
	return b.String()
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return "number"
}
