package main

import (
	"fmt"
	"strings"
)

// builtinAreas: the builtins' option and error paths, composed from parts
// (options, inputs, attributes) rather than picked from fixed lines, so
// that a run meets combinations nobody wrote down: read, printf formats,
// getopts loops, declaration attributes, trap/return/exit, set -e/-u/
// pipefail inside functions and subshells, descriptors, mapfile, shift.
func builtinAreas() []area {
	return []area{
		{name: "readx", prods: readxProds, min: 2, max: 4},
		{name: "printfx", prods: printfxProds, min: 2, max: 5},
		{name: "getoptsx", prods: getoptsxProds, min: 1, max: 2},
		{name: "declx", prods: declxProds, min: 2, max: 5},
		{name: "flowx", prods: flowxProds, min: 1, max: 3},
		{name: "fdx", prods: fdxProds, min: 2, max: 4},
	}
}

// readInput builds read's input: words, runs of blanks, backslashes,
// separators and newlines, as a $'...' literal.
func (g *Gen) readInput() string {
	parts := []string{`a`, `bc`, ` `, `  `, `\t`, `\\`, `\\ `, `\\\n`, `:`, `,`, `\n`, `x y`, `é`, `*`, `-`, `''`}
	var b strings.Builder
	for n := 1 + g.intn(6); n > 0; n-- {
		p := parts[g.intn(len(parts))]
		if p == `''` {
			p = `\'`
		}
		b.WriteString(p)
	}
	return "$'" + b.String() + "'"
}

// readOpts draws read's options and the names it assigns.
func (g *Gen) readOpts() (opts, names string) {
	var o []string
	if g.chance(2) {
		o = append(o, "-r")
	}
	switch g.intn(6) {
	case 0:
		o = append(o, "-d "+g.pick("''", ":", ",", "x", `$'\n'`))
	case 1:
		o = append(o, fmt.Sprintf("-n %d", g.intn(5)))
	case 2:
		o = append(o, fmt.Sprintf("-N %d", g.intn(5)))
	case 3:
		o = append(o, "-t 5")
	}
	if g.chance(3) {
		return strings.Join(append(o, "-a arr"), " "), ""
	}
	names = g.pick("", "a", "a b", "a b c", "REPLY", "a a")
	return strings.Join(o, " "), names
}

