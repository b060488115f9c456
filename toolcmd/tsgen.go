package toolcmd

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"
)

// TypeScript renders a tool's signature as it is called from js-exec:
//
//	tools.math.add(args: { a: number; b: number }): Promise<{ sum: number }>
//
// Types come from the input and output schemas; without a schema the
// argument is `Record<string, unknown>` and the result `unknown`.
func (t Tool) TypeScript() string {
	in, _ := parseSchema(t.InputSchema)
	out, _ := parseSchema(t.OutputSchema)
	return typeScriptSig(t.Path, in, out)
}

func typeScriptSig(path string, in, out *schemaInfo) string {
	arg := "args?: Record<string, unknown>"
	if in != nil && in.s != nil {
		opt := "?"
		if len(in.s.Required) > 0 {
			opt = ""
		}
		arg = "args" + opt + ": " + tsObjectOrdered(in.s, in.order, 0)
		if len(in.s.Properties) == 0 && !isObjectOnly(in.s) {
			arg = "args" + opt + ": " + tsType(in.s, 0)
		}
	}
	res := "unknown"
	if out != nil && out.s != nil {
		res = tsObjectOrdered(out.s, out.order, 0)
		if len(out.s.Properties) == 0 {
			res = tsType(out.s, 0)
		}
	}
	return "tools." + JSPath(path) + "(" + arg + "): Promise<" + res + ">"
}

// tsRefName is the TypeScript name of a "#/$defs/<name>" definition:
// "actions-hosted-runner" → ActionsHostedRunner.
func tsRefName(ref string) string {
	name := ref[strings.LastIndexByte(ref, '/')+1:]
	var b strings.Builder
	up := true
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	out := b.String()
	if out == "" || unicode.IsDigit(rune(out[0])) {
		out = "T" + out
	}
	return out
}

// tsDecls declares the named types a schema's refs use, breadth first
// from the root, at most limit of them (0: all); each is
// `type Name = …;`. Shared definitions are declared once.
func tsDecls(root *jsonschema.Schema, limit int) []string {
	if root == nil || len(root.Defs) == 0 {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	queue := refsIn(root, nil, 0)
	for len(queue) > 0 && (limit == 0 || len(out) < limit) {
		ref := queue[0]
		queue = queue[1:]
		name := ref[strings.LastIndexByte(ref, '/')+1:]
		d, ok := root.Defs[name]
		if !ok || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, "type "+tsRefName(ref)+" = "+tsType(d, 1)+";")
		queue = append(queue, refsIn(d, nil, 0)...)
	}
	return out
}

// refsIn lists the refs a schema uses directly (not through other refs).
func refsIn(s *jsonschema.Schema, acc []string, depth int) []string {
	if s == nil || depth > 16 {
		return acc
	}
	if s.Ref != "" {
		return append(acc, s.Ref)
	}
	for _, n := range sortedKeys(s.Properties) {
		acc = refsIn(s.Properties[n], acc, depth+1)
	}
	acc = refsIn(s.Items, acc, depth+1)
	acc = refsIn(s.AdditionalProperties, acc, depth+1)
	for _, l := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf, s.AllOf, s.PrefixItems} {
		for _, x := range l {
			acc = refsIn(x, acc, depth+1)
		}
	}
	return acc
}

func isObjectOnly(s *jsonschema.Schema) bool {
	ts := schemaTypes(s)
	return len(ts) == 1 && ts[0] == "object"
}

var tsIdent = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`) })

// tsType maps a JSON Schema to a TypeScript type expression.
func tsType(s *jsonschema.Schema, depth int) string {
	if s == nil {
		return "unknown"
	}
	if depth > 8 {
		return "unknown"
	}
	if isFalseSchema(s) {
		return "never"
	}
	if s.Ref != "" {
		return tsRefName(s.Ref)
	}
	if len(s.AllOf) > 0 && len(s.Properties) == 0 && len(schemaTypes(s)) == 0 {
		parts := make([]string, 0, len(s.AllOf))
		for _, a := range s.AllOf {
			parts = appendUnique(parts, tsType(a, depth+1))
		}
		return strings.Join(parts, " & ")
	}
	if s.Const != nil {
		return tsLiteral(*s.Const)
	}
	if len(s.Enum) > 0 {
		parts := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			parts[i] = tsLiteral(e)
		}
		return strings.Join(parts, " | ")
	}
	if alts := append(append([]*jsonschema.Schema{}, s.AnyOf...), s.OneOf...); len(alts) > 0 {
		parts := make([]string, 0, len(alts))
		for _, a := range alts {
			parts = appendUnique(parts, tsType(a, depth+1))
		}
		return strings.Join(parts, " | ")
	}
	types := schemaTypes(s)
	if len(types) == 0 {
		if len(s.Properties) > 0 {
			types = []string{"object"}
		} else {
			return "unknown"
		}
	}
	parts := make([]string, 0, len(types))
	nullable := false
	for _, t := range types {
		if t == "null" {
			nullable = true
			continue
		}
		parts = appendUnique(parts, tsOne(t, s, depth))
	}
	if nullable {
		// null reads best last: string[] | null.
		parts = append(parts, "null")
	}
	return strings.Join(parts, " | ")
}

func tsOne(t string, s *jsonschema.Schema, depth int) string {
	switch t {
	case "string", "boolean", "null":
		return t
	case "number", "integer":
		return "number"
	case "array":
		el := tsType(s.Items, depth+1)
		if s.Items == nil {
			el = "unknown"
		}
		if strings.Contains(el, "|") {
			return "Array<" + el + ">"
		}
		return el + "[]"
	case "object":
		return tsObjectOrdered(s, nil, depth)
	}
	return "unknown"
}

// tsObjectOrdered renders an object type with its properties in order.
func tsObjectOrdered(s *jsonschema.Schema, order []string, depth int) string {
	if len(s.Properties) == 0 {
		if s.AdditionalProperties != nil && !isFalseSchema(s.AdditionalProperties) {
			return "Record<string, " + tsType(s.AdditionalProperties, depth+1) + ">"
		}
		if isFalseSchema(s.AdditionalProperties) {
			return "{}"
		}
		return "Record<string, unknown>"
	}
	req := map[string]bool{}
	for _, r := range s.Required {
		req[r] = true
	}
	names := orderedNames(s, order)
	fields := make([]string, 0, len(names))
	for _, n := range names {
		key := n
		if !tsIdent().MatchString(n) {
			b, _ := json.Marshal(n)
			key = string(b)
		}
		if !req[n] {
			key += "?"
		}
		fields = append(fields, key+": "+tsType(s.Properties[n], depth+1))
	}
	return "{ " + strings.Join(fields, "; ") + " }"
}

func orderedNames(s *jsonschema.Schema, order []string) []string {
	seen := map[string]bool{}
	var names []string
	for _, n := range append(append([]string{}, order...), s.PropertyOrder...) {
		if _, ok := s.Properties[n]; ok && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, n := range sortedKeys(s.Properties) {
		if !seen[n] {
			names = append(names, n)
		}
	}
	return names
}

func tsLiteral(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "unknown"
	}
	return string(b)
}

func appendUnique(xs []string, s string) []string {
	for _, x := range xs {
		if x == s {
			return xs
		}
	}
	return append(xs, s)
}

func sortStrings(xs []string) { sort.Strings(xs) }
