package main

import (
	"fmt"
	"strings"
)

// arithAreas: arithmetic, conditionals, case.
func arithAreas() []area {
	return []area{
		{name: "arith", prods: arithProds, min: 3, max: 6},
		{name: "cond", prods: condProds, min: 3, max: 6},
		{name: "case", prods: caseProds, min: 2, max: 4},
	}
}

var binOps = []string{"+", "-", "*", "/", "%", "**", "<<", ">>", "&", "|", "^", "&&", "||", "<", "<=", ">", ">=", "==", "!="}

// operand is a literal in some base, a variable, or a nested expression.
func (g *Gen) operand(depth int) string {
	if depth > 0 && g.chance(3) {
		return g.arithExpr(depth - 1)
	}
	switch g.intn(6) {
	case 0:
		return g.pick("a", "b", "s", "r", "u_none")
	case 1:
		return g.pick("0x1f", "017", "2#101", "16#ff", "36#z", "64#@", "8#17", "0")
	default:
		return fmt.Sprint(g.intn(20) - 5)
	}
}

// arithExpr builds a random expression; divisors and exponents are kept
// literal and positive so that most scripts compute a value.
func (g *Gen) arithExpr(depth int) string {
	switch g.intn(8) {
	case 0:
		return g.pick("-", "!", "~", "+") + " " + g.operand(depth)
	case 1:
		return fmt.Sprintf("(%s ? %s : %s)", g.operand(depth), g.operand(depth), g.operand(depth))
	case 2:
		return g.pick("a++", "++a", "b--", "--b", "a+=2", "b*=3", "a<<=1", "b%=4", "a|=8", "a^=5", "b&=6", "a-=1", "b/=2", "a>>=1")
	}
	op := binOps[g.intn(len(binOps))]
	rhs := g.operand(depth)
	switch op {
	case "/", "%":
		rhs = fmt.Sprint(g.intn(6) + 1)
	case "**":
		rhs = fmt.Sprint(g.intn(5))
	case "<<", ">>":
		rhs = fmt.Sprint(g.intn(66))
	}
	return fmt.Sprintf("(%s %s %s)", g.operand(depth), op, rhs)
}

const arithVars = "a=7; b=-3; s='1+1'; r=s; "

var arithProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"arith:expr", arithVars + "echo $(( " + g.arithExpr(2) + " )) $a $b"}
	},
	func(g *Gen) Stmt {
		e := g.arithExpr(1)
		return Stmt{"arith:command", arithVars + "(( " + e + " )); echo $? $a $b"}
	},
	func(g *Gen) Stmt {
		return Stmt{"arith:recursive", g.pick(`x="1+1"; echo $(( $x * 3 )) $(( x * 3 ))`, `y=x; x=4; echo $(( y + 1 ))`, `x='y+1'; y='z*2'; z=3; echo $((x))`, `echo $(( "1 + 2" * 3 ))`, `x=' 5 '; echo $((x+1))`, `x=; echo $((x+1))`, `x=1a; echo $((x)); echo after`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"arith:bases", "echo $(( " + g.pick("0x1F", "0XfF", "010", "2#1111", "36#Zz", "64#_", "64#a", "62#Z", "10#08", "1#1", "65#1", "2#2", "09") + " ))"}
	},
	func(g *Gen) Stmt {
		return Stmt{"arith:overflow", "echo $(( " + g.pick("9223372036854775807 + 1", "-9223372036854775807 - 2", "2**63", "2**64", "1 << 63", "1 << 64", "-9223372036854775808 / -1", "-9223372036854775808 % -1", "-7 / 2", "-7 % 3", "7 % -3", "2**-1", "0**0") + " )); echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"arith:let", arithVars + g.pick(`let a++ b=a*2; echo $? $a $b`, `let 'c = a > 5 ? 1 : 2'; echo $c`, `let 0; echo $?`, `let x=0; echo $?`, `declare -i n; n=a+b; n+=2; echo $n`, `i=0; (( i++ )); echo $? $i`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"arith:comma", arithVars + "echo $(( a=2, b=a+1, a*b ))"}
	},
	func(g *Gen) Stmt {
		return Stmt{"arith:errors", "echo before; " + g.pick(`echo $((1/0))`, `echo $((1 +))`, `echo $(( 2 ** -1 ))`, `echo $(( 08 ))`, `echo $(( a b ))`, `(( 1/0 )); echo $?`, `echo $(( x= ))`, `echo $(( 1 ? 2 ))`) + "; echo after $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"arith:array", "a=(1 2 3); i=1; (( a[i]+=5, a[2]*=2 )); echo ${a[@]}; echo $(( a[0] + a ))"}
	},
	func(g *Gen) Stmt {
		parts := []string{}
		for range 3 {
			parts = append(parts, g.arithExpr(0))
		}
		return Stmt{"arith:for", arithVars + "for (( " + strings.Join(parts[:1], "") + "; i < 3; i++ )); do echo $i; done"}
	},
}

var condProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"cond:pattern", "x=" + g.value() + "; [[ $x == " + g.pick(`a*`, `"a*"`, `*' '*`, `?`, `[a-h]*`, `*b`, `$x`, `"$x"`, `@(a|b)*`, `*[[:space:]]*`, `''`) + " ]] && echo y || echo n"}
	},
	func(g *Gen) Stmt {
		re := g.pick(`^a`, `([a-z]+) ([a-z]+)`, `^(.)(.)`, `'a*'`, `[0-9]+`, `^$`, `(x|y)`, `"."`, `\.`, `b+`)
		return Stmt{"cond:regex", "x=" + g.value() + "; if [[ $x =~ " + re + " ]]; then echo m ${#BASH_REMATCH[@]}; " + show(`"${BASH_REMATCH[@]}"`) + "; else echo no $?; fi"}
	},
	func(g *Gen) Stmt {
		return Stmt{"cond:v", g.pick(`x=1; `, `unset x; `, `x=; `, `a=(1); `, `declare -A m=([k]=1); `) + "[[ -v " + g.pick("x", "a", "a[0]", "a[3]", "m[k]", "m[z]") + " ]]; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"cond:string", g.setOrNot() + "[[ " + g.pick(`-z $x`, `-n $x`, `$x`, `$x < m`, `$x > m`, `$x != a`, `-z "$x"`, `! -n $x`, `$x && -z x`, `( $x || 1 ) && x`) + " ]]; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"cond:numeric", "[[ " + g.pick(`10 -lt 9`, `10 < 9`, `1+1 -eq 2`, `0x10 -eq 16`, `-5 -le -5`, `a -eq 0`, `010 -eq 8`, `x -gt 1`) + " ]]; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"cond:test", g.setOrNot() + g.pick(`[ "$x" = a ]`, `[ -n "$x" -a -z "" ]`, `test 1 -eq 1 -o 2 -eq 3`, `[ ! -e nofile_zz ]`, `[ -d . ]`, `[ "$x" ]`, `[ ]`, `[ a = ]`, `[ 1 -lt ]`, `[ a == a ]`, `[ \( a = a \) ]`, `[ -f nofile ] || [ a ]`, `test`, `[ abc \> abd ]`, `[ 1 -eq a ]`) + "; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"cond:files", "mkdir -p d; : > e; printf x > f; " + g.pick(`[[ -d d && -f f && -e e ]]`, `[[ -s f && ! -s e ]]`, `[[ f -nt nofile ]]`, `[[ -h f ]]`, `[ -e d/ ]`) + "; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"cond:nocasematch", "shopt -s nocasematch; [[ ABC == a* ]] && echo y; case XY in xy) echo c;; esac; shopt -u nocasematch"}
	},
}

var caseProds = []producer{
	func(g *Gen) Stmt {
		pats := []string{`a*`, `[0-9]*`, `*.txt|*.log`, `"*"`, `\*`, `?`, `''`, `*' '*`, `[!a-z]*`, `-*`, `*`}
		var b strings.Builder
		b.WriteString("x=" + g.value() + "; case $x in")
		for range 2 + g.intn(3) {
			p := pats[g.intn(len(pats))]
			b.WriteString(" " + p + ") echo '" + strings.ReplaceAll(p, "'", "") + "';" + g.pick(";", "&", ";&"))
		}
		b.WriteString(" esac; echo st $?")
		return Stmt{"case:patterns", b.String()}
	},
	func(g *Gen) Stmt {
		return Stmt{"case:fallthrough", "case " + g.pick("a", "b", "z") + " in a) echo A;& b) echo B;;& [ab]) echo AB;; *) echo other;; esac"}
	},
	func(g *Gen) Stmt {
		return Stmt{"case:extglob", "shopt -s extglob\nx=" + g.pick("foo.c", "bar", "foofoo", "") + "; case $x in @(foo|bar)) echo one;; +(foo)) echo plus;; !(*.c)) echo notc;; *) echo rest;; esac"}
	},
	func(g *Gen) Stmt {
		return Stmt{"case:var-pattern", "p=" + g.pick(`'a*'`, `'[xy]'`, `'*'`) + "; for w in abc x '*'; do case $w in $p) echo \"$w:glob\";; \"$p\") echo \"$w:lit\";; *) echo \"$w:no\";; esac; done"}
	},
	func(g *Gen) Stmt {
		return Stmt{"case:status", g.pick(`case x in y) ;; esac; echo $?`, `false; case x in x) ;; esac; echo $?`, `case x in x) false;; esac; echo $?`, `case $nope in '') echo empty;; esac`)}
	},
}
