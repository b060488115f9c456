package eval

import (
	"testing"
)

// varRuleScripts pin variable, array and declare rules found by bash's own
// test suite (array, assoc, appendop, nameref, varenv...); each runs in
// /bin/bash -c and here, and the outputs, messages and status must agree.
var varRuleScripts = []string{
	// An empty subscript is an error when assigning, not when reading.
	"b[]=x; echo not reached\necho $?; declare -p b",
	"declare -A A; A[]+=3; echo not reached\necho $?",
	"declare b[]=1; echo $?",
	`x=$(echo hi); b[]=$(echo x >&2); echo not reached`,
	// NAME[k]=(list) is refused when assigned; the line is abandoned.
	"d[7]=(abc); echo not reached\necho $?",
	"b[]=(1); echo no\nd[1]+=(a b); echo no\ndeclare -a d[7]=(x y); echo no\necho $?",
	// [*] and [@] are no elements of an indexed array; a negative index
	// before the first element is reported before readonly is, and when
	// read from any variable.
	"b[*]=x; echo $?\necho $?; b[@]+=y; echo no\ndeclare -p b; declare b[*]=1; echo $?",
	"declare -r c; c[-2]=4; echo $?\necho ${c[-4]}; echo $?\nreadonly -a d=(1); d[x=5]=1\necho $x\nreadonly e=1; e[-1]=1\ne[-2]=1",
	`a=(1); echo ${a[-4]}; x=1; echo ${x[-4]}; echo ${x[-1]} $?; echo ${u[-1]}; declare -a e; echo ${e[-1]}; echo $?`,
	// Blank subscripts: element 0, or the key of blanks.
	`a[0]=0 a[1]=1; v=" "; echo ${a[ ]} ${a[' ']} "${a[ ]}" ${a[$v]}; a[ ]=10; declare -p a; declare -A b; b[0]=0; b[ ]=10; echo "${b[ ]}"; declare -p b`,
	// RANDOM=n repeats bash's sequence; a[sub]++ and a[sub]+=v evaluate
	// the subscript once.
	`RANDOM=42; echo $RANDOM $RANDOM $RANDOM; RANDOM=0; echo $RANDOM; (RANDOM=7; echo $RANDOM)`,
	`RANDOM=42; (( d[RANDOM%6+1 + RANDOM%6+1]++ )); (( d[RANDOM%6+1]+=5 )); declare -p d; i=0; (( a[i++]++ )); (( a[i++]+=3 )); declare -p a i`,
	`declare -A A; k=x; (( A[$k]++ )); (( A[$k]+=2 )); (( A["$k"]*=3 )); declare -p A; a=(1 2); (( a[-1]++ )); declare -p a`,
	// let evaluates its expanded arguments as they stand: $ and quotes
	// are syntax errors there.
	"let 'jv += $iv'; echo $? $jv; iv=3; let 'jv += $iv'; echo $jv; let 'x = $((2+3))'; echo $x; let 'x=\"1\"'; echo $? $x; i=2; let 'a[$i]=5'; declare -p a; let 'y=`echo 1`'; let x=1+2 'y = x * 2'; echo $x $y",
	`iv=2; jv=iv; let "jv *= 2"; echo $jv; jv=$(( $jv << 2 )); let jv="$jv / 2"; echo $jv; let x=$jv+1; echo $x`,
	// eval takes NAME=(...) words: expanded as one word, read again.
	`v="1 2"; eval x=( "a b" $v "$v" ); declare -p x; eval y=( '$v' ); declare -p y; eval foo=() bar=() qux=( "bash" ); declare -p foo bar qux`,
	`a=(abc def); eval a2=("${a[@]/#/\"-iname \'\"}"); declare -p a2; d[1]=(a ')' b); echo no`,
	// unset NAME[@] empties an indexed array, is a key of an associative
	// one, and is refused (as any subscript but 0) for a scalar.
	`x=1; unset x[@]; declare -p x; declare -A A=([a]=1 [@]=2 [*]=3); unset A[@]; declare -p A; unset "A[*]"; declare -p A`,
	`e=(1 2); unset e[@]; declare -p e; e[3]=1; declare -p e; declare -a f; unset f[*]; declare -p f; ps1=1; unset ps1[2] ps1[-1]; echo $?; declare -p ps1; unset ps1[0]; declare -p ps1`,
	// Compound elements: [] and [*] [@] are reported and skipped,
	// [k]+=v appends, keys the parser cannot read are words.
	`A=([]=1 [1]=2 [*]=last x [@]=y [-65]=negative); declare -p A`,
	`x=( 1 2 [2]+=7 4 5 ); declare -p x; declare -i y=(1 2 3 4); y+=( [3]+=9 [5]=9 ); declare -p y`,
	`declare -ai A=([1]=5); A=([1]+=2); declare -p A; B=([1]=a [1]+=b); declare -p B`,
	`declare -A A; A=([]=1 [k]=2 [foo bar]=3 [s*]=4 [k]+=5); declare -p A`,
	`declare -A A=([k]=x [j]=y); A+=([k]+=2 [k]+=3); declare -p A; A=([k]+=2 [k]+=3); declare -p A`,
	`declare -A w; w=([six]=6 [foo bar]="qux qix" ); echo ${w[foo bar]} "${w[foo bar]}"`,
	`declare -A w=([foo bar]=abc [x]=1); echo ${#w[foo bar]}; v=w; echo ${!v[foo bar]}`,
	// A variable converted to an associative array gets bash's smaller
	// table, which orders its keys differently from a fresh one.
	`x=1; declare -A x; x=([k0]=1 [k20]=2); declare -p x; unset x; declare -A x=([k0]=1 [k20]=2); declare -p x; declare z; declare -A z=([k0]=1 [k20]=2); declare -p z; foo=help; f(){ declare -gA foo=([zero]=zero [one]=one); }; f; declare -p foo`,
	// Arrays keep their kind; +a/+A cannot remove it.
	`declare -A chaff[200]; declare -p chaff; declare +A chaff; echo $?; chaff[*]=12; declare -p chaff; declare -a x[3]; declare +a x; echo $?; y=1; declare +a y; echo $?`,
	`f() { declare -a a; declare -A a; declare -p a; }; f; g() { declare -A a; declare -a a; declare -p a; }; g`,
}

