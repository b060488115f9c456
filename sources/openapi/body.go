package openapi

import (
	"fmt"
	"sort"
	"strings"
)

// bodySpec is how a request body is assembled from a call's arguments:
// either whole, from the body argument, or field by field from flat
// arguments (the executor convention: args come from path + query params
// + requestBody), or both merged.
type bodySpec struct {
	Arg       string            // the argument holding the whole body ("body")
	MediaType string            // media type of the request body
	Required  bool              // the spec marks the body required
	Fields    map[string]string // flat argument → body property
	ReqProps  []string          // required properties of an object body
	// Extra is set when the body schema explicitly allows properties it
	// does not list: arguments that match nothing else then go into the
	// body instead of being refused.
	Extra bool
	// Encoding holds per-property style for form bodies
	// ("deepObject", "form", "spaceDelimited"…) and whether it explodes.
	Encoding map[string]param
}

// maxAllOfDepth bounds the allOf nesting objectShape follows; specs nest
// one or two levels.
const maxAllOfDepth = 8

// objectShape collects the properties, required names and whether extra
// properties are explicitly allowed, of an object schema, following
// allOf and refs. ok is false when the schema is not an object with
// properties.
func objectShape(c *compiler, schema map[string]any, depth int) (props map[string]any, req []string, extra bool, ok bool) {
	if depth > maxAllOfDepth || schema == nil {
		return nil, nil, false, false
	}
	schema, _ = c.deref(schema)
	if schema == nil {
		return nil, nil, false, false
	}
	if t, has := schema["type"]; has && t != "object" {
		return nil, nil, false, false
	}
	props = map[string]any{}
	if p, isMap := schema["properties"].(map[string]any); isMap {
		for k, v := range p {
			props[k] = v
		}
	}
	for _, r := range list(schema["required"]) {
		if s, isStr := r.(string); isStr {
			req = append(req, s)
		}
	}
	switch ap := schema["additionalProperties"].(type) {
	case bool:
		extra = ap
	case map[string]any:
		extra = true
	}
	for _, sub := range list(schema["allOf"]) {
		m, isMap := sub.(map[string]any)
		if !isMap {
			continue
		}
		sp, sr, se, subOK := objectShape(c, m, depth+1)
		if !subOK {
			return nil, nil, false, false
		}
		for k, v := range sp {
			props[k] = v
		}
		req = append(req, sr...)
		extra = extra || se
	}
	return props, req, extra, len(props) > 0
}

// addBody adds the request body's arguments to props: the whole body as
// "body" (or "requestBody" when a parameter is called body) and, for an
// object body, each property as a flat argument. A property whose name a
// parameter already uses is offered as "body_<name>".
func (s *Source) addBody(c *compiler, o *operation, props map[string]any, rb *rawBody) ([]*def, error) {
	b := &bodySpec{Arg: "body", Required: rb.required, MediaType: rb.mediaType, Encoding: rb.encoding}
	if _, dup := props["body"]; dup {
		b.Arg = "requestBody"
	}
	o.Body = b
	schema := map[string]any{}
	var deps []*def
	if rb.schema != nil {
		cs, err := c.schema(rb.schema, rb.loc)
		if err != nil {
			return nil, err
		}
		deps = cs.deps
		if m, ok := cs.tree.(map[string]any); ok {
			schema = m
		}
	}
	if !isJSON(b.MediaType) && !isForm(b.MediaType) && !strings.HasPrefix(b.MediaType, "multipart/") && b.MediaType != "" {
		// Text or bytes: the body argument is the raw text, which may
		// come from stdin.
		if len(schema) == 0 || schema["type"] == "string" {
			schema = map[string]any{"type": "string", "contentMediaType": b.MediaType}
		}
	}
	if rb.desc != "" && schema["description"] == nil {
		schema["description"] = rb.desc
	}
	props[b.Arg] = schema
	if !isJSON(b.MediaType) && !isForm(b.MediaType) && !strings.HasPrefix(b.MediaType, "multipart/") && b.MediaType != "" {
		return deps, nil
	}
	fields, req, extra, ok := objectShape(c, schema, 0)
	if !ok && !extra {
		return deps, nil
	}
	b.Extra = extra
	b.ReqProps = req
	b.Fields = map[string]string{}
	for _, name := range sortedKeys(fields) {
		arg := name
		if _, dup := props[arg]; dup {
			arg = "body_" + name
		}
		if _, dup := props[arg]; dup {
			continue // still reachable through the body argument
		}
		props[arg] = fields[name]
		b.Fields[arg] = name
	}
	if len(b.Fields) > 0 {
		note := "The whole request body; its fields may instead be given as separate arguments."
		if d, _ := schema["description"].(string); d != "" {
			note = d + "\n\n" + note
		}
		cp := make(map[string]any, len(schema)+1)
		for k, v := range schema {
			cp[k] = v
		}
		cp["description"] = note
		props[b.Arg] = cp
	}
	return deps, nil
}

