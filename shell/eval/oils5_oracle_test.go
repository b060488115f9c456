package eval_test

import "testing"

// TestOils5Rules: rules found through the Oils spec corpus, checked
// against /bin/bash.
func TestOils5Rules(t *testing.T) {
	checkRules(t, []ruleCase{
		// A command search settles for a non-executable file when no
		// executable one is on $PATH; running it is then refused.
		{name: "type non-executable", script: "mkdir d; touch d/ne; PATH=$PWD/d:$PATH\ntype -t ne; echo $?\ncommand -v ne >/dev/null; echo $?\ntype -a ne; echo $?\nne; echo $?\n"},
		// type -f skips functions; -p prints nothing for names found
		// before $PATH unless -a asks for every file.
		{name: "type -f and -ap", script: "pwd() { :; }\ntype -f pwd; type -ft pwd; type -p pwd; echo $?\ntype -ap pwd; type -fa pwd\n"},
		// A name found as a function, builtin or alias counts as found
		// for type -p, which prints nothing for it.
		{name: "type -ap status", script: "shopt -s expand_aliases; alias x=y\nf() { :; }\ntype -ap f; echo $?; type -ap cd; echo $?; type -p x; echo $?\ntype -ap nonexist; echo $?; type -Pa f; echo $?\n"},
		// A function body must be a compound command; bash rejects the
		// line when it reads it.
		{name: "unbraced function body", script: "echo a\nf() ls\necho b\n"},
		{name: "negated function body", script: "f() ! { :; }\n"},
		{name: "nested unbraced body", script: "if true; then f() x=1; fi\n"},
		{name: "compound function bodies", script: "f() [[ 1 ]]; f; echo $?\ng() ((0)); g; echo $?\nh() { echo h; } >/dev/null; h; echo $?\n"},
		// xtrace is off while PS4 is expanded: its command substitutions
		// are not traced.
		{name: "PS4 with command substitution", script: "PS4='+$(echo trace) '; set -x\necho hi\n"},
		{name: "PS4 calling a function", script: "f() { echo f; }; PS4='+$(f; echo e >&2) '; set -x\necho z\n"},
		// A blank offset or length of a substring expansion is 0; only
		// an empty offset with no length is a bad substitution.
		{name: "blank slice parts", script: "a=(1 2 3); s=abc; set -- x y\necho ${a[@]: } ${a[@]::}. ${a[@]:0:}. ${a[@]: : }. ${a[@]:1: }.\necho ${s: } ${s:: }. \"${s:1: }\" \"${@:1: }\" ${a[1]: }\necho ${s:}; echo after\necho ${a[@]:}\n"},
		// An empty arithmetic expression is 0: (( )) fails, $(( )) is 0.
		{name: "empty arithmetic", script: "(( ))\necho status=$?\necho $(( )) $((  ))\nx=$(( )); echo \"<$x>\"\nfor (( ; ; )); do echo one; break; done\n"},
		// A remembered command runs from its remembered path; gone, it
		// fails there unless checkhash makes bash search again.
		{name: "hashed command removed", script: "mkdir -p one two; PATH=\"$PWD/one:$PWD/two:$PATH\"\necho 'echo two' > two/mycmd; chmod +x two/mycmd\nmycmd; echo status=$?\necho 'echo one' > one/mycmd; chmod +x one/mycmd; rm two/mycmd\nmycmd; echo status=$?\nshopt -s checkhash; mycmd; echo $?\n"},
		// set -n stops a non-interactive shell running anything more.
		{name: "set -n", script: "echo 1; set -n; echo 2\nset +n\necho 3\nexit 4\n"},
		{name: "set -n in a function", script: "f() { set -n; echo in; }; f; echo out\n"},
		// Each stage of a pipeline is a subshell where set -e applies,
		// unless the pipeline is itself a condition.
		{name: "errexit in pipeline stages", script: "set -e; trap 'echo trap' EXIT\n{ echo one; false; echo two; } | cat\nfalse | true; echo ok\nif { false; echo in; } | cat; then echo then; fi\n! { false; echo neg; } | cat\necho end\n"},
		// An associative array's subscript met as text has its quotes
		// removed: A['k'], A["k"] and A[\k] all name key k.
		{name: "assoc key quote removal", script: `declare -A A=(['foo']=bar ['spam']=42 ["a b"]=7 ['$x']=9)
ref="A['spam']"; echo ${!ref}
(( x = A['spam'] )); echo $x; (( y = A["a b"] + 1 )); echo $y
(( A['new'] = 5 )); unset "A['foo']"; unset 'A[$x]'
read "A['r']" <<< hi; printf -v "A[\"p\"]" %s pv; A['q']=1; A["w"]=2
declare -p A
`},
		// let is an ordinary builtin: its arguments are words, so # starts
		// a comment and a bare let is let's own error.
		{name: "let arguments are words", script: "let x=1\nlet y=x+2\nlet z=y*3  # a comment\necho $x $y $z\nlet; echo $?\ntrue && let a=1 # c\nif let b=a+1 # c\nthen echo $a $b; fi\n"},
		// A nested shell keeps an inherited $PWD naming its directory and
		// otherwise starts with the physical path.
		{name: "nested shell PWD", script: "mkdir -p t/target; ln -s -f $PWD/t/target t/symlink; cd t/symlink\nbash -c 'basename $(pwd)'\nunset PWD\nbash -c 'basename $(pwd) $PWD'\nexport PWD=/tmp; bash -c 'basename $(pwd)'\n"},
		// A float in arithmetic is bash's run-time error, not a syntax
		// error of the whole line.
		{name: "float in arithmetic", script: "echo $((1 + 2.3)); echo st=$?\necho next\n(( x = 1.5 )); echo $? ${x-unset}\n"},
	})
}
