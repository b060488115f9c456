package toolcmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/justbash/justbash/commands"
)

// findTool resolves `math.add`, `math add`, `math list-pets` or
// `math listPets` to a registered tool.
func findTool(reg *Registry, args []string) (*entry, bool) {
	if len(args) == 1 {
		if e := reg.get(args[0]); e != nil {
			return e, true
		}
		ns, rest, ok := SplitPath(args[0])
		if !ok {
			return nil, false
		}
		args = []string{ns, rest}
	}
	ix := reg.index(args[0])
	if len(ix.subs) == 0 {
		return nil, false
	}
	sc, extra, ok := resolveSub(ix, args[1:])
	if !ok || len(extra) > 0 {
		return nil, false
	}
	e := reg.get(sc.path)
	return e, e != nil
}

type toolDescription struct {
	Path         string          `json:"path"`
	Command      string          `json:"command,omitempty"`
	Description  string          `json:"description,omitempty"`
	Source       string          `json:"source"`
	Annotations  []string        `json:"annotations,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	TypeScript   string          `json:"typescript"`
}

func describeEntry(e *entry) toolDescription {
	d := toolDescription{
		Path:        e.tool.Path,
		Command:     commandLine(e.tool.Path),
		Description: strings.TrimSpace(e.tool.Description),
		Source:      sourceText(e.tool.Source),
		Annotations: annotationWords(e.tool.Annotations),
		TypeScript:  typeScriptSig(e.tool.Path, e.in(), e.out()),
	}
	if e.in() != nil {
		d.InputSchema = e.in().raw
	}
	if e.out() != nil {
		d.OutputSchema = e.out().raw
	}
	return d
}

func annotationWords(a Annotations) []string {
	var out []string
	add := func(on bool, w string) {
		if on {
			out = append(out, w)
		}
	}
	add(a.ReadOnly, "read-only")
	add(a.Destructive, "destructive")
	add(a.Idempotent, "idempotent")
	add(a.OpenWorld, "open-world")
	add(a.RequiresApproval, "requires-approval")
	return out
}

func (t *toolsCommand) describe(c *commands.Context, reg *Registry, args []string, asJSON, full bool) int {
	if len(args) == 0 {
		fmt.Fprintf(c.Stderr, "tools: describe: missing tool path\n")
		return 2
	}
	e, ok := findTool(reg, args)
	if !ok {
		fmt.Fprintf(c.Stderr, "tools: describe: unknown tool %q\n", strings.Join(args, " "))
		return 1
	}
	d := describeEntry(e)
	if asJSON {
		return writeJSON(c, d, false)
	}
	io.WriteString(c.Stdout, describeText(e, d, full))
	return 0
}

// maxConciseDesc bounds the description `describe` prints without --full.
const maxConciseDesc = 800

// describeText is the human form: concise by default (parameters, a
// JavaScript call, the signature with its first named types), whole
// schemas and every type with --full.
func describeText(e *entry, d toolDescription, full bool) string {
	var b strings.Builder
	b.WriteString(d.Path + "\n")
	if desc := d.Description; desc != "" {
		if !full && len(desc) > maxConciseDesc {
			desc = strings.TrimSpace(desc[:strings.LastIndexAny(desc[:maxConciseDesc], " \n")+1]) + " … (--full for all)"
		}
		b.WriteString(indent(desc) + "\n")
	}
	section := func(title, body string) {
		b.WriteString("\n" + title + "\n" + indent(body) + "\n")
	}
	if d.Command != "" {
		section("COMMAND", d.Command)
	}
	in := e.in()
	section("JAVASCRIPT", "await tools."+JSPath(d.Path)+"("+exampleArgs(in)+")")
	src := d.Source
	if len(d.Annotations) > 0 {
		src += " (" + strings.Join(d.Annotations, ", ") + ")"
	}
	section("SOURCE", src)
	if ps := in.params(); len(ps) > 0 {
		b.WriteString("\nPARAMETERS\n" + paramTable(ps))
	}
	ts := d.TypeScript
	limit := 6
	if full {
		limit = 0
	}
	var decls []string
	for _, si := range []*schemaInfo{in, e.out()} {
		if si != nil {
			decls = append(decls, tsDecls(si.s, limit)...)
		}
	}
	if len(decls) > 0 {
		ts += "\n\n" + strings.Join(uniqueStrings(decls), "\n")
		if !full {
			ts += "\n// (--full declares every type)"
		}
	}
	if full {
		if len(d.InputSchema) > 0 {
			section("INPUT SCHEMA", prettyJSON(d.InputSchema))
		}
		if len(d.OutputSchema) > 0 {
			section("OUTPUT SCHEMA", prettyJSON(d.OutputSchema))
		}
	}
	section("TYPESCRIPT", ts)
	return b.String()
}

// exampleArgs is a call's argument object with the required parameters
// filled with placeholders of their type.
func exampleArgs(si *schemaInfo) string {
	var parts []string
	for _, p := range si.params() {
		if !p.required {
			continue
		}
		v := `"…"`
		switch {
		case strings.HasPrefix(p.typ, "number"):
			v = "1"
		case strings.HasPrefix(p.typ, "boolean"):
			v = "true"
		case strings.HasSuffix(p.typ, "[]"):
			v = "[]"
		case strings.HasPrefix(p.typ, "{"):
			v = "{}"
		}
		key := p.name
		if !tsIdent().MatchString(key) {
			kb, _ := json.Marshal(key)
			key = string(kb)
		}
		parts = append(parts, key+": "+v)
	}
	if len(parts) == 0 {
		return ""
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

func uniqueStrings(xs []string) []string {
	var out []string
	for _, x := range xs {
		out = appendUnique(out, x)
	}
	return out
}

func prettyJSON(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Indent(&buf, raw, "", "  ") != nil {
		return string(raw)
	}
	return buf.String()
}

func indent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "\n")
}