// argNames lists every argument an operation understands, sorted.
func (o *operation) argNames() []string {
	var names []string
	for _, p := range o.Params {
		names = append(names, p.Arg)
	}
	if o.Body != nil {
		names = append(names, o.Body.Arg)
		for a := range o.Body.Fields {
			names = append(names, a)
		}
	}
	sort.Strings(names)
	return names
}

// buildBody returns the body value of a call and whether there is one.
// Flat fields are merged into an object given as the body argument; a
// field given both ways, an argument that maps nowhere, a missing
// required body or required field are errors — an argument is never
// silently dropped.
func (o *operation) buildBody(args map[string]any) (any, bool, error) {
	known := map[string]bool{}
	for _, p := range o.Params {
		known[p.Arg] = true
	}
	b := o.Body
	if b == nil {
		for _, k := range sortedKeys(args) {
			if !known[k] {
				return nil, false, o.unknown(k)
			}
		}
		return nil, false, nil
	}
	known[b.Arg] = true
	whole, hasWhole := args[b.Arg]
	flat := map[string]any{}
	for _, k := range sortedKeys(args) {
		if known[k] {
			continue
		}
		prop, isField := b.Fields[k]
		if !isField && !b.Extra {
			return nil, false, o.unknown(k)
		}
		if !isField {
			prop = k
		}
		if _, dup := flat[prop]; dup {
			return nil, false, fmt.Errorf("body field %q given twice (as %q and %q)", prop, prop, k)
		}
		flat[prop] = args[k]
	}
	if !hasWhole && len(flat) == 0 {
		if b.Required {
			return nil, false, o.missingBody()
		}
		return nil, false, nil
	}
	if len(flat) == 0 {
		return whole, true, nil
	}
	merged := flat
	if hasWhole && whole != nil {
		obj, isObj := whole.(map[string]any)
		if !isObj {
			return nil, false, fmt.Errorf("argument %q is not an object, so body fields cannot be added to it", b.Arg)
		}
		merged = make(map[string]any, len(obj)+len(flat))
		for k, v := range obj {
			merged[k] = v
		}
		for _, k := range sortedKeys(flat) {
			if _, dup := merged[k]; dup {
				return nil, false, fmt.Errorf("body field %q given twice: as an argument and inside %q", k, b.Arg)
			}
			merged[k] = flat[k]
		}
	}
	for _, r := range b.ReqProps {
		if _, ok := merged[r]; !ok {
			return nil, false, fmt.Errorf("missing required body field %q", r)
		}
	}
	return merged, true, nil
}

func (o *operation) unknown(arg string) error {
	return fmt.Errorf("unknown argument %q (known: %s)", arg, strings.Join(o.argNames(), ", "))
}

func (o *operation) missingBody() error {
	var fields []string
	for a := range o.Body.Fields {
		fields = append(fields, a)
	}
	sort.Strings(fields)
	if len(fields) == 0 {
		return fmt.Errorf("missing request body: give it as %q", o.Body.Arg)
	}
	return fmt.Errorf("missing request body: give its fields as arguments (%s) or the whole body as %q", strings.Join(fields, ", "), o.Body.Arg)
}
