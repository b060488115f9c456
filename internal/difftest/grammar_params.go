package main

import "fmt"

// paramAreas: parameter expansion, arrays, word splitting and IFS.
func paramAreas() []area {
	return []area{
		{name: "param", prods: paramProds, min: 3, max: 6},
		{name: "arrays", prods: arrayProds, min: 3, max: 6},
		{name: "split", prods: splitProds, min: 3, max: 5},
	}
}

// patterns are glob patterns for # % / operators, quoted and not.
var patterns = []string{`*`, `?`, `a*`, `*/`, `.*`, `[a-z]`, `l`, `"*"`, `\*`, `o`, `' '`, `*a`, `[[:space:]]`, `b*`, `""`}

func (g *Gen) pattern() string { return patterns[g.intn(len(patterns))] }

// setOrNot assigns x a value, the empty string, or unsets it.
func (g *Gen) setOrNot() string {
	switch g.intn(4) {
	case 0:
		return "unset x; "
	case 1:
		return "x=; "
	default:
		return "x=" + g.value() + "; "
	}
}

// quoted wraps an expansion in double quotes most of the time; unquoted
// forms exercise splitting of the result.
func (g *Gen) quoted(exp string) string {
	if g.chance(4) {
		return exp
	}
	return `"` + exp + `"`
}

