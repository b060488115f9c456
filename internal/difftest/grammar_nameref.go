package main

// nrefAreas: namerefs composed from parts — what the reference names (a
// scalar, an array, an element, nothing yet, a readonly variable, itself)
// and what is done through it (assignments, appends, whole-array
// assignments, unset and unset -n, declare with attributes, read,
// mapfile, printf -v, for, coproc, prefix assignments, ${!ref}, -v).
func nrefAreas() []area {
	return []area{{name: "nrefx", prods: nrefxProds, min: 1, max: 3}}
}

// nrefDecl declares ref (and what it names) in one of the shapes bash
// treats differently.
func (g *Gen) nrefDecl() (tag, code string) {
	switch g.intn(8) {
	case 0:
		return "scalar", `t=one; declare -n ref=t`
	case 1:
		return "array", `t=(a b c); declare -n ref=t`
	case 2:
		return "elem", `t=(a b c); declare -n ref='t[1]'`
	case 3:
		return "empty", `declare -n ref`
	case 4:
		return "unsettarget", `unset t; declare -n ref=t`
	case 5:
		return "readonly", `declare -r t=ro; declare -n ref=t`
	case 6:
		return "roref", `t=one; declare -rn ref=t`
	default:
		return "assoc", `declare -A t=([k]=v); declare -n ref=t`
	}
}

var nrefOps = []string{
	`ref=new; echo $?`, `ref+=X; echo $?`, `ref=(x y); echo $?`, `ref+=([5]=z); echo $?`, `ref[1]=e; echo $?`,
	`unset ref; echo $?`, `unset -n ref; echo $?`, `unset 'ref[1]'; echo $?`,
	`declare -i ref; echo $?`, `declare -a ref; echo $?`, `declare -A ref; echo $?`, `declare ref=5; echo $?`, `declare -x ref; echo $?`,
	`export ref; echo $?`, `readonly ref; echo $?`, `declare +n ref; echo $?`, `declare +r ref; echo $?`,
	`read ref <<< 'r1 r2'; echo $?`, `read -a ref <<< 'r1 r2'; echo $?`, `mapfile -t ref <<< $'m1\nm2'; echo $?`,
	`printf -v ref '%s' pv; echo $?`, `printf -v 'ref[2]' '%s' pv; echo $?`, `for ref in f1 f2; do :; done; echo $?`,
	`ref=tmp declare -p ref t 2>&1`, `: ${ref:=dflt}; echo $?`, `(( ref[0]=7 )); echo $?`,
	`f(){ local ref=l; declare -p ref t 2>&1; }; f`, `f(){ local -n r2=ref; r2=deep; }; f; echo $?`,
}

var nrefShows = []string{
	`declare -p ref t 2>&1`, `echo "${!ref}|${ref}|${#ref[@]}"`, `[[ -v ref ]]; echo v=$?`, `echo "${ref@a}|${t@a}"`, `declare -p t 2>&1`,
}

var nrefxProds = []producer{
	func(g *Gen) Stmt {
		tag, decl := g.nrefDecl()
		op := nrefOps[g.intn(len(nrefOps))]
		show := nrefShows[g.intn(len(nrefShows))]
		code := "unset -n ref; unset ref t; " + decl + "; " + op + "; " + show
		if g.chance(3) {
			code = "f(){ " + code + "; }; f; declare -p t 2>&1"
		}
		return Stmt{"nrefx:" + tag, code}
	},
}
