package eval

import (
	"testing"
)

// ev10Scripts pin rules fixed against bash 5.2's own test suite and the
// differential harness in session 7; each is compared with /bin/bash -c
// when present.
var ev10Scripts = []string{
	// A pipeline closes only the pipes it made: its first stage reads the
	// shell's own stdin (an outer pipeline's pipe), which goes on after it.
	`printf "A\nB\n" | while read l; do echo x | cat; echo $l; done`,
	`printf "A\nB\n" | { read l; true | true; read m; echo $l $m; }`,
	// lastpipe: the last stage's input replaces the shell's stdin only
	// while it runs, the shell's own comes back after.
	`shopt -s lastpipe; printf "A\nB\n" | { read l; true | true; read m; echo $l $m; }`,
	`shopt -s lastpipe; printf "A\nB\n" | while read l; do printf "1\n2\n" | while read d; do echo $l$d; done; done`,
	// A prefix assignment goes through a nameref to the variable it
	// names; the temporary variable is exported with no other attribute
	// (a += still adds when the old one is -i).
	`bar=one; declare -n foo=bar; foo=two declare -p foo bar; foo=two eval 'echo $foo'; declare -p foo bar`,
	`declare -i x=3; x=4+1 declare -p x; x+=4 declare -p x; declare -u y; y=abc declare -p y; f() { x+=1; declare -p x; }; x=5 f; declare -p x`,
	`declare -n q=R; q=3 declare -p R q; declare -r R=1; q=3 true; echo $?`,
	// unset of a nameref to an array element unsets the element without
	// unset's checks (readonly, scalar) and with status 0.
	`declare -r y=1; declare -n f3="y[0]"; unset f3; echo $? $y; declare -ra z=(1 2); declare -n f4="z[1]"; unset f4; echo $? ${z[@]}; a=(1 2 3); declare -n f5="a[-9]"; unset f5; echo $?; declare -n f6="a[1]"; unset f6; declare -p a f6; x=42; declare -n foo="x[2]"; unset foo; echo $? $x; declare -p foo x`,
	// unset -n unsets a nameref only; another variable stays.
	`y=2; unset -n y; declare -p y; typeset -n y; echo $?; unset -n y; declare -p y; f() { local z=1; unset -n z; declare -p z; }; f`,
	// A for or select variable that cannot be assigned fails the loop
	// (status 1) and the script goes on; in posix mode a readonly one
	// ends the shell.
	`declare -n r; select r in /; do echo in; done <<< 1; echo x $?; readonly q; select q in a; do echo in; done <<< 1; echo $?; declare -n r2; for r2 in / a; do echo in; done; echo $?; for q in a; do echo in; done; echo $?`,
	`set -o posix; readonly q; for q in a; do echo in; done; echo $?; echo end`,
	// select shows its menu first and after an empty line only, reads the
	// reply as read does (backslashes escape, whitespace kept), takes a
	// number with blanks around it, and ends at a line cut short by EOF.
	"x=q; select x in a b; do echo \"[$x] [$REPLY]\"; done <<< \"\n\n3\n 2 \n1\\\\x\n 1 x\n+1\n0x1\n \n1e0\"; echo $? $x",
	`PS3=">"; printf "2" | { select x in a b; do echo "[$x] [$REPLY]"; done; echo $?; }; IFS=:; select x in a b; do echo "[$x] [$REPLY]"; done <<< ":1:"`,
	"declare -n r=x; select r in a /; do echo $r $x; done <<< \"1\n2\"; echo $?",
	// Whole-array assignments through a nameref (mapfile, read -a,
	// NAME=(...)) act on its target; a reference to an element is not a
	// valid identifier there.
	`A=(x y z); declare -n r=A; mapfile r <<< $'1\n2'; declare -p r A; read -a r <<< "p q"; declare -p r A; r=(m); declare -p r A; f() { local -n q=A; mapfile -t q <<< 5; }; f; declare -p A`,
	`declare -n ref=XXX[0]; mapfile ref <<< x; echo $?; read -a ref <<< "A B C"; echo $?; declare -p XXX; ref+=([2]=x); echo notreached`,
	// coproc NAME: a name that is not an identifier is refused; NAME
	// follows a nameref (an unset one stops being one); a readonly NAME
	// is reported when set and when reaped; an existing variable becomes
	// an array keeping its attributes; NAME_PID goes as it is.
	`declare -r RO=x; declare -r RO RO_PID; coproc RO { :; }; declare -p RO_PID; wait; declare -p RO RO_PID; declare -r RO2=a; declare -n ref_PID=RO2; coproc ref { :; }; wait; declare -p RO2 ref ref_PID; declare -n ref2=x; coproc ref2 { read l; }; [[ -v x[1] && -v x_PID ]] && echo set ${#x[@]}; echo >&${x[1]}; wait; declare -p ref2 x x_PID; coproc @ { :; }; echo $?`,
	`declare -n r; coproc r { :; }; echo $r; unset r; wait; declare -r X=1; declare -n r2=X; coproc r2 { :; }; wait; declare -p X`,
	`A=(a b c d); coproc A { read l; }; echo ${#A[@]} ${A[2]} ${A[3]} ${A@a}; echo >&${A[1]}; wait; declare -A B=([x]=1); coproc B { read l; }; echo ${#B[@]} ${B@a}; echo >&${B[1]}; wait; declare -i C=3; coproc C { read l; }; echo ${#C[@]} ${C@a}; echo >&${C[1]}; wait`,
	// declare through a nameref to an array element acts on the array
	// (global scope); export and readonly cannot mark an element.
	`declare -n ref=XXX[0]; declare -a ref; declare -p ref XXX; declare -i ref; declare -p XXX; ref=3; declare -p XXX; declare -n r2=Y[1]; declare -i r2=3+3; declare -p Y; declare -n r3=Z[1]; declare -x r3; declare -p Z; declare -n r4=W[0]; declare -A r4; declare -p W; typeset -n r5=V[0]; typeset r5=4; typeset -p V`,
	`typeset -n ref=var[0]; export ref; echo $?; declare -p ref var; var=(1 2); export ref; echo $?; readonly ref; echo $?; declare -p var; readonly ref=5; echo $?; declare -p var`,
	`f() { declare -n q=B[2]; declare -i q=4+4; declare -p B; local; }; f; declare -p B`,
	// declare on a nameref that names nothing yet: export/readonly follow
	// it to an empty name; a value that is no name is refused (a global
	// one is then gone); -a, -A or NAME[SUB]=v make a global one an array.
	`declare -n x; declare x=42; echo $?; declare -p x; declare -n foo; declare -i foo=7*6; echo $?; declare -p foo; declare -n y; f2() { declare y=4; declare -p y; }; f2; declare -p y`,
	`f() { local -n x; local x=42; echo $?; declare -p x; }; f; declare -n z; export z=5; declare -p z; declare -n w; readonly w=5; declare -p w; declare -n v; export v; echo $?; declare -p v; declare -n u; export u=abc; declare -p u abc`,
	`declare -n foo; declare -a foo; declare -p foo; declare -n f2; declare -A f2; declare -p f2; declare -n f3; declare -a f3=(1); declare -p f3; f() { local -n q; local -a q; declare -p q; }; f; declare -n g=x; declare -a g; declare -p g x; declare -n h; declare h[1]=foo; declare -p h`,
	// An element assignment through a nameref that names nothing is
	// refused (an empty name); arithmetic reports it and goes on.
	`declare -n ref; (( ref[1]=3 )); echo $?; declare -p ref; let "ref[2]=4"; echo $?; echo $(( ref[0]=1 )); read "ref[1]" <<< x; echo $?; printf -v "ref[1]" x; echo $?; declare -p ref; ref[1]=foo; echo notreached`,
	`declare -n ref; : ${ref[1]:=x}; echo notreached`,
	`readonly -a r; : ${r[1]:=x}; echo notreached`,
	`A=(a b); declare -n ref=A; read "ref[1]" <<< x; printf -v "ref[2]" y; (( ref[3]=4 )); ref[4]=z; (( ref[5]++ )); declare -p A ref`,
	// Readonly namerefs: unset follows a readonly reference to its target;
	// +n of one with a target is refused, of one without allowed; +r
	// through one to nothing does nothing; declare's readonly error
	// names the variable the reference leads to.
	`bar=one; declare -rn foo0=bar; unset foo0; declare -p bar; unset -n foo0; declare -p foo0; declare +r foo0; declare +r -n foo0; echo $?; declare +n foo0; echo $?; declare -p foo0`,
	`typeset -n foo1; typeset -r foo1; typeset foo1=bar; echo $?; typeset +r foo1; echo $?; typeset -p foo1; foo2=bar; typeset -n foo2; typeset -r foo2; typeset -p foo2 bar; typeset +r foo2; echo $?; declare -n foo5; declare -r -n foo5; declare +n foo5; declare -p foo5`,
	// printf -v checks its name before the format is read, and an empty
	// name is a bad one, not a missing one.
	`unset v; printf -v '' '%08.b' x; echo st=$?; printf -v 1x '%0.f' x; echo st=$?; printf -v 'a[' x; echo $?; printf -v v; echo $?; declare -p v`,
	// read -N 0 -a reads nothing: no element.
	`IFS=", " read -r -N 0 -a arr <<< "abc"; echo st=$?; declare -p arr; read -N 0 v <<< x; declare -p v; read -N 1 -a c <<< " "; declare -p c`,
	// declare -F/-f take an operand written as an assignment as a
	// function's name, whole.
	`unset v; typeset -p -F v=HeLLo; echo st=$?; typeset -A -n -p -F w=HeLLo; echo $?`,
	// unset 'ref[i]' acts on the array a nameref names; a whole-array
	// assignment through a nameref to a readonly variable reports the
	// name written.
	`t=one; declare -n ref=t; unset "ref[1]"; echo $?; t=(a b c); unset "ref[1]"; declare -p t; declare -A A=([k]=v [j]=w); declare -n r2=A; unset "r2[k]"; declare -p A; declare -r R=(1 2); declare -n r3=R; unset "r3[0]"; echo $?`,
	`declare -A a=([k]=v); declare -n r=a; mapfile -t r <<< x; echo $?; read -a r <<< y; echo $?`,
	`declare -r t=ro; declare -n ref=t; read -a ref <<< x; echo $?; mapfile ref <<< x; echo $?; ref+=([5]=z); echo notreached`,
}

func TestEv10Oracle(t *testing.T) { checkOracleRows(t, ev10Scripts) }
