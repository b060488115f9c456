package toolcmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// ArgError is a bad-arguments error: it names the tool and, when there is
// one, the field.
type ArgError struct {
	Tool  string
	Field string // dotted path of the offending field, "" for the whole object
	Msg   string // the message without the tool name
}

func (e *ArgError) Error() string { return e.Tool + ": " + e.Msg }

// validateArgs checks args (JSON; empty means {}) against the tool's input
// schema. Common problems get a message of our own naming the field; the
// library then checks everything else (formats, bounds, patterns, ...).
func validateArgs(path string, si *schemaInfo, args json.RawMessage) error {
	if si == nil || si.s == nil {
		return nil
	}
	var v any = map[string]any{}
	if len(args) > 0 {
		if err := json.Unmarshal(args, &v); err != nil {
			return &ArgError{Tool: path, Msg: "invalid arguments: " + err.Error()}
		}
	}
	if msg, field := checkValue(v, si.s, "", si.s, 0); msg != "" {
		return &ArgError{Tool: path, Field: field, Msg: msg}
	}
	if si.resolved == nil || !si.needsLib {
		return nil
	}
	if err := si.resolved.Validate(v); err != nil {
		field, detail := cleanLibError(err.Error())
		msg := "invalid arguments: " + detail
		if field != "" {
			msg = fmt.Sprintf("argument %q: %s", field, detail)
		}
		return &ArgError{Tool: path, Field: field, Msg: msg}
	}
	return nil
}

// checkValue walks v against s for the problems users hit most and returns
// a message and the field path of the first one.
// Refs to the root's $defs are followed (sources keep shared schemas as
// references); depth bounds a definition that refers to itself.
func checkValue(v any, s *jsonschema.Schema, field string, root *jsonschema.Schema, depth int) (string, string) {
	s = deref(s, root)
	if s == nil || depth > 64 {
		return "", ""
	}
	if types := schemaTypes(s); len(types) > 0 && !typeAllowed(jsonTypeOf(v), types) {
		want := strings.Join(types, " or ")
		if field == "" {
			return fmt.Sprintf("arguments must be a JSON %s, got %s", want, jsonTypeOf(v)), ""
		}
		return fmt.Sprintf("argument %q: expected %s, got %s %s", field, want, jsonTypeOf(v), preview(v)), field
	}
	if len(s.Enum) > 0 && !inEnum(v, s.Enum) {
		return fmt.Sprintf("argument %q: must be one of %s; got %s", field, enumList(s.Enum), preview(v)), field
	}
	switch x := v.(type) {
	case map[string]any:
		for _, r := range s.Required {
			if _, ok := x[r]; !ok {
				return fmt.Sprintf("missing required argument %q", join(field, r)), join(field, r)
			}
		}
		for _, k := range sortedKeys(x) {
			ps, ok := s.Properties[k]
			if !ok {
				if isFalseSchema(s.AdditionalProperties) && len(s.PatternProperties) == 0 {
					return fmt.Sprintf("unknown argument %q%s", join(field, k), known(s)), join(field, k)
				}
				continue
			}
			if msg, f := checkValue(x[k], ps, join(field, k), root, depth+1); msg != "" {
				return msg, f
			}
		}
	case []any:
		for i, item := range x {
			if msg, f := checkValue(item, s.Items, fmt.Sprintf("%s[%d]", field, i), root, depth+1); msg != "" {
				return msg, f
			}
		}
	}
	return "", ""
}

// deref follows "#/$defs/<name>" refs (a few hops) to the definition;
// a schema with other keywords beside its $ref is taken as it is.
func deref(s, root *jsonschema.Schema) *jsonschema.Schema {
	for i := 0; i < 8 && s != nil && s.Ref != "" && root != nil; i++ {
		name, ok := strings.CutPrefix(s.Ref, "#/$defs/")
		if !ok {
			return s
		}
		d, ok := root.Defs[name]
		if !ok {
			return s
		}
		s = d
	}
	return s
}

func join(field, k string) string {
	if field == "" {
		return k
	}
	return field + "." + k
}

func typeAllowed(got string, types []string) bool {
	for _, t := range types {
		if t == got || t == "number" && got == "integer" {
			return true
		}
	}
	return false
}

func inEnum(v any, enum []any) bool {
	b, _ := json.Marshal(v)
	for _, e := range enum {
		if eb, _ := json.Marshal(e); string(eb) == string(b) {
			return true
		}
	}
	return false
}

func enumList(enum []any) string {
	parts := make([]string, len(enum))
	for i, e := range enum {
		b, _ := json.Marshal(e)
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

// known lists the accepted names, to make a typo easy to fix.
func known(s *jsonschema.Schema) string {
	if len(s.Properties) == 0 {
		return " (the tool takes no arguments)"
	}
	return " (known: " + strings.Join(sortedKeys(s.Properties), ", ") + ")"
}

// preview renders a value for a message, shortened.
func preview(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(b)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

// cleanLibError turns the library's nested "validating root: validating
// /properties/a: type: ..." text into a field path and the innermost reason.
func cleanLibError(s string) (field, detail string) {
	detail = s
	ptr := ""
	for {
		i := strings.Index(detail, "validating ")
		if i < 0 {
			break
		}
		rest := detail[i+len("validating "):]
		j := strings.Index(rest, ": ")
		if j < 0 {
			break
		}
		ptr = rest[:j]
		detail = rest[j+2:]
	}
	if ptr == "root" {
		ptr = ""
	}
	var parts []string
	for _, seg := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		switch seg {
		case "", "properties":
		case "items":
			parts = append(parts, "[]")
		default:
			parts = append(parts, seg)
		}
	}
	field = strings.ReplaceAll(strings.Join(parts, "."), ".[]", "[]")
	return field, detail
}
