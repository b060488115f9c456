package eval

import (
	"testing"
)

// ev9Scripts pin rules fixed against bash 5.2's own test suite and the
// differential harness (builtins and execution side); each is compared
// with /bin/bash -c when present.
var ev9Scripts = []string{
	// A command substitution runs without -e outside posix mode, unless
	// inherit_errexit is set.
	`set -e; echo $(false; echo ok); z=$(false; echo foo); echo $z; echo $(set -o | grep errexit); shopt -s inherit_errexit; echo $(false; echo no); x=$(false); echo notreached`,
	`set -o posix -e; z=$(false; echo posix foo); echo $z`,
	// getopts: OPTARG is unset at the end and on a reported error even
	// when readonly (a nameref itself); an option without an argument
	// leaves it declared without a value (an error when readonly).
	`readonly OPTARG=q; getopts a x -a; echo $? ${OPTARG-unset}; declare -p OPTARG; getopts a x b; echo $? ${OPTARG-unset}`,
	`set -- -a bb; readonly OPTARG; getopts :x x; echo "$OPTARG $x"; getopts x x; echo ${OPTARG-unset} $x; typeset -r RO=foo; typeset -n OPTARG=RO; getopts :x x; typeset -p RO; declare -p OPTARG`,
	`OPTARG=q; getopts a x -a; echo $? ${OPTARG-unset}; declare -p OPTARG; export OPTARG=q; OPTIND=1; getopts a x -a; declare -p OPTARG; f() { local OPTARG=3; getopts a x; declare -p OPTARG; }; f; declare -p OPTARG`,
	`f() { local OPTARG=l; readonly OPTARG; getopts a x -a; echo in ${OPTARG-unset}; getopts a x -b; echo ${OPTARG-unset}; }; OPTARG=g; f; echo ${OPTARG-unset}`,
	// mapfile -d '' keeps no NUL in an element (nor its callback's).
	`printf "abc\0def\0ghi\0jkl" | { mapfile -C echo -c 1 -d '' A; echo "${A[@]}"; declare -p A; }`,
	// A builtin whose output fails reports the first failure only, and
	// its status is 1 (sh_chkwrite).
	`type ls cd >&-; echo $?; declare -p HOME PATH >&-; echo $?; help help cd >&- ; echo $?; f() { echo a; }; f >&-; echo $?; alias a=b c=d; alias >&-; echo $?; set >&- ; echo $?; eval "echo a >&-; echo b"; echo $?; pwd >&-; echo $?; trap "" INT; trap >&- ; echo $?; declare -f f >&-; echo $?; shopt >&-; echo $?; set -o >&-; echo $?; export -p >&-; echo $?`,
	// A function's text: |& is a 2>&1 on the left command; a one-line
	// $(...) is printed again from its commands; $"..." prints as "...".
	`f() { echo foo |& cat; { echo; } >/dev/null |& cat |& wc; }; declare -f f; type f`,
	`f() { echo $(echo   a;echo b) $(<x1) $(< x1 cat) "$(cat<x) $x" ` + "`echo  x`" + ` $(a|b&&c) $( (echo) ) $(a& b) "a$(echo x)b$y" $"x $(q)" $(echo "$(a>b)") ""; }; declare -f f`,
	`f() { echo "a\"b\\c\$d"  "" "$x" "${x:-"y"}" $"x"; }; declare -f f`,
	// source reads /dev/stdin and /dev/fd/N (process substitution) from
	// the shell's descriptors.
	`. <(echo "echo two - OK"); echo $?; echo "echo three - OK" | . /dev/stdin; echo $?; . /dev/fd/9; echo $?; exec 4<<<"echo four \$1"; source /dev/fd/4 x; echo $?`,
	// posix mode: "." of a name not in PATH is "file not found"; its
	// failure ends the shell unless command runs it.
	`set -o posix; command . notthere; echo one; . ./notthere; echo two`,
	`set -o posix; PATH=/tmp/nonex; command source notthere; echo $?`,
	`command command command -p . notthere ; echo after 1; set -o posix; command command . notthere; echo after 3; . notthere; echo after 4`,
	// A scalar assigned to an associative array sets key 0.
	`declare -A c; c=4; declare -p c; declare -A d; d+=x; declare -p d; f() { local -A e; e=4; declare -p e; }; f`,
	// test -v: @ and * are keys of an associative array.
	`declare -A A=(["*"]=1 [a]=2); [ -v A[*] ]; echo $?; [ -v A[@] ]; echo $?; A[@]=1; [ -v "A[@]" ]; echo $?;  [[ -v A[@] ]]; echo $?; unset A; declare -A A; [ -v A[@] ]; echo $?; a=(); [ -v a[@] ]; echo $?; a=(1); [[ -v a[@] ]]; echo $?`,
	// declare -fp reports missing functions; export/readonly -fp with
	// names print nothing, without names the functions in full.
	`declare -Fp f5; echo $?; f1() { :; }; unset f1; declare -f -p f1 f2; echo $?; declare -f f1; echo $?; typeset -fp f3; echo $?`,
	`f() { :; }; export -fp f; echo $?; export -f f; export -fp f; echo $?; declare -fp -x f; echo $?; readonly -fp f; echo $?; readonly -f f; readonly -fp f; echo $?; export -fp f6; echo $?; readonly -fp f7; echo $?; declare -fp -x f8; echo $?; export -f; export -fp; readonly -fp; readonly -f; g() { :; }; readonly -f g; readonly -fp; export -fp; declare -Fx; declare -Fr; export -Fp; readonly -F`,
	// bash 5.2 has no ${ cmd; }: a bad substitution when expanded.
	`echo ${ x}; echo after $?`,
	`echo ${ x; }; echo after; echo ${| x; }; echo b; x=${ a ${b} }; echo $?`,
	// exit/return: a count after the number is a usage error that drops
	// the rest of a -c string (status 1); the number is checked first.
	"f(){ return 1 2; }; f; echo $?\necho next $?",
	"exit 1 2; echo $?\necho next $?",
	`exit x y; echo $?`,
	`f(){ return x y; }; f; echo $?`,
	// getopts into a readonly name fails with 2.
	`readonly o; getopts a o -a; echo $?; getopts a 1o -a; echo $?`,
	// mapfile: grouped options, usage after option errors, per-option
	// messages, the array name checked; read -a checks its name.
	`mapfile -x; echo $?; mapfile -tx a; echo $?; mapfile -tn 1 a <<< $'p\nq'; echo $? ${a[@]}; mapfile 'a[1]' <<< x; echo $?; mapfile -n; echo $?; mapfile -C; echo $?; mapfile -td, a <<< "1,2"; declare -p a; mapfile -- b <<< "q"; declare -p b`,
	`mapfile -s x m <<< a; echo $?; mapfile -u x m; echo $?;mapfile -u -1 m; echo $?; mapfile -n -1 m <<< a; echo $?; mapfile -O x m <<< a; echo $?; mapfile -n 2x m <<< a; echo $?; mapfile 1bad <<< a; echo $?`,
	`read -a "a[1]" <<< x; echo $?; read "b[1]" <<< y; echo $? ${b[1]}; read 2x <<< z; echo $?; read -a 1bad <<< x; echo $?`,
	// A RETURN trap after return sees $? from before the return.
	`f(){ trap "echo R\$?" RETURN; return 4; }; f; echo $?; g(){ trap "echo G\$?" RETURN; false; }; g; echo $?; h(){ trap "echo H\$?" RETURN; (exit 3); return; }; h; echo $?; k(){ trap "echo K\$?; (exit 9)" RETURN; return 5; }; k; echo $?; . /dev/null; trap - RETURN; m(){ false; return 6; }; trap "echo M\$?" RETURN; set -T; m; echo $?`,
	`echo "false; return 3" > ev9f; trap "echo S\$?" RETURN; . ./ev9f; echo $?; echo "true" > ev9g; . ./ev9g; echo $?`,
	// An arithmetic error while a declaration builtin assigns an integer
	// names the builtin (not in a subscript, not for compound arrays).
	`declare -i "w=1 +"; echo $?`,
	`f(){ local -i "v=1 +"; echo $?; }; f`,
	`f(){ declare -i v; local v="1 +"; }; f; declare -ai a=("1 +"); declare -i b; declare b="c[1+]"; echo $?`,
	// export/readonly take no +x options (a name, invalid); +g is no -g.
	`unset v; export +i +t v=5; echo st=$?; declare -p v; readonly +p w=5; echo $?; declare -p w`,
	`f(){ local -u +g v=1+2; declare -p v; }; v=out; f; declare -p v; g(){ declare -g +g -i u=1+1; }; g; declare -p u`,
	// {var}>&-: no value is an ambiguous redirect naming the variable; a
	// value that is no number closes nothing.
	`v=; echo x {v}>&-; echo $?; exec 5>&1; v=abc; echo x {v}<&-; echo y >&5; echo $?; unset v; echo x {v}>&-; echo $?`,
	// A descriptor duplicated onto itself is left as it is (no dup2).
	`exec 6>&1-; echo x >&1; echo $?; echo y >&"1"; echo $?`,
	`exec 3>&-; echo a 3>&3; echo $?`,
	// read -a and mapfile refuse an associative array.
	`declare -A m; read -a m <<< "x y"; echo $?; declare -p m; mapfile m <<< a; echo $?; readarray m <<< a; echo $?; declare -p m`,
	// A declaration operand NAME=value with an invalid name is an
	// operand bash reports when the builtin runs.
	"declare 1v=3; echo $?; export a 1v=3 b; echo $?; declare \"1v=3\"; echo $?; readonly +i 2v=3; echo $?\necho next",
	// A readonly variable takes new attributes without a value; export
	// NAME=value marks it before the assignment fails.
	`readonly v=1; declare -l v; declare -p v; declare -u v; declare -p v; declare -x v; declare -p v; declare -t v; declare -p v`,
	`readonly v=1; declare -a v; echo $?; declare -p v; readonly w=1; declare -A w; declare -p w; readonly x=1; declare -i x; declare -p x`,
	`readonly v=1; export v=2; declare -p v; declare -x v=3; declare -p v`,
	// export/readonly -p with operands assign them as without -p.
	`readonly -p v=5; echo $?; declare -p v; export -p w; echo $?; readonly -p q; echo $?; export -a -p u=5; declare -p u`,
	// getopts at the end returns 1 even when the name is readonly.
	`readonly o; getopts :a o -b; echo $?; getopts a: o -a; echo $?; getopts :a: o -a; echo $?`,
	// A simple command run as a pipeline stage has no ERR trap of its
	// own in its subshell (set -E); a compound stage has.
	`set -E; trap "echo err" ERR; true | false; false | true; { false; echo x; } | cat; true | (false); f(){ false; }; f | cat; true | f`,
	`set -E; trap "echo err" ERR; shopt -s lastpipe; true | false; echo $?`,
	// read -t: on a timeout what was read is assigned, status 142. The
	// coprocess writes "goab" in one write and holds its end open until
	// the shell closes it; once "go" is read, "ab" is in the pipe. (A
	// writer that slept was "not found" in both shells and closed early,
	// or was scheduled late, under load.) What is left to timing is
	// bash's wall-clock timer firing between its one-byte reads of "ab",
	// a stall of a whole second; the second read has nothing to read.
	`a=4; coproc { printf goab; read x; }; read -N 2 -u ${COPROC[0]} s; read -t 1 a <&${COPROC[0]}; echo $? "[$s][$a]"; read -t 0.1 -a b <&${COPROC[0]}; echo $?; declare -p b; exec {COPROC[1]}>&-; wait; echo $?`,
}

func TestEv9Oracle(t *testing.T) {
	checkOracleRows(t, ev9Scripts)
}
