package eval

import "testing"

// lead7Scripts pin rules found by running mksh's check.t tests (their
// scripts, not their expected answers) under /bin/bash and under ours
// (session 7); each is compared with /bin/bash -c.
var lead7Scripts = []string{
	// eval and . leave $? alone while their text runs; they are status 0
	// only when nothing in the text ran, and a syntax error's status is
	// theirs.
	"(exit 12); eval 'echo e:$?'\necho 'echo s:$?' > srcf; (exit 3); . ./srcf\n(exit 4); eval ''; echo empty:$?\n(exit 5); eval '#c'; echo comment:$?\n: > empty; (exit 6); . ./empty; echo esrc:$?\n(exit 9); eval 'false'; echo $?",
	"(exit 3); eval 'if'; echo a:$?\necho 'if' > bad; (exit 4); . ./bad; echo e:$?\nf(){ (exit 5); eval return; }; f; echo c:$?\necho return > r1; g(){ (exit 6); . ./r1; echo g-after; }; g; echo h:$?",
	// In posix mode a special builtin run by its own name that fails with
	// a usage error (2), an assignment to a readonly variable, or a
	// redirection error ends a non-interactive shell; through command or
	// builtin, or with other failures (shift count, bad identifier), it
	// does not. break outside a loop says nothing there.
	"set -o posix; set -o bogus; echo after",
	"set -o posix; (set -q; echo sub); echo $?; builtin set -o bogus; command set -o bogus; echo $?; shift 5; export 1a=b; break; trap x BOGUS; readonly r; unset r; echo on; eval 'if'; echo no",
	"set -o posix; readonly x=1; export x=2; echo no",
	"set -o posix; f(){ return 1; }; readonly x=1; readonly x=2; echo no",
	"set -o posix; : > /nonexistent/f; echo no",
	"set -o posix; exec 3<&9; echo no",
	"set -o posix; command : > /nonexistent/f; echo yes; echo if > bf; . ./bf; echo no",
	"set -o posix; f(){ export -q; echo inf; }; f; echo no",
	"set -o posix; return; echo no",
	// An assignment an expansion makes, while a command's prefix
	// assignments are expanded, to a name already among them also goes
	// to the variable outside (bash's bind_tempenv_variable): it outlives
	// the command; inside what the command runs it does not.
	"unset X; X= Y=${X:=b} true; echo 1:/$X/\nunset X; X=a Y=${X:=b} true; echo 2:/$X/\nunset X; X= Y=$((X=5)) true; echo 4:/$X/\nf(){ X=in; }; unset X; X=tmp f; echo 5:/$X/\nunset X; X=1 eval 'X=2'; echo 7:/$X/\nunset X; X= declare Y=${X:=b}; echo 11:/$X/$Y",
	"f(){ local X=; X= Y=${X:=b} true; echo f:$X; }; unset X; f; echo g:/$X/\nunset X; declare -i X; X= Y=${X:=3+4} true; echo i:$X\nunset X; X= X=${X:=b} true; echo j:/$X/\nunset X; X=1 X=2 true; echo k:/$X/",
	// In a here-document $* and most operators on a [*] list join with
	// spaces; a plain ${a[*]}, its default forms, substitution and case
	// modification with IFS.
	"set -- a b; a=(x y); IFS=:\ncat <<EOF\n${*#a} ${*%b} ${a[*]#x} ${a[*]@Q} ${*@Q} ${*@U} ${*:-q} ${*-q} ${a[*]:-q}\n${u:-$*} ${u:-${a[*]}} ${!a[*]} ${a[*]:0} $* ${*} \"$*\" ${*^} ${*:1} $(echo \"$*\")\nEOF\nIFS=\ncat <<EOF\n$* ${a[*]} ${*:1}\nEOF\ncat <<<\"$* ${a[*]}\"",
	"set -- a b; a=(x y); IFS=:\ncat <<EOF\n${*/a/q} ${a[*]/x/q}\nEOF",
	// With extglob off when the line is read, @( *( +( ?( !( are syntax
	// errors outside [[ ]]; a shopt on the same line is too late.
	"echo @(a|b); echo no",
	"shopt -s extglob; echo @(a|b)",
	"shopt -s extglob\necho @(a|b) +(x) *(y)",
	"case foo in !(foo|bar)) echo yes;; *) echo no;; esac",
	"[[ foo == @(f*) ]] && echo y; x=@(a); echo $x",
	"echo ok\nf() { echo +(a); }\necho no",
	"eval 'echo @(a)'; echo after; shopt -s extglob; eval 'echo @(a)'",
	// declare or typeset without arguments lists what set lists:
	// NAME=value (empty as nothing), arrays, $_, then the functions.
	"typeset -i BLAH; x=; f(){ :; }; a=(1 2); declare -ai q; set | grep -e BLAH -e '^x=' -e '^_=' -e '^a='; declare | grep -e '^q' -e '^x=' -e '^a=' -e '^_='; typeset -i n=3; typeset | grep -A3 -e '^n' -e '^f'",
	// set -u names an unset $! as "$!" (written short), ${!} as "!";
	// ${#!} is 0.
	"set -u; echo ${#!}; (echo $!); (echo ${!}); echo ${!:-x}",
	"typeset -q; declare -q; f(){ local -q; }; f; export -q; readonly -q",
	// set -x prints a declaration command's words expanded; a compound
	// assignment on a line of its own, elements quoted, before it.
	"HOME=/h; set -x; f(){ local regex=${2:-} b=\"x y\" c; local -a arr=(a b); }; f a; declare x=1 y=\"a b\" z=$HOME w; export e+=3; declare a[1]=$HOME; typeset -i n=2+3; declare -- d=$((1+2))",
	"set -x; declare -a r=([3]=x y \"it's\"); declare -A m=([k]=v [j]=\"a b\"); declare -A p=(k v j w); f(){ local -a q=(a) x=1; }; f; declare -a e=(); x=5; declare -p x; readonly x; export -n x; declare +x x; declare y=$(echo hi)",
	// test with words left after a whole expression: "too many
	// arguments", unless the first looks like an operator.
	"[ a = b c ]; [ a = b '(' ]; [ -n a b c d ]; [ a b c d e ]; [ '(' a ')' b ]; [ ! a b c d ]; [ a -o b = ]; test a = b -ne; test 1 -eq 1 -a -ne 2; [ a -a ]; [ '(' a ]; [ a = b -o ]",
	// A file $(< file) cannot open ends the shell under set -e, even
	// where errexit is otherwise ignored; an ambiguous name does not.
	"set -e; if echo $(<nofile); then echo y; fi; echo after",
	"set -e; echo $(<nofile) || echo or; echo after",
	"set -e; f(){ echo $(<nofile); echo inf; }; f || true; echo after",
	"set -e; echo $(<$u); echo after; echo $(</dev/null) `false`; x=$(<nofile); echo no",
	"echo $(<nofile); echo after $?",
	// The word of a # % ^ , / operator is not expanded (its side effects
	// do not happen) when the parameter is unset or an empty list; for
	// # and % also when it is null.
	"for v in 'unset v' 'v=' 'v=x'; do for op in '#' '%%' '^' ',,' '/' '//'; do eval \"$v\"; i=0; eval \"x=\\\"[\\${v$op\\$((i=3))}]\\$i\\\"\"; echo \"$v $op $x\"; done; done",
	"a=(); i=0; x=\"[${a[@]#$((i=3))}${a[@]/$((i+=1))/y}]$i\"; echo \"$x\"; set --; x=\"[${@^$((i=5))}]$i\"; echo \"$x\"; a=(''); x=\"[${a[@]%$((i=7))}]$i\"; echo \"$x\"",
	"unset A; i=1 x= y=; echo ${A[x=(i+=1)]#${A[y=(i+=2)]}}; echo $x $y",
}

func TestLead7Oracle(t *testing.T) { checkOracleRows(t, lead7Scripts) }
