package yq

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"

	"github.com/goccy/go-yaml"
)

// decodeAll reads every document of one input in format.
func (o *keyOrder) decodeAll(data []byte, format string) ([]any, error) {
	if err := checkDepth(data, format); err != nil {
		return nil, err
	}
	switch format {
	case "json":
		return o.decodeJSONStream(data)
	case "csv":
		v, err := o.decodeCSV(bytes.NewReader(data), ',')
		return []any{v}, err
	case "tsv":
		v, err := o.decodeCSV(bytes.NewReader(data), '\t')
		return []any{v}, err
	case "toml":
		v, err := o.decodeTOML(data)
		return []any{v}, err
	case "xml":
		v, err := o.decodeXML(data)
		if v == nil || err != nil {
			// An empty input holds no document, as with empty YAML.
			return nil, err
		}
		return []any{v}, nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data), yaml.UseOrderedMap())
	o.nodes, o.budget, o.err = 0, nodeBudget(len(data)), nil
	var docs []any
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, o.fromYAML(v))
		if o.err != nil {
			return nil, o.err
		}
	}
}

func (o *keyOrder) decodeJSONStream(data []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var docs []any
	for {
		v, err := o.jsonValue(dec)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, v)
	}
}

// jsonValue reads one value token by token so object key order is seen.
func (o *keyOrder) jsonValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			m := map[string]any{}
			var keys []string
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := o.jsonValue(dec)
				if err != nil {
					return nil, eofIsError(err)
				}
				if _, dup := m[k]; !dup {
					keys = append(keys, k)
				}
				m[k] = v
			}
			if _, err := dec.Token(); err != nil {
				return nil, eofIsError(err)
			}
			o.record(keys)
			return m, nil
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := o.jsonValue(dec)
				if err != nil {
					return nil, eofIsError(err)
				}
				arr = append(arr, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, eofIsError(err)
			}
			return arr, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		return jsonNumber(t), nil
	}
	return tok, nil
}

func eofIsError(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

func jsonNumber(n json.Number) any {
	s := n.String()
	if i, err := strconv.Atoi(s); err == nil {
		return i
	}
	if b, ok := new(big.Int).SetString(s, 10); ok {
		return b
	}
	f, _ := n.Float64()
	return f
}
