package eval

import (
	"testing"
)

// ruleScripts pin the rules fixed while the shell package's suite moved
// to this evaluator; each is compared with /bin/bash -c when present.
var ruleScripts = []string{
	// printf %c of an empty or missing argument prints the C string's NUL;
	// printf -v keeps a value up to its first NUL.
	`printf '[%c]%5c|%-3c|' '' ''; printf '%c%c|' a; printf -v v '[%c]x' ''; echo "${#v} $v"; printf -v w 'a\0b'; echo ${#w}`,
	// The input ending inside a compound array assignment's parentheses
	// fails with status 1 (bash's parse_compound_assignment), not 2.
	"echo before\nx=(1 2\necho after",
	"declare -a x=(1 2",
	"echo $((1+",
	// read: a failed read(2) (closed descriptor, a directory) is reported
	// with the descriptor and strerror, returns 1 and assigns nothing.
	`read v <&-; echo $?; x=keep; read x <&-; echo "[$x]"; read v < /tmp; echo $?; echo abc | { read v; echo "[$v] $?"; }`,
	// break/continue: loop level first, a bad count ends the shell with
	// 128, extra operands drop the line, a count below 1 leaves all loops.
	`while true; do break x; done; echo no`,
	`break x; echo outside`,
	`for x in a b; do echo $x; continue 1 2; done; echo --`,
	`for i in 1 2; do for j in a b; do break 0; done; echo out$i; done; echo $?`,
	// builtins that take no options still read -- and reject -x.
	`eval -zq; echo $?; eval -- echo hi; alias -px; echo $?; unalias -x; echo $?; builtin -x; echo $?; builtin -- echo x`,
	"alias -- -p=1; alias",
	// aliases: no re-expansion only inside an alias's own text.
	"shopt -s expand_aliases\nalias a='b ' b='echo B'\na b c\nalias x='echo X'\necho $(x inner) \"$(x dq)\"; if x cond; then x then; fi\nV=1 x a; x 'x' \"x\"",
	"shopt -s expand_aliases\necho before\nalias e_=';; x'\ne_\necho after",
	// cd checks the directories named before "..".
	`cd nosuch/..; echo $?; declare -p OLDPWD`,
	`{ :; } & wait x1 %5; echo $?`,
	`command -v nosuch echo; echo $?; command -V nosuch echo; echo $?; command -v nosuch; echo $?`,
	// $_ and PIPESTATUS.
	`echo $_; x=3; echo "[$_]"; for i in a b; do :; done; echo $_; f(){ :; }; f q; echo $_; unset _; echo $_`,
	`f(){ echo $_; }; f q r; echo a b $_; x=1 echo $_; (echo b); echo $_`,
	`false; echo ${PIPESTATUS[@]}; (exit 3); echo ${PIPESTATUS[@]}; ! false; echo ${PIPESTATUS[@]}; [[ 1 = 2 ]]; echo ${PIPESTATUS[@]}; x=1; echo ${PIPESTATUS[@]}; false; f(){ :; }; echo ${PIPESTATUS[@]}`,
	`echo x >/nonexistent/f; echo ${PIPESTATUS[@]}; (( 0 )); echo ${PIPESTATUS[@]}`,
	`set -- x y; set +; echo $#; set + a; echo $# $1`,
	`getopts x: o -x; echo "$o ${OPTARG-u} $OPTIND"; getopts ab o -c; echo $o`,
	`set -o noclobber; echo hi > /dev/null; echo st=$?; echo a > f; echo b > f; echo $?`,
	`echo hi 1>&out.txt; read l < out.txt; echo $l; echo q 2>&o3; echo $?`,
	`f(){ echo $1; }; echo $(( $(f $((1+1))) + 1 )); echo $(( $(echo $((2*3))) ))`,
	`g() { echo a; echo b; }; declare -f g; h() { x=1; }; declare -f h`,
	`read x < <(exit 4); wait $!; echo $?`,
	// ${x~} ${x~~} toggle case; operators on $! (the parser refuses both).
	`x=aBc; echo ${x~~} ${x~} ${x~~[a-b]}; a=(aB Cd); echo ${a[@]~~} "${a[1]~}"; set -- aB; echo ${1~~} ${@~}`,
	`x=; echo ${!-x} ${!:-y} ${!+z}; sleep 0 & echo ${!+set}`,
	// ! repeated: each negates once; an even number cancels, set -e too.
	`! ! true; echo $?; ! ! false; echo $?; ! ! ! true; echo $?; if ! ! true; then echo yes; fi`,
	`f() { ! ! false; ! ! ! true; }; f; echo $?; declare -f f`,
	`set -e; ! ! ! true; echo survived; ! ! false; echo not reached`,
	// A lone ! is a negated empty command (status 1, exempt from set -e);
	// after a single | it is a syntax error.
	"!; echo $?\ntrue && !; echo $?\nif !; then echo y; else echo n; fi\nset -e; !\necho survived",
	`echo a | !; echo $?`,
	// POSIX special builtins in posix mode: found before functions,
	// assignments before them persist (in the current scope), not
	// before command or builtin; source is one of them.
	"times() { echo func; }; set -o posix; times >/dev/null; echo st=$?; x=5 times >/dev/null; echo x=$x",
	"set -o posix; f() { x=7 :; echo in=$x; }; f; echo out=$x; x=9 command :; echo c=$x; x=3 builtin :; echo b=$x; x=4 eval 'echo e=$x'; echo $x; w=1 source /dev/null; echo w=$w",
	"set -o posix; g() { local z=1; z=2 :; echo $z; }; g; echo ${z-unset}; x=1 true; echo ${x-unset}",
	"set -o posix; source() { :; }; echo $?",
	"set -o posix; (eval() { :; }; echo in); echo after $?",
	// An assignment error (readonly) in posix mode: before a special
	// builtin or alone it ends the shell (127 from -c); before another
	// command it abandons the rest of the line.
	"set -o posix; readonly r=1; r=2 :\necho reached $?",
	"set -o posix; readonly r=1; r=2\necho reached $?",
	"set -o posix; readonly r=1; r=2 true; echo same line\necho next $?",
	"set -o posix; readonly r=1; f() { :; }; r=2 f; echo same\necho next $?",
	// A function both readonly and exported: declare lists rx together.
	"f(){ :; }; export -f f; readonly -f f; g(){ :; }; export -f g; h(){ :; }; readonly -f h; declare -f; declare -pf g; declare -f g; declare -F; unset -f h; echo $?; unset -f g; declare -F",
}

func TestOracleRules(t *testing.T) {
	checkOracleRows(t, ruleScripts)
}
