package toolcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// Func makes a tool from a typed Go function. The input and output JSON
// Schemas are derived from In and Out (github.com/google/jsonschema-go):
// exported fields by their json names; fields without omitempty/omitzero
// are required; a `jsonschema:"..."` tag is the field's description; an
// `enum:"a,b,c"` tag restricts the values. The Invoker validates arguments
// against the schema before fn runs, so fn sees well-formed input.
//
// A nil interface result (Out = any) means "no result" (empty output).
// Set Path (or use Registry.AddInline) before registering. A type that has
// no JSON Schema (a func, a channel) is reported by Registry.Add.
func Func[In, Out any](description string, fn func(ctx context.Context, in In) (Out, error)) Tool {
	t := Tool{Description: description}
	if fn == nil {
		t.err = errors.New("nil function")
		return t
	}
	in, err := schemaFor(reflect.TypeFor[In]())
	if err != nil {
		t.err = fmt.Errorf("input type: %w", err)
		return t
	}
	if types := schemaTypesRaw(in); !containsStr(types, "object") {
		t.err = fmt.Errorf("input type %v must be a struct or a map with string keys", reflect.TypeFor[In]())
		return t
	}
	t.InputSchema = in
	// An output type without a schema (say, an interface) is allowed: the
	// output schema is only documentation.
	if out, err := schemaFor(reflect.TypeFor[Out]()); err == nil && string(out) != "true" && string(out) != "{}" {
		t.OutputSchema = out
	}
	t.Invoke = func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
		var in In
		if len(bytes.TrimSpace(args)) > 0 {
			if err := json.Unmarshal(args, &in); err != nil {
				return nil, fmt.Errorf("invalid arguments: %w", err)
			}
		}
		out, err := fn(ctx, in)
		if err != nil {
			return nil, err
		}
		return marshalResult(out)
	}
	return t
}

// Untyped makes a tool from a function taking the arguments as a map
// (numbers are float64, as in JavaScript). A nil result means "no result".
// A json.RawMessage result is passed through unchanged.
func Untyped(description string, fn func(ctx context.Context, args map[string]any) (any, error)) Tool {
	t := Tool{Description: description}
	if fn == nil {
		t.err = errors.New("nil function")
		return t
	}
	t.Invoke = func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
		m := map[string]any{}
		if len(bytes.TrimSpace(args)) > 0 {
			var v any
			if err := json.Unmarshal(args, &v); err != nil {
				return nil, fmt.Errorf("invalid arguments: %w", err)
			}
			obj, ok := v.(map[string]any)
			if !ok && v != nil {
				return nil, fmt.Errorf("arguments must be a JSON object, got %s", jsonTypeOf(v))
			}
			if obj != nil {
				m = obj
			}
		}
		out, err := fn(ctx, m)
		if err != nil {
			return nil, err
		}
		return marshalResult(out)
	}
	return t
}

// marshalResult encodes a tool result as compact JSON without HTML
// escaping (JSON.stringify does not escape <, > or &).
func marshalResult(v any) (json.RawMessage, error) {
	if v == nil {
		return nil, nil
	}
	if raw, ok := v.(json.RawMessage); ok {
		return raw, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encoding result: %w", err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// schemaFor derives the JSON Schema of t and applies our enum tags.
func schemaFor(t reflect.Type) (json.RawMessage, error) {
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{})
	if err != nil {
		return nil, err
	}
	if err := applyEnumTags(t, s, 0); err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// applyEnumTags walks a Go type alongside its schema and copies `enum`
// struct tags into the schema.
func applyEnumTags(t reflect.Type, s *jsonschema.Schema, depth int) error {
	if s == nil || depth > 16 {
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return applyEnumTags(t.Elem(), s.Items, depth+1)
	case reflect.Struct:
	default:
		return nil
	}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		ps := s.Properties[name]
		if ps == nil {
			continue
		}
		if tag, ok := f.Tag.Lookup("enum"); ok {
			target, ft := ps, f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if (ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array) && ps.Items != nil {
				target, ft = ps.Items, ft.Elem()
			}
			vals, err := enumValues(tag, ft)
			if err != nil {
				return fmt.Errorf("field %s: enum tag: %w", f.Name, err)
			}
			target.Enum = vals
		}
		if err := applyEnumTags(f.Type, ps, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func enumValues(tag string, t reflect.Type) ([]any, error) {
	var out []any
	for _, v := range strings.Split(tag, ",") {
		v = strings.TrimSpace(v)
		switch t.Kind() {
		case reflect.String:
			out = append(out, v)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return nil, fmt.Errorf("%q is not a number", v)
			}
			out = append(out, f)
		default:
			return nil, fmt.Errorf("enum on a %v field", t)
		}
	}
	return out, nil
}

func schemaTypesRaw(raw json.RawMessage) []string {
	var s jsonschema.Schema
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	return schemaTypes(&s)
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
