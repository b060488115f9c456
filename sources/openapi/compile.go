package openapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
)

// The schema compiler turns spec schemas into JSON Schema 2020-12 with
// every $ref kept a reference: each referenced schema is compiled once
// into a named definition, and a tool's schema carries the definitions it
// reaches under "$defs". The old loader inlined refs at every use, which
// is exponential in the nesting of shared schemas (Stripe: 14 GB and
// counting); here the work is linear in the size of the spec, and a
// budget bounds it anyway.

// Budgets. A spec beyond them fails with ErrBudget rather than taking the
// machine; a tool whose definitions exceed its share gets the rest as
// stubs (accept anything, named after the schema).
const (
	maxSchemaDepth = 64        // nesting of one schema
	maxNodes       = 8_000_000 // schema nodes compiled per spec
	maxInputDefs   = 256 << 10 // bytes of $defs in one input schema
	maxOutputDefs  = 24 << 10  // bytes of $defs in one output schema
)

// ErrBudget is wrapped by the error for a spec too large to process.
var ErrBudget = errors.New("spec exceeds the processing budget")

// def is one named, compiled schema.
type def struct {
	name string
	raw  json.RawMessage
	deps []*def
	err  error // the ref did not resolve
	loc  string
	node any // the source node until compiled
	done bool
}

type compiler struct {
	ctx    context.Context
	d      *document
	x      *externals
	is31   bool
	defs   map[string]*def // by "<doc>#<pointer>"
	byName map[string]*def
	names  map[string]bool
	queue  []*def
	nodes  int
	err    error // sticky budget or context error
}

func newCompiler(ctx context.Context, d *document, x *externals) *compiler {
	return &compiler{ctx: ctx, d: d, x: x, is31: d.is31(), defs: map[string]*def{}, byName: map[string]*def{}, names: map[string]bool{}}
}

// compiled is a schema ready to be embedded: its tree and the
// definitions it refers to directly.
type compiled struct {
	tree any
	deps []*def
}

// schema compiles node (in the document at loc, "" for the spec) and
// every definition it reaches.
func (c *compiler) schema(node any, loc string) (compiled, error) {
	var deps []*def
	tree := c.node(node, loc, 0, &deps)
	c.drain()
	return compiled{tree: tree, deps: deps}, c.err
}

func (c *compiler) drain() {
	for len(c.queue) > 0 && c.err == nil {
		d := c.queue[0]
		c.queue = c.queue[1:]
		if d.done {
			continue
		}
		d.done = true
		var deps []*def
		tree := c.node(d.node, d.loc, 0, &deps)
		d.node = nil
		d.deps = deps
		d.raw, _ = json.Marshal(tree)
	}
}

// ref returns the definition a $ref names, queueing its compilation.
func (c *compiler) ref(ref, from string) *def {
	file, frag, _ := strings.Cut(ref, "#")
	loc := from
	var err error
	if file != "" {
		loc, err = c.x.resolve(from, file)
	}
	key := loc + "#" + frag
	if d, ok := c.defs[key]; ok {
		return d
	}
	d := &def{name: c.defName(loc, frag), loc: loc}
	c.defs[key] = d
	c.byName[d.name] = d
	if err != nil {
		d.err, d.done, d.raw = err, true, json.RawMessage(`{}`)
		return d
	}
	var target any
	var ok bool
	if loc == "" {
		target, ok = c.d.pointer(frag)
	} else {
		var doc any
		if doc, err = c.x.load(loc); err == nil {
			target, ok = walk(doc, splitPointer(frag))
		}
	}
	if !ok {
		if err == nil {
			err = fmt.Errorf("$ref %q does not resolve", ref)
		}
		d.err, d.done, d.raw = err, true, json.RawMessage(`{}`)
		return d
	}
	d.node = target
	c.queue = append(c.queue, d)
	return d
}