var readxProds = []producer{
	func(g *Gen) Stmt {
		opts, names := g.readOpts()
		ifs := g.pick("", "IFS=: ", "IFS= ", "IFS=', ' ", "IFS=$'\\t' ", "IFS=' :' ")
		show := `declare -p ` + strings.Join(append(strings.Fields(names), "REPLY"), " ") + ` 2>&1`
		if names == "" && strings.Contains(opts, "-a") {
			show = "declare -p arr"
		}
		return Stmt{"readx:read", "unset a b c arr REPLY; " + ifs + "read " + opts + " " + names + " <<< " + g.readInput() + "; echo st=$?; " + show}
	},
	func(g *Gen) Stmt {
		opts, names := g.readOpts()
		if names == "" {
			names = "a"
		}
		// -n 0 and -N 0 read nothing and succeed: a loop on them never ends.
		opts = strings.NewReplacer("-n 0", "-n 1", "-N 0", "-N 1").Replace(opts)
		return Stmt{"readx:pipe-loop", "printf '%s\\n' " + g.readInput() + " 'l 2' | while read " + opts + " " + names + "; do printf '<%s>' \"${arr[@]}\" $" + strings.Fields(names)[0] + "; done; echo; echo st=$?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"readx:errors", g.pick(`read -n x a <<< ab; echo $?`, `read -N -1 a <<< ab; echo $?`, `read -t x a <<< ab; echo $?`, `read -u 9 a < /dev/null; echo $?`, `read -a 1bad <<< x; echo $?`, `read 'a b' <<< x; echo $?`,
			`readonly ro=1; read ro <<< x; echo $? $ro`, `read -d < /dev/null; echo $?`, `read -z < /dev/null; echo $?`, `declare -A m; read -a m <<< 'x y'; echo $?`, `read -t 0 <<< x; echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"readx:mapfile", "unset m; " + g.pick("mapfile", "readarray") + " " + g.pick("", "-t ", "-t -s 1 ", "-n 2 ", "-O 3 ", "-d , ", "-t -d '' ", "-c 1 -C 'echo cb' ") + "m <<< " + g.readInput() + "; echo st=$?; declare -p m"}
	},
	func(g *Gen) Stmt {
		return Stmt{"readx:mapfile-errors", g.pick(`mapfile -n x m <<< a; echo $?`, `mapfile -u 9 m < /dev/null; echo $?`, `mapfile -O -1 m <<< a; echo $?`, `readonly m=1; mapfile m <<< a; echo $?`, `mapfile 1bad <<< a; echo $?`, `mapfile -C < /dev/null; echo $?`, `declare -A m; mapfile m <<< a; echo $?`)}
	},
}

// printfFormat builds one conversion with flags, width and precision.
func (g *Gen) printfFormat() string {
	flags := g.pick("", "", "-", "0", "+", " ", "#", "-0", "0-")
	width := g.pick("", "", "3", "8", "*", "-2")
	prec := g.pick("", "", ".0", ".2", ".*", ".")
	conv := g.pick("d", "i", "u", "o", "x", "X", "f", "e", "g", "G", "s", "q", "b", "c", "a", "%", "Q", "n")
	return "%" + flags + width + prec + conv
}

var printfxProds = []producer{
	func(g *Gen) Stmt {
		f := g.printfFormat()
		if g.chance(2) {
			f += "|" + g.printfFormat()
		}
		args := g.pick("", "0", "42", "-7", "3.5", "0x1F", "077", "'A", "abc", "'' ''", "1 2 3", "9223372036854775808", "-0", "' 12 '", "1e2", "inf", "'\\t'", "-5 x")
		return Stmt{"printfx:format", "printf '[" + f + "]\\n' " + args + "; echo st=$?"}
	},
	func(g *Gen) Stmt {
		return Stmt{"printfx:v", "unset v; printf -v " + g.pick("v", "'a[1]'", "1x", "''", "v v") + " '" + g.printfFormat() + "' " + g.pick("5", "x", "", "1 2") + "; echo st=$?; declare -p v a 2>&1"}
	},
	func(g *Gen) Stmt {
		return Stmt{"printfx:escapes", "printf " + g.pick(`'\101\x41\u0041\e[\a\v|'`, `'%b|' '\c' x`, `'a\cb'`, `'%b' '\0101\x4'`, `'\x'`, `'\777'`, `'%s\' x`, `'\%d' 3`, `'%.3b|' 'a\tbc'`) + "; echo; echo st=$?"}
	},
}

var getoptsxProds = []producer{
	func(g *Gen) Stmt {
		spec := g.pick("", ":") + g.pick("ab:c", "a:b::", "x", "ab", "a-b", "h?")
		args := g.pick("-a", "-ab", "-b", "-b val", "-bval", "-c -a --", "-- -a", "-a x -c", "-z", "-", "-a -b", "-ac -b 1 rest", "")
		loop := "OPTIND=1; while getopts '" + spec + "' o " + g.pick("", `"$@"`, "-a -b z") + "; do echo \"o=$o A=${OPTARG-unset} I=$OPTIND\"; done; echo end=$? I=$OPTIND; shift $((OPTIND-1)); echo rest=$*"
		return Stmt{"getoptsx:loop", "set -- " + args + "; " + loop}
	},
	func(g *Gen) Stmt {
		return Stmt{"getoptsx:misc", g.pick(`getopts; echo $?`, `getopts a; echo $?`, `getopts a 1x -a; echo $?`, `OPTERR=0; getopts b o -z; echo $? $o`, `f(){ local OPTIND; getopts a o -a; echo $o $OPTIND; }; f; f; echo $OPTIND`, `getopts a: o -a; echo $? $o ${OPTARG-u}`, `readonly o; getopts a o -a; echo $?`)}
	},
}

// attrs draws declaration options.
func (g *Gen) attrs() string {
	var o []string
	for _, a := range []string{"i", "a", "A", "r", "x", "l", "u", "n", "g", "t", "p", "f", "F"} {
		if g.chance(7) {
			o = append(o, g.pick("-", "-", "+")+a)
		}
	}
	return strings.Join(o, " ")
}

var declxProds = []producer{
	func(g *Gen) Stmt {
		cmd := g.pick("declare", "typeset", "local", "readonly", "export")
		operand := g.pick("v", "v=5", "v=abc", "v=(1 2)", "v+=1", "'v[1]=q'", "v=1+2", "1v=3", "v=HeLLo", "'v=a b'", "f")
		body := cmd + " " + g.attrs() + " " + operand + "; echo st=$?; declare -p v 2>&1; " + g.pick("", "v=7; echo ${v[@]}", "v+=(x); declare -p v", "unset v; echo $?", "export -p | while read -r l; do case $l in *' v='*|*' v') echo \"$l\";; esac; done", "echo ${v@a}")
		if g.chance(2) || cmd == "local" {
			body = "f(){ " + body + "; }; v=out; f; declare -p v 2>&1"
		}
		return Stmt{"declx:" + cmd, "unset v; " + body}
	},
	func(g *Gen) Stmt {
		return Stmt{"declx:readonly", g.pick(`readonly v=1; v=2; echo $?`, `readonly v=1; declare v=2; echo $?`, `readonly v; unset v; echo $?`, `readonly -a a=(1); a[1]=2; echo $?`, `f(){ local v=1; readonly v; v=2; }; f; echo $?`,
			`readonly v=1; f(){ local v=2; echo $v; }; f; echo $?`, `declare -r v=1; declare +r v; echo $?`, `readonly v=1; readonly -p | wc -l | tr -d ' ' >/dev/null; echo $?`, `export v=1; readonly v; declare -p v`, `readonly v=1; v=2 true; echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"declx:functions", g.pick(`f(){ :; }; declare -f f >/dev/null; echo $?; declare -F f nof; echo $?`, `f(){ echo x; }; readonly -f f; f(){ :; }; echo $?`, `f(){ :; }; export -f f; declare -F; declare -Fx`,
			`declare -f nof; echo $?`, `f(){ :; }; unset -f f; declare -F f; echo $?`, `declare -F -p`)}
	},
}

var flowxProds = []producer{
	func(g *Gen) Stmt {
		opt := g.pick("set -e", "set -u", "set -o pipefail", "set -eo pipefail", "set -E", "")
		inner := g.pick("false", "echo $undef_zz", "false | true", "true | false", "(exit 4)", "! true", "false && true", "false || false", "return 3", "exit 5", "[[ -z x ]]", "(( 0 ))", "local v=$(false)", "cmd_nosuch_zz")
		wrap := g.pick("f(){ %s; echo in f; }; f; echo after $?", "( %s; echo in sub ); echo after $?", "f(){ %s; echo in f; }; f || echo caught $?", "if f(){ %s; echo in f; }; f; then echo yes; fi",
			"x=$( %s; echo in cs ); echo \"x=$x $?\"", "{ %s; echo in grp; }; echo after $?", "f(){ %s; echo in f; }; ! f; echo after $?", "f(){ %s; }; f && echo ok; echo $?")
		trap := g.pick("", "trap 'echo ERR $?' ERR; ", "trap 'echo EXIT $?' EXIT; ", "trap 'echo RET' RETURN; ")
		return Stmt{"flowx:opts", trap + opt + "; " + fmt.Sprintf(wrap, inner) + "; echo end"}
	},
	func(g *Gen) Stmt {
		return Stmt{"flowx:trap-exit", g.pick(`trap 'echo t $?; exit 9' EXIT; exit 3`, `f(){ trap 'echo fx' EXIT; return 2; }; f; echo $?`, `trap 'echo e $?' EXIT; (exit 4)`, `trap 'return 7' RETURN; f(){ :; }; f; echo $?`,
			`f(){ trap 'echo R$?' RETURN; return 4; }; f; echo $?`, `trap 'false' EXIT; exit 0`, `trap 'echo x' EXIT; trap; trap - EXIT; trap`, `(trap 'echo sub-exit' EXIT; exit 2); echo $?`,
			`f(){ exit 6; }; (f); echo $?`, `trap 'echo err' ERR; f(){ return 1; }; f; echo $?`, `set -e; trap 'echo bye $?' EXIT; f(){ false; }; f; echo no`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"flowx:return", g.pick(`return 2>&1; echo $?`, `f(){ return 256; }; f; echo $?`, `f(){ return -1; }; f; echo $?`, `f(){ return x; }; f; echo $?`, `f(){ (return 3); echo $?; }; f`,
			`f(){ false; return; }; f; echo $?`, `f(){ return 1 2; }; f; echo $?`, `exit 1 2; echo $?`, `(exit 300); echo $?`, `(exit -1); echo $?`, `f(){ for i in 1 2; do return 5; done; }; f; echo $?`)}
	},
}

var fdxProds = []producer{
	func(g *Gen) Stmt {
		fd := g.pick("3", "4", "9", "{v}")
		use := fd
		if fd == "{v}" {
			use = "$v"
		}
		return Stmt{"fdx:open", g.pick(
			"exec "+fd+">f; echo a >&"+use+"; exec "+use+">&-; cat f",
			"echo data > f; exec "+fd+"<f; read -r l <&"+use+"; echo $l; exec "+use+"<&-; read l <&"+use+"; echo $?",
			"exec "+fd+"<&-; echo x >&"+use+"; echo $?",
			"exec "+fd+">&1; echo via >&"+use+"; exec "+fd+">&-",
			"{ echo a >&"+use+"; } "+fd+">&1",
			"exec "+fd+"<>f; echo rw >&"+use+"; cat f",
			"echo x "+fd+">&-; echo $?",
			"exec "+fd+">&2 2>/dev/null; echo hidden >&2; exec 2>&"+use+"; echo $?")}
	},
	func(g *Gen) Stmt {
		return Stmt{"fdx:dup", g.pick(`echo x 1>&2 2>/dev/null`, `echo x 2>/dev/null 1>&2`, `{ echo o; echo e >&2; } 3>&1 1>&2 2>&3 | cat`, `echo a >&-; echo $?`, `cat <&0 <<< in`, `echo x >&7; echo $?`, `echo x 1<&2`, `: <&5; echo $?`,
			`exec 2>&-; echo gone >&2; echo $?`, `exec 6>&1-; echo x >&6; echo y`, `echo x >&1-; echo $?`, `cat 0<&- ; echo $?`, `echo a 2>&1 >&2 | cat`, `echo x >&"1"`, `{ echo x; } >&${nofd:-3}; echo $?`)}
	},
	func(g *Gen) Stmt {
		return Stmt{"fdx:shift", "set -- " + g.pick("a b c", "", "'x y' z", "1 2 3 4 5") + "; shift " + g.pick("", "0", "1", "3", "-1", "x", "1 2", "$#") + "; echo st=$? n=$# \"$*\"; set -- " + g.pick("", "--", "- x", "-e", "+e y", "-- -x") + "; echo \"$# $*\""}
	},
}
