package graphql

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/justbash/justbash/toolcmd"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

func (s *Source) register() error {
	s.reg.RemoveSource(s.src)
	var errs []error
	for _, root := range []struct {
		op  string
		def *ast.Definition
	}{{"query", s.schema.Query}, {"mutation", s.schema.Mutation}} {
		if root.def == nil {
			continue
		}
		for _, f := range root.def.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			t := s.tool(root.op, f)
			if err := s.reg.Add(t); err != nil {
				errs = append(errs, errorf(s.cfg.Name, "%s %s: %v", root.op, f.Name, err))
				continue
			}
			s.paths = append(s.paths, t.Path)
		}
	}
	sort.Strings(s.paths)
	return errors.Join(errs...)
}

// selectArg names the selection override argument, avoiding a field
// argument of the same name.
func selectArg(f *ast.FieldDefinition) string {
	name := "select"
	for f.Arguments.ForName(name) != nil {
		name = "_" + name
	}
	return name
}

func (s *Source) tool(op string, f *ast.FieldDefinition) toolcmd.Tool {
	props := map[string]any{}
	var required []string
	for _, a := range f.Arguments {
		sch := s.typeSchema(a.Type, map[string]bool{})
		if a.Description != "" {
			sch["description"] = a.Description
		}
		props[a.Name] = sch
		if a.Type.NonNull && a.DefaultValue == nil {
			required = append(required, a.Name)
		}
	}
	sel := selectArg(f)
	auto := s.selection(f.Type, 1, map[string]bool{})
	if !s.isLeaf(f.Type) {
		props[sel] = map[string]any{"type": "string", "description": "GraphQL selection set to use instead of the generated one, e.g. \"{ id name }\"; default: " + auto}
	}
	in := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		in["required"] = required
	}
	inJSON, _ := json.Marshal(in)
	label := op + " " + f.Name
	ann := toolcmd.Annotations{ReadOnly: op == "query", OpenWorld: true, ApprovalLabel: label}
	if op == "mutation" && !s.cfg.NoMutationApproval {
		ann.RequiresApproval = true
	}
	desc := strings.TrimSpace(f.Description)
	if desc == "" {
		desc = label
	}
	field := f
	return toolcmd.Tool{
		Path:        s.cfg.Name + "." + op + "." + f.Name,
		Description: desc,
		InputSchema: inJSON,
		Annotations: ann,
		Source:      s.src,
		Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			return s.call(ctx, op, field, sel, auto, args)
		},
	}
}

func (s *Source) isLeaf(t *ast.Type) bool {
	def := s.schema.Types[t.Name()]
	return def == nil || def.Kind == ast.Scalar || def.Kind == ast.Enum
}

// typeSchema maps a GraphQL input type to JSON Schema. Input objects that
// refer back to themselves are cut to {} (anything) on the second visit.
func (s *Source) typeSchema(t *ast.Type, seen map[string]bool) map[string]any {
	if t.Elem != nil {
		return map[string]any{"type": "array", "items": s.nullable(t.Elem, seen)}
	}
	switch t.NamedType {
	case "Int":
		return map[string]any{"type": "integer"}
	case "Float":
		return map[string]any{"type": "number"}
	case "String":
		return map[string]any{"type": "string"}
	case "Boolean":
		return map[string]any{"type": "boolean"}
	case "ID":
		return map[string]any{"type": []any{"string", "integer"}}
	}
	def := s.schema.Types[t.NamedType]
	if def == nil || seen[def.Name] {
		return map[string]any{}
	}
	switch def.Kind {
	case ast.Enum:
		vals := make([]any, len(def.EnumValues))
		for i, v := range def.EnumValues {
			vals[i] = v.Name
		}
		return map[string]any{"type": "string", "enum": vals}
	case ast.InputObject:
		seen[def.Name] = true
		defer delete(seen, def.Name)
		props := map[string]any{}
		var req []string
		for _, f := range def.Fields {
			p := s.nullable(f.Type, seen)
			if f.Description != "" {
				p["description"] = f.Description
			}
			props[f.Name] = p
			if f.Type.NonNull && f.DefaultValue == nil {
				req = append(req, f.Name)
			}
		}
		out := map[string]any{"type": "object", "properties": props}
		if len(req) > 0 {
			out["required"] = req
		}
		return out
	}
	return map[string]any{}
}

// nullable is typeSchema for a position where JSON null is allowed unless
// the GraphQL type is non-null.
func (s *Source) nullable(t *ast.Type, seen map[string]bool) map[string]any {
	sch := s.typeSchema(t, seen)
	if t.NonNull {
		return sch
	}
	if ty, ok := sch["type"].(string); ok {
		sch["type"] = []any{ty, "null"}
	}
	return sch
}

