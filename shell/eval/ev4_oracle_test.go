package eval

import (
	"testing"
)

// ev4Scripts pin expansion, quoting and parsing rules found through bash
// 5.2's own test suite; each is compared with /bin/bash -c when present.
var ev4Scripts = []string{
	// $'\x{HHH}': any number of hex digits, low byte kept, '}' optional;
	// no digits gives NUL, which ends the string. ${x@E} shares it.
	`printf '<%s>' $'ab\x{}cd' $'ab\x{41}cd' $'ab\x{4}cd' $'ab\x{c}de' $'\x{01234567X' $'\x{41}b' $'x\x{'; printf '<%q>' $'\x{cde' $'a\x{1}b'`,
	`x='a\x{42}c'; echo "${x@E}"; echo -e 'a\x{41}b'`,
	// \c? is DEL; \c\\ is FS and consumes both backslashes.
	`printf '%q ' $'\c[\c\\\c]\c^\c_\c?' $'\ca\cA\c1\c\\x\c'; x='\c?\c\\z'; printf '%q\n' "${x@E}"`,
	// posix mode: inside "${x+word}" (- = ? + too) a ' is literal and
	// hides no '}'; the pattern operators keep quoting; outside posix
	// mode the quotes still quote.
	"set -o posix\necho 2 \"${IFS+'}'z}\"\necho 3 \"foo ${IFS+'bar} baz\"\necho \"$(echo \"${IFS:-'}'z}\")\"",
	"set -o posix\nkey=v; echo \"${IFS+'$key'}\" ${IFS+'$key'}; foo=\"x'}'y\"; echo \"${foo%'}'*}\" \"${foo#*'}'}\" \"${foo/'}'/Q}\"",
	"set -o posix\nprintf '%s\\n' \"${IFS+\"'\"x ~ x'}'x\"'}\"x}\" #'\nprintf '<%s> ' \"${IFS+foo 'b\\\nar' baz}\"; echo .",
	"set -o posix\ncat <<E\n\"${IFS+'}'z}\"\nE\necho $'\\'' \"${u-'}'}\"",
	"echo \"${IFS+'}'z}\"\nset -o posix\necho \"${IFS+'}'z}\"\nset +o posix\necho \"${IFS+'}'z}\"",
	// A here-document without its delimiter ends at the end of input,
	// with a warning; in $( ) a line starting with the delimiter and
	// going on to ')' ends it too, the rest read as commands.
	"echo a\ncat <<EOF\nhi",
	"cat <<-EOF\n\tbody $HOME\n",
	"c() { while IFS= read -r l; do echo \"$l\"; done; }\nfoo=$(c <<EOF\nhi\nEOF )\necho $foo\ne=$(c <<EOF\nc\nEOF) ; echo z\necho $e",
	"c() { while IFS= read -r l; do echo \"$l\"; done; }\nx=$(c <<\\)\nq\n))\necho $x",
	"foo=$(read -r x <<EOF\nhi\nEOFabc\n)\necho \"[$foo]\"\n",
	"cat <<EOF\nhi\nEOF )\necho x",
	// An unquoted body joins backslash-newlines before the delimiter is
	// matched (a quoted one does not); the word itself may continue on
	// the next line; a <<- delimiter starting with a tab also matches
	// its line before the tabs are stripped.
	"read -r x << EOF\nhi\nEO\\\nF\necho \"$x\" $LINENO\nread -r y << 'EOF'\nhi\\\nEO\\\nF\nEOF\necho \"$y\" $LINENO",
	"read -r x << EO\\\nF\nhi\nEOF\necho \"$x\" $LINENO",
	"read -r x <<-'\tEND'\n\thello\n\tEND\necho \"[$x]\"",
	// In $( ) a body line starting with the delimiter and going on to
	// ')' ends the body even when a later line is the delimiter.
	"b=$(read -r x <<EOF\nquoted parens \\( ) here\nEOF)\n\necho \"$b\" $LINENO\n(read -r x <<EOF\nmore\nEOF\n)\necho $LINENO",
	// An unclosed subshell is an unexpected end of file.
	"( echo a; ( echo b )",
	"(cat <<EOF\nstill more\nEOF)",
	// The offset and length of ${x:o:l} are arithmetic read when
	// expanded: A[%] and A[$k] with an associative A.
	"declare -A A; A[%]=3; A[x]=2; k=x; s=abcdefgh; echo ${s:A[%]:A[$k]} ${s:1:A[%]} ${s:A[%]}; echo \"${s:A[%]:A[$k]}\"",
	"set -- a b c; echo ${#:1}; echo ${#:}; echo after",
	// ${$(...)} (zsh's nested expansion, refused by the parser) is a
	// bad substitution when expanded, not a syntax error.
	"echo ${$(($#-1))}; echo after\necho next",
	// Only ${x/#p/r} and ${x/%p/r} anchor: after // a # or % is literal.
	`x=abcd; echo ${x//#a/z} ${x//%d/z}; y="a#ab%d"; echo ${y//#a/z} ${y//%d/Q} ${y/#a/z} ${y/%d/z}; v=(abcde abcfg); echo ${v[*]//#abc/foo} ${v[*]/#abc/foo}`,
	// nocasematch reaches pattern substitution, not removal or case ops.
	`shopt -s nocasematch; x=abcd; echo ${x#A} ${x/A/z} ${x//[BC]/x} ${x/#A/q} ${x,,[A]} ${x^^[B]} ${x//BC/x} "${x/%D/e}"; a=(Ab aB); echo ${a[@]/b/-}`,
	// @A, @K and @k of a whole array, of $@, of a declared variable
	// without a value; attribute letters in bash's order.
	"p(){ printf \"<%s>\" \"$@\"; echo; }; foo=string; set -- \"a b\" \"c d\"; p ${foo@K} ${foo@k}; p ${@@K}; p \"${@@K}\"; p \"${@@k}\"; p \"${@@A}\"; p \"${*@A}\"; set --; p \"${@@A}\" \"${@@K}\"; A=(zero \"one o\"); p \"${A[@]@K}\"; p \"${A[*]@K}\"; p \"${A[@]@k}\"; p ${A[@]@k}; p \"${A@K}\" \"${A@A}\" \"${A[1]@A}\" \"${A[1]@K}\"; declare -A M=([k 1]=v1 [k2]=\"v 2\"); p \"${M[@]@K}\" \"${M[@]@k}\" \"${M[@]@A}\" \"${M@A}\"; E=(); p \"${E[@]@A}\" \"${E[@]@K}\"; declare -i n; p \"${n@A}\" \"${n[@]@A}\" \"${n@K}\"; unset zz; p \"${zz@A}\" \"${zz[@]@A}\"; x=1; p \"${x[@]@A}\"; readonly x; p \"${x@A}\"; f(){ local -i q=2; p \"${q@A}\"; }; f; declare -ailrtx v=1; echo ${v@a}; declare -p v",
	// ${x@P} expands parameters, command substitutions and arithmetic
	// after the prompt escapes (promptvars); quotes stay literal and what
	// an escape produced is not expanded again.
	`x='a"b $y '"'q'"' $(echo c) $((1+2)) \\ \v ` + "`echo d`" + ` ~ \q'; y=Y; echo "${x@P}"; shopt -u promptvars; echo "${x@P}"; H=host; N='\[\]${H}($L)[\v]> '; shopt -s promptvars; echo "${N@P}"`,
	// select over an empty list neither prompts nor reads: status 0.
	"false; select i; do echo; done; echo \"st=$?\"; set -- a; false; select i in; do echo; done; echo \"st=$?\"",
	// A backslash ending the input is literal; a backslash-newline
	// ending it joins nothing.
	`eval "echo C\\"; echo "x\\"; eval "echo D\\
"; echo E\`,
	"echo F\\\n",
	// An alias completed by the text after it (an open $( ) expands
	// at each use, not only the first.
	"DATE=D\nshopt -s expand_aliases\nalias comsub0='echo $(echo $DATE'\ncomsub0)\ncomsub0\t\t) after\necho next\nalias m='echo $(( 4+3 )'\nm)\nm)",
	// In posix mode aliases expand while a command substitution is read:
	// they may supply its case, braces or closing parenthesis.
	"shopt -s expand_aliases\nset -o posix\n\nalias switch=case\n\nswitch foo in foo) echo ok 1;; esac\n\necho $( switch foo in foo) echo ok 2;; esac )\necho \"$( switch foo in foo) echo ok 3;; esac )\"\n\necho $( switch foo in (foo) echo ok 4;; esac )\necho \"$( switch foo in (foo) echo ok 5;; esac )\"\n\nalias nest='('\n\necho $( nest echo ok 6 ) )\necho \"$( nest echo ok 7 ) )\"\n\nalias short='echo ok 8 )'\n\nalias DO='{ '\nalias DONE='}'\ngot=$(DO\necho ok 9; DONE)\necho \"$got\" \n\necho $( short\necho \"$( short \"\n\n# remember that short\" won't work because you start a new quoting context\n# inside $( and the token (`short') won't be delimited by the ending double\n# quote, so there's no opportunity to perform the alias expansion that would\n# terminate the command substitution\n",
	// A "..." nested in the word of a double-quoted ${x:+word}: a
	// backslash there quotes any character and goes.
	"p(){ printf '<%s>' \"$@\"; echo; }\nselvecs='&m68kcoff_vec'\np \"T = ${selvecs:+-D=\\'$selvecs\\'}\"\np T = ${selvecs:+-D=\\'$selvecs\\'}\np \"T = ${selvecs:+-D=\"\\'$selvecs\\'\"}\"\np \"${selvecs:+\\p}\" ${selvecs:+\\p} \"${selvecs:+\"\\p\"}\" \"${selvecs:+\\'}\" \"${selvecs:+\"\\'\"}\" ${selvecs:+\"\\'\"}\np \"${selvecs:+\\\"}\" \"${selvecs:+\\\\}\" \"${selvecs:+\\$}\" \"${selvecs:+\\}}\" \"${selvecs:+\\`}\"\n",
	// In backquotes a backslash-newline goes even inside single quotes
	// (bash removes it while collecting the text); elsewhere it stays.
	"echo `echo 'foo\\\nbar'`  \necho \"`echo 'foo\\\nbar'`\"\necho $LINENO\necho 'x\\\ny'\n",
	// ${#OP} with a lone operator character is a bad substitution; the
	// lengths ${#-} ${#?} and $# with an operator and word are not.
	`set -- a b; echo ${#-} ${#?} ${#%%} ${#=x} ${#+y} ${#/a/b}; echo ${#/}; echo "${#%}"; echo ${#=}; echo ${#+}; echo ${#^}; echo ${#,}; echo end`,
	// An arithmetic error in a slice names the parameter first.
	"x=abc; a=(1 2); set -- q a b; echo ${x:%}; echo ${x:1:%}\necho ${@:%}\necho ${a[@]:%}\necho \"${a[1]:%}\"\necho ${1:%}\necho ${#:%}; echo end",
	// Printing functions: a here-document's body and delimiter once,
	// <<- bodies without their tabs, no ";" after the line holding one
	// nor after the compound command around it.
	"fff()\n{\n  ed foo <<ENDOFINPUT >/dev/null\n/^name/d\nq\nENDOFINPUT\naa=1\n}\ndeclare -f fff",
	"g() { cat <<'END'\nx $y\nEND\ncat <<-E\n\ttabbed\n\tE\ncat <<F\nF\necho z\n}\ndeclare -f g",
	"g() {\n  while read l; do cat <<E\nin loop\nE\n  done\n  if true; then cat <<A; fi\na\nA\n  cat <<P 3<<Q\np\nP\nq\nQ\n  { cat <<R; }\nr\nR\n}\ndeclare -f g",
}

func TestOracleEv4(t *testing.T) {
	checkOracleRows(t, ev4Scripts)
}
