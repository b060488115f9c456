package eval

import (
	"testing"
)

// ev6Scripts pin the expansion, quoting and pattern rules fixed against
// bash 5.2's own test suite; each is compared with /bin/bash -c when
// present (runBash and runOurs both start in an empty directory).
var ev6Scripts = []string{
	// GLOBIGNORE splits on colons outside brackets, quotes, escapes and
	// (with extglob) extglob groups.
	`for f in 'a:b' ab ';' x y '++'; do : > "$f"; done; GLOBIGNORE='[:]x:y'; echo *; GLOBIGNORE='a[:]b'; echo *; GLOBIGNORE='a\:b'; echo *; GLOBIGNORE='"a:y'; echo *; GLOBIGNORE='@(a:b|x)'; echo *; shopt -s extglob` + "\n" + `GLOBIGNORE='@(x|a:b)'; echo *; GLOBIGNORE='+([^[:alnum:]]):@([-.,:; _]):[![:alnum:]]'; echo *`,
	// globskipdots off: '.' and '..' match only a leading literal dot.
	`: > .a; : > b; shopt -s extglob` + "\n" + `shopt -u globskipdots; echo .* @(.*) ? .?; shopt -s dotglob; echo * .* !(.*); shopt -s globskipdots; echo .*`,
	// A leading !(…) never matches a dot file without dotglob.
	`: > .foo; : > bar; shopt -s extglob` + "\n" + `echo !(bar).foo *(bar).foo; shopt -s dotglob; echo !(bar).foo`,
	// An unknown [:class:] or [.symbol.] in a bracket expression matches
	// nothing; the rest of the expression still does.
	`for p in "[![:foo:]]" "[abc[:foo:]]" "[[:foo:]abc]" "[[:foo:]]" "[^[:foo:]x]" "[[:foo:]-z]" "[abc[.nonsense.]]" "[[.nonsense.]abc]" "[![.foo.]]" "[[.foo.]-z]" "[a-[.foo.]]" "[[=foo=]a]" "[[.a.]-c]" "[[.ab.]]" "[[.hyphen.]]"; do for s in a x - '[' q; do case $s in $p) echo -n "y";; *) echo -n "n";; esac; done; echo " $p"; done`,
	// A backslash before the '/' after a literal directory is removed;
	// after a pattern directory it stays a literal backslash.
	`: > c; bs=\\; echo .${bs}/c .${bs}/* [.]${bs}/c; echo "."\\/*; echo .${bs}${bs}/*`,
	// A bracket expression holding a '/' is not one in a pathname.
	"shopt -s nullglob\necho 1: [qwe/qwe]\necho 2: [qwe/\necho 3: [qwe/]\necho 4: [qwe\\/qwe]\necho 5: [qwe\\/\necho 6: [qwe\\/]\necho 7: [/]x",
	// Field splitting is by characters: an IFS byte inside a valid
	// multibyte character does not split, a multibyte IFS character does.
	`e=$'\342\202\254'; t=a${e}b; for I in "$e" $'\342' $'\254' $'\342\202' x; do IFS=$I; set -- $t; echo $#; done; IFS=$'\254'; t=$'a\254b'; set -- $t; echo $#; IFS=é; t=aébéc; set -- $t; echo $#; echo "$@"; IFS="${e}x"; t="1${e}2x3"; set -- $t; echo $# "$*"`,
	// \u and \U encode as bash does: surrogates and values up to
	// 0x7FFFFFFF in six-byte UTF-8, larger ones as nothing.
	`for e in '\uff' '\uffff' '\Ufffffffe' '\U110000' '\ud800' '\U7fffffff' '\U80000000' '\U0010ffff0'; do eval "x=\$'$e'"; printf "%q %q\n" "$x" "$(echo -e "$e")"; done`,
	// Names bash cannot show are $'...' quoted in errors, set -x, @Q and
	// declare -p; set -x alone keeps tab and newline in single quotes.
	`p=$'5\247@3'; q=$'a\tb'; z=$'\u0085x'; "$p"; cd "$p"; "$q"; cd "$q"; "é"; "$z"; echo ${p@Q} ${q@Q} ${z@Q} ${e@Q}; declare -p p z; set -x; : "$p" "$q" $'a\nb' 'a b' é "$z" $'\001'`,
	// (( )), $(( )) and for (( )) expand an array subscript once: its
	// value is the key, whatever it holds; quotes in it are removed.
	`declare -A A; k='x],b[$(echo uname >&2)'; (( A[$k]++ )); (( A['$k']++ )); (( A["$k"]++ )); (( A[\$k]+=2 )); declare -p A; echo $(( A[$k] )); for (( A[$k]=7; 0; )); do :; done; echo ${A[$k]}; (( 'A[$k]++' )); (( "A[$k]++" )); declare -p A; k='a\b` + "`" + `c'"'"'d"e~f'; (( A[$k]=1 )); echo "${A[$k]}"; m=A; (( ${m}[$k]++ )); echo "${A[$k]}"; a=(1 2 3); b=(0 2); i=1; echo $(( a[$i] )) $(( a[b[i]] ))`,
	// An error in an element's subscript is reported without the
	// command's "((: " or "let: " and abandons the line.
	"a=(1)\n(( a[1/0] )); echo same\necho $?\nlet 'a[1/0]'; echo same\n(( a[1/0]=2 )); echo same\nfor ((a[1/0]; ;)); do :; done; echo same\nx=a[1/0]; ((x)); echo same\n(( 1/0 )); echo same\necho end",
	// ${x:off:len} expands its subscripts once too; declare -p quotes a
	// key only for a shell meta character.
	`declare -A A; s=abcdefghijklmnopqrstuvwxyz; k2='$(echo %)'; A[%]=10; A[']']=10; A[$k2]=5; k3=']'; echo ${s:A[%]:A[$k2]} ${s:A[%]:A[$k3]}; declare -p A; declare -A B=([x@y]=1 [a,b]=2 ['a b']=3 [a=b]=4 ['$']=5 [-]=6 ['#']=7 [a:b]=8 ['~']=10 ['!']=1 [+]=2 [^]=3 ['{']=4 ['*']=7 ['?']=8 [/]=0 ['&']=1 [x~]=1 [x#]=2 [é]=3 [x=~]=8 [a:~]=9 ['@']=1 [@@]=2); declare -p B`,
	// [[ x -eq y ]] expands its operands once and evaluates them as they
	// stand; [[ -v a[sub] ]] expands the subscript once.
	`x=1; [[ '$x' -eq 1 ]]; echo $?; y='$(echo hi)'; [[ $y -eq 1 ]]; echo $?; [[ "1+1" -eq 2 ]]; echo $?; z='"1"'; [[ $z -eq 1 ]]; echo $?; declare -A A; key='x],b[$(echo uname >&2)'; k1=']'; A[$key]=42; A[$k1]=12; [[ A[$key] -eq A[$key] ]]; echo $?; [[ A[$key] -gt A[$k1] ]]; echo $?; [[ -v A[$key] ]]; echo $?; [[ -v A["$key"] ]]; echo $?; [[ -v A['$key'] ]]; echo $?; f() { A["$1"]=1; [[ -v A["$1"] ]]; echo $?; }; f '"'; f a`,
	// ${x@op} with an unknown op: empty when x is unset, else a fatal
	// bad substitution (the shell or subshell exits).
	`echo "[${x@Z}]" $?; a=(); echo "[${a[@]@Z}]"; x=a; (echo ${x@Z}; echo no); echo "sub $?"; echo $(echo ${x@Q} ${x@Z}) $?; set -- q; echo ${1@Z}; echo not reached`,
	// "substring expression < 0" names the length as written.
	"x=abc\necho \"${x:1:-20}\"\necho ${x:1: -20}\necho ${x:1:2-30}\nn=-5; echo ${x:1:$n}\necho ${x:1:$(( n ))}\necho ${x:1:n * 2}\nset -- a b; echo ${@:1:-3}",
	// An arithmetic error in an integer variable's value or a subscript
	// ends a -c string; one in $(( )) or ${x:off} only the line.
	"echo $((1 +)); echo same\nx=abc; echo ${x:1 +}; echo same\necho next\ndeclare -i a; a=(1 'two 2'); echo same\necho not reached",
	"declare -i x; x+='1 +'; echo same\necho not reached",
	// A quoted string holding a [@] list with no elements makes no word,
	// other empty expansions beside it or not; a quoted default word
	// always makes one.
	`n() { echo -n "$# "; }; a=(); n "$xxx$@"; n "$(true)$@"; n "$(true)""$@"; n "${foo-$@}"; n "${foo:-"$@"}"; n "$xxx${a[@]}"; n "${a[@]:0}$xxx"; n "${a[@]/x/y}"; n "$xxx${a[*]}"; n ""$@; n "x${a[@]}"; set -- ''; n "$xxx$@"; echo`,
	// s[@] of a scalar slices the string.
	`f=abcd; x=${f[@]:0:1}; echo "$x" "${f[@]:1:2}" ${f[*]:2}; f=(one two); echo ${f[@]:0:1}`,
	// Braces expand before parameters: $var{x,y} is $varx $vary.
	`var=baz; varx=vx; vary=vy; v=V; echo $var{x,y} ${var}{x,y} "$var"{x,y} $v{ar,arx,.z} $v{,a}r x$var{x,-} $var{1..2} $v{\a,b}; set -- p; echo $1{a,b}`,
	// Under set -u, ${x@a} and ${x@A} of a variable without a value (or
	// an empty array) are unbound errors.
	"set -u; declare -a foo=([1]=one); echo ${foo@a} ${foo@A}; b=foo; echo ${!b@a}; a=(); echo \"${a[@]@a}\" ${a[@]@A}\ndeclare -i y; echo ${y@a}\necho next\n(declare -A A; echo ${A@A})\n(declare -ia e=(); b=e; echo ${!b@a})\necho end",
	// An integer variable's value is evaluated as it stands, not expanded
	// again.
	"declare -i x; y=2; x=y+1; x+=y; echo $x; a=(5 6); i=1; x='a[$i]'; echo $x\nx='1+$y'; echo same\necho next\nx='\"1\"'\necho end",
}

func TestEv6Oracle(t *testing.T) {
	checkOracleRows(t, ev6Scripts)
}
