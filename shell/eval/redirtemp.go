package eval

import "mvdan.cc/sh/v3/syntax"

// redirectBeside performs a simple command's redirections. When the
// command has prefix assignments (temp: their scope is on top), bash
// expands the redirection words without them: a=2 cmd >&$a duplicates
// the outer a's descriptor, and $(...) there sees the outer value too.
func (r *Runner) redirectBeside(rds []*syntax.Redirect, temp bool) (func(), bool) {
	if !temp || len(r.vars.scopes) < 2 || !r.vars.top().temp {
		return r.redirect(rds)
	}
	hidden := r.vars.top()
	r.vars.pop()
	defer func() { r.vars.scopes = append(r.vars.scopes, hidden) }()
	return r.redirect(rds)
}

// redirFields expands a redirection's word. POSIX forbids a
// non-interactive shell pathname expansion there, and bash obeys in posix
// mode: the word's fields are then taken as they are.
func (r *Runner) redirFields(w *syntax.Word) ([]string, bool) {
	if !r.opts[optPosix] || r.interactive {
		return r.expandFields([]*syntax.Word{w})
	}
	ws := []*syntax.Word{w}
	if r.opts[optBraceExpand] && hasBraces(w) {
		var ok bool
		if ws, ok = r.braceExpand(w); !ok {
			return nil, false
		}
	}
	var out []string
	for _, w := range ws {
		fs, ok := r.wordFields(w)
		if !ok {
			return nil, false
		}
		for _, f := range fs {
			out = append(out, f.s)
		}
	}
	return out, true
}

// varRedirValue is the value of a {var} redirection's name, which may be
// an array element ({a[1]}>&-).
func (r *Runner) varRedirValue(name string) string {
	if n, sub, ok := splitSubscript(name); ok {
		v, _, _ := r.subscriptValue(n, sub)
		return v.s
	}
	v, _ := r.lookupVar(name).scalar()
	return v
}

// setVarRedir stores a descriptor {var}> allocated, in an element too.
func (r *Runner) setVarRedir(name, val string) bool {
	if n, sub, ok := splitSubscript(name); ok {
		return r.setElemText(n, sub, val, false)
	}
	return r.setVar(name, val, false)
}
