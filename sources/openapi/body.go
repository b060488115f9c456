package openapi

import (
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// bodySpec is how a request body is assembled from a call's arguments:
// either whole, from the body argument, or field by field from flat
// arguments (the executor convention: args come from path + query params
// + requestBody), or both merged.
type bodySpec struct {
	arg      string            // the argument holding the whole body ("body")
	mediaTyp string            // media type of the request body
	required bool              // the spec marks the body required
	fields   map[string]string // flat argument → body property
	reqProps []string          // required properties of an object body
	// extra is set when the body schema explicitly allows properties it
	// does not list: arguments that match nothing else then go into the
	// body instead of being refused.
	extra bool
}

// maxAllOfDepth bounds the allOf nesting objectShape follows; specs nest
// one or two levels, a cycle is cut by inline already.
const maxAllOfDepth = 8

// objectShape collects the properties, required names and whether extra
// properties are explicitly allowed, of an object schema, following
// allOf. ok is false when the schema is not an object with properties.
func objectShape(schema map[string]any, depth int) (props map[string]any, req []string, extra bool, ok bool) {
	if depth > maxAllOfDepth {
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
	for _, r := range asList(schema["required"]) {
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
	for _, sub := range asList(schema["allOf"]) {
		m, isMap := sub.(map[string]any)
		if !isMap {
			continue
		}
		sp, sr, se, subOK := objectShape(m, depth+1)
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

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// addBody adds the request body's arguments to props: the whole body as
// "body" (or "requestBody" when a parameter is called body) and, for an
// object body, each property as a flat argument. A property whose name a
// parameter already uses is offered as "body_<name>".
func (s *Source) addBody(o *operation, props map[string]any, rb *openapi3.RequestBody) {
	b := &bodySpec{arg: "body", required: rb.Required}
	if _, dup := props["body"]; dup {
		b.arg = "requestBody"
	}
	mt, media := pickMedia(rb.Content)
	b.mediaTyp = mt
	schema := map[string]any{}
	if media != nil && media.Schema != nil {
		if m, ok := s.schemaOf(media.Schema).(map[string]any); ok {
			schema = m
		}
	}
	if rb.Description != "" && schema["description"] == nil {
		schema["description"] = rb.Description
	}
	props[b.arg] = schema
	o.body = b
	if !isJSON(mt) && mt != "application/x-www-form-urlencoded" && mt != "" {
		return
	}
	fields, req, extra, ok := objectShape(schema, 0)
	if !ok && !extra {
		return
	}
	b.extra = extra
	b.reqProps = req
	b.fields = map[string]string{}
	for _, name := range sortedKeys(fields) {
		arg := name
		if _, dup := props[arg]; dup {
			arg = "body_" + name
		}
		if _, dup := props[arg]; dup {
			continue // still reachable through the body argument
		}
		props[arg] = fields[name]
		b.fields[arg] = name
	}
	if len(b.fields) > 0 {
		note := "The whole request body; its fields may instead be given as separate arguments."
		if d, _ := schema["description"].(string); d != "" {
			note = d + "\n\n" + note
		}
		schema["description"] = note
	}
}

// argNames lists every argument an operation understands, sorted.
func (o *operation) argNames() []string {
	var names []string
	for _, p := range o.params {
		names = append(names, p.arg)
	}
	if o.body != nil {
		names = append(names, o.body.arg)
		for a := range o.body.fields {
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
	for _, p := range o.params {
		known[p.arg] = true
	}
	b := o.body
	if b == nil {
		for _, k := range sortedKeys(args) {
			if !known[k] {
				return nil, false, o.unknown(k)
			}
		}
		return nil, false, nil
	}
	known[b.arg] = true
	whole, hasWhole := args[b.arg]
	flat := map[string]any{}
	for _, k := range sortedKeys(args) {
		if known[k] {
			continue
		}
		prop, isField := b.fields[k]
		if !isField && !b.extra {
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
		if b.required {
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
			return nil, false, fmt.Errorf("argument %q is not an object, so body fields cannot be added to it", b.arg)
		}
		merged = make(map[string]any, len(obj)+len(flat))
		for k, v := range obj {
			merged[k] = v
		}
		for _, k := range sortedKeys(flat) {
			if _, dup := merged[k]; dup {
				return nil, false, fmt.Errorf("body field %q given twice: as an argument and inside %q", k, b.arg)
			}
			merged[k] = flat[k]
		}
	}
	for _, r := range b.reqProps {
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
	for a := range o.body.fields {
		fields = append(fields, a)
	}
	sort.Strings(fields)
	if len(fields) == 0 {
		return fmt.Errorf("missing request body: give it as %q", o.body.arg)
	}
	return fmt.Errorf("missing request body: give its fields as arguments (%s) or the whole body as %q", strings.Join(fields, ", "), o.body.arg)
}
