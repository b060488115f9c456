package eval

import (
	"testing"
)

// rereadScripts pin the reading rules found with bash's own test suite
// (internal/bashsuite): where bash reads on after an error, or reads a
// construct the parser refuses another way. Each is compared with
// /bin/bash -c when present.
var rereadScripts = []string{
	// A syntax error inside a compound assignment drops the rest of the
	// line, sets $? to 1 and the script reads on; posix mode ends it.
	"true\nx=(a & b); echo same\necho st=$?\ny=(1 ; 2)\necho st=$? ${#y[@]}",
	"if true; then\nx=(a & b)\necho in-if\nfi\necho after",
	"x=(a\nb & c\nd)\necho after",
	`eval "y=(a & b)"; echo st=$?; f(){ eval "z=(1 & 2)"; echo f=$?; }; f`,
	// eval's syntax errors name eval.
	`eval "fi"; echo $?; f(){ eval 'if'; }; f; echo $?`,
	// (( and $(( that do not close with )) are subshells.
	"((echo abc; echo def;); echo ghi)\necho $((echo a);(echo b))\necho \"$((echo c) 2>&1)\"",
	"x=$(( (1+2)*3 )); echo $x; ((y=(2)+(3))); echo $y; (( echo 1 ) )",
	"(())\necho st=$?",
	// Subscripts are text until expanded.
	"declare -A h\nh[hello world]=flip\ndeclare -p h\necho ${h[hello world]}",
	"a[1 + 2]=x; declare -p a",
	"_E=v\nx=${_E[(_$-=0)+(_=1)-_${-%%*i*}]}\necho \"[$x]\"",
	// printf with a huge run of repeated flags (printf1.sub) stays linear.
	`format=%$(printf "%0100384d" 0)d; printf -v vv $format 0; echo ${#vv} $?`,
	// declare +n ref=value assigns through ref, then drops the attribute.
	`bar=one; declare -n foo=bar; declare +n foo=other; echo "$foo $bar"; declare -p foo bar; x=1; declare -n r=x; declare +n r; declare -p r x`,
	// set -k: assignment words anywhere in the command are assignments.
	"b=2; e=\"a=3 b=4 c=5\"; set -k; echo $e b=6 x=$b; f(){ echo \"[$x]\"; }; f x=9; set +k; f x=1\nset -k; C=; a=5 b+=6 $C c=7 $C d=8; echo $a $b $c $d",
	// exec's options.
	`exec -i /bin/sh; echo st=$?; exec -a; echo st=$?; exec -cl -a foo -- true; echo no`,
}

func TestOracleReread(t *testing.T) {
	checkOracleRows(t, rereadScripts)
}