var paramProds = []producer{
	func(g *Gen) Stmt {
		op := g.pick("-", ":-", "+", ":+", "=", ":=")
		w := g.pick("def", `"d  e"`, `$HOME`, `'q'`, `${y:-yy}`, ``, `*`)
		return Stmt{"param:default" + op, g.setOrNot() + show(g.quoted("${x"+op+w+"}")) + "; " + show(`"${x-UNSET}"`)}
	},
	func(g *Gen) Stmt {
		op := g.pick("?", ":?")
		return Stmt{"param:error" + op, g.setOrNot() + "echo before; " + show(`"${x`+op+g.pick("", "custom msg", "$HOME")+`}"`) + "; echo after $?"}
	},
	func(g *Gen) Stmt {
		op := g.pick("#", "##", "%", "%%")
		return Stmt{"param:trim" + op, "x=" + g.value() + "; " + show(g.quoted("${x"+op+g.pattern()+"}"))}
	},
	func(g *Gen) Stmt {
		op := g.pick("/", "//", "/#", "/%")
		rep := g.pick("", "/R", "/<&>", `/\&`, `/"&"`, "/ ", "/$HOME", `/'q'`)
		return Stmt{"param:subst" + op, "x=" + g.value() + "; " + show(g.quoted("${x"+op+g.pattern()+rep+"}"))}
	},
	func(g *Gen) Stmt {
		sub := g.pick(":2", ":0:3", ": -3", ":(-3):2", ":1:-1", ":-2", ":7", ":2:0", ": -20", ":1:$((1+1))", ":x", ":1:-20")
		return Stmt{"param:substr", "x=" + g.value() + "; " + show(g.quoted("${x"+sub+"}"))}
	},
	func(g *Gen) Stmt {
		op := g.pick("^", "^^", ",", ",,", "^^[aeiou]", ",,[A-C]", "~", "~~")
		return Stmt{"param:case" + op, "x=" + g.value() + "; " + show(g.quoted("${x"+op+"}"))}
	},
	func(g *Gen) Stmt {
		op := g.pick("Q", "E", "A", "a", "U", "L", "u", "K")
		pre := g.pick("x="+g.value()+"; ", "declare -i x=5; ", "declare -r x=ro; ", "x=(a 'b c'); ", `x='a\tb\x41'; `, "unset x; ")
		return Stmt{"param:@" + op, pre + show(g.quoted("${x@"+op+"}"))}
	},
	func(g *Gen) Stmt {
		return Stmt{"param:@P", "x=" + g.pick(`'a\nb'`, `'\v'`, `'\\'`, `'[\a]'`, `'\['`, `'pre\]post'`, `'$((1+2))'`) + "; " + show(`"${x@P}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"param:length", g.setOrNot() + show(`"${#x}"`, `"${#}"`, `"${#nope}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"param:indirect", g.pick(`y=hi; x=y; `, `x=nope_zz; `, `x='a b'; `, `y=(p q); x='y[1]'; `, `set -- one two; x=2; `, `x=; `) + show(`"${!x}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"param:prefix", "my_a=1; my_b=2; myc=3; " + show(g.pick(`"${!my_*}"`, `"${!my_@}"`, `${!my*}`, `"${!zz_none*}"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"param:positional", "set -- " + g.pick("a 'b c' ''", "1 2 3 4 5", "", "'*' x") + "; " + show(g.pick(`"$@"`, `$@`, `"$*"`, `$*`, `"${@:2}"`, `"${*:1:2}"`, `"$#"`, `"${@: -1}"`, `"${@#?}"`, `"${10:-ten}"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"param:bad", "echo before; " + g.pick(`echo ${x!}`, `echo ${x/}`, `echo ${#x:1}`, `echo ${x:}`, `echo "${x%%}"`, `x=ab; echo ${x@Z}`) + "; echo after $?"}
	},
}

var arrayProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"arrays:indexed", fmt.Sprintf("a=(%s %s %s); ", g.value(), g.value(), g.value()) + show(g.pick(`"${a[@]}"`, `${a[@]}`, `"${a[*]}"`, `${a[*]}`, `"${#a[@]}"`, `"${!a[@]}"`, `"${a[1]}"`, `"${a[-1]}"`, `"$a"`, `"${#a[1]}"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:slice", "a=(p q r s t); " + show(g.quoted(g.pick(`${a[@]:1:2}`, `${a[@]: -2}`, `${a[@]:3}`, `${a[*]:1}`, `${a[@]:0:0}`, `${a[@]:9}`, `${a[@]: -9}`)))}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:sparse", g.pick(`a=([3]=x [7]=y); a[5]=z; `, `a=(p q r); unset 'a[1]'; `, `a[10]=ten; a+=(next); `, `a=(p q); a[-1]=Q; `) + show(`"${!a[@]}"`, `"${a[@]}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:append", g.pick(`a=(1); a+=(2 3); a[0]+=x; `, `a=x; a+=(y); `, `declare -a a; a+=z; `, `a=(1 2); a+=3; `, `declare -i a=(1 2); a[0]+=5; `) + show(`"${a[@]}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:assoc", "declare -A m=([k1]=v1 ['k 2']='v 2' [k3]=); m[k4]=x; m[k1]+=y; " + g.pick(
			`printf '%s\n' "${!m[@]}" | sort; `, `printf '%s=%s\n' k1 "${m[k1]}" k2 "${m['k 2']}"; `, `echo ${#m[@]}; `, `unset 'm[k1]'; echo ${#m[@]} "${m[k1]-gone}"; `, `printf '%s\n' "${m[@]}" | sort; `)}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:assoc-reset", g.pick(`declare -A m; m=(); m[x]=1; m[y]=2; echo ${m[x]} ${m[y]}`, `declare -A m=([a]=1); declare -p m`, `declare -A m; m[a b]=1; echo "${m[a b]}"`, `declare -A m; k='x y'; m[$k]=v; echo "${m[$k]}"`, `declare -A m; m[1+1]=v; echo "${!m[@]}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:ifs-join", "a=(x 'y z' w); IFS=" + g.pick(`,`, `''`, `': '`, `' '`) + "; " + show(g.pick(`"${a[*]}"`, `${a[*]}`, `"${a[@]}"`, `${a[@]}`)) + "; unset IFS"}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:ops", "a=(apple banana cherry); " + show(g.quoted(g.pick(`${a[@]/a/A}`, `${a[@]^^}`, `${a[@]#?}`, `${a[@]%a*}`, `${a[@]:0:1}`, `${a[@]@Q}`, `${a[@]//an}`)))}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:declare-p", g.pick(`a=(1 'two 2' $'t\tab'); declare -p a`, `a=(); declare -p a`, `a[2]=x; declare -p a`, `declare -a a=([1]=b [0]=a); declare -p a`, `x=1; x[1]=2; declare -p x`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"arrays:index-arith", "a=(10 20 30 40); i=1; " + show(g.pick(`"${a[i+1]}"`, `"${a[$i]}"`, `"${a[i*2]}"`, `"$(( a[1] + a[2] ))"`, `"${a[-4]}"`)) + "; echo ${a[-5]} $?"}
	},
}

var ifsValues = []string{`' '`, `:`, `': '`, `''`, `$' \t\n'`, `,`, `' ,'`, `$'\n'`, `'ab'`}

var splitProds = []producer{
	func(g *Gen) Stmt {
		ifs := ifsValues[g.intn(len(ifsValues))]
		v := g.pick(`'a b  c'`, `'a:b::c'`, `':a:b:'`, `' ,a, ,b'`, `'a,,b,'`, `$'x\ny z'`, `'  '`, `'abcab'`, `'a : b'`)
		return Stmt{"split:ifs", "IFS=" + ifs + "; x=" + v + "; set -- $x; echo $#; " + show(`"$@"`) + "; unset IFS"}
	},
	func(g *Gen) Stmt {
		ifs := ifsValues[g.intn(len(ifsValues))]
		in := g.pick(`'1,,3'`, `'a b c d'`, `'  lead trail  '`, `'a:b:c:d:e'`, `'a, b ,c'`, `'one'`, `''`, `'x\ y z'`, `'a,b,'`)
		vars := g.pick("a b c", "a", "a b")
		return Stmt{"split:read", "IFS=" + ifs + " read -r " + vars + " <<< " + in + "; " + show(`"$a"`, `"${b-U}"`, `"${c-U}"`)}
	},
	func(g *Gen) Stmt {
		ifs := ifsValues[g.intn(len(ifsValues))]
		return Stmt{"split:read-array", "IFS=" + ifs + " read -r -a arr <<< " + g.pick(`'a b  c'`, `'1,,3,'`, `':x:y'`, `'p q'`) + "; echo ${#arr[@]}; " + show(`"${arr[@]}"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"split:star", "set -- a 'b c' d; IFS=" + ifsValues[g.intn(len(ifsValues))] + "; " + show(g.pick(`"$*"`, `$*`, `"$@"`, `$@`, `"x$*y"`)) + "; unset IFS"}
	},
	func(g *Gen) Stmt {
		return Stmt{"split:empty-fields", g.pick(`x=''; set -- $x "$x" $x; echo $#`, `x=' '; set -- $x; echo $#`, `IFS=:; x=a::b; set -- $x; echo $#; unset IFS`, `IFS=:; x=:; set -- $x; echo $#; unset IFS`, `e=; set -- a${e}b $e "" ''; echo $#`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"split:for", "IFS=" + ifsValues[g.intn(len(ifsValues))] + "; x=" + g.pick(`'a:b c'`, `'1,2,,3'`, `' sp '`) + "; for w in $x; do printf '[%s]' \"$w\"; done; echo; unset IFS"}
	},
	func(g *Gen) Stmt {
		return Stmt{"split:local-ifs", `f(){ local IFS=,; set -- $1; echo $#; }; f 'a,b,c'; x='a,b'; set -- $x; echo $#`}
	},
}
