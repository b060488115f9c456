package main

import "fmt"

// flowAreas: control flow, traps, shell options, subshells and pipelines,
// error messages.
func flowAreas() []area {
	return []area{
		{name: "control", prods: controlProds, min: 3, max: 5},
		{name: "traps", prods: trapProds, min: 1, max: 3},
		{name: "options", prods: optionProds, min: 1, max: 3},
		{name: "pipes", prods: pipeProds, min: 3, max: 5},
		{name: "errors", prods: errorProds, min: 1, max: 3},
	}
}

var controlProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"control:for", "for w in " + g.pick(`a 'b c' d`, `$nope`, `"$nope"`, `{1..3}`, `''`) + "; do printf '[%s]' \"$w\"; done; echo; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:c-for", fmt.Sprintf("for (( i=%d; i %s %d; i += %d )); do printf '%%s,' $i; done; echo; echo $i", g.intn(5), g.pick("<", "<="), 3+g.intn(6), 1+g.intn(3))}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:while", fmt.Sprintf("n=0; while (( n < %d )); do n=$((n+1)); %s; echo n=$n; done; echo end $n", g.intn(6), g.pick(":", "(( n == 2 )) && continue", "(( n == 3 )) && break", "[ $n = 1 ] && continue"))}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:until", fmt.Sprintf("n=%d; until [ $n -le 0 ]; do printf '%%s ' $n; n=$((n-2)); done; echo; echo $?", g.intn(8))}
	},
	func(g *Gen) Stmt {
		n := g.pick("1", "2", "3", "0", "")
		kw := g.pick("break", "continue")
		return Stmt{"control:" + kw + "-n", "for i in 1 2 3; do for j in a b c; do [ $j = b ] && " + kw + " " + n + "; printf '%s%s ' $i $j; done; done; echo; echo st $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:functions", g.pick(
			`f(){ return $1; }; f 3; echo $?; f 300; echo $?`,
			`f(){ echo "$#:$1:$*"; }; f a 'b c'; f`,
			`fact(){ if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 6`,
			`f(){ echo in; return; echo never; }; f; echo $?`,
			`function g { echo kw $1; }; g x`,
			`f(){ echo ${FUNCNAME[0]} ${#FUNCNAME[@]}; }; f`,
			`f(){ false; }; f; echo $?; f(){ :; }; f; echo $?`,
			`f() ( x=sub; echo $x ); x=top; f; echo $x`,
		)}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:scope", g.pick(
			`x=out; f(){ local x=in; g; }; g(){ echo "$x"; x=changed; }; f; echo "$x"`,
			`f(){ local x; echo "[${x-unset}]"; x=1; }; x=9; f; echo $x`,
			`f(){ local -i n=2+3; echo $n; }; f`,
			`f(){ y=global; local z=loc; }; f; echo "$y [${z-unset}]"`,
			`f(){ local x=1; unset x; echo "[${x-U}]"; }; x=outer; f`,
			`f(){ local a=(1 2); echo ${#a[@]}; }; f; echo ${#a[@]}`,
			`x=1; f(){ local x=$((x+1)); echo $x; }; f`,
		)}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:if", "x=" + g.value() + "; if [ -z \"$x\" ]; then echo empty; elif [ ${#x} -gt 3 ]; then echo long; else echo short; fi"}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:top-break", g.pick(`while break; do echo no; done; echo out`, `break; echo after $?`, `continue 2>&1; echo $?`, `for i in 1; do break 0; done; echo $?`, `f(){ break; }; for i in 1 2; do f; echo i$i; done`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"control:andor", g.pick(`true && echo a || echo b`, `false && echo a || echo b`, `! false && echo neg`, `false || false; echo $?`, `{ false; } || echo g`, `true && { echo x; false; } || echo y`)}
	},
}

var trapProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"traps:exit", "trap " + g.pick(`'echo bye $?'`, `'echo bye; exit 7'`, `"echo quoted"`, `-- 'echo dash'`) + " EXIT; echo body; " + g.pick("", "exit 3", "false", "(exit 2)")}
	},
	func(g *Gen) Stmt {
		return Stmt{"traps:err", "trap 'echo err:$?' ERR; " + g.pick(`false; echo next`, `false || true; echo ok`, `if false; then :; fi; echo if`, `f(){ false; echo f; }; f`, `(exit 5); echo sub`, `false | true; echo pipe`, `! true; echo bang`) + "; trap - ERR"}
	},
	func(g *Gen) Stmt {
		return Stmt{"traps:return", g.pick(`f(){ trap 'echo ret' RETURN; echo in; }; f; echo out`, `trap 'echo R' RETURN; f(){ :; }; f; echo done`, `set -T; trap 'echo R' RETURN; f(){ :; }; f; echo done`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"traps:print", g.pick(`trap 'echo x' EXIT; trap -p EXIT; trap - EXIT`, `trap '' INT; trap -p INT; trap - INT; trap -p INT`, `trap 'echo a' EXIT; trap -p`, `trap 'echo a' BOGUS; echo $?`, `trap -- '' 2; trap -p SIGINT`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"traps:subshell", g.pick(`trap 'echo parent' EXIT; (echo child)`, `(trap 'echo inner' EXIT; echo body); echo after`, `trap 'echo t' EXIT; x=$(echo cs); echo $x`)}
	},
}

var optionProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"options:errexit", "set -e; " + g.pick(
			`false; echo no`, `if false; then :; fi; echo yes`, `false || true; echo ok`,
			`f(){ false; echo in; }; f || echo caught`, `(false); echo after`, `! true; echo bang`,
			`x=$(false); echo assigned`, `false | true; echo pipe`, `while false; do :; done; echo w`,
			`f(){ false; echo in; }; f; echo after`, `true && false; echo and`, `local_v=1; (( 0 )); echo arith`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"options:nounset", "set -u; " + g.pick(
			`echo "${nope:-d}"`, `echo $nope; echo after`, `a=(); echo ${#a[@]}`, `echo "$@"; echo ok`,
			`echo ${nope[0]}`, `echo $1`, `x=; echo "[$x]"`, `echo ${#nope}`, `f(){ echo $2; }; f a`, `echo $((nope + 1))`) + "; set +u"}
	},
	func(g *Gen) Stmt {
		return Stmt{"options:pipefail", "set -o pipefail; " + g.pick(`false | true; echo $?`, `(exit 3) | (exit 4) | true; echo $?`, `true | false | true; echo $?`) + "; set +o pipefail; false | true; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"options:misc", g.pick(`set -f; echo *; set +f`, `set -C; echo a > f; echo b > f; echo $?; echo c >| f; cat f`, `set -- a b; set --; echo $#`, `echo $- | tr -d i`, `set -o posix; echo $?; set +o posix`, `set -a; v=1; set +a; echo $v`, `set -o nounset; echo $-`)}
	},
}

var pipeProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"pipes:pipestatus", g.pick(`false | true; echo ${PIPESTATUS[@]}`, `(exit 3) | (exit 4); echo ${PIPESTATUS[@]} $?`, `true; echo ${PIPESTATUS[@]}`, `! false | false; echo $? ${PIPESTATUS[@]}`, `echo a | cat | false; echo ${#PIPESTATUS[@]}`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"pipes:subshell", g.pick(`x=1; (x=2; echo $x); echo $x`, `(exit 5); echo $?`, `(cd /; echo sub); echo main`, `echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL))`, `( set -e; false; echo no ); echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"pipes:read-last", g.pick(`v=old; echo new | read v; echo "$v"`, `shopt -s lastpipe; echo new | read v; echo "$v"`, `echo a b | { read p q; echo "$q$p"; }`, `printf 'x\ny\n' | while read l; do c=$l; done; echo "[${c-}]"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"pipes:filters", g.pick(`printf '%s\n' c a b | sort | head -2`, `{ echo a; echo b; } | wc -l`, `echo Hello | tr a-z A-Z`, `printf 'b\na\n' | sort -r | cat`, `echo x | cat - | wc -c`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"pipes:stderr", g.pick(`{ echo out; echo err >&2; } 2>&1 | tr a-z A-Z`, `{ echo e >&2; } |& cat`, `cat nofile_zz 2>&1 | tr a-z A-Z`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"pipes:group", g.pick(`{ x=grp; }; echo $x`, `x=0; echo | { x=1; }; echo $x`, `{ echo a; false; }; echo $?`)}
	},
}

var errorProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"errors:syntax", "echo before\n" + g.pick(`echo (`, `if true; then echo x`, `fi`, `echo "unterminated`, `done`, `f() {`, `case x in`, `echo $(`, `for in; do :; done`, `x=(1 2`, `echo )`) + "\necho after"}
	},
	func(g *Gen) Stmt {
		return Stmt{"errors:notfound", g.pick(`nosuch_cmd_zz; echo $?`, `nosuch_cmd_zz arg 2>&1 | cat; echo ${PIPESTATUS[0]}`, `./nofile_zz; echo $?`, `"" ; echo $?`, `x=1 nosuch_zz; echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"errors:unbound", "set -u; echo before; " + g.pick(`echo $zz_nope`, `echo ${zz_a[1]}`, `echo "${zz_nope}x"`) + "; echo after"}
	},
	func(g *Gen) Stmt {
		return Stmt{"errors:bad-subst", "echo before; " + g.pick(`echo ${x!}`, `echo ${ x}`, `echo ${x;}`, `echo ${#x@}`, `echo ${1a}`) + "; echo after $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"errors:readonly", g.pick(`readonly r=1; r=2; echo after $?`, `readonly r=1; unset r; echo $?`, `declare -r r=1; declare r=3; echo $? $r`, `f(){ readonly q=1; }; f; q=2; echo after`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"errors:builtin-usage", g.pick(`cd /nonexistent_zz; echo $?`, `return 1; echo $?`, `shift 5; echo $?`, `local x=1; echo $?`, `declare -Z x; echo $?`, `printf '%d\n' abc; echo $?`, `exit abc; echo no`, `echo $(( 1 / 0 )) ; echo no`, `unset -x; echo $?`, `read -Z < /dev/null; echo $?`)}
	},
}
