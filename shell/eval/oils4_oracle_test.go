package eval_test

import "testing"

// TestOils4Rules holds the rules fixed for the Oils corpus (word-split,
// printf, vars-special, ...), each checked against /bin/bash.
func TestOils4Rules(t *testing.T) {
	checkRules(t, []ruleCase{
		{"null IFS joins key and prefix lists", `a=(v1 v2 v3); ab_1=1 ab_2=2; IFS=; printf "<%s>" ${!a[*]}; echo; printf "<%s>" ${!ab_*} ${!ab_@} ${a[*]} ${!a[*]}x; echo; x=${!a[*]}; echo "$x"; e=(); printf "<%s>" ${!e[*]}; echo; IFS=:; printf "<%s>" ${!a[*]} ${!ab_*}; echo; unset IFS; printf "<%s>" ${!a[*]} ${!ab_*}; echo`, false},
		{"printf integer range", `for f in %u %d %x %o; do for n in 18446744073709551615 18446744073709551616 -18446744073709551615 -18446744073709551616 -1 9223372036854775808 -9223372036854775809 0x1ffffffffffffffff; do printf "$f\n" $n; echo $?; done; done 2>/dev/null; printf "%u" 18446744073709551616 >/dev/null`, false},
		{"printf %c takes a byte", `printf "%c" "μμ" | od -An -tx1; printf "[%3c]" "é" | od -An -tx1`, false},
		{"printf %()T follows the exported TZ", `export TZ=Asia/Tokyo; printf '%(%Y-%m-%d %H)T\n' 1557978599; export TZ=US/Eastern; printf '%(%Y-%m-%d %H)T\n' 1557978599; TZ=Portugal; printf '%(%H)T\n' 1557978599; export TZ; printf '%(%H)T\n' 1557978599; unset TZ; printf '%(%H)T\n' 1557978599; TZ=Japan printf '%(%H)T\n' 1557978599; TZ=Japan; printf '%(%H)T\n' 1557978599`, false},
		{"printf %()T output past 127 bytes is dropped", `f=; for i in $(seq 31); do f+=%Y; done; printf "%($f)T" 1 | wc -c; printf "[%(${f}%Y)T]\n" 1; printf "%(${f}xyz)T" 1 | wc -c; printf "%(${f}x)T" 1 | wc -c`, false},
		{"readonly prefix assignment still runs the command", `readonly r=1; f() { echo f$r; }; r=2 echo hi; echo $?; r=2 :; echo $?; r=2 f; echo $?; r=2 eval 'echo e$r'; echo $?; r=2 a=3 cat /dev/null; echo $? $a; r=2; echo notreached`, false},
		{"UID EUID PPID are readonly integers", `for v in UID EUID PPID; do declare -p $v | cut -d= -f1; done; (PPID=4; echo no); echo $?; PPID=4 true; echo $?; UID=5 true; echo $?; f() { local UID=3; echo $?; }; f; unset UID; echo $?; unset EUID PPID; echo $?; (UID=xx echo hi; echo no); echo $?`, false},
		{"for (( )) expressions run at the loop's line", "echo one\nfor (( i = 0; i < $LINENO; i++ )); do\n  echo $i $LINENO\ndone\nfor ((i=0;\n i<2;\n i++)); do echo $LINENO; done; for ((i=0; i<2; i++ , j=LINENO)); do\n :\ndone; echo $j; for ((i=0; i<2; x+=y/0)); do\n :\n done", false},
		{"a colon ends the tilde-prefix", `HOME=/home/bob; echo ~:x ~/a:~ x:~ ${u-~:x} "${u-~:x}" ${u-~}; set -o posix; echo ~:x ${u-~:x}; a=~:~; echo $a`, false},
		{"assignment-like arguments get assignment tildes", `HOME=/home/bob; echo x=~ a=~:~ =~ 1x=~ x:~ --opt=~ a=b:~ "x"=~ x=\~ a+=~ a=~b a=~/x:~/y x=~"/a" x=~/"a" x=~: ; set -o posix; echo x=~`, false},
		{"assignment values: tildes after colons, also in ${x-word}", `HOME=/home/bar; x=~:${undef-~:~}; echo $x; y=${undef-~:~}; echo $y; echo ${undef-~:~} ${undef-x=~} x=${undef-~:~}; y=${undef-"~":~}; echo $y; y=${undef:-~/a:~/b}; echo $y; y=${HOME+~:~}; echo $y; y="${undef-~:~}"; echo $y; z=${undef=~:~}; echo $z $undef; y="~":~; echo $y; y=$HOME:~; echo $y; y=a"b":~:c; echo $y`, false},
		{"=~ follows glibc's ERE rules", `for re in "{" "a{" "a{1" "x|{" "({)" "a{,2}" "{1}" "*" "a|*" "(*)" "^*" "a**" "+" "?a" "a{2,1}" "a{2}" "[{]" "[]{]" "[[:alpha:]]*" "a\{" 'x$' "\\*" ")"; do [[ "a{" =~ $re ]]; echo "$re $?"; done; [[ a =~ "*" ]]; echo $?; [[ { =~ { ]] && echo true; echo status=$?; [[ foo.py =~ * ]] && echo true; echo $?; [[ aaa =~ a+* ]]; echo $? ${BASH_REMATCH[0]}; [[ aaa =~ (a+?) ]]; echo $? ${BASH_REMATCH[0]}; [[ aab =~ a*?b ]]; echo $? ${BASH_REMATCH[0]}; [[ "a)" =~ a\) ]]; echo $?; shopt -s nocasematch; [[ AB =~ ^a ]]; echo $?`, false},
		{"=~ expands a leading tilde literally", `HOME=foo; [[ ~ =~ $HOME ]]; echo regex=$?; [[ $HOME =~ ~ ]]; echo regex=$?; HOME='^a$'; [[ ~ =~ $HOME ]]; echo regex=$?; [[ $HOME =~ ~ ]]; echo regex=$?; [[ '^a$/x' =~ ~/x ]]; echo $?; [[ 'x~' =~ x~ ]]; echo $?`, false},
		{"an escaped or quoted - in a bracket is literal", `mkdir -p g && cd g && case - in [C\-D]) echo m1;; esac; case B in [A\-C]) echo m2;; esac; case - in [A\-]) echo m3;; esac; case b in [\^a]) echo m4;; esac; case ^ in [\^a]) echo m5;; esac; case - in [C"-"D]) echo m6;; esac; touch foo.- c.C; echo *.[C\-D] \- a\-b; x=a-b; echo ${x/[\-]/+} ${x#a\-}`, false},
	})
}
