package eval

import (
	"fmt"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Exported functions reach child shells as bash passes them: an
// environment entry BASH_FUNC_name%%="() { body }", which a starting shell
// turns back into a function when the text is one function definition of
// that name and nothing else (the rule bash adopted after CVE-2014-6271).

const (
	funcEnvPrefix = "BASH_FUNC_"
	funcEnvSuffix = "%%"
)

// setFuncExport gives or takes the export attribute of function name.
func (r *Runner) setFuncExport(name string, on bool) {
	if on {
		putMap(&r.funcExport, name, true)
	} else {
		delete(r.funcExport, name)
	}
}

// funcExported reports whether function name carries the export attribute.
func (r *Runner) funcExported(name string) bool {
	_, ok := r.funcs[name]
	return ok && r.funcExport[name]
}

// funcAttrs handles the cases of declare -f/-F and export -f that involve
// the export attribute: setting it on named functions (export -f f,
// declare -fx f, export -nf f) and listings filtered by it (declare -xF,
// export -f). done is false for the other cases.
func (r *Runner) funcAttrs(cmd string, f declFlags, items []declItem) (status int, done bool) {
	exportBit := f.set&attrExport != 0
	if cmd == "export" {
		exportBit = !f.remove
	}
	change := (exportBit || f.unset&attrExport != 0 || f.remove) && (cmd == "export" || cmd == "declare" || cmd == "typeset")
	if !change || f.print && len(items) > 0 {
		return 0, false // -p with names prints them (declareFuncs)
	}
	if len(items) > 0 && !f.print {
		for _, it := range items {
			name := funcItemName(it)
			if _, ok := r.funcs[name]; !ok {
				if cmd == "export" {
					r.errorf("export: %s: not a function", name)
				}
				status = 1
				continue
			}
			if exportBit && strings.ContainsAny(name, "=/") {
				// Such a name could not be read back from the
				// environment (NAME=value, a path).
				r.errorf("%s: %s: cannot export", cmd, name)
				status = 1
				continue
			}
			r.setFuncExport(name, exportBit)
		}
		return status, true
	}
	if !exportBit {
		return 0, false
	}
	var names []string
	for n := range r.funcs {
		if r.funcExported(n) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		flags := r.funcFlags(n, r.funcs[n])
		if f.funcNames {
			r.writeOut(cmd, "declare -f"+flags+" "+n+"\n")
			continue
		}
		r.writeOut(cmd, funcSource(n, r.funcs[n])+"\n"+"declare -f"+flags+" "+n+"\n")
	}
	return 0, true
}

// funcEnviron lists the exported functions as environment entries.
func (r *Runner) funcEnviron() []string {
	var out []string
	for n := range r.funcExport {
		fd, ok := r.funcs[n]
		if !ok {
			continue
		}
		out = append(out, funcEnvPrefix+n+funcEnvSuffix+"="+exportedBody(funcSource(n, fd)))
	}
	sort.Strings(out)
	return out
}

// exportedBody is a function's text as bash exports it: "() " and the
// body, its first command on the brace's line.
func exportedBody(src string) string {
	_, body, _ := strings.Cut(src, " () \n")
	body = strings.Replace(body, "{ \n", "{ ", 1)
	return "() " + body
}

// importFuncs defines the functions the environment carries and drops
// their entries from the variables. An entry that is not exactly one
// definition of its own name is dropped with bash's message.
func (r *Runner) importFuncs(env map[string]string) {
	g := r.vars.global()
	for k, v := range env {
		if !strings.HasPrefix(k, funcEnvPrefix) || !strings.HasSuffix(k, funcEnvSuffix) || !strings.HasPrefix(v, "() {") {
			continue
		}
		delete(g.vars, k)
		name := strings.TrimSuffix(strings.TrimPrefix(k, funcEnvPrefix), funcEnvSuffix)
		if fd := parseImported(name, v); fd != nil {
			putMap(&r.funcs, name, fd)
			r.setFuncExport(name, true)
			continue
		}
		fmt.Fprintf(r.stderr(), "%s: error importing function definition for `%s'\n", r.arg0, name)
	}
}

// parseImported parses "name () { ... }" and returns the function when
// the text is that one definition and nothing more.
func parseImported(name, body string) *funcDef {
	if name == "" || strings.ContainsAny(name, "/$`'\"\\ \t\n;&|<>()=") {
		return nil
	}
	text := name + " " + body
	f, text, err := parseBytes(newBashParser(), text)
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	st := f.Stmts[0]
	fd, ok := st.Cmd.(*syntax.FuncDecl)
	if !ok || st.Negated || st.Background || len(st.Redirs) > 0 || fd.Name.Value != name {
		return nil
	}
	return &funcDef{decl: fd, src: &source{text: text, file: "environment", escaped: needsEscape(name + " " + body)}, file: "environment"}
}

// dropFunc removes a function with its attributes (unset -f).
func (r *Runner) dropFunc(name string) {
	delete(r.funcs, name)
	delete(r.funcExport, name)
}

// funcExportFlag is the x of "declare -fx name" for an exported function.
func (r *Runner) funcExportFlag(name string) string {
	if r.funcExported(name) {
		return "x"
	}
	return ""
}

// funcItemName is the function name an operand of export -f spells: the
// whole word, "=" included (function a=b { ...; } is a valid name).
func funcItemName(it declItem) string {
	if it.assign == nil {
		return it.word
	}
	val := it.value
	if !it.expanded && it.assign.Value != nil {
		val = it.assign.Value.Lit()
	}
	return it.assign.Name.Value + "=" + val
}