func TestOracleVarRules(t *testing.T) {
	checkOracleRows(t, varRuleScripts)
}

// declRuleScripts: a declaration's value that expands to "(...)" is a
// compound assignment for an array.
var declRuleScripts = []string{
	"l='( zeroind )'; declare -a foo; foo=\"$l\"; declare -p foo; unset foo; declare -a foo=\"$l\"; declare -p foo; unset foo; declare -a foo=$l; declare -p foo",
	`declare a='(1 2 3)'; declare -p a; unset a; declare -a a; declare a='(1 2 3)'; declare -p a; unset a; declare -A a; declare a='([0]=a [1]=b)'; declare -p a`,
	"value='[$(echo 1)]=1 [2]=2]'; declare -a var=\"($value)\"; declare -p var",
	`value='(AbCdE)'; declare -a foo; foo=( one two three ); declare -l foo="$value"; declare -p foo`,
	`declare -a a; declare a[2]=foo; declare a[1]='(var)'; declare -p a; unset a; declare a[1]='(var)'; declare -p a`,
	`a=(1 2 3); declare -a a+='(4 5)'; declare -p a; declare -a e[10]=test; declare -a e[10]='(test)'; declare -p e`,
	`x=1; declare -a f='("${x}" $x [5]=$x)'; declare -p f`,
	// POSIXLY_CORRECT turns posix mode on and off; there assignments
	// before a special builtin persist.
	`POSIXLY_CORRECT=1; echo $SHELLOPTS; x=2; x+=5 eval printf '"$x "'; echo "$x"; y=1 :; echo $y; z=3 true; echo $z; f(){ :; }; w=4 f; echo $w; unset POSIXLY_CORRECT; echo $SHELLOPTS; q=1 :; echo $q`,
	// set -o ignoreeof and IGNOREEOF mirror each other.
	`set -o ignoreeof; echo $IGNOREEOF; IGNOREEOF=3; set -o ignoreeof; echo $IGNOREEOF; set +o ignoreeof; echo ${IGNOREEOF-unset}; IGNOREEOF=3; echo $SHELLOPTS; unset IGNOREEOF; echo $SHELLOPTS`,
	// declare NAME[N] makes an indexed array; readonly and export take no
	// subscript; in posix mode they list as "readonly -a NAME=(...)".
	`a=(1 2); declare -r c[100]; declare -p c; readonly a[5]; echo $?; export a[5]; echo $?; readonly "a[1]=2"; readonly a[1]=3; declare x[2]; declare -p x; declare -A y[2]; declare -p y; declare -p a`,
	"a=(1 2); declare -r c[100]; readonly a; set -o posix; readonly -p | { while read l; do case $l in *VERSINFO*|*UID*|*PPID*|*OPTS*) ;; *) echo \"$l\";; esac; done; }; export Q=1; export -p | while read l; do case $l in *Q*) echo \"$l\";; esac; done",
	// A readonly array refuses -a with compound text in the builtin's
	// name, a real compound assignment or a quoted word without it.
	"a=(outside); f1() { readonly a=(1) ; }; f2() { readonly -a a=(2) ; }; f3() { readonly 'a=(3)' ; }; f4() { readonly -a 'a=(4)' ; }; f1\nf2\nf3\nf4\ndeclare -p a\nreadonly -a a='(7)'",
	// export and readonly without -a store the text in element 0.
	`a=(x); readonly a="(1 2)"; declare -p a; b=(x); export 'b=(1 2)'; declare -p b; c=(x); declare 'c=(1 2)'; declare -p c`,
}

