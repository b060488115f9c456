package openapi

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
)

// inline returns node with every local $ref replaced by its target, so a
// tool's schema stands alone. A ref met again inside its own expansion
// becomes {"$comment": "recursive ref …"} instead of looping; refs that do
// not resolve become {} (accept anything) rather than failing the tool.
func inline(root map[string]any, node any, stack []string) any {
	switch v := node.(type) {
	case map[string]any:
		if ref, ok := v["$ref"].(string); ok {
			for _, r := range stack {
				if r == ref {
					return map[string]any{"$comment": "recursive ref " + ref}
				}
			}
			target, ok := pointer(root, ref)
			if !ok {
				return map[string]any{"$comment": "unresolved ref " + ref}
			}
			return inline(root, target, append(stack, ref))
		}
		out := make(map[string]any, len(v))
		for k, sub := range v {
			out[k] = inline(root, sub, stack)
		}
		normalize(out)
		return out
	case []any:
		out := make([]any, len(v))
		for i, sub := range v {
			out[i] = inline(root, sub, stack)
		}
		return out
	}
	return node
}

// pointer resolves a local JSON pointer ref ("#/components/schemas/Pet").
func pointer(root map[string]any, ref string) (any, bool) {
	if !strings.HasPrefix(ref, "#/") {
		return nil, false
	}
	var cur any = root
	for _, tok := range strings.Split(ref[2:], "/") {
		if t, err := url.PathUnescape(tok); err == nil {
			tok = t
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// schemaOf marshals a kin-openapi value and inlines its refs.
func (s *Source) schemaOf(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return map[string]any{}
	}
	var node any
	if json.Unmarshal(b, &node) != nil || node == nil {
		return map[string]any{}
	}
	return inline(s.root, node, nil)
}

// normalize rewrites OpenAPI 3.0 schema keywords into their JSON Schema
// 2020-12 forms, which is what the tool schemas are checked with:
// nullable: true → a "null" type, boolean exclusiveMinimum/Maximum → the
// numeric form.
func normalize(m map[string]any) {
	if n, ok := m["nullable"].(bool); ok {
		delete(m, "nullable")
		if t, isStr := m["type"].(string); n && isStr {
			m["type"] = []any{t, "null"}
		}
	}
	for _, pair := range [][2]string{{"exclusiveMinimum", "minimum"}, {"exclusiveMaximum", "maximum"}} {
		if ex, ok := m[pair[0]].(bool); ok {
			delete(m, pair[0])
			if bound, has := m[pair[1]]; ex && has {
				m[pair[0]] = bound
				delete(m, pair[1])
			}
		}
	}
}
