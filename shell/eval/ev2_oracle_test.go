package eval

import (
	"testing"
)

// ev2Scripts pin rules fixed from bash's own test suite (cond, extglob,
// redirections, history, errors); each is compared with /bin/bash -c.
var ev2Scripts = []string{
	// [[ s = pat ]] matches a pattern exactly as == does, extglob nested.
	`[[ abc = a* ]]; echo $?; [[ a = "a*" ]]; echo $?; [[ fofo = *(f*(o)) ]]; echo $?; [[ x != @(x|y) ]]; echo $?`,
	`shopt -s extglob; p='*(*(of*(o)x)o)'; [[ ofxoofxo = $p ]]; echo $?; [[ foooofof = *(f+(o)) ]]; echo $?`,
	// A background statement of redirections only runs them in the job.
	`> f & wait; echo $?; ls f; exec > g & wait; echo $? out; cat g`,
	// Redirection words are expanded without the command's own prefix
	// assignments; in posix mode they are not globbed.
	"a=42\na=2 echo foo 2>&1 >&$a; echo st=$?\na=2; a=9 echo foo >&$(echo $a)\n: <$((n+=42)); echo $n",
	`echo x > q.1; cat < q.*; set -o posix; cat < q.*; echo $?; cat < q.{1,2}`,
	// getopts: a function with its own OPTIND starts over, and its caller
	// goes on inside its -xyz group after the function returns.
	`f() { typeset OPTIND=1 opt; while getopts ":abcxyz" opt; do echo opt: "$opt"; if [[ $opt = y ]]; then f -abc; fi; done; }; f -xyz`,
	`set -- -ab -c; getopts abc o; echo $o $OPTIND; OPTIND=1; getopts abc o; echo $o $OPTIND; getopts abc o; echo $o $OPTIND`,
	// coproc: descriptors from the top below 64 (read end, write end);
	// reaped once waited for (fds closed, NAME and NAME_PID unset); a
	// subshell can kill it by pid.
	`coproc { read -r l; echo "$l"; read -r l; }; echo ${COPROC[@]}; echo hi >&${COPROC[1]}; read l <&${COPROC[0]}; echo $l; kill $COPROC_PID; wait $COPROC_PID; echo $?; echo "${COPROC[@]-gone}" ${COPROC_PID-unset}`,
	`coproc { echo a b c; }; echo ${COPROC[@]}; read x <&${COPROC[0]}; wait; echo $x "${COPROC_PID-unset}"; coproc R { while read -r l; do echo "$l"; done; }; echo ${R[@]}; exec {R[1]}>&-; wait; echo ${R-unset}`,
	// History: set -o history saves each line read (cmdhist joins a
	// command's lines; HISTCONTROL, HISTIGNORE filter), set -H expands
	// events, words and modifiers; a failed or :p line is dropped.
	"set -o history\nset -H\necho a b c\n!!\necho !$ 2>/dev/null\n!nosuch\necho after\n^a^z^\n!!:s/z/y/:p\necho !:0\nhistory",
	"set -o history -H\necho /usr/lib/x.tar.gz\necho !$:h !$:t !$:r !$:e !!:1:q\necho a b c d e\necho !!:2-$ !-2:1-3 !!:3* !?d?:% !-1:x\necho foo foo\n!!:gs/foo/bar/\n!-1:G&\nhistory",
	"set -o history -H\necho one two\necho '!!' \\!\\! \"!!\" $(echo '!!') ${!x} [!a] !\necho \"$(echo '!')\" `echo !!`",
	"HISTCONTROL=ignoreboth HISTIGNORE='&:#*:h*'\nset -o history -H\necho x\necho x\n echo hidden\n# comment\nfor i in 1 2\ndo\n  echo $i !!\ndone\ncat <<EOF\n!!\nEOF\nhistory",
	"set -o history -H\necho a\nhistory -s echo stored\nhistory -p '!!' '!e' '!!:z'\nhistory 2; history -d 1; history; history -c; history",
	// extglob: a group with a '[' that no ']' closes has no end, so its
	// characters are ordinary; an empty group +() is an empty pattern.
	"shopt -s extglob\ncase foo in *(a|b[)) echo yes;; *) echo no;; esac; case '*(a|b[)' in *(a|b[)) echo yes;; esac; case foo in *(a|b[)|f*) echo yes;; esac",
	"shopt -s extglob\n: > abc; echo +()c +()x +(*)c; case '' in +()) echo empty;; esac; [[ x = x@() ]] && echo y; echo !([*)* +(a|b[)*",
	// history -d ranges, history -c restarts the numbers; fc lists
	// (-l -n -r, ranges, out-of-range clamps) and re-runs (-s pat=rep).
	"set -o history\necho a\necho b\necho c\necho d\necho e\nhistory -d 2-4\nhistory\nhistory -d -1; history -d 7-9; history -d 1-0xaf; history",
	"set -o history\necho aa ab ac\nfc -s a=x\nfc -s x=4 b=8\nfc -s cc\nfc -l\nfc -ln 1 2\nfc -lr -3\nfc -l 500 1\nfc -v",
	"set -o history\nHISTSIZE=4\nhistory -c\necho a\necho b\necho c\necho d\nfc -l\nfc -l 0\nfc -l -0\nhistory",
	// A malformed [[ ]]: bash's conditional-parser messages, and the
	// script stops with the status it had (eval: status 2).
	"echo a\n[[ a b ]]\necho no",
	"false\n[[ a -eq ]]\necho no",
	"[[ -f ]]\necho no",
	"x=-e; if [[ $x =~ ([a-z]+) ([a-z]+) ]]; then echo m; fi\necho no",
	"[[ ( a ]]\necho no",
	"[[ a ) ]]; echo no",
	"[[ a =~ b c ]]",
	"[[ ! ]]\necho no",
	`eval '[[ a b ]]'; echo st=$?`,
	// Text ending inside a quote or substitution: bash names what it was
	// looking for, on the line that opened it; name( wants ).
	"echo a\necho 'b\nc",
	`echo "abc`,
	"echo `abc",
	"echo a\necho $(abc",
	`echo $((1+2`,
	`eval "echo 'a"; echo st=$?`,
	"echo before\necho (\necho after",
	`echo ( a`,
	// time ! cmd times the negated pipeline; time time times once.
	"TIMEFORMAT=T\ntime ! echo a\necho $?\ntime ! false; echo $?\ntime time echo b\nf() { time ! true; }; f; echo $?",
	// Builtin errors from bash's errors test: unset -f -v, shift with
	// two operands, hash options and set +h, trap -p -s, symbolic umask.
	"unset -f -v SHELL; echo $?; hash -v; echo $?; set +o hashall; hash -p /x/y y; echo $?; trap -p -s NOSIG; echo $?",
	"set -- a b c\nshift $# x; echo same\necho $?\nf() { shift 1 2; echo in; }; f; echo after",
	"umask 022; umask g+w; umask; umask -S; umask a=rx,u+w; umask; umask o-x; umask u=; umask; umask +x; umask; umask u=rwx:g=rwx; umask u:rwx; umask g=u; umask -p -x; echo $?",
}

func TestOracleEv2(t *testing.T) {
	checkOracleRows(t, ev2Scripts)
}