func TestOracleDeclRules(t *testing.T) {
	checkOracleRows(t, declRuleScripts)
}

// specialVarScripts: the call-stack arrays, BASH_ALIASES and BASH_CMDS,
// and GROUPS and DIRSTACK as listings show them before any reference.
var specialVarScripts = []string{
	`declare -a; declare -A; f() { declare -a; }; f x`,
	`echo ${FUNCNAME[@]} ${#FUNCNAME[@]}; declare -p FUNCNAME; echo ${BASH_SOURCE[@]}x ${#BASH_LINENO[@]}; unset FUNCNAME; declare -p FUNCNAME`,
	`f(){ declare -p BASH_SOURCE BASH_LINENO FUNCNAME BASH_ARGC BASH_ARGV; }; f a b`,
	`shopt -s extdebug; set -- p q; echo ${BASH_ARGV[@]}; f(){ echo ${BASH_ARGV[@]} ${BASH_ARGC[@]}; }; f 1 2`,
	`alias q=r; echo ${BASH_ALIASES[q]}; declare -p BASH_ALIASES BASH_CMDS`,
	// BASH_ARGV0 is $0; BASH_COMMAND the command being run, as printed.
	`echo $BASH_ARGV0; BASH_ARGV0=hello; echo $0 $BASH_ARGV0; f(){ BASH_ARGV0=$1; }; f x; echo $0; nosuch; unset BASH_ARGV0; BASH_ARGV0=z; echo $0`,
	`echo $BASH_COMMAND; x=$(echo   $BASH_COMMAND  "q"); echo $x; declare   -a y=($BASH_COMMAND); echo ${y[@]}`,
	// declare -a/-A alone: an array without a value.
	`declare -a b; echo ${#b[@]}; [[ -v b ]]; echo $?; declare -p b; b+=(x); declare -p b`,
	`declare -A A; declare -p A; A=(); declare -p A; declare -ar d; declare -p d; x=1; declare -a x; declare -p x`,
	`f() { local -a q; declare -p q; local -A w; declare -p w; w[a]=1; q[1]=2; declare -p q w; }; f`,
	// local alone lists the function's own variables; a local inherits a
	// variable of the call's temporary environment.
	`f() { local z=yy; local -a avar=(a b); local -i n=3; local u; local -p; echo --; local; }; x=1 f`,
	`f() { local v=x; local -p; }; v=t f; g() { local v; declare -p v; }; v=t g; v=g g`,
}

// namerefScripts: declare -n errors and for loops over a reference.
var namerefScripts = []string{
	"typeset -n x=x\necho $?\ntypeset -n x[3]=x\necho $?\nx=(the browns suck); y=(one two three); typeset -n x=y; echo $x -- $?",
	`unset x y; y=42; typeset -i x=1; typeset -n x=y; echo $x -- $?; typeset +n x; echo $x -- $?`,
	`f() { typeset -n v=v; echo $?; }; f; g() { local -a a; declare -n a=b; echo $?; }; g`,
	`v1=1 v2=2; for v in v1 v2; do typeset -n ref=$v; echo $ref; done; typeset -n v=v1; for v in v1 v2; do echo "${!v}: $v"; done`,
	`readonly one=1 two=2; typeset -n ref=one; readonly ref; for ref in one two; do echo "${!ref} $ref"; done; echo "${!ref}"`,
	`declare -n r=a; for r in / ; do echo in; done; echo $?; declare -p r; for r in "b[1]" c; do :; done; declare -p r`,
}

// readonlyFuncScripts: readonly -f and declare -fr.
var readonlyFuncScripts = []string{
	`f(){ echo f; }; readonly -f f; f(){ echo g; }; echo $?; f; unset -f f; echo $?; declare -F f; declare -fr; readonly -f; readonly -f nosuch; echo $?`,
	`f(){ :; }; declare -fr f; echo A; declare -pf f; echo B; declare -F; echo C; declare -Fr f; echo D; declare -F f; g(){ :; }; declare -fr g; declare +r -f g; echo $?; h(){ :; }; declare -pf h; declare -Fr; echo E; declare -fr nosuch; echo $?; f(){ :; } ; echo $?`,
	`f(){ :; }; readonly -f f; declare -f f; declare -f; unset f; echo $?; g(){ echo 1; }; (readonly -f g; g(){ :; }); g(){ echo 2; }; g`,
}

func TestOracleReadonlyFuncs(t *testing.T) {
	checkOracleRows(t, readonlyFuncScripts)
}

func TestOracleNamerefs(t *testing.T) {
	checkOracleRows(t, namerefScripts)
}

func TestOracleSpecialVars(t *testing.T) {
	checkOracleRows(t, specialVarScripts)
}
