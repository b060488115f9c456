package eval

import (
	"testing"
)

// ev8Scripts pin the rules fixed against bash 5.2's own test suite (the
// expansion and quoting side, session 6); each is compared with
// /bin/bash -c.
var ev8Scripts = []string{
	// unset takes the subscript of a word written as NAME[...] literally
	// when it expands to one field; quoted words, split words and words
	// with an empty quoted part expand the subscript again.
	`declare -A m; x=zz; k='$x'
t() { m=(); m[$1]=1; eval "unset $2"; echo "$2 [$1] ${#m[@]}"; }
t '$x' 'm[$k]'; t '$x' 'm["$k"]'; t '$x' "m['\$x']"; t '$x' '"m[$k]"'; t '$x' "'m[\$x]'"
t '$x' 'm[""$k]'; t '$x' 'm[$k""]'; t 'zz' 'm["${k}"]'; t "a'b" "m[a\\'b]"; t '$x' 'command unset m[$k]'
k='a b'; t 'a b' 'm["$k"]'; t 'a b' 'm[$k]'`,
	// assoc_expand_once: unset never expands the subscript; BASH_COMPAT
	// 5.1 makes unset a[@] unset the whole array.
	`declare -A a; a['$v']=1; v=x; shopt -s assoc_expand_once; unset 'a[$v]'; declare -p a
b=(1 2); unset 'b[@]'; declare -p b; b=(1 2); BASH_COMPAT=51; unset 'b[@]'; declare -p b; BASH_COMPAT=5.1; declare -A c=([@]=1 [x]=2); unset 'c[@]'; declare -p c`,
	// test -v: @ and * are keys of an associative array.
	`declare -A a=([x]=1); test -v a[@]; echo $?; [[ -v a[*] ]]; echo $?; a[@]=2; test -v a[@]; echo $?; b=(1); test -v b[@]; echo $?; b=(); [[ -v b[@] ]]; echo $?`,
	// read and printf -v take NAME[SUB] only when the subscript's closing
	// bracket ends the name and the subscript is not empty.
	`declare -A A; for k in "]" "[" "a]b" "[]" "]]" '"]"' "']'" "a[b]c" ""; do read "A[$k]" <<< X; echo "r$?"; printf -v "A[$k]" %s Y; echo "p$?"; done; declare -p A`,
	// declare reads NAME[SUB] from the expanded operand: SUB must end at
	// its closing bracket, and is expanded again; += appends to the
	// element.
	`declare -A A; declare -a a; x=1; for k in "]" "[" "a]b" "[]" '"]"' "'q'" '$x'; do declare "A[$k]=Z"; echo "d$?"; declare A[$k]+=Q; echo "e$?"; done; declare -p A; k='$x'; declare a[$k]+=Q; declare "a[$k]+=R"; declare -p a; declare "A[]=1"; echo $?`,
	`declare -i n=(1); declare n[0]+=5; declare "n[1]+=3"; f() { local n[0]+=1; declare -p n; }; f; declare -p n`,
	// ${!ref@OP} of a set variable is ${name@OP} of the variable ref
	// names.
	`x=(1 2); c=x; echo "${x@A}|${!c@A}"; declare -ia foo=(); bar=foo; echo "${foo@A}|${!bar@A}|${!bar@a}"; declare -a y; b=y; echo "${y@A}|${!b@A}"; declare -i n; m=n; echo "${n@A}|${!m@A}"; s=str; t=s; echo "${!t@A}|${!t@Q}|${!t@U}|${!t@a}"; declare -A as=([k]=v); u=as; echo "${!u@A}|${!u@K}"; declare -ai z=(5); w=z; echo "${!w@A}"`,
	// ${!PREFIX*} needs a name for PREFIX and the * right before the }.
	`set a b; _Qa=1; echo ${!_Q*} ${!_Q@}; echo "${!_Q* }"; echo not reached`,
	`echo ${!1*}; echo not reached`,
	`(echo ${!@*}; echo not reached); echo $?`,
	// Posix mode: ${!?} and ${!#} are operators on $!, not indirection.
	`set -o posix; echo "[${!#}]"; (echo ${!?}; echo not reached); echo $?; set +o posix; echo ${!?}`,
	// Unquoted $@ in the word of ${x-word} under an IFS without a space
	// is one field, the elements joined by spaces.
	`p() { printf '<%s>' "$@"; echo; }; set -- " abc" "d:ef ghi" "jkl "; a=("$@"); IFS=:; p ${var-${a[@]}}; p ${var-x$@y}; p ${var:-$@} ${var+$@}; p ${var:-$*}; IFS=" :"; p ${var-$@}; IFS=; p ${var-$@}; unset IFS; p ${var-$@}`,
	// A compound assignment's [sub]= of an indexed array is expanded as
	// a word ($'...', $"...", quotes) before the arithmetic; a[$'7']=
	// outside one is arithmetic on the quoted text.
	`declare -A m=([$'\t']=tab ["a b"]=1 [$"x"]=2 [\$y]=3 [a$'\n'b]=4); declare -p m; a=([$'1']=x ['2']=y ["3"]=z [$"4"]=w [$'1'+4]=v [1+$'5']=u [$'\x37']=s); declare -p a; a=( [$'a\tb']=1 ); a[$'7']=q; declare -p a`,
	`declare -A m; k=$'\t'; m[$k]=1; unset m[$'\t']; declare -p m; m[$k]=1; unset "m[$'\t']"; declare -p m; unset 'm[$'"'\\t']"; declare -p m`,
	// An arithmetic for prints each expression as written from its first
	// non-blank, trailing blanks kept; an empty one prints as 1.
	"f() { for (( i=0  ;  i<3\t ; i++\t )); do :; done; for ((;  ;  )); do :; done; for (( ; i < 3; i++ )); do :; done; for (( i = 4;;i--)) ; do :; done; }; type f",
	// A for (( )) without exactly three expressions: bash's two lines.
	"echo a\nfor (( i=0; \"i < 3\" ))\ndo\necho $i\ndone",
	"for ((i=0;;;)); do :; done",
	// A function prints a $( ) of simple commands, pipelines, groups and
	// subshells as bash re-prints the command it parsed.
	"f() { for n in $( echo 1 2 3 ); do :; done; echo $(  echo a;echo b  ) \"$( ls )\" `  echo x  ` $(\necho y\n); x=$( echo z ); y=$(a | b && c || d & e); z=$( { a; b; } ); u=$( (sub) ); t=\"$(echo \"in $(echo  deep)\")\"; s=$(a >/dev/null 2>&1; ! b); r=$( x=1 y ); o=$(a&) ; m=$(:;) ; }; type f",
	// A partly quoted here-document delimiter (E'O'F) leaves the body
	// unexpanded.
	"x=1\ncat <<E'O'F\na $x \\$y ${x:-d} $(echo cs) $((1+2)) `echo bq` \\\\\nEOF\ncat <<-E\\F\n\t$x tab\n\tEF",
	// declare -A x=(...) on an indexed array fails as an assignment:
	// no builtin name, the rest of the line abandoned.
	"x=(1 2); declare -A x=([k]=v); echo same line; declare -p x\necho next; declare -A x; echo $?; declare -A x=(); echo s2\ndeclare -A y=([a]=1); declare -a y=(1); echo s3\ndeclare -A x='([k]=v)'; echo s4",
	"x=(1); f() { declare -A x=([k]=v); echo inf $?; }; f; g() { declare -g -A x=(); echo ing $?; }; g; echo after",
	// ${!ref@a} of a nameref: the attributes of the variable it names.
	`declare -n n=x; x=1; echo "${n@a} ${!n@a} ${!n}"; declare -ai x=(1); echo "${n@a} ${!n@a} ${!n@A}"; declare -n m=nope; echo "[${!m@a}]"; b=x; echo "${!b@a}"`,
	// unset NAME[SUB] whose subscript closes before the end is not an
	// array reference.
	`declare -A m; for k in "x]y" "]" "a[b]" "[" "a[b"; do m[$k]=1; unset "m[$k]"; echo $?; unset -v "m[$k]"; echo $?; done; declare -p m`,
	// ${m[@]:off:len} of an associative array counts from 1, as the
	// positional parameters do, with no element 0.
	`declare -A a=([x]=apple [y]="b anana" [z]=c); for o in -1 -3 -4 -5 0 1 2 4; do printf "<%s>" "${a[@]: $o}"; echo " $o"; printf "<%s>" "${a[*]: $o:1}" "${a[@]: $o:2}"; echo; done`,
	// test -v NAME[SUB] whose subscript closes early is false.
	`declare -A m; for k in "x]y" "]" "q"; do m[$k]=1; test -v "m[$k]"; echo $?; [[ -v m[$k] ]]; echo $?; test -v m[$k]; echo $?; done`,
	// ${1@A} of a positional parameter is empty; ${@@a} is one empty
	// word per parameter.
	`set -- "p q" r; printf "<%s>" "${1@A}" "${@@A}" ${2@A} "${@@a}" "${*@a}" "${1@a}" ${@@a}; echo; set --; printf "<%s>" "${@@a}" "${*@a}"; echo`,
	// ${a[SUB]@A} of an unset element of an array: the declare alone.
	`x=(); printf "<%s>" "${x[0]@A}" "${x[1]@A}"; x=([1]=b); printf "<%s>" "${x[0]@A}" "${x[1]@A}"; declare -A m=([k]=v); printf "<%s>" "${m[k]@A}" "${m[z]@A}"; declare -ai n; printf "<%s>" "${n[3]@A}"; s=1; printf "<%s>" "${s[0]@A}" "${s[1]@A}"; echo`,
}

func TestEv8Oracle(t *testing.T) {
	checkOracleRows(t, ev8Scripts)
}
