package openapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/justbash/justbash/toolcmd"
)

// param is one operation parameter and the argument that carries it.
type param struct {
	name, in, arg string
	explode       bool
}

// operation is what a call needs to build its request.
type operation struct {
	method, path string
	params       []param
	body         *bodySpec // nil when the operation takes no body
}

// readOnly methods run without approval.
func readOnly(method string) bool {
	switch method {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

func (s *Source) register() error {
	s.reg.RemoveSource(s.src)
	paths := s.doc.Paths.Map()
	keys := make([]string, 0, len(paths))
	for p := range paths {
		keys = append(keys, p)
	}
	sort.Strings(keys)
	used := map[string]bool{}
	var errs []error
	for _, p := range keys {
		item := paths[p]
		if item == nil {
			continue
		}
		ops := item.Operations()
		methods := make([]string, 0, len(ops))
		for m := range ops {
			methods = append(methods, m)
		}
		sort.Strings(methods)
		for _, m := range methods {
			op := ops[m]
			if op == nil {
				continue
			}
			name := s.toolPath(used, m, p, op)
			t := s.tool(name, m, p, item, op)
			if err := s.reg.Add(t); err != nil {
				errs = append(errs, errorf(s.cfg.Name, "%s %s: %v", m, p, err))
				continue
			}
			s.paths = append(s.paths, name)
		}
	}
	sort.Strings(s.paths)
	return errors.Join(errs...)
}

// toolPath applies the naming rule with deterministic collision suffixes.
func (s *Source) toolPath(used map[string]bool, method, path string, op *openapi3.Operation) string {
	base := s.cfg.Name + "." + Group(path, op.Tags) + "." + Leaf(op.OperationID, method, path)
	cand := base
	if used[cand] {
		cand = base + "_" + strings.ToLower(method)
	}
	for i := 2; used[cand]; i++ {
		cand = base + "_" + strings.ToLower(method) + "_" + strconv.Itoa(i)
	}
	used[cand] = true
	return cand
}

// tool builds the tool for one operation: its argument schema, its
// approval annotations and the Invoke that makes the HTTP request.
func (s *Source) tool(name, method, path string, item *openapi3.PathItem, op *openapi3.Operation) toolcmd.Tool {
	o := &operation{method: method, path: path}
	props := map[string]any{}
	var required []string
	for _, pr := range mergeParams(item.Parameters, op.Parameters) {
		arg := pr.Name
		if _, dup := props[arg]; dup {
			arg = pr.In + "_" + pr.Name
		}
		explode := pr.In == "query" || pr.In == "cookie"
		if pr.Explode != nil {
			explode = *pr.Explode
		}
		o.params = append(o.params, param{name: pr.Name, in: pr.In, arg: arg, explode: explode})
		props[arg] = s.paramSchema(pr)
		if pr.Required || pr.In == "path" {
			required = append(required, arg)
		}
	}
	if rb := op.RequestBody; rb != nil && rb.Value != nil {
		s.addBody(o, props, rb.Value)
	}
	in := map[string]any{"type": "object", "properties": props}
	if o.body == nil || !o.body.extra {
		// An argument that maps to no parameter or body field is refused
		// by validation, before any approval prompt.
		in["additionalProperties"] = false
	}
	if len(required) > 0 {
		in["required"] = required
	}
	inJSON, _ := json.Marshal(in)
	label := method + " " + path
	ann := toolcmd.Annotations{Title: op.Summary, ReadOnly: readOnly(method), Destructive: method == "DELETE", Idempotent: method != "POST" && method != "PATCH", OpenWorld: true, ApprovalLabel: label}
	if !ann.ReadOnly && !s.cfg.NoWriteApproval {
		ann.RequiresApproval = true
	}
	return toolcmd.Tool{
		Path:         name,
		Description:  describe(op, label),
		InputSchema:  inJSON,
		OutputSchema: s.outputSchema(op),
		Annotations:  ann,
		Source:       s.src,
		Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			return s.call(ctx, o, args)
		},
	}
}

// mergeParams lets operation parameters override path-item ones with the
// same name and location.
func mergeParams(pathLevel, opLevel openapi3.Parameters) []*openapi3.Parameter {
	var out []*openapi3.Parameter
	idx := map[string]int{}
	for _, list := range []openapi3.Parameters{pathLevel, opLevel} {
		for _, ref := range list {
			if ref == nil || ref.Value == nil {
				continue
			}
			key := ref.Value.In + "\x00" + ref.Value.Name
			if i, ok := idx[key]; ok {
				out[i] = ref.Value
				continue
			}
			idx[key] = len(out)
			out = append(out, ref.Value)
		}
	}
	return out
}

func (s *Source) paramSchema(pr *openapi3.Parameter) any {
	var schema map[string]any
	if pr.Schema != nil {
		schema, _ = s.schemaOf(pr.Schema).(map[string]any)
	} else if _, media := pickMedia(pr.Content); media != nil && media.Schema != nil {
		schema, _ = s.schemaOf(media.Schema).(map[string]any)
	}
	if schema == nil {
		schema = map[string]any{}
	}
	if pr.Description != "" && schema["description"] == nil {
		schema["description"] = pr.Description
	}
	return schema
}

// pickMedia prefers JSON, then form encoding, then whatever comes first
// in sorted order.
func pickMedia(c openapi3.Content) (string, *openapi3.MediaType) {
	if len(c) == 0 {
		return "", nil
	}
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, want := range []func(string) bool{isJSON, func(k string) bool { return k == "application/x-www-form-urlencoded" }} {
		for _, k := range keys {
			if want(k) {
				return k, c[k]
			}
		}
	}
	return keys[0], c[keys[0]]
}

func isJSON(mediaType string) bool {
	mt := strings.ToLower(strings.TrimSpace(strings.Split(mediaType, ";")[0]))
	return mt == "application/json" || strings.HasSuffix(mt, "+json") || mt == "*/*"
}

// outputSchema is the JSON schema of the first 2xx response, if any.
func (s *Source) outputSchema(op *openapi3.Operation) json.RawMessage {
	if op.Responses == nil {
		return nil
	}
	codes := make([]string, 0)
	for code := range op.Responses.Map() {
		if strings.HasPrefix(code, "2") {
			codes = append(codes, code)
		}
	}
	sort.Strings(codes)
	for _, code := range codes {
		r := op.Responses.Value(code)
		if r == nil || r.Value == nil {
			continue
		}
		for mt, media := range r.Value.Content {
			if isJSON(mt) && media != nil && media.Schema != nil {
				b, err := json.Marshal(s.schemaOf(media.Schema))
				if err == nil {
					return b
				}
			}
		}
	}
	return nil
}

func describe(op *openapi3.Operation, label string) string {
	var parts []string
	for _, p := range []string{op.Summary, op.Description} {
		if p = strings.TrimSpace(p); p != "" && (len(parts) == 0 || parts[0] != p) {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return label
	}
	return fmt.Sprintf("%s\n\n%s", strings.Join(parts, "\n\n"), label)
}
