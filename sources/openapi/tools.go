package openapi

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/justbash/justbash/toolcmd"
)

// param is one operation parameter and the argument that carries it.
type param struct {
	Name, In, Arg, Style string
	Explode              bool
}

// operation is what a call needs to build its request; it is stored in
// the cache as it is.
type operation struct {
	Method, Path string
	Params       []param
	Body         *bodySpec // nil when the operation takes no body
	// Base is the operation's (or path item's) own server, "" for the
	// source's.
	Base string
}

// record is one processed operation: everything registration needs,
// and what the cache keeps.
type record struct {
	Path        string
	Title       string
	Description string
	Tags        []string
	Op          operation
	In, Out     []byte
}

// readOnly methods run without approval.
func readOnly(method string) bool {
	switch method {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// process reads every operation into a record. Operations that cannot be
// read become warnings naming them.
func (s *Source) process(ctx context.Context, d *document, x *externals) ([]record, []string, error) {
	c := newCompiler(ctx, d, x)
	ops, warns := c.operations()
	if c.err != nil {
		return nil, warns, c.err
	}
	used := map[string]bool{}
	var recs []record
	for _, op := range ops {
		if err := ctx.Err(); err != nil {
			return nil, warns, err
		}
		rec, opWarns, err := s.record(c, used, op)
		if c.err != nil {
			return nil, warns, c.err
		}
		label := op.method + " " + op.path
		for _, w := range opWarns {
			warns = append(warns, label+": "+w)
		}
		if err != nil {
			warns = append(warns, label+": skipped: "+err.Error())
			continue
		}
		recs = append(recs, rec)
	}
	// In the order of the spec's paths, whichever stage found them.
	sort.SliceStable(warns, func(i, j int) bool { return warnPath(warns[i]) < warnPath(warns[j]) })
	return recs, warns, nil
}

// warnPath is the path a warning ("GET /pets: …") is about.
func warnPath(w string) string {
	_, rest, _ := strings.Cut(w, " ")
	p, _, _ := strings.Cut(rest, ":")
	return p
}

func (s *Source) record(c *compiler, used map[string]bool, op *rawOp) (record, []string, error) {
	var warns []string
	if len(op.undeclared) > 0 {
		warns = append(warns, fmt.Sprintf("path parameters not declared (taken as strings): %s", strings.Join(op.undeclared, ", ")))
	}
	o := operation{Method: op.method, Path: op.path}
	if len(op.servers) > 0 {
		o.Base = serverURL(op.servers[0], nil)
	}
	props := map[string]any{}
	var required []string
	var deps []*def
	for _, pr := range op.params {
		arg := pr.name
		if _, dup := props[arg]; dup {
			arg = pr.in + "_" + pr.name
		}
		explode := pr.in == "query" || pr.in == "cookie"
		if pr.explode != nil {
			explode = *pr.explode
		}
		o.Params = append(o.Params, param{Name: pr.name, In: pr.in, Arg: arg, Explode: explode, Style: pr.style})
		cs, err := c.schema(pr.schema, pr.loc)
		if err != nil {
			return record{}, warns, err
		}
		deps = append(deps, cs.deps...)
		sch, _ := cs.tree.(map[string]any)
		if sch == nil {
			sch = map[string]any{}
		}
		if pr.desc != "" && sch["description"] == nil {
			sch["description"] = pr.desc
		}
		if pr.deprecated {
			sch["deprecated"] = true
		}
		props[arg] = sch
		if pr.required || pr.in == "path" {
			required = append(required, arg)
		}
	}
	if op.body != nil {
		bd, err := s.addBody(c, &o, props, op.body)
		if err != nil {
			return record{}, warns, err
		}
		deps = append(deps, bd...)
	}
	// Parameters in the spec's order (help and the JavaScript example
	// list them so: owner, repo, pull_number), then the body's.
	order := make([]string, 0, len(props))
	for _, p := range o.Params {
		order = append(order, p.Arg)
	}
	for _, k := range sortedKeys(props) {
		if !slices.Contains(order, k) {
			order = append(order, k)
		}
	}
	in := map[string]any{"type": "object", "properties": orderedProps{order, props}}
	if o.Body == nil || !o.Body.Extra {
		// An argument that maps to no parameter or body field is refused
		// by validation, before any approval prompt.
		in["additionalProperties"] = false
	}
	if len(required) > 0 {
		in["required"] = required
	}
	defs, errs := defsFor(deps, maxInputDefs)
	if len(errs) > 0 {
		return record{}, warns, fmt.Errorf("arguments: %v", errs[0])
	}
	rec := record{Path: s.toolPath(used, op), Title: op.summary, Description: describe(op), Tags: op.tags, Op: o, In: withDefs(in, defs)}
	if op.okSchema != nil {
		cs, err := c.schema(op.okSchema, op.okLoc)
		if err != nil {
			return record{}, warns, err
		}
		odefs, oerrs := defsFor(cs.deps, maxOutputDefs)
		if len(oerrs) > 0 {
			warns = append(warns, fmt.Sprintf("response schema: %v", oerrs[0]))
		}
		rec.Out = withDefs(cs.tree, odefs)
	}
	return rec, warns, nil
}

// toolPath applies the naming rule with deterministic collision suffixes.
func (s *Source) toolPath(used map[string]bool, op *rawOp) string {
	base := s.cfg.Name + "." + Group(op.path, op.tags) + "." + Leaf(op.id, op.method, op.path)
	cand := base
	if used[cand] {
		cand = base + "_" + strings.ToLower(op.method)
	}
	for i := 2; used[cand]; i++ {
		cand = base + "_" + strings.ToLower(op.method) + "_" + strconv.Itoa(i)
	}
	used[cand] = true
	return cand
}

// register adds one tool per record.
func (s *Source) register(recs []record) error {
	s.reg.RemoveSource(s.src)
	var errs []string
	for i := range recs {
		t := s.tool(&recs[i])
		if err := s.reg.Add(t); err != nil {
			errs = append(errs, fmt.Sprintf("%s %s: %v", recs[i].Op.Method, recs[i].Op.Path, err))
			continue
		}
		s.paths = append(s.paths, t.Path)
	}
	sort.Strings(s.paths)
	if len(errs) > 0 {
		s.warnings = append(s.warnings, errs...)
	}
	return nil
}

func (s *Source) tool(rec *record) toolcmd.Tool {
	o := &rec.Op
	label := o.Method + " " + o.Path
	ann := toolcmd.Annotations{Title: rec.Title, ReadOnly: readOnly(o.Method), Destructive: o.Method == "DELETE",
		Idempotent: o.Method != "POST" && o.Method != "PATCH", OpenWorld: true, ApprovalLabel: label}
	if !ann.ReadOnly && !s.cfg.NoWriteApproval {
		ann.RequiresApproval = true
	}
	return toolcmd.Tool{
		Path:         rec.Path,
		Description:  rec.Description,
		Tags:         rec.Tags,
		InputSchema:  rec.In,
		OutputSchema: rec.Out,
		Annotations:  ann,
		Source:       s.src,
		Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			return s.call(ctx, o, args)
		},
	}
}

func describe(op *rawOp) string {
	label := op.method + " " + op.path
	var parts []string
	for _, p := range []string{op.summary, op.desc} {
		if p = strings.TrimSpace(p); p != "" && (len(parts) == 0 || parts[0] != p) {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return label
	}
	return fmt.Sprintf("%s\n\n%s", strings.Join(parts, "\n\n"), label)
}

// orderedProps marshals a properties object with its keys in order
// (a Go map would sort them).
type orderedProps struct {
	keys []string
	m    map[string]any
}

func (o orderedProps) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, k := range o.keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		vb, err := json.Marshal(o.m[k])
		if err != nil {
			return nil, err
		}
		buf = append(append(append(buf, kb...), ':'), vb...)
	}
	return append(buf, '}'), nil
}
