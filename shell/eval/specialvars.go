package eval

import "mvdan.cc/sh/v3/syntax"

// frameFile is a call frame's BASH_SOURCE entry: its file, or for a
// function read from -c text "environment" and from standard input
// "main", as bash names them.
func (r *Runner) frameFile(f frame) string {
	if f.file != "" {
		return f.file
	}
	if r.mode == 'c' {
		return "environment"
	}
	return "main"
}

// assocView is BASH_ALIASES or BASH_CMDS: an associative array showing
// the alias or command hash table, keys in sorted order (the tables are
// Go maps).
func assocView(m map[string]string) *Var {
	a := newAssoc()
	for _, k := range sortedKeys(m) {
		a.set(k, m[k])
	}
	return &Var{set: true, attrs: attrAssoc, assoc: a}
}

// bash computes GROUPS and DIRSTACK when a script first refers to one of
// them; until then a listing of all variables (set, declare -p) shows
// it empty.
const (
	dynGroups uint8 = 1 << iota
	dynDirStack
)

// unreferenced reports whether a listing is to show the variable empty;
// any other use marks it referenced.
func (r *Runner) unreferenced(bit uint8) bool {
	if r.listing {
		return r.dynSeen&bit == 0
	}
	r.dynSeen |= bit
	return false
}

// setLoopRef handles a for loop over a nameref: each word becomes the
// name the reference points to (even a readonly one), not a value of its
// target, as in bash and ksh93. ok is false when name is no nameref;
// stop is true when the word is no valid name (reported, status 1).
func (r *Runner) setLoopRef(name, word string) (ok, stop bool) {
	v := r.vars.visible(name)
	if !v.has(attrNameref) || !v.set {
		return false, false
	}
	if !validRefTarget(word) {
		r.errorf("`%s': not a valid identifier", word)
		r.status = 1
		return true, true
	}
	v.str = word
	return true, false
}

// setBashCommand records the simple command about to be expanded and run
// for BASH_COMMAND; a trap's own commands leave the trapped one.
func (r *Runner) setBashCommand(c syntax.Command, rds []*syntax.Redirect) {
	if r.inTrap == "" {
		r.bashNode, r.bashRds, r.bashSrc = c, rds, r.src
	}
}

// bashCommand is BASH_COMMAND: the current command as bash prints it
// (its words' source text, single-spaced, then its redirections).
func (r *Runner) bashCommand() string {
	if r.bashNode == nil {
		return ""
	}
	p := &bashPrinter{}
	if r.bashSrc != nil {
		p.src, p.extraBang = r.bashSrc.text, r.bashSrc.extraBang
	}
	p.command(r.bashNode, 0)
	for _, rd := range r.bashRds {
		p.w(" ")
		p.redirect(rd)
	}
	return p.b.String()
}
