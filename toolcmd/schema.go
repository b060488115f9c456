package toolcmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// schemaInfo is a tool's schema parsed once at registration.
type schemaInfo struct {
	raw json.RawMessage
	s   *jsonschema.Schema
	// resolved validates; nil when the schema uses something the library
	// cannot resolve (a remote $ref, an old draft) — such tools are then
	// called unvalidated rather than made uncallable.
	resolved *jsonschema.Resolved
	// needsLib is false when checkValue covers every keyword the schema
	// uses (true of schemas derived from Go types); the library's full
	// validation is then skipped, which makes typed calls several times
	// cheaper.
	needsLib bool
	// order is the declared order of the top-level properties, which JSON
	// decoding into a map loses; help lists parameters in this order.
	order []string
}

func parseSchema(raw json.RawMessage) (*schemaInfo, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	fillOrder(&s, raw, 0)
	info := &schemaInfo{raw: raw, s: &s, order: s.PropertyOrder, needsLib: usesMore(raw, 0)}
	if s.Schema == "" || strings.Contains(s.Schema, "draft-07") || strings.Contains(s.Schema, "2020-12") {
		if rs, err := s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: false}); err == nil {
			info.resolved = rs
		}
	}
	return info, nil
}

// coveredKeywords are the schema keywords checkValue enforces fully, plus
// annotations that assert nothing. A switch, not a package-level map that
// every start of the binary would build (issue 15).
func coveredKeyword(k string) bool {
	switch k {
	case "type", "properties", "required", "items", "enum", "additionalProperties", "description",
		"title", "$schema", "$comment", "examples", "deprecated", "readOnly", "writeOnly", "default":
		return true
	}
	return false
}

// usesMore reports whether a schema document uses a keyword checkValue
// does not enforce (anywhere in it).
func usesMore(raw json.RawMessage, depth int) bool {
	if depth > 32 {
		return true
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		// true/false schemas: false only appears as additionalProperties,
		// handled below; anything else goes to the library.
		return string(bytes.TrimSpace(raw)) != "true"
	}
	for k, v := range m {
		if !coveredKeyword(k) {
			return true
		}
		switch k {
		case "properties":
			var props map[string]json.RawMessage
			if json.Unmarshal(v, &props) != nil {
				return true
			}
			for _, p := range props {
				if usesMore(p, depth+1) {
					return true
				}
			}
		case "items":
			if usesMore(v, depth+1) {
				return true
			}
		case "additionalProperties":
			if t := string(bytes.TrimSpace(v)); t != "false" && t != "true" {
				return true
			}
		}
	}
	return false
}

// fillOrder records, at every level, the order in which "properties" keys
// appear in the document (decoding into the library's maps loses it), so
// help and TypeScript list fields as the author wrote them.
func fillOrder(s *jsonschema.Schema, raw json.RawMessage, depth int) {
	if s == nil || depth > 32 {
		return
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return
	}
	if props, ok := top["properties"]; ok {
		s.PropertyOrder = keyOrder(props)
		var m map[string]json.RawMessage
		if json.Unmarshal(props, &m) == nil {
			for k, v := range m {
				fillOrder(s.Properties[k], v, depth+1)
			}
		}
	}
	if v, ok := top["items"]; ok {
		fillOrder(s.Items, v, depth+1)
	}
	if v, ok := top["additionalProperties"]; ok {
		fillOrder(s.AdditionalProperties, v, depth+1)
	}
	for key, subs := range map[string][]*jsonschema.Schema{"anyOf": s.AnyOf, "oneOf": s.OneOf, "allOf": s.AllOf} {
		var arr []json.RawMessage
		if v, ok := top[key]; ok && json.Unmarshal(v, &arr) == nil && len(arr) == len(subs) {
			for i := range arr {
				fillOrder(subs[i], arr[i], depth+1)
			}
		}
	}
}

// keyOrder lists the keys of a JSON object in document order.
func keyOrder(props json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(props))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}

// param is one top-level input parameter, for help, completion, coercion.
type param struct {
	name     string
	typ      string // TypeScript-ish: number, string, boolean, string[], ...
	required bool
	desc     string
	def      string // the default as JSON, "" when there is none
	schema   *jsonschema.Schema
}

// params lists the top-level properties of an object schema in declared
// order (falling back to sorted order for keys the order missed).
func (si *schemaInfo) params() []param {
	if si == nil || si.s == nil || len(si.s.Properties) == 0 {
		return nil
	}
	req := map[string]bool{}
	for _, r := range si.s.Required {
		req[r] = true
	}
	seen := map[string]bool{}
	var names []string
	for _, n := range si.order {
		if _, ok := si.s.Properties[n]; ok && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, n := range sortedKeys(si.s.Properties) {
		if !seen[n] {
			names = append(names, n)
		}
	}
	out := make([]param, 0, len(names))
	for _, n := range names {
		ps := si.s.Properties[n]
		p := param{name: n, required: req[n], schema: ps}
		if ps != nil {
			p.desc = firstLine(ps.Description)
			p.typ = tsType(ps, 0)
			if ps.Default != nil {
				p.def = string(ps.Default)
			}
		}
		out = append(out, p)
	}
	return out
}

// property finds the parameter a command-line key names: exact first, then
// by kebab spelling, so `--dry-run` reaches a `dryRun` or `dry_run` field.
func (si *schemaInfo) property(key string) (string, *jsonschema.Schema) {
	if si == nil || si.s == nil {
		return key, nil
	}
	if ps, ok := si.s.Properties[key]; ok {
		return key, ps
	}
	k := KebabCase(key)
	for name, ps := range si.s.Properties {
		if KebabCase(name) == k {
			return name, ps
		}
	}
	return key, nil
}

// isStringOnly reports whether a property accepts only strings, in which
// case a command-line value is kept verbatim (zip=02134 stays "02134").
func isStringOnly(s *jsonschema.Schema) bool {
	if s == nil {
		return false
	}
	if s.Type == "string" {
		return true
	}
	if len(s.Types) == 0 {
		return false
	}
	for _, t := range s.Types {
		if t != "string" && t != "null" {
			return false
		}
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// isFalseSchema reports whether s is the boolean schema false (how the
// library represents additionalProperties: false).
func isFalseSchema(s *jsonschema.Schema) bool {
	if s == nil || s.Not == nil {
		return false
	}
	b, err := json.Marshal(s)
	return err == nil && string(b) == "false"
}

// schemaTypes lists the JSON types a schema allows ("" when unconstrained).
func schemaTypes(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	return s.Types
}

// jsonTypeOf names the JSON type of a decoded value.
func jsonTypeOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if !strings.ContainsAny(x.String(), ".eE") {
			return "integer"
		}
		return "number"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}
