package eval

import (
	"testing"
)

// ev7Scripts pin the rules fixed against bash 5.2's own test suite (the
// builtins and execution side, session 5); each is compared with
// /bin/bash -c. Scripts that start jobs kill them before they end, with
// stderr closed so the shells' kill notices (which carry pids) stay out;
// their jobs block reading fd 3, a process substitution that waits for a
// coprocess that waits for input.
var ev7Scripts = []string{
	// The descriptors of a coprocess are closed in subshells, background
	// jobs, pipeline stages, not in $( ) and <( ).
	"coproc { read x; echo \"got $x\"; }\nW=${COPROC[1]}; ( echo sub >&$W ); echo \"s=$?\"\n{ echo bg >&$W; } & wait $!; echo \"b=$?\"\necho pipe >&$W | :; echo \"p=${PIPESTATUS[0]}\"\necho \"$(echo cs >&$W; echo ok $?)\"; wait",
	// jobs shows a command as bash prints it outside a function: lists,
	// groups and subshells on one line, redirections re-spaced, if and
	// loops on several lines, here-document bodies after the line.
	"coproc { read x; }; exec 3< <(read -u ${COPROC[0]}); exec 2>/dev/null\n( read -u 3;exit 4 ) &\n{ read -u 3;   echo b; } >/dev/null &\nread   -u 3  >/dev/null   2>&1 &\nread -u 3 | cat &\n[[ -n x ]] && read -u 3 &\nx=1 read -u 3 &\njobs; kill $(jobs -p); wait",
	"coproc { read x; }; exec 3< <(read -u ${COPROC[0]}); exec 2>/dev/null\nwhile read -u 3; false; do a; b; done &\nif read -u 3; then a; b; else c; fi &\nread -u 3 && { a & b; } &\nfor i in 1; do read -u 3; done &\ncase x in x) read -u 3;; y) :;; esac &\necho \"a  b\" $'c\\td' >/dev/null | read -u 3 &\nread -u 3 <<EOT &\nhello\nEOT\njobs; kill $(jobs -p); wait",
	// local/declare of a function's own nameref (no -n) acts on the
	// target, made local to the function.
	"f() { local -n ref=var; local -A ref=([1]=); ref=([2]=); declare -p ref var; }\nunset var; f; declare -p var\nvar=0; f; declare -p var\ng() { local -n ref=var; local ref=1; declare -p ref var; }\nvar=0; g; declare -p var\nh() { local var=L; local -n ref=var; declare -i ref=3+4; declare -p var; }\nvar=G; h; declare -p var",
	// Assigning to a nameref without a target names the target: it must
	// be an identifier; the assignment fails as a readonly one does, and
	// arithmetic reports it and goes on.
	"declare -n r; r=/; echo $?\necho next $?\nr=/ echo hi; echo $?\ndeclare r=/; echo $?\ndeclare -n r; r=a[1]; declare -p r\nunset -n r; declare -n q; q=1a; echo $?\ndeclare -n p; p=; echo $?",
	"declare -n r; let r=0; echo $?; echo $((r=1)) $?; x=$((r=2)); echo \"[$x] $?\"; ((r=3)); echo $?\necho next; declare -n r=\"\"; declare -n q=; echo $?; printf -v r /; echo $?",
	// The DEBUG trap: before a simple command's expansion, before
	// assignments, [[ ]], (( )), each for round, each for (( )) part and
	// case; not in subshells or command substitutions without set -T.
	`trap "echo DBG \$BASH_SUBSHELL \$BASH_COMMAND >&2" DEBUG; x=1 y=2; echo $x; (echo sub); { echo grp; }; f() { echo inf; }; f; [[ x ]]; ((1)); for i in 1 2; do :; done; case a in a) :;; esac; if :; then :; fi`,
	`trap "echo DBG \$BASH_COMMAND >&2" DEBUG; for (( i = 0 ; i < 2 ; i++ )); do :; done; for ((;;)); do break; done; ((  x = 1  )); [[ a == b ]]; case "$x"  in *) ;; esac; set -- a; for i; do :; done; echo $(trap -p DEBUG); (trap -p DEBUG)`,
	`trap "echo DBG \$BASH_COMMAND >&2" DEBUG; >/dev/null; x=1 >/dev/null 2>&1; echo $x`,
	`set -T; trap "echo DBG \$BASH_COMMAND >&2" DEBUG; (echo a); echo $(echo b)`,
	// With set -T a function runs the trap first at its own line; the
	// RETURN trap runs at that line too, with DEBUG in its commands.
	"set -T\nt() {\n  echo \"ret $1 ${FUNCNAME[1]}\"\n}\ntrap 'echo \"dbg $LINENO ${FUNCNAME[0]}\"' DEBUG\ntrap 't $LINENO' RETURN\nf() {\n  echo body\n}\nf\nfor a in 1 2; do\n  for b in 3; do\n    :\n  done\ndone",
	// . and source: the RETURN trap as the file ends; DEBUG is off in
	// the file without set -T.
	"echo 'echo in-src $LINENO' > s.sh\ntrap 'echo RET $LINENO ${FUNCNAME[0]-none}' RETURN\n. ./s.sh\nf() { . ./s.sh; echo f-after; }\nf\ntrap 'echo DBG $LINENO' DEBUG\n. ./s.sh\nset -T\n. ./s.sh",
	// [[ ]] prints a lone word as -n WORD; caller's options and usage.
	`f() { [[ x ]]; [[ $a && ( b || ! -z c ) ]]; [[ ! x ]]; [[ a == b && -f x ]]; }; declare -f f; g() { caller foo; echo $?; caller -x; echo $?; caller -1; echo $?; }; g`,
	// An alias text that opens a quote is expanded as the word is read:
	// the quote closes in the text that follows; a word of an alias
	// text ends with it (foo>&2 does not make 0>&2).
	"shopt -s expand_aliases\nalias foo=\"echo 'Error:\"\nfoo bar'\nv=1\nalias a='unalias -a\nv=2'\neval a\necho v=$v",
	"shopt -s expand_aliases\nalias foo=\"echo 'Error:\"\nfoo bar'\nalias foo=\"echo 'whoops: \"\nfoo nullalias'\n\nalias echo='echo a'\necho\necho b\nalias e='echo 0'\ne>&2\ne>/dev/null; e >&1",
	// DIRSTACK[N]=DIR changes the directory at that place in the stack.
	`cd /; pushd /usr >/dev/null; pushd /dev >/dev/null; DIRSTACK[1]=/bin; dirs; DIRSTACK[0]=/x; dirs; DIRSTACK[9]=/y; dirs; DIRSTACK[-1]=/z; dirs; DIRSTACK[2]+=q; dirs; echo ${DIRSTACK[@]}`,
	`cd /; pushd /usr >/dev/null; pushd /bin >/dev/null; dirs -v -1; dirs -v +0; dirs -p +1; dirs -v -0; dirs -v +2`,
	// More than 16 here-documents opened on one line: bash stops reading
	// before running the line (status 2).
	"echo x; cat <<E0; cat <<E1; cat <<E2; cat <<E3; cat <<E4; cat <<E5; cat <<E6; cat <<E7; cat <<E8; cat <<E9; cat <<E10; cat <<E11; cat <<E12; cat <<E13; cat <<E14; cat <<E15\nE0\nE1\nE2\nE3\nE4\nE5\nE6\nE7\nE8\nE9\nE10\nE11\nE12\nE13\nE14\nE15\necho after",
	"echo x; cat <<E0; cat <<E1; cat <<E2; cat <<E3; cat <<E4; cat <<E5; cat <<E6; cat <<E7; cat <<E8; cat <<E9; cat <<E10; cat <<E11; cat <<E12; cat <<E13; cat <<E14; cat <<E15; cat <<E16\nE0\nE1\nE2\nE3\nE4\nE5\nE6\nE7\nE8\nE9\nE10\nE11\nE12\nE13\nE14\nE15\nE16\necho after",
	// bash -c ends with 127 after a fatal expansion error, with 1 under
	// set -e.
	"set -eu; echo $y",
	"set -e; echo ${y:?msg}",
	"set -u; echo $y",
	"(set -eu; echo $y); echo $?",
	// readonly -n assigns without making readonly (nor taking it away);
	// kill with a signal and no process shows the usage.
	"declare -ar AA=(1); readonly -n AA; echo $?; declare -p AA; x=1; readonly -n x; echo $?; declare -p x; y=1; readonly -n y=z; echo $?; declare -p y; readonly r=1; readonly -n r=2; echo $?",
	"kill -INT --; echo $?; kill -- ; echo $?; kill -INT; echo $?; kill -s INT; echo $?",
	// An array assigned to a nameref without a target: the name stops
	// being a reference, with a warning.
	`declare -n r; r=(1 2); declare -p r; declare -n m; mapfile m </dev/null; declare -p m; declare -n a; read -a a <<< "a b"; declare -p a; declare -n q=x; q=(1 2); declare -p q x`,
}

func TestEv7Oracle(t *testing.T) {
	checkOracleRows(t, ev7Scripts)
}

// TestReadTimeoutReadyInput: read -t takes a here-string or here-document
// that is already there however short the timeout, as bash's own suite
// expects (read2.sub: read -t .0001 a <<<abcde prints abcde). Not an
// oracle row: whether bash's timer or read(2) wins at 1µs depends on the
// machine.
func TestReadTimeoutReadyInput(t *testing.T) {
	out, errOut, st := runOurs(t, "n=0; for i in 1 2 3 4 5 6 7 8 9 10; do a=; read -t .000001 a <<<abcde; [[ $a == abcde ]] && n=$((n+1)); done; echo $n; read -t .0001 a <<EOF\nhd\nEOF\necho $a")
	if out != "10\nhd\n" || errOut != "" || st != 0 {
		t.Errorf("got out=%q err=%q st=%d, want every read to take its line", out, errOut, st)
	}
}