// selection generates the selection set for a field of type t at level
// depth (the root field's own selection is level 1). Object fields nest
// while depth < Depth; a type already on the path is not entered again;
// fields that need arguments are skipped.
func (s *Source) selection(t *ast.Type, depth int, path map[string]bool) string {
	def := s.schema.Types[t.Name()]
	if def == nil || def.Kind == ast.Scalar || def.Kind == ast.Enum {
		return ""
	}
	if def.Kind == ast.Union {
		return "{ __typename }"
	}
	path[def.Name] = true
	defer delete(path, def.Name)
	var parts []string
	for _, f := range s.selectionOrder(def.Fields) {
		if len(parts) >= s.cfg.MaxFields {
			break
		}
		if strings.HasPrefix(f.Name, "__") || requiresArgs(f) || f.Directives.ForName("deprecated") != nil {
			continue
		}
		fd := s.schema.Types[f.Type.Name()]
		if fd == nil || fd.Kind == ast.Scalar || fd.Kind == ast.Enum {
			parts = append(parts, f.Name)
			continue
		}
		if depth >= s.cfg.Depth || path[fd.Name] {
			continue
		}
		if sub := s.selection(f.Type, depth+1, path); sub != "" {
			parts = append(parts, f.Name+" "+sub)
		}
	}
	if len(parts) == 0 {
		parts = []string{"__typename"}
	}
	return "{ " + strings.Join(parts, " ") + " }"
}

// preferred are the fields an agent asks for first: identity, then the
// descriptive scalars, then time stamps.
var preferred = []string{"id", "name", "login", "nameWithOwner", "title", "number", "url", "description", "state", "createdAt", "updatedAt", "closedAt", "body", "email", "isPrivate", "visibility", "stargazerCount"}

// selectionOrder puts the preferred fields first (in that order), then
// the other scalar fields, then object fields, each as declared.
func (s *Source) selectionOrder(fields ast.FieldList) []*ast.FieldDefinition {
	out := make([]*ast.FieldDefinition, 0, len(fields))
	for _, name := range preferred {
		if f := fields.ForName(name); f != nil {
			out = append(out, f)
		}
	}
	for _, leaf := range []bool{true, false} {
		for _, f := range fields {
			if !slices.Contains(preferred, f.Name) && s.isLeaf(f.Type) == leaf {
				out = append(out, f)
			}
		}
	}
	return out
}

func requiresArgs(f *ast.FieldDefinition) bool {
	for _, a := range f.Arguments {
		if a.Type.NonNull && a.DefaultValue == nil {
			return true
		}
	}
	return false
}

// call builds the operation, checks it against the schema and sends it.
func (s *Source) call(ctx context.Context, op string, f *ast.FieldDefinition, selArg, auto string, raw json.RawMessage) (json.RawMessage, error) {
	args := map[string]any{}
	if r := bytes.TrimSpace(raw); len(r) > 0 && string(r) != "null" {
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.UseNumber()
		if err := dec.Decode(&args); err != nil {
			return nil, errors.New("arguments must be a JSON object")
		}
	}
	sel := auto
	if v, ok := args[selArg]; ok {
		str, isStr := v.(string)
		if !isStr {
			return nil, fmt.Errorf("%s must be a string", selArg)
		}
		sel = strings.TrimSpace(str)
		if sel != "" && !strings.HasPrefix(sel, "{") {
			sel = "{ " + sel + " }"
		}
		delete(args, selArg)
	}
	var decls, uses []string
	vars := map[string]any{}
	for _, a := range f.Arguments {
		v, ok := args[a.Name]
		if !ok {
			continue
		}
		decls = append(decls, "$"+a.Name+": "+a.Type.String())
		uses = append(uses, a.Name+": $"+a.Name)
		vars[a.Name] = v
	}
	for k := range args {
		if f.Arguments.ForName(k) == nil {
			return nil, fmt.Errorf("unknown argument %q", k)
		}
	}
	q := op
	if len(decls) > 0 {
		q += "(" + strings.Join(decls, ", ") + ")"
	}
	q += " { " + f.Name
	if len(uses) > 0 {
		q += "(" + strings.Join(uses, ", ") + ")"
	}
	if sel != "" {
		q += " " + sel
	}
	q += " }"
	if _, errs := gqlparser.LoadQueryWithRules(s.schema, q, nil); len(errs) > 0 {
		return nil, fmt.Errorf("invalid operation: %v", errs)
	}
	data, gerrs, err := s.post(ctx, q, vars)
	if err != nil {
		return nil, err
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("unexpected data: %s", data)
	}
	if len(gerrs) > 0 {
		if !hasData(out[f.Name]) {
			return nil, joinErrors(gerrs)
		}
		// Partial result: what resolved, with the errors beside it.
		return json.Marshal(map[string]any{"data": out[f.Name], "errors": gerrs})
	}
	return out[f.Name], nil
}

func joinErrors(errs []gqlError) error {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Message
		if len(e.Path) > 0 {
			msgs[i] += fmt.Sprintf(" (at %v)", pathString(e.Path))
		}
	}
	return errors.New(strings.Join(msgs, "; "))
}