// defName is a readable, unique name for a definition: the last pointer
// token ("actions-hosted-runner"), prefixed by the file for external ones.
func (c *compiler) defName(loc, frag string) string {
	toks := splitPointer(frag)
	base := "schema"
	if len(toks) > 0 {
		base = toks[len(toks)-1]
		if _, err := strconv.Atoi(base); err == nil && len(toks) > 1 {
			base = toks[len(toks)-2] + "_" + base
		}
	}
	if loc != "" {
		f := filepath.Base(loc)
		f = strings.TrimSuffix(f, filepath.Ext(f))
		if len(toks) == 0 {
			base = f
		} else {
			base = f + "_" + base
		}
	}
	base = strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, base)
	name := base
	for i := 2; c.names[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	c.names[name] = true
	return name
}

// Keywords whose value is a map of schemas, one schema, or a list of them.
// Switches, not package-level maps, which every start of the binary would
// build (issue 15).
func schemaMapKey(k string) bool {
	switch k {
	case "properties", "patternProperties", "dependentSchemas":
		return true
	}
	return false
}

func schemaOneKey(k string) bool {
	switch k {
	case "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
		"unevaluatedProperties", "unevaluatedItems", "additionalItems":
		return true
	}
	return false
}

func schemaListKey(k string) bool {
	switch k {
	case "allOf", "anyOf", "oneOf", "prefixItems":
		return true
	}
	return false
}

// dropKey: these keywords carry nothing a caller or validator needs;
// dropping them keeps tool schemas small.
func dropKey(k string) bool {
	switch k {
	case "example", "examples", "xml", "externalDocs", "discriminator", "$schema", "$id", "$defs",
		"definitions", "collectionFormat":
		return true
	}
	return false
}

// node compiles one schema node: refs become "#/$defs/<name>", OpenAPI
// 3.0 and Swagger 2 keywords become their 2020-12 forms.
func (c *compiler) node(n any, loc string, depth int, deps *[]*def) any {
	m, ok := n.(map[string]any)
	if !ok {
		if b, isBool := n.(bool); isBool {
			return b
		}
		return map[string]any{}
	}
	c.nodes++
	if c.nodes&1023 == 0 {
		if err := c.ctx.Err(); err != nil && c.err == nil {
			c.err = err
		}
	}
	if c.nodes > maxNodes && c.err == nil {
		c.err = fmt.Errorf("%w: more than %d schema nodes", ErrBudget, maxNodes)
	}
	if depth > maxSchemaDepth || c.err != nil {
		return map[string]any{}
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		switch {
		case strings.HasPrefix(k, "x-") && k != "x-nullable", dropKey(k):
		case k == "$ref":
			s, _ := v.(string)
			d := c.ref(s, loc)
			*deps = appendDef(*deps, d)
			out[k] = "#/$defs/" + d.name
		case schemaMapKey(k):
			if sm, isMap := v.(map[string]any); isMap {
				o := make(map[string]any, len(sm))
				for name, sub := range sm {
					o[name] = c.node(sub, loc, depth+1, deps)
				}
				out[k] = o
			}
		case schemaOneKey(k):
			out[k] = c.node(v, loc, depth+1, deps)
		case schemaListKey(k):
			if l, isList := v.([]any); isList {
				o := make([]any, len(l))
				for i, sub := range l {
					o[i] = c.node(sub, loc, depth+1, deps)
				}
				out[k] = o
			}
		case k == "items":
			if l, isList := v.([]any); isList {
				// Tuple form (Swagger 2, draft 4): 2020-12 calls it prefixItems.
				o := make([]any, len(l))
				for i, sub := range l {
					o[i] = c.node(sub, loc, depth+1, deps)
				}
				out["prefixItems"] = o
				continue
			}
			out[k] = c.node(v, loc, depth+1, deps)
		default:
			out[k] = v
		}
	}
	if !c.is31 {
		return normalize(out)
	}
	return out
}

func appendDef(ds []*def, d *def) []*def {
	for _, x := range ds {
		if x == d {
			return ds
		}
	}
	return append(ds, d)
}

