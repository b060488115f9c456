package main

// ioAreas: redirections and builtins with flags.
func ioAreas() []area {
	return []area{
		{name: "redir", prods: redirProds, min: 2, max: 5},
		{name: "printf", prods: printfProds, min: 3, max: 6},
		{name: "builtins", prods: builtinProds, min: 3, max: 5},
	}
}

var redirProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"redir:file", g.pick(`echo a > f; echo b >> f; cat f`, `echo a > f; echo b > f; cat f`, `: > f; wc -c < f`, `printf 'l1\nl2\n' > f; head -1 < f`, `echo x 1>f 2>&1; cat f`, `cat < nofile_zz; echo $?`, `echo x > /dev/null; echo $?`, `echo hi >f >g; cat f g`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"redir:dup", g.pick(`{ echo out; echo err >&2; } 2>&1`, `{ echo out; echo err >&2; } 2>/dev/null`, `{ echo out; echo err >&2; } >/dev/null 2>&1; echo $?`, `{ echo err >&2; } 2>&1 >/dev/null | tr a-z A-Z`, `echo x >&3; echo $?`, `exec 3>&1; echo via3 >&3; exec 3>&-`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"redir:varfd", g.pick(`exec {fd}>g; echo x >&$fd; exec {fd}>&-; cat g; [ $fd -ge 10 ] && echo big`, `exec {fd}<<<'data'; read -r l <&$fd; echo $l`, `{ echo in; } {o}>&1`)}
	},
	func(g *Gen) Stmt {
		body := g.pick("$x and $(echo cmd)", "'q' \"d\" \\$x", "$((1+2)) ${x:-d}", "tab\tline")
		switch g.intn(4) {
		case 0:
			return Stmt{"redir:heredoc", "x=val; cat <<EOF\n" + body + "\nEOF"}
		case 1:
			return Stmt{"redir:heredoc-quoted", "x=val; cat <<'EOF'\n" + body + "\nEOF"}
		case 2:
			return Stmt{"redir:heredoc-dash", "x=val; cat <<-EOF\n\t" + body + "\n\tEOF"}
		}
		return Stmt{"redir:heredoc-multi", "cat <<A; cat <<B\none\nA\ntwo\nB"}
	},
	func(g *Gen) Stmt {
		return Stmt{"redir:herestring", "x=" + g.value() + "; " + g.pick(`cat <<< "$x"`, `cat <<< $x`, `wc -c <<< "$x"`, `read -r v <<< "$x"; echo "[$v]"`, `cat <<< ''`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"redir:close", g.pick(`cat <&- ; echo $?`, `echo x >&-; echo $?`, `{ echo a; } >&- 2>/dev/null; echo $?`, `read v <&-; echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"redir:loop", g.pick(`printf '1\n2\n' > f; while read -r l; do echo "<$l>"; done < f`, `for i in 1 2; do echo $i; done > f; cat f`, `if true; then echo in; fi > f; cat f`, `f(){ echo fn; } ; f > g; cat g`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"redir:noclobber", "set -C; echo a > f; echo b > f; echo $?; echo c >| f; cat f; set +C"}
	},
}

var printfProds = []producer{
	func(g *Gen) Stmt { return Stmt{"printf:%q", "printf '%q\\n' " + g.value() + " " + g.value()} },
	func(g *Gen) Stmt {
		return Stmt{"printf:%b", "printf '%b|' " + g.pick(`'a\tb'`, `'\0101'`, `'\x41\c'`, `'a\nb'`, `'\e'`, `'\u263a'`, `'no\\esc'`, `'\q'`) + "; echo"}
	},
	func(g *Gen) Stmt {
		return Stmt{"printf:numeric", "printf '" + g.pick(`%5.2f|`, `%-5d|`, `%05d|`, `%x|`, `%X|`, `%o|`, `%e|`, `%g|`, `%+d|`, `% d|`, `%#x|`, `%.3d|`, `%i|`, `%u|`, `%10.4e|`) + `\n' ` + g.pick("3.14159", "42", "-7", "255", "0x1f", "010", "1e3", "'A", `"'é"`, "''", "abc", "9999999999999999999", "1.5") + "; echo $?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"printf:string", "printf '" + g.pick(`[%s]`, `[%5s]`, `[%-5s]`, `[%.2s]`, `[%c]`, `[%*s]`, `[%-*s]`, `[%s %s]`, `%%[%s]`) + `\n' ` + g.pick(`abc`, `'a b' c`, `3 x`, `''`, `héllo`, `a b c d e`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"printf:v", g.pick(`printf -v v '%s-%d' a 5; echo "$v"`, `printf -v 'a[2]' %s z; echo "${a[2]}"`, `printf -v v %s; echo "[$v]"`, `printf -v 1bad x; echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"printf:reuse", "printf '" + g.pick(`%s=%s\n`, `<%s>`, `%d,`, `%s\n`) + "' " + g.pick(`a 1 b 2 c`, `1 2 3`, ``, `x`) + "; echo"}
	},
	func(g *Gen) Stmt {
		return Stmt{"printf:errors", g.pick(`printf '%d\n' 1x; echo $?`, `printf '%z\n' 1; echo $?`, `printf; echo $?`, `printf '%s\n' -- -x`, `printf -- '%s\n' a`, `printf '\n%'`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"printf:echo", "echo " + g.pick(`-e 'a\tb\c' tail`, `-n x; echo y`, `-E 'a\tb'`, `-ne 'a\nb'`, `-e '\0101\x42'`, `-en`, `--e x`, `-e -n x`, `-x y`, `-e 'a\\b'`, `-`)}
	},
}

var builtinProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"builtins:read", g.pick(
			`read -r a b <<< 'x\y z w'; echo "[$a][$b]"`, `read a <<< 'x\y'; echo "[$a]"`, `read -a r <<< 'p q  r'; echo ${#r[@]} ${r[2]}`,
			`read -d : a <<< 'one:two'; echo "[$a]"`, `read -n 2 a <<< 'abcdef'; echo "[$a]"`, `read -N 3 a <<< $'a\nbcd'; echo "[$a]"`,
			`read <<< '  spaced  '; echo "[$REPLY]"`, `read a < /dev/null; echo $? "[$a]"`, `printf 'a b' | { read -r x y; echo $? "$x$y"; }`,
			`read -r -d '' a <<< $'l1\nl2'; echo $? "[$a]"`, `IFS= read -r a <<< '  x  '; echo "[$a]"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:mapfile", g.pick(
			`mapfile -t a <<< $'x\ny\nz'; echo ${#a[@]} "${a[1]}"`, `mapfile a <<< $'x\ny'; printf '[%s]' "${a[@]}"; echo`,
			`printf 'a\nb\nc\nd\n' | { mapfile -t -s 1 -n 2 a; echo "${a[@]}"; }`, `readarray -t -d , a <<< 'p,q,r'; printf '[%s]' "${a[@]}"; echo`,
			`mapfile -t < /dev/null a; echo ${#a[@]}`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:declare", g.pick(
			`declare -i n=5+5; n+=1; echo $n`, `declare -l s=HeLLo; echo $s; s+=ABC; echo $s`, `declare -u s=abc; echo $s`,
			`x='a b'; declare -p x`, `declare -a a=(1 2); declare -p a`, `declare -x e=1; declare -p e`, `x=$'t\tq'; declare -p x`,
			`declare -i n; n=abc; echo "[$n]"`, `declare -r c=1; declare -p c`, `f(){ :; }; declare -F f; declare -f f`,
			`declare -n ref=tgt; tgt=T; echo $ref; ref=U; echo $tgt`, `declare x; declare -p x; echo ${x-unset}`, `typeset -i t=0x10; echo $t`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:set-shift", g.pick(
			`set -- a b c; shift; echo "$@" $#`, `set -- a b c; shift 2; echo "$@"`, `set -- a; shift 2; echo $? $#`,
			`set -- 'x y' z; for a; do echo "[$a]"; done`, `set -- -x; echo "$1"`, `set a b; echo $2`, `set --; echo $#`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:unset", g.pick(
			`x=1; unset -v x; echo "[${x-U}]"`, `f(){ echo f; }; unset -f f; f; echo $?`, `x=1; f(){ :; }; unset x f; echo "[${x-U}]"; type -t f; echo $?`,
			`a=(1 2 3); unset 'a[0]'; echo ${a[@]} ${#a[@]}`, `unset nope_zz; echo $?`, `a=(1 2); unset a; echo ${#a[@]}`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:getopts", "set -- " + g.pick(`-a -b val x`, `-ab -c`, `-z`, `-b`, `-- -a`, `-a -b`) + "; while getopts ab:c o; do echo \"o=$o OPTARG=${OPTARG-none} OPTIND=$OPTIND\"; done; echo end $OPTIND"}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:getopts-silent", "set -- " + g.pick(`-x`, `-b`, `-a`) + "; while getopts :ab: o; do echo \"o=$o OPTARG=${OPTARG-none}\"; done"}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:type", g.pick(
			`type echo`, `type -t echo cd if`, `f(){ echo hi; }; type f`, `type nosuch_zz; echo $?`, `command -v echo; command -v nosuch_zz; echo $?`,
			`command -v cat`, `type -t cat`, `command echo hi`, `type -a true | head -1`, `alias ll='echo L'; type -t ll`, `command -V echo`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:local", g.pick(`local x=1; echo $?`, `f(){ local -a a=(1 2); local -A m=([k]=v); echo ${a[1]} ${m[k]}; }; f`, `f(){ local x=1 y; declare -p y; }; f`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:eval", g.pick(`eval 'x=1; echo $x'`, `c='echo a; echo b'; eval "$c"`, `eval echo '$((1+2))'`, `eval 'f(){ echo ev; }'; f`, `eval 'echo ('; echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"builtins:misc", g.pick(`true; echo $?; false; echo $?`, `: anything; echo $?`, `echo ${#BASH_VERSINFO[@]}`, `shopt -q extglob; echo $?`, `shopt -s nullglob; shopt nullglob`, `let 'x=2**3'; echo $x`, `x=5; export x; echo $x`, `pwd >/dev/null; echo $?`, `exit 3`)}
	},
}
