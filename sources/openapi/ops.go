package openapi

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// templateVar finds the parameters of a path template, also several in
// one segment ("/compare/{base}...{head}").
var templateVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{([^{}/]+)\}`) })

// methods an operation may be under, in the order they are visited.
var methods = []string{"delete", "get", "head", "options", "patch", "post", "put", "trace"}

// rawOp is one operation read from the spec, refs in its parameters,
// body and responses followed; schemas are still spec nodes.
type rawOp struct {
	method, path  string
	id            string
	summary, desc string
	tags          []string
	params        []rawParam
	body          *rawBody
	okSchema      any // the first 2xx JSON response's schema, if any
	okLoc         string
	servers       []server
	undeclared    []string // path parameters the spec forgot to declare
}

type rawParam struct {
	name, in, desc, style string
	required, deprecated  bool
	explode               *bool
	schema                any
	loc                   string
	def                   any // the default, shown in help
}

type rawBody struct {
	mediaType string
	desc      string
	required  bool
	schema    any
	loc       string
	encoding  map[string]param // form and multipart property encodings
}

// follow resolves a $ref'd object (parameter, request body, response,
// path item), up to a few hops.
func (c *compiler) follow(n any, loc string) (map[string]any, string, error) {
	m, _ := n.(map[string]any)
	for i := 0; m != nil; i++ {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m, loc, nil
		}
		if i > 8 {
			return nil, "", fmt.Errorf("$ref %q: too many hops", ref)
		}
		file, frag, _ := strings.Cut(ref, "#")
		if file != "" {
			l, err := c.x.resolve(loc, file)
			if err != nil {
				return nil, "", err
			}
			loc = l
		}
		var target any
		found := false
		if loc == "" {
			target, found = c.d.pointer(frag)
		} else if doc, err := c.x.load(loc); err != nil {
			return nil, "", err
		} else {
			target, found = walk(doc, splitPointer(frag))
		}
		if !found {
			return nil, "", fmt.Errorf("$ref %q does not resolve", ref)
		}
		m, _ = target.(map[string]any)
	}
	return nil, "", fmt.Errorf("not an object")
}

// operations lists the spec's operations in (path, method) order. An
// operation that cannot be read is reported and left out; the others
// are unaffected.
func (c *compiler) operations() ([]*rawOp, []string) {
	keys := make([]string, 0, len(c.d.paths))
	for p := range c.d.paths {
		keys = append(keys, p)
	}
	sort.Strings(keys)
	var ops []*rawOp
	var warns []string
	for _, p := range keys {
		if c.err != nil {
			break
		}
		var node any
		if err := json.Unmarshal(c.d.paths[p], &node); err != nil {
			warns = append(warns, fmt.Sprintf("path %s: %v", p, err))
			continue
		}
		item, loc, err := c.follow(node, "")
		if err != nil {
			warns = append(warns, fmt.Sprintf("path %s: %v", p, err))
			continue
		}
		for _, m := range methods {
			on, ok := item[m].(map[string]any)
			if !ok {
				continue
			}
			op, err := c.operation(strings.ToUpper(m), p, item, on, loc)
			if err != nil {
				warns = append(warns, fmt.Sprintf("%s %s: skipped: %v", strings.ToUpper(m), p, err))
				continue
			}
			ops = append(ops, op)
		}
	}
	return ops, warns
}

func (c *compiler) operation(method, path string, item, on map[string]any, loc string) (*rawOp, error) {
	op := &rawOp{method: method, path: path, id: str(on, "operationId"), summary: str(on, "summary"), desc: str(on, "description")}
	for _, t := range list(on["tags"]) {
		if s, ok := t.(string); ok {
			op.tags = append(op.tags, s)
		}
	}
	var formFields []rawParam
	seen := map[string]int{}
	for _, level := range []any{item["parameters"], on["parameters"]} {
		for _, pn := range list(level) {
			pm, ploc, err := c.follow(pn, loc)
			if err != nil {
				return nil, fmt.Errorf("parameter: %v", err)
			}
			p, err := c.param(pm, ploc)
			if err != nil {
				return nil, err
			}
			switch p.in {
			case "body":
				op.body = &rawBody{mediaType: c.swaggerConsumes(on, false), desc: p.desc, required: p.required, schema: p.schema, loc: ploc}
				continue
			case "formData":
				formFields = append(formFields, p)
				continue
			}
			key := p.in + "\x00" + p.name
			if i, dup := seen[key]; dup {
				op.params[i] = p // the operation's own overrides the path item's
				continue
			}
			seen[key] = len(op.params)
			op.params = append(op.params, p)
		}
	}
	if len(formFields) > 0 {
		op.body = c.formBody(on, formFields)
	}
	if rb, ok := on["requestBody"]; ok {
		bm, bloc, err := c.follow(rb, loc)
		if err != nil {
			return nil, fmt.Errorf("request body: %v", err)
		}
		mt, media := pickMedia(mapOf(bm["content"]))
		op.body = &rawBody{mediaType: mt, desc: str(bm, "description"), required: truthy(bm["required"]), schema: media["schema"], loc: bloc}
		for name, en := range mapOf(media["encoding"]) {
			em := mapOf(en)
			p := param{Name: name, Style: str(em, "style"), Explode: str(em, "style") == "" || str(em, "style") == "form"}
			if e, ok := em["explode"].(bool); ok {
				p.Explode = e
			}
			if op.body.encoding == nil {
				op.body.encoding = map[string]param{}
			}
			op.body.encoding[name] = p
		}
	}
	for _, level := range []any{item["servers"], on["servers"]} {
		if srv := servers(level); len(srv) > 0 {
			op.servers = srv
		}
	}
	c.okResponse(op, mapOf(on["responses"]), loc)
	for _, m := range templateVar().FindAllStringSubmatch(path, -1) {
		{
			name := m[1]
			if _, ok := seen["path\x00"+name]; !ok {
				// Declared nowhere: still a required string, or the call
				// would send the template literally.
				seen["path\x00"+name] = len(op.params)
				op.params = append(op.params, rawParam{name: name, in: "path", required: true, schema: map[string]any{"type": "string"}})
				op.undeclared = append(op.undeclared, name)
			}
		}
	}
	return op, nil
}

func (c *compiler) param(pm map[string]any, loc string) (rawParam, error) {
	p := rawParam{name: str(pm, "name"), in: str(pm, "in"), desc: str(pm, "description"), style: str(pm, "style"),
		required: truthy(pm["required"]), deprecated: truthy(pm["deprecated"]), loc: loc}
	if p.name == "" || p.in == "" {
		return p, fmt.Errorf("a parameter without name or in")
	}
	switch p.in {
	case "path", "query", "header", "cookie", "body", "formData":
	default:
		return p, fmt.Errorf("parameter %q: unknown location %q", p.name, p.in)
	}
	if e, ok := pm["explode"].(bool); ok {
		p.explode = &e
	}
	switch {
	case pm["schema"] != nil:
		p.schema = pm["schema"]
	case pm["content"] != nil:
		_, media := pickMedia(mapOf(pm["content"]))
		p.schema = media["schema"]
	case c.d.swagger:
		// Swagger 2 puts the schema keywords on the parameter itself.
		s := map[string]any{}
		for k, v := range pm {
			switch k {
			case "name", "in", "description", "required", "collectionFormat", "allowEmptyValue":
			default:
				s[k] = v
			}
		}
		p.schema = s
		switch str(pm, "collectionFormat") {
		case "multi":
			t := true
			p.explode = &t
		case "csv", "":
			if p.in != "formData" {
				f := false
				p.explode = &f
			}
		case "ssv":
			p.style = "spaceDelimited"
		case "pipes":
			p.style = "pipeDelimited"
		}
	}
	if sm, ok := p.schema.(map[string]any); ok {
		p.def = sm["default"]
	}
	return p, nil
}

// swaggerConsumes is the media type of a Swagger 2 body.
func (c *compiler) swaggerConsumes(on map[string]any, form bool) string {
	var types []string
	for _, t := range list(on["consumes"]) {
		if s, ok := t.(string); ok {
			types = append(types, s)
		}
	}
	if len(types) == 0 {
		types = c.d.consumes
	}
	for _, t := range types {
		if !form && isJSON(t) || form && (strings.HasPrefix(t, "multipart/") || t == "application/x-www-form-urlencoded") {
			return t
		}
	}
	if form {
		return "application/x-www-form-urlencoded"
	}
	return "application/json"
}

// formBody turns Swagger 2 formData parameters into an object body.
func (c *compiler) formBody(on map[string]any, fields []rawParam) *rawBody {
	props := map[string]any{}
	var req []any
	mt := c.swaggerConsumes(on, true)
	for _, f := range fields {
		s, _ := f.schema.(map[string]any)
		if s == nil {
			s = map[string]any{}
		}
		if t, _ := s["type"].(string); t == "file" {
			mt = "multipart/form-data"
		}
		if f.desc != "" {
			s["description"] = f.desc
		}
		props[f.name] = s
		if f.required {
			req = append(req, f.name)
		}
	}
	schema := map[string]any{"type": "object", "properties": props}
	if len(req) > 0 {
		schema["required"] = req
	}
	return &rawBody{mediaType: mt, required: len(req) > 0, schema: schema}
}

// okResponse records the schema of the first 2xx response with a JSON
// body (Swagger 2: the response's schema).
func (c *compiler) okResponse(op *rawOp, resps map[string]any, loc string) {
	codes := make([]string, 0, len(resps))
	for code := range resps {
		if strings.HasPrefix(code, "2") {
			codes = append(codes, code)
		}
	}
	sort.Strings(codes)
	for _, code := range codes {
		rm, rloc, err := c.follow(resps[code], loc)
		if err != nil {
			continue
		}
		if c.d.swagger {
			if s, ok := rm["schema"]; ok {
				op.okSchema, op.okLoc = s, rloc
				return
			}
			continue
		}
		content := mapOf(rm["content"])
		for _, mt := range sortedKeys(content) {
			if isJSON(mt) {
				if s, ok := mapOf(content[mt])["schema"]; ok {
					op.okSchema, op.okLoc = s, rloc
					return
				}
			}
		}
	}
}

func servers(n any) []server {
	var out []server
	for _, s := range list(n) {
		m := mapOf(s)
		srv := server{URL: str(m, "url")}
		if srv.URL == "" {
			continue
		}
		for name, v := range mapOf(m["variables"]) {
			if srv.Variables == nil {
				srv.Variables = map[string]struct {
					Default string `json:"default"`
				}{}
			}
			srv.Variables[name] = struct {
				Default string `json:"default"`
			}{Default: str(mapOf(v), "default")}
		}
		out = append(out, srv)
	}
	return out
}

// pickMedia prefers JSON, then form encodings, then whatever comes first
// in sorted order.
func pickMedia(content map[string]any) (string, map[string]any) {
	if len(content) == 0 {
		return "", nil
	}
	keys := sortedKeys(content)
	for _, want := range []func(string) bool{isJSON, isForm, func(k string) bool { return strings.HasPrefix(k, "multipart/") }} {
		for _, k := range keys {
			if want(k) {
				return k, mapOf(content[k])
			}
		}
	}
	return keys[0], mapOf(content[keys[0]])
}

func isForm(mediaType string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(mediaType)), "application/x-www-form-urlencoded")
}

func isJSON(mediaType string) bool {
	mt := strings.ToLower(strings.TrimSpace(strings.Split(mediaType, ";")[0]))
	return mt == "application/json" || strings.HasSuffix(mt, "+json") || mt == "*/*"
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

func mapOf(n any) map[string]any {
	m, _ := n.(map[string]any)
	return m
}

func list(n any) []any {
	l, _ := n.([]any)
	return l
}

func truthy(n any) bool {
	b, _ := n.(bool)
	return b
}
