package eval

import (
	"testing"
)

// ev5Scripts pin the rules fixed against bash 5.2's own test suite (the
// builtins and execution side); each is compared with /bin/bash -c.
var ev5Scripts = []string{
	// Job numbers restart after the table empties; wait PID still finds
	// a reaped job's status until a bare wait; wait -- ends options.
	`(exit 1) & wait %1; (exit 2) & wait %1; echo $?; (exit 7) & wait %1; echo $?`,
	`(exit 3) & p=$!; wait %1; echo $?; wait $p; echo $?; wait $p; echo $?; wait; wait $p 2>/dev/null; echo $?`,
	`wait -- -4; echo $?; wait +4; echo $?; wait -- %3; echo $?`,
	// fg and bg without job control, their options, disown's.
	`fg; echo $?; bg %1; echo $?; %1; echo $?; fg -s; echo $?; bg -x %1; echo $?; disown -s; echo $?; disown %3; echo $?`,
	`set -m; fg; echo $?; fg %1; echo $?; jobs %4; echo $?; bg -s; echo $?`,
	// case bodies see $? from before case (or its word's substitution);
	// case is 0 when no body ran or the body is empty.
	`false; case x in x) echo $?;; esac; false; case $(exit 3) in *) echo $?;; esac; false; case a in b) ;; esac; echo $?`,
	`false; case x in x) ;; esac; echo $?; case x in x) false;; esac; echo $?; false; case x in y) ;; *|$(echo z)) echo $?;; esac`,
	// PATH unset or empty: the name is tried in the current directory.
	"PATH=; nothere; echo $?; PATH=:; nothere; unset PATH; nothere; echo $?",
	// . and source name themselves for a directory, not for a missing file.
	`. /; echo $?; source /tmp; . nothere; echo $?`,
	// kill $$ reaches the shell itself (its trap), kill -0 $$ from a subshell succeeds.
	`trap 'echo USR1' USR1; kill -s USR1 $$; echo after; (kill -0 $$; echo $?)`,
	// set quotes a value only where the shell would read it otherwise:
	// ~ at the start or after = or :, # at the start; a lone ' is \'.
	"SQUOTE=\"'\"; E=a~b; F=a:~b; G='~x'; V=ab#cd; W=#x; X=a^b; Y=a=b\nwhile IFS= read -r l; do case $l in SQUOTE=*|[EFGVWXY]=*) echo \"$l\";; esac; done < <(set)",
	// declare -f refuses attributes a function cannot have and
	// assignments; readonly and export take only -aAfnp.
	`a() { :; }; declare -f -a a; echo $?; declare -f -i b c; echo $?; declare -f f="() { :; }"; echo $?; readonly -x foo; echo $?; export -i y; echo $?; export -a y; echo $?`,
	// unset without -v tries a name no variable can have as a function.
	`a-b() { echo f; }; unset a-b; a-b; unset /bin/sh; echo $?; unset -v /bin/sh; echo $?`,
	"f() { :; }; readonly -f f\nf()\n{\n  echo\n}\necho $?",
	`kill -INT ''; echo $?; kill -INT ' '; echo $?`,
	// The first word of an alias's text stays a command word in later
	// rounds: foo bar with foo='echo ', bar=baz, baz=quux gives quux.
	"shopt -s expand_aliases\nalias foo='echo ' bar=baz baz=quux\nfoo bar\nalias e='echo ' x='x y' y=Y\ne x y e",
	// The hash table: remembered paths win for type -p, uses count as
	// hits, and hash, BASH_CMDS and BASH_ALIASES list in bash's table order.
	`hash -p /x/sh sh; type -p sh; type -P sh; type sh; command -v sh; type -t sh; for i in foo qux blat a b c; do hash -p /x/$i $i; done; hash; echo ${!BASH_CMDS[@]}; alias a=1 b=2 foo=3 qux=4 sh=5 gh=6; echo ${!BASH_ALIASES[@]}`,
	// declare -f prints $'...' in assignments decoded into '...'.
	"f() { v=$'\\001'; w=$'a\\tb'; x=$'it\\'s' y[1]=$'z' z+=q; local l=$'\\t' m; declare -a d=$'x' $'-r' \"$q\"; export a=(1 $'2' [3]=$'x'); }; declare -f f",
	// mapfile -C runs every -c lines with the index and the line.
	`mapfile -C "echo" -c 1 A <<< $'a\nb\nc'; mapfile -C "echo x" -c 2 A <<< $'a\nb\nc'; mapfile -t -O 5 -C echo -c 1 A <<< $'it\'s\nq'; mapfile -c 0 A </dev/null; echo $?; declare -p A`,
	// pushd -n prints no stack for a rotation and does nothing alone.
	`cd /; pushd /usr >/dev/null; pushd /bin > /dev/null; pushd -n +0; echo a; pushd -n +1; echo b; pushd +0; pushd -n /dev; dirs; pushd -n; echo $?; dirs`,
	// Closing or moving a coprocess's descriptor shows -1 in its array.
	`coproc { read x; echo "[$x]"; }; exec {r}<&${COPROC[0]}-; echo ${COPROC[0]}; echo hi >&${COPROC[1]}; read l <&$r; echo $l; wait`,
	// export, readonly, declare -x/-r keep a prefix assignment's variable.
	`A=1 readonly A; declare -p A; B=1 declare -r B; declare -p B; C=1 declare C; declare -p C; D=1 declare -x D=5; declare -p D; E=1 export E=7; declare -p E; f() { F=1 export F; declare -p F; }; f; declare -p F; G=1 declare -xi G; declare -p G; f() { local H=0; H=1 export H; declare -p H; }; f; declare -p H`,
	// local - restores the set options when the function returns.
	`set -o ignoreeof; f() { local -; set +o ignoreeof -u -f; echo $-; }; f; echo $- ${IGNOREEOF-unset}; set -o | grep -c . >/dev/null; g() { local - x=1; set -e; }; g; echo $- $x`,
	// In a function, declare/typeset of a prefix-assigned name makes a
	// local starting from it; export there lifts it to the caller.
	`f() { z=y typeset z; echo "|$z|"; }; f; z=42 f; g() { echo "|$x|"; export x; }; x=4 g; echo x=$x; set -o posix; h() { var=value declare -x var; declare -p var; }; var=one; h; declare -p var`,
	// set -x traces each assignment as made: operator, subscript text,
	// expanded value, a compound value as written, prefix ones alone.
	`set -x; x=1 true; x=1 y=2 echo hi; foo=one; foo+=two; x=2; a=(1 $x); a[x+1]=$x; a[1]+=q; b=([k]=v); c[2]+=z; declare d+=e; f() { :; }; z=1 f; a=$(echo x) b=$(echo y)`,
	`set -x; e=1; export e+=3; export "q=a b"; readonly r=1 s; declare -x t=2; r=2; echo after`,
	// BASH_XTRACEFD sends the trace to its descriptor until unset.
	`exec 4>tf; BASH_XTRACEFD=4; set -x; echo 1; unset BASH_XTRACEFD; echo 2; set +x; while read -r l; do echo "[$l]"; done < tf`,
	// Assigning through a circular nameref in a function sets the global.
	`f() { local -n v=v; v=inside; }; v=g; f; echo $v; g() { local -n x=x; x=foo; }; g; echo $x; unset x; h() { local -n a2=b2; local -n b2=a2; a2=7; a2+=8; }; h; declare -p a2`,
	// exec: a missing path is reported once; execfail survives it.
	`shopt -s execfail; exec /tmp/nothere; echo st=$?; exec nothere; echo st=$?; shopt -u execfail; exec /nothere/x; echo not reached`,
	// set -u names $7 with its $ only when written so, ${!x} as !x;
	// posix mode reports a shift count out of range.
	`set -u; (echo ${#7}); (echo ${7}); (echo $7); (echo ${7:+x}y); (x=7; echo ${!x}); (echo ${7#a}); (x=foo; echo ${!x}); set +u; set -o posix; shift 12; echo $?`,
}

func TestEv5Oracle(t *testing.T) {
	checkOracleRows(t, ev5Scripts)
}
