package eval

import (
	"testing"
)

// lead6Scripts pin rules found by running BusyBox's ash test suite under
// /bin/bash and under ours (session 6); each is compared with /bin/bash -c.
var lead6Scripts = []string{
	// A local shadowing an exported variable is exported too (and only
	// that attribute carries over).
	"export z=z; f(){ local z; declare -p z; local z=a; declare -p z; }; f\ng(){ local -n z; declare -p z; }; g\ndeclare -i n=1; h(){ local n; declare -p n; }; h\na(){ local y; export y=1; b; }; b(){ local y; declare -p y; }; a",
	// exit without a number in the EXIT trap uses the status from before
	// the trap; in other traps the last command's.
	"(trap 'echo Trapped; exit' EXIT\n (exit 1)\n)\necho One:$?",
	"trap 'false; exit' EXIT; true",
	"trap 'false; exit' USR1; kill -USR1 $$; echo no",
	"(trap 'false; exit' ERR; (exit 4)); echo $?",
	// return in a signal or ERR trap inside a function returns from it,
	// by default with the status from before the trap.
	"f(){ trap 'echo t; return 5' USR1; kill -USR1 $$; echo after; }; f; echo $?",
	"f(){ trap 'false; return' USR1; kill -USR1 $$; echo after; }; f; echo $?",
	// A function runs without the caller's ERR trap unless set -E; a
	// trap it sets itself stays after it returns; a function that its
	// ERR trap's return ended does not run the trap again.
	"trap 'echo A' ERR; f(){ trap -p ERR; trap 'echo B' ERR; false; }; f; false; g(){ false; }; g; trap -p ERR",
	"f(){ trap 'echo t; return 5' ERR; false; echo after; }; f; echo $?; false; echo end; g(){ return 3; }; g; echo x",
	"trap 'echo t' ERR; f(){ return 5; }; f; echo $?",
	"set -E; trap 'echo A $LINENO' ERR; f(){ false; }; f; (false)",
	// A command substitution with no command is status 0.
	"false; ``; echo $?\nfalse; `  `; echo $?\nfalse; $(); echo $?\nfalse; $( # c\n); echo $?\nfalse; x=$(exit); echo $?\nfalse; echo \"$(echo $?)\" $(); echo $?",
	// In ${x/p/r} a backslash that an expansion brought quotes only a
	// following & or backslash; the script's own backslashes are quote
	// removal as anywhere.
	"a=abc\nfor b in '\\t' '\\&' '&' '\\\\&' '\\\\' 'x\\' '\\\\t' '\\\\\\&' '\\*' '*'; do echo \"[$b] ${a//b/$b} | ${a/#a/$b} | \"${a//b/\"$b\"}\ndone\necho ${a//b/\\t} \"${a//b/\\t}\" ${a//b/\\&} ${a//b/\\\\&} ${a//b/&} \"${a//b/'&'}\" ${a//b/\"\\t\"} ${a//b/\"*\"} ${a//b/\\*} ${a//b/'\\'}\nshopt -u patsub_replacement; b='\\t'; echo \"${a//b/$b}\" ${a//b/\\t} ${a//b/\\&}\nv='a\\b\\c'; s='b\\\\c'; r='e\\f'; echo \"${v/$s/$r}\"",
	// "." with arguments gives them back after the file unless the file
	// ran set with words outside a function; shift does not count.
	"printf 'shift\\n' > s_shift; printf 'set -- x y\\n' > s_set; printf 'set -- x y; shift\\n' > s_ss\nset -- 1 2\n. ./s_shift a; echo \"A $# $*\"\n. ./s_set a; echo \"B $# $*\"\nset -- 1 2; . ./s_ss a b c; echo \"C $# $*\"\nf() { . ./s_set a; echo \"F $# $*\"; }; set -- 1 2; f q r; echo \"G $# $*\"\nset -- 1 2; . ./s_shift; echo \"H $# $*\"",
	// [[ =~ ]] is POSIX regcomp without REG_NEWLINE: . and [^x] match a
	// newline, ^ and $ only at the ends, leftmost-longest.
	"v=$'\\n'\n[[ $v =~ . ]]; echo 1 $?\n[[ \"a${v}b\" =~ a.b ]]; echo 2 $? ${BASH_REMATCH[0]@Q}\n[[ $v =~ [^a] ]]; echo 3 $?\n[[ \"x${v}y\" =~ ^y ]]; echo 4 $?\n[[ ab =~ a|ab ]]; echo 5 ${BASH_REMATCH[0]}\n[[ abcd =~ (a|ab)(c|bcd) ]]; echo 6 ${BASH_REMATCH[@]}\nshopt -s nocasematch; [[ \"A${v}B\" =~ a.b ]]; echo 7 $?",
	// A simple command's line is where the token after its first word
	// ends (or, first element an assignment or redirection, where that
	// ends); (( )) and [[ ]] take the line they end on.
	"nosuch \"a\nb\" \\\n c\necho $LINENO \\\n $LINENO\n[[ -n \"a\nb\" && $LINENO ]] && echo $LINENO\nx=\"1\n2\" echo $LINENO\n(( y = $LINENO +\n 0 )); echo $y\n>/dev/null nosuch \"a\nb\"\nx=\"a\nb\" nosuch2 \"c\nd\"\nnosuch3 <<E \"a\nb\"\nbody\nE\necho ${z:-\"\n\"$LINENO}\neval \"echo \\$LINENO\necho \\$LINENO\"\necho {,} $LINENO",
	// An error that discards the command line (bad substitution, a
	// readonly assignment) discards it in the innermost text being read:
	// eval's, a sourced file's; the next line there runs.
	"eval 'echo ${^}; echo e1'; echo \"end1 $?\"\neval 'echo ${^}\necho e2'; echo \"end2 $?\"\nf() { eval 'echo ${^}\necho e3'; echo \"inf $?\"; }; f; echo \"end3 $?\"\nprintf 'echo ${^}\\necho s4\\n' > s4; . ./s4; echo \"end4 $?\"\ng() { . ./s4; echo \"ing $?\"; }; g; echo \"end5 $?\"\nreadonly ro=1; eval 'ro=2\necho e7'; echo \"end7 $?\"\neval 'h() { echo ${^}; echo inh; }\nh\necho e8'; echo \"end8 $?\"",
	// A subshell resets the caller's traps but trap lists them until it
	// sets one of its own; ignored signals stay ignored.
	"trap 'echo X' EXIT; trap 'echo U' USR1; trap '' INT; echo \"A:$(trap)\"; (echo B:; trap); echo \"C:$(trap -p EXIT)\"; echo \"D:$(trap 'echo z' TERM; trap)\"; echo \"E:$(echo; trap)\"; f(){ trap; }; echo \"F:$(f)\"; trap | cat; echo \"G:$( (trap) )\"; (trap - USR1; trap)",
	// A subshell has no command line to go back to: there the error ends
	// it, eval or not.
	"readonly b=1; (eval b=2; echo BUG); echo st $?\n(eval \"b=2\necho in\"; echo BUG); echo st $?\nx=$(eval 'echo ${^}'; echo BUG); echo \"st $? $x\"",
}

func TestLead6Oracle(t *testing.T) {
	checkOracleRows(t, lead6Scripts)
}
