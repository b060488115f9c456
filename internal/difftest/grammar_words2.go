package main

// moreWordAreas widen the word side (session 6): here-documents, nested
// quoting in $( ) and backquotes, the @ transformations and case
// modification, operators on arrays and $@, IFS variants, brace edge
// cases, extglob in ${x//} and case, array references in builtins.
func moreWordAreas() []area {
	return []area{
		{name: "heredoc", prods: heredocProds, min: 2, max: 4},
		{name: "quotenest", prods: quoteNestProds, min: 3, max: 5},
		{name: "transform", prods: transformProds, min: 3, max: 6},
		{name: "listops", prods: listOpsProds, min: 3, max: 5},
		{name: "ifs2", prods: ifs2Prods, min: 3, max: 5},
		{name: "brace2", prods: brace2Prods, min: 3, max: 5},
		{name: "extpat", prods: extpatProds, min: 3, max: 5},
		{name: "arrayref", prods: arrayRefProds, min: 3, max: 5},
	}
}

var heredocProds = []producer{
	func(g *Gen) Stmt {
		delim := g.pick("EOF", "'EOF'", `"EOF"`, `\EOF`, "E'O'F", "_x1")
		word := "EOF"
		if delim == "_x1" {
			word = "_x1"
		}
		body := g.pick(`a $x b`, `${x:-d} $(echo cs) $((1+2))`, `\$x \\ \`+"`"+` 'q' "dq"`, `tab	here`, `$'ansi\t'`, `line\
cont`, `${y-"u v"}`, `$@ $# $*`)
		return Stmt{"heredoc:quoting", "x='v 1'; set -- p q\ncat <<" + delim + "\n" + body + "\n" + word}
	},
	func(g *Gen) Stmt {
		body := g.pick("\tindented $x\n\t\tmore", "\t\tEOF not yet\nno tab", "  spaces stay\n\ttab goes")
		return Stmt{"heredoc:dash", "x=X\ncat <<-EOF\n" + body + "\n\tEOF"}
	},
	func(g *Gen) Stmt {
		return Stmt{"heredoc:multi", g.pick(
			"cat <<A; cat <<B\none\nA\ntwo\nB",
			"cat <<A | tr a-z A-Z\nlow $((2*3))\nA",
			"x=$(cat <<E\ninner $((1+1))\nE\n); echo \"[$x]\"",
			"f() { cat <<E\nin f: $1\nE\n}; f arg; f other",
			"while read -r l; do echo \"<$l>\"; done <<E\n a  b \n\\tc\nE",
			"read -r a b <<< \"x y z\"; echo \"$a|$b\"",
			"cat <<E\n$(printf '%s\\n' 'a b' c)\nE")}
	},
	func(g *Gen) Stmt {
		return Stmt{"heredoc:empty", g.pick("cat <<E\nE\necho after", "cat <<''\n\n\necho x", "cat <<E >/dev/null\nbody\nE\necho $?")}
	},
}

var quoteNestProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"quotenest:comsub", "x='a  b*'; " + show(g.pick(
			`"$(echo "$x")"`, `"$(echo '$x')"`, `"$(echo "'$x'")"`, `$(echo "$x")`, `"$(printf '%s' "${x// /_}")"`,
			`"$(echo "$(echo "$x")")"`, `"$( echo \"q\" )"`, `"$(echo \$x)"`, `"$(case $x in a*) echo "m $x";; esac)"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quotenest:backquote", "x='a  b'; " + show(g.pick(
			"\"`echo \"$x\"`\"", "`echo '$x'`", "\"`echo \\\"q\\\"`\"", "\"`echo \\$x`\"", "`echo \\\\`",
			"\"`echo \\`echo n\\``\"", "\"`printf '%s' \"$x\"`\""))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quotenest:param", "x='a b'; y='*'; " + show(g.pick(
			`"${x:+"$y"}"`, `${x:+"$y"}`, `"${x:+'$y'}"`, `${x:+'$y'}`, `"${nope:-"$x"}"`, `${nope:-"$x"}`,
			`"${nope:-$(echo "$x")}"`, `"${x/a/"$y"}"`, `"${x/a/'$y'}"`, `${x/a/\$y}`, `"${x#"a"}"`, `"${x%'b'}"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quotenest:ansi", show(g.pick(
			`"$'a\tb'"`, `$'a\'b'`, `"${nope:-$'t\tx'}"`, `${nope:-$'t\tx'}`, `$"msg"`, `"$(echo $'n\nl')"`))}
	},
}

var transformProds = []producer{
	func(g *Gen) Stmt {
		op := g.pick("Q", "E", "P", "A", "a", "U", "u", "L", "K", "k")
		pre := g.pick("x="+g.value()+"; ", `x=$'a\tb\'c'; `, `x='\t\x41'; `, "declare -ai x=(1 2); ", "declare -A x=([k]='v w'); ", "x=(); ", "declare -l x=ABC; ", "set -- 'p q' r; ")
		target := g.pick("x", "x[@]", "x[*]", "x[0]", "@", "*", "1")
		return Stmt{"transform:@" + op, pre + show(g.quoted("${"+target+"@"+op+"}"))}
	},
	func(g *Gen) Stmt {
		op := g.pick("^", "^^", ",", ",,", "~", "~~", "^^[a-m]", ",,[N-Z]", "^?", "^*")
		pre := g.pick("x='hello World'; ", "x=(ab Cd 'eF g'); ", "set -- ab Cd; ", `x='ébc ÀB'; `)
		target := g.pick("x", "x[@]", "@", "x[1]")
		return Stmt{"transform:case" + op, pre + show(g.quoted("${"+target+op+"}"))}
	},
	func(g *Gen) Stmt {
		return Stmt{"transform:attrs", g.pick(
			`declare -r r=1; declare -x e=2; declare -i i=3; echo "${r@a} ${e@a} ${i@a}"`,
			`declare -n n=x; x=1; echo "${n@a} ${!n@a}"`, `f=fx; fx=(1 2); echo "${!f@A}"`,
			`declare -u u; u=abc; echo "$u ${u@a}"`, `declare -c c; c='hello world'; echo "$c"`)}
	},
}

var listOpsProds = []producer{
	func(g *Gen) Stmt {
		pre := g.pick("a=(apple 'b anana' cherry ''); ", "set -- apple 'b anana' cherry ''; ", "declare -A a=([x]=apple [y]='b anana'); ")
		target := "a[@]"
		if pre[0] == 's' {
			target = "@"
		}
		op := g.pick(":1", ":1:2", ": -2", "#*a", "##*a", "%a*", "%%a*", "/a/X", "//a/X", "/#a/X", "/%a/X", "//[aeiou]", "/*/Z", "^^", ":0:1")
		return Stmt{"listops:op", pre + show(g.quoted("${"+target+op+"}"))}
	},
	func(g *Gen) Stmt {
		return Stmt{"listops:count", "a=(p q r); set -- 1 2 3 4; " + show(g.pick(`"${#a[@]}"`, `"${#@}"`, `"${#*}"`, `"${#a[1]}"`, `"${@:2:2}"`, `"${@:0:2}"`, `"${a[@]: -1:1}"`, `"${*: -2}"`, `"${!a[*]}"`))}
	},
	func(g *Gen) Stmt {
		ifs := g.pick("", "IFS=:; ", "IFS=; ", "IFS=' :'; ")
		return Stmt{"listops:ifs", ifs + "set -- ' a' 'b:c' 'd '; " + show(g.pick(`${x-$@}`, `${x-$*}`, `"${x-$@}"`, `${@/b/B}`, `${*/b/B}`, `"${@/b/B}"`, `${@:2}`, `${x:-"$@"}`)) + "; unset IFS"}
	},
}

var ifs2Prods = []producer{
	func(g *Gen) Stmt {
		ifs := g.pick(`' '`, `:`, `' :'`, `''`, `$'\t'`, `'ab'`, `'\'`, `'*'`, `'-'`, `'
'`)
		v := g.pick(`'a:b c'`, `' x  y '`, `'a*b'`, `'1-2--3'`, `'p\q'`, `$'r\ts'`, `'ab'`, `''`)
		return Stmt{"ifs2:split", "IFS=" + ifs + "; v=" + v + "; set -- $v; echo $#; " + show(`"$@"`, `"$*"`) + "; unset IFS"}
	},
	func(g *Gen) Stmt {
		return Stmt{"ifs2:unset", g.pick(`unset IFS; x='a  b'; set -- $x; echo $#; echo "$*"`, `IFS=; unset IFS; set -- 'a b' c; echo "$*"`, `local_f() { local IFS=:; echo "$*"; }; set -- a b; local_f; echo "$*"`, `IFS=: read -r a b <<< 'x:y:z'; echo "$a|$b|${IFS-unset}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"ifs2:assign", g.pick(`IFS=:; x=a:b; y=$x; echo "$y"; set -- $y; echo $#; unset IFS`, `IFS=:; a=(1:2 3); echo ${#a[@]}; unset IFS`, `IFS=,; x="${*:-a,b}"; echo "$x"; unset IFS`, `IFS=:; set -- a b; x="$*"; y=$*; echo "$x $y"; unset IFS`)}
	},
}

var brace2Prods = []producer{
	func(g *Gen) Stmt {
		return Stmt{"brace2:edge", "echo " + g.pick(
			`{a,b}{c,d}{e,f}`, `a{,,}b`, `{a..c}{1..2}`, `{-3..3..2}`, `{3..-3..-2}`, `{a..c..-1}`, `{z..x}`, `{1..10..3}`,
			`{,a}`, `{a,b}\,c`, `{a\,b,c}`, `{a..}`, `{..a}`, `{1..2..}`, `{ a,b}`, `{a,b }`, `${x}{1,2}`, `{$x,y}`, `{'a,b',c}`,
			`"{a,b}"{c,d}`, `{a,b}$((1+1))`, `{{a,b},{c,d}}`, `{a,{b,{c,d}}}`, `{#,!}`, `{a..a}`, `{0..3..1}{x,y}`, `{@..C}`, `{Z..a}`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"brace2:context", g.pick(`x=(a{1,2}b); echo "${x[@]}"`, `x={a,b}; echo "$x"`, `for i in {1..3}{a,b}; do printf %s "$i"; done; echo`, `echo a={b,c}`, `set -o braceexpand; set +B; echo {a,b}; set -B; echo {a,b}`, `case b in {a,b}) echo m;; *) echo n;; esac`, `[[ {a,b} == "{a,b}" ]] && echo lit`)}
	},
}

var extpatProds = []producer{
	func(g *Gen) Stmt {
		pat := g.pick(`@(a|b)`, `+(a)`, `*(an)`, `?(b)a`, `!(a)`, `@(ap|ba)*`, `+([[:alpha:]])`, `*(a|n)`, `!(*n*)`)
		op := g.pick("/", "//", "#", "##", "%", "%%", "/#", "/%")
		rep := ""
		if op[0] == '/' {
			rep = "/<&>"
		}
		return Stmt{"extpat:param" + op, "shopt -s extglob\nx=banana; a=(apple banana); " + show(g.quoted("${x"+op+pat+rep+"}"), g.quoted("${a[@]"+op+pat+rep+"}"))}
	},
	func(g *Gen) Stmt {
		pat := g.pick(`@(a|b)*`, `!(*.txt)`, `+([0-9])`, `*(x)y`, `?(-)+([0-9])`, `@()`, `!()`, `*([ab])c`, `@(a|*b)`, `[[:digit:]]*(x)`)
		w := g.pick("ab", "x.txt", "123", "xxy", "-42", "", "abc", "b", "7xx")
		return Stmt{"extpat:case", "shopt -s extglob\ncase '" + w + "' in " + pat + ") echo match;; *) echo no;; esac; [[ '" + w + "' == " + pat + " ]]; echo $?"}
	},
}

var arrayRefProds = []producer{
	func(g *Gen) Stmt {
		k := g.pick(`'$x'`, `']'`, `'a b'`, `'*'`, `'@'`, `'x]y'`, `"'q'"`, `'$(echo hi)'`)
		form := g.pick(`unset m[$k]`, `unset "m[$k]"`, `unset 'm[$k]'`, `unset m["$k"]`, `test -v m[$k]; echo $?`, `[[ -v m[$k] ]]; echo $?`, `read "m[$k]" <<< R`, `printf -v "m[$k]" P`, `declare "m[$k]=D"`)
		return Stmt{"arrayref:assoc", "declare -A m; x=zz; k=" + k + "; m[$k]=1; m[x]=2; " + form + "; declare -p m"}
	},
	func(g *Gen) Stmt {
		form := g.pick(`unset 'a[1]'`, `unset a[-1]`, `unset 'a[@]'`, `unset a`, `a[5]+=x`, `declare a[1]+=y`, `unset 'a[i+1]'`, `test -v 'a[2]'; echo $?`, `[[ -v a[@] ]]; echo $?`)
		return Stmt{"arrayref:indexed", "a=(p q r); i=0; " + form + "; declare -p a"}
	},
}