// normalize rewrites OpenAPI 3.0 / Swagger 2 keywords into JSON Schema
// 2020-12: nullable (also without a type, as on oneOf/allOf/$ref
// schemas), boolean exclusive bounds, type "file".
func normalize(m map[string]any) any {
	for _, pair := range [][2]string{{"exclusiveMinimum", "minimum"}, {"exclusiveMaximum", "maximum"}} {
		if ex, ok := m[pair[0]].(bool); ok {
			delete(m, pair[0])
			if bound, has := m[pair[1]]; ex && has {
				m[pair[0]] = bound
				delete(m, pair[1])
			}
		}
	}
	if t, _ := m["type"].(string); t == "file" {
		m["type"] = "string"
		m["format"] = "binary"
	}
	nullable, _ := m["nullable"].(bool)
	if xn, ok := m["x-nullable"].(bool); ok {
		nullable = nullable || xn
	}
	delete(m, "nullable")
	delete(m, "x-nullable")
	if !nullable {
		return m
	}
	if enum, ok := m["enum"].([]any); ok {
		hasNull := false
		for _, e := range enum {
			hasNull = hasNull || e == nil
		}
		if !hasNull {
			m["enum"] = append(enum, nil)
		}
	}
	switch t := m["type"].(type) {
	case string:
		m["type"] = []any{t, "null"}
		return m
	case []any:
		m["type"] = append(t, "null")
		return m
	}
	// No type: the schema's constraints come from $ref/allOf/oneOf…;
	// null is an alternative beside all of them.
	desc, hasDesc := m["description"]
	delete(m, "description")
	out := map[string]any{"anyOf": []any{m, map[string]any{"type": "null"}}}
	if hasDesc {
		out["description"] = desc
	}
	return out
}

// defsFor collects the definitions reached from deps, breadth first, up
// to budget bytes; the rest become stubs so every ref still resolves.
func defsFor(deps []*def, budget int) (map[string]json.RawMessage, []error) {
	out := map[string]json.RawMessage{}
	var errs []error
	size := 0
	queue := append([]*def(nil), deps...)
	seen := map[*def]bool{}
	for _, d := range queue {
		seen[d] = true
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if d.err != nil {
			errs = append(errs, d.err)
		}
		if size+len(d.raw) > budget && len(out) > 0 {
			out[d.name] = stub(d.name)
			continue
		}
		size += len(d.raw)
		out[d.name] = d.raw
		for _, x := range d.deps {
			if !seen[x] {
				seen[x] = true
				queue = append(queue, x)
			}
		}
	}
	return out, errs
}

func stub(name string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"title": name, "$comment": "not expanded: see the full spec"})
	return b
}

// withDefs marshals tree with defs under "$defs". The definitions are
// spliced in as they are: they are compact JSON already, and re-encoding
// them through json.Marshal would scan every byte again.
func withDefs(tree any, defs map[string]json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(tree)
	if len(defs) == 0 || len(b) < 2 || b[0] != '{' {
		return b
	}
	size := len(b) + 16
	for k, v := range defs {
		size += len(k) + len(v) + 8
	}
	out := make([]byte, 0, size)
	out = append(out, `{"$defs":{`...)
	for i, k := range sortedKeys(defs) {
		if i > 0 {
			out = append(out, ',')
		}
		kb, _ := json.Marshal(k)
		out = append(append(append(out, kb...), ':'), defs[k]...)
	}
	out = append(out, '}')
	if len(b) > 2 {
		out = append(out, ',')
	}
	return append(out, b[1:]...)
}

// deref follows a compiled "#/$defs/<name>" ref to its definition's tree
// (for reading an object body's properties); other nodes are returned.
func (c *compiler) deref(n any) (map[string]any, []*def) {
	m, _ := n.(map[string]any)
	for i := 0; i < 16 && m != nil; i++ {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m, nil
		}
		name := strings.TrimPrefix(ref, "#/$defs/")
		d := c.byName[name]
		if d == nil || d.err != nil {
			return nil, nil
		}
		var tree map[string]any
		if json.Unmarshal(d.raw, &tree) != nil {
			return nil, nil
		}
		if _, more := tree["$ref"]; !more {
			return tree, d.deps
		}
		m = tree
	}
	return m, nil
}
