package main

import "fmt"

// wordAreas: quoting, brace expansion, tilde, globbing, command substitution.
func wordAreas() []area {
	return append([]area{
		{name: "quoting", prods: quotingProds, min: 3, max: 6},
		{name: "brace", prods: braceProds, min: 3, max: 5},
		{name: "tilde", prods: tildeProds, min: 3, max: 5},
		{name: "glob", setup: globSetup, prods: globProds, min: 3, max: 5},
		{name: "cmdsub", prods: cmdsubProds, min: 3, max: 5},
	}, moreWordAreas()...)
}

var quotingProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"quoting:single", show(g.pick(`'a  b'`, `'$x \n "q"'`, `'it'\''s'`, `''`, `'\'`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quoting:double", "x=" + g.value() + "; " + show(g.pick(`"$x"`, `"[$x]"`, `"\$x \"q\" \\ \a"`, `"${x}s"`, `"$x$x"`, `"a\
b"`, "\"`echo $x`\""))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quoting:ansi-c", show(g.pick(`$'a\tb'`, `$'\x41\101\u00e9'`, `$'q\'s'`, `$'\e[0m'`, `$'a\0b'`, `$'\cA'`, `$'back\\slash'`, `$'\z'`, `$'\U0001F600'`, `$'nl\n'`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quoting:backslash", show(g.pick(`a\ b`, `\$x`, `\\`, `\'`, `\"`, `a\*b`, `\a\b\c`, `"\a\$\`+"`"+`"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quoting:nested", "x=" + g.value() + "; " + show(g.pick(
			`"$(echo "$x")"`, `"${x:-"a b"}"`, `"${x:+'q'}"`, `${x:+"a  b"}`, `"'$x'"`, `'"$x"'`,
			`"$(echo '$x')"`, `"${x//a/"\\"}"`, `$"plain"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quoting:unquoted", "x=" + g.value() + "; " + show(g.pick(`$x`, `$x$x`, `a$x"b"`, `${x}`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quoting:empty", show(g.pick(`"" ''`, `"$nope"`, `$nope`, `"$nope"x`, `''""`, `"${nope[@]}"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"quoting:echo", "x=" + g.value() + "; echo " + g.pick(`$x`, `"$x"`, `'$x'`, `"\"$x\""`, `x\y`)}
	},
}

var braceProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"brace:list", "echo " + g.pick(`{a,b,c}`, `x{,y,z}`, `{a,b}{1,2}`, `pre{A,B}post`, `{a,b{1,2},c}`, `{,}`, `{a}`, `{a,}`, `"{a,b}"`, `\{a,b}`, `{'a b',c}`)}
	},
	func(g *Gen) Stmt {
		lo, hi := g.intn(12)-3, g.intn(12)-3
		step := ""
		if g.chance(2) {
			step = fmt.Sprintf("..%d", g.intn(5)-1)
		}
		return Stmt{"brace:seq", fmt.Sprintf("echo {%d..%d%s}", lo, hi, step)}
	},
	func(g *Gen) Stmt {
		return Stmt{"brace:letters", "echo " + g.pick(`{a..e}`, `{e..a}`, `{a..z..5}`, `{A..c}`, `{x..Z..3}`, `{a..9}`, `{1..a}`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"brace:pad", "echo " + g.pick(`{01..10}`, `{001..3}`, `{08..11..2}`, `{-05..5..3}`, `{10..01}`, `{0..0}`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"brace:nested", "echo " + g.pick(`{a,{b,c}{1..2}}`, `{{1..3},x}`, `a{b{c,d},e}f`, `{1..2}{a..b}{,!}`, `x{a,b`, `{1..3..0}`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"brace:expansion-order", g.pick(`x=1; echo {$x,2}`, `a=(p q); echo {${a[0]},r}`, `echo {1..3}$((1+1))`, `n=3; echo {1..$n}`)}
	},
}

var tildeProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"tilde:home", "echo " + g.pick(`~`, `~/x`, `"~"`, `\~`, `~user_zz_none`, `a~`, `'~'`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"tilde:assign", g.pick(`x=~; echo "$x"`, `x=a:~/b:~; echo "$x"`, `x="~"; echo $x`, `declare y=~/d; echo "$y"`, `export z=p:~; echo "$z"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"tilde:brace", "echo " + g.pick(`{~,~/a}`, `~{,/b}`, `{a,~}`)}
	},
	func(g *Gen) Stmt {
		// Without HOME, ~ is the account's home directory, which the host
		// and the sandbox need not share: only its form is compared.
		return Stmt{"tilde:param", g.pick(`HOME=/h2; echo ~ ~/q`, `x=${nope:-~}; echo "$x"`, `echo "${nope:-~}"`, `(unset HOME; case ~ in /*) echo abs;; *) echo rel;; esac)`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"tilde:pwd", g.pick(`mkdir -p td; cd td; echo ~+`, `mkdir -p td; cd td; cd ..; echo ~-`, `echo ~+/x`)}
	},
}

func globSetup(g *Gen) []Stmt {
	return []Stmt{{"glob:setup", `mkdir -p gd/sub gd/Dir && cd gd && touch a.txt b.txt c.log .hidden 'sp ace' A.TXT ab abc sub/x.txt sub/y.log Dir/z.txt`}}
}

var globProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"glob:basic", "echo " + g.pick(`*`, `*.txt`, `?.log`, `[ab]*`, `[!a]*`, `[[:upper:]]*`, `a?`, `*/`, `sub/*`, `*/*.txt`, `.*`, `[a-c].txt`, `\*`, `'*'`, `*.none`)}
	},
	func(g *Gen) Stmt {
		opt := g.pick("nullglob", "dotglob", "nocaseglob", "failglob")
		return Stmt{"glob:shopt-" + opt, "shopt -s " + opt + "; echo " + g.pick(`*.none`, `*`, `a*`, `*.txt`) + "; shopt -u " + opt}
	},
	func(g *Gen) Stmt {
		return Stmt{"glob:extglob", "shopt -s extglob\necho " + g.pick(`@(a|b).txt`, `!(*.txt)`, `+(a|b)`, `*(a)b*`, `?(x)a.txt`, `*.@(txt|log)`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"glob:var", g.pick(`p='*.txt'; echo $p "$p"`, `p='[ab]'; echo $p*`, `p=*; for f in $p; do printf '[%s]' "$f"; done; echo`, `set -f; echo *; set +f`, `p='sp*'; printf '<%s>' $p; echo`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"glob:globstar", "shopt -s globstar; echo " + g.pick(`**/*.txt`, `**`, `**/`, `sub/**`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"glob:globignore", g.pick(`GLOBIGNORE='a*'; echo *`, `GLOBIGNORE='*.txt:*.log'; echo *`, `GLOBIGNORE=.hidden; echo .*`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"glob:array", g.pick(`a=(*.txt); echo ${#a[@]} "${a[1]}"`, `a=(*.none); echo ${#a[@]}`, `case a.txt in *.txt) echo m;; esac`)}
	},
}

var cmdsubProds = []producer{
	func(g *Gen) Stmt {
		return Stmt{"cmdsub:trailing-newlines", g.pick(`x=$(printf 'a\n\n\n'); `, `x="$(printf '\n\nb\n')"; `, `x=$(printf 'a\r\n'); `, `x=$(echo); `) + show(`"$x"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"cmdsub:nested", show(g.pick(`"$(echo "$(echo "a  b")")"`, `$(echo $(echo a b))`, "\"`echo \\`echo q\\``\"", `"$(echo $(( $(echo 2) * 3 )))"`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"cmdsub:split", show(g.pick(`$(printf 'a b\nc')`, `"$(printf 'a b\nc')"`, `$(echo '*')`, `$(printf '%s\n' x '' y)`))}
	},
	func(g *Gen) Stmt {
		return Stmt{"cmdsub:status", g.pick(`x=$(exit 3); echo $?`, `x=$(false) y=1; echo $?`, `echo $(exit 4) $?`, `local_x=$(true; false); echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"cmdsub:file", g.pick(`printf 'hi\nthere\n' > f; x=$(<f); `, `printf 'z' > f; x="$(cat f)"; `, `x=$(< nofile_zz); `) + show(`"$x"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"cmdsub:scope", g.pick(`x=1; y=$(x=2; echo $x); echo $x $y`, `y=$(cd /; pwd); echo $y`, `f(){ echo in; }; echo "[$(f)]"`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"cmdsub:case", show(`"$(case a in a) echo yes;; esac)"`)}
	},
}
