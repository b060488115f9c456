package eval_test

import "testing"

// TestVarRefRules checks namerefs, arrays and related variable rules
// against /bin/bash.
func TestVarRefRules(t *testing.T) {
	checkRules(t, []ruleCase{
		{name: "declare -n on a set variable needs a valid target name",
			script: "ref='#'\ndeclare -n ref\necho $? $ref\nr2=1\ndeclare -n r2\necho $? $r2\nr3=x; x=X\ndeclare -n r3\necho $r3\n"},
		{name: "element assignment through a nameref",
			script: "a=(X Y Z)\ndeclare -n ref=a\nref[0]=xx\nref[5]+=q\necho ${a[@]}\ndeclare -A h\ndeclare -n r=h\nr[k]=v\ndeclare -p h\ndeclare -n n=nosuch\nn[2]=x\ndeclare -p nosuch\n"},
		{name: "a nameref to an element cannot be subscripted",
			script: "array=(X Y Z)\ntypeset -n ref='array[0]'\nref[0]=foo\necho status=$?\necho ${array[@]}\n"},
		{name: "circular namerefs read empty, fail on write, unset the reference",
			script: "typeset -n ref1=ref2\ntypeset -n ref2=ref1\necho ref1=$ref1\nref1=z\necho $?\nref1=(a b)\necho $?\nref1[1]=q\necho $?\nunset ref1\necho $?\ndeclare -p ref2\n"},
		{name: "circular namerefs assigned arrays become arrays",
			script: "typeset -n r1=r2 r2=r1\nr1=(a b)\ndeclare -p r1 r2\ntypeset -n s1=s2 s2=s1\ns1[1]=q\ndeclare -p s1 s2\n"},
		{name: "${!a[@]} with an operator is indirection through the values",
			script: "a=(x y); x=XX; y=YY\necho \"${!a[@]}\"\necho \"${!a[@]:-d}\"\nb=(x)\necho \"${!b[@]-default}\" \"${!b[@]%X}\" \"${!b[@]:1:1}\" \"${!b[@]/X/Q}\" \"${!b[@]@Q}\"\nr=(v1); v1=\necho \"${!r[@]:=new}\" $v1\n"},
		{name: "${!x:=w} assigns the named variable, which must be a plain name",
			script: "z=zz; zz=\necho ${!z:=foo} ${!z:=bar} $zz\nx='a[1]'\necho ${!x:=v}\necho $?\nx=1\necho ${!x:=v}\necho $?\n"},
		{name: "${!a[i]@a} is the attributes of the variable the element names",
			script: "declare -A ref=([k]=a3[@]); a3=(1 2 3); a1=(); a2=(e); declare -i n=1\nprintf '<%s>' \"${!ref[@]@a}\" \"${!ref[k]@a}\"; echo\nref[k]=a1; echo \"${!ref[@]@a}\"\nref[k]='a2[0]'; echo \"${!ref[@]@a}\"\nref[k]=n; echo \"${!ref[@]@a}\"\nref[k]=1; echo \"[${!ref[@]@a}]\"\n"},
		{name: "an associative subscript in a reference has its quotes removed",
			script: "declare -A A=([ale]=bean [\"a b\"]=c)\nr='A[\"ale\"]'; echo ${!r}\nr='A[\"al\"e]'; echo ${!r}\nr='A[a\\ b]'; echo ${!r}\nr=\"A['a b']\"; echo ${!r}\ndeclare -n n='A[\"ale\"]'; echo $n\n"},
		{name: "array literal: values expand first, then indices in order against the array being built",
			script: "i=1\na=([100+i++]=$((i++)) [200+i++]=$((i++)) [300+i++]=$((i++)))\ndeclare -p a\na=([0]=1+2+3 [a[0]]=10 [a[6]]=hello)\ndeclare -p a\na=(old1 old2 old3)\na=(\"${a[2]}\" \"${a[0]}\" \"${a[1]}\")\ndeclare -p a\nnew1=201 new2=202\na+=([0]=new1 [1]=new2 [5]=\"${a[2]}\" [a[0]]=\"${a[0]}\" [a[1]]=x)\ndeclare -p a\ndeclare -ai n=([0]=1+1 [n[0]]=3*3 7)\ndeclare -p n\n"},
		{name: "${!e[@]op} of an empty array is unset; of one empty element is an error",
			script: "e=(); echo \"<${!e[@]+p}>\" \"<${!e[@]-d}>\" \"<${!e[@]:-d}>\" \"<${!e[@]#x}>\"\ne=(\"\")\necho \"<${!e[@]-d}>\"\necho $?\n"},
		{name: "[k]=v with braces in an indexed literal is brace-expanded as one word",
			script: "HOME=/h\nx=([1]=a{b,c} [5]=z)\ndeclare -p x\ndeclare -a d=(~ [3]=-{a,b}- -{a,b}-)\ndeclare -p d\ndeclare -A A=([k]=x{a,b}y [j]=-{1..3}- [n]={a,{b,c}})\ndeclare -p A\n"},
		{name: "braces that are not expanded keep their text, elements still expand",
			script: "HOME=/h\nset +B\necho x{a,b}y {1..3..1} \"{a,b}\" {a,$HOME} {a,*}\na=x{a,b}y; echo $a\n"},
		{name: "no tilde expansion in an associative literal's values",
			script: "HOME=/h\ndeclare -A A; A[k]=~; A[j]=x:~; declare -p A\ndeclare -A B=([k]=~ [j]=a:~ [l]=~/x); declare -p B\nB+=([m]=~); declare -p B\nb=([1]=~ [2]=~:~ ~); declare -p b\n"},
		{name: "associative literal: pairs when the first word has no subscript, else warn and skip",
			script: "x=\"p q\"; declare -A a; a=([k]=1 $x \"$x\" \"\"); declare -p a\na=(x y [j]=1 z); declare -p a\na=(p q r); declare -p a\na+=([k]=1 m); declare -p a\n"},
		{name: "associative subscripts given as text (unset, printf -v, read, nameref) are words",
			script: "declare -A A=([\"a b\"]=1 [x]=2 [\"q\\\"\"]=3 [K]=4)\nunset \"A[a\\ b]\"; declare -p A\nprintf -v 'A[\"x\"]' %s y\nread 'A[\"q\\\"\"]' <<< z\nkey=K; unset -v 'A[$key]'\ndeclare -p A\ndeclare -n ref='A[\"x\"]'; ref=w; declare -p A\n"},
		{name: "declare with attribute options and no names lists the variables that have them",
			script: "z=(); declare -a | grep z=\nz+=(b c); declare -a | grep z=\ndeclare -A A=([k]=v); declare -A | grep A=\ndeclare -i i=2; declare -i | grep ' i='\nx=1; declare -n r=x; declare -n; declare -pn\nf() { local l=5; declare -pr | grep ' l='; declare -p l; }; f\n"},
		{name: "an error that discards eval's line ends only the eval",
			script: "f() {\n  eval 'echo ${x!}; echo in'\n  echo status=$?\n  local x=l; readonly x\n  eval 'x=bar; echo in2'\n  echo status=$?\n}\nf\necho after\neval 'readonly r=1; r=2; echo in3'; echo status=$?\n"},
		{name: "a readonly assignment failure exits under set -e, without the ERR trap",
			script: "trap 'echo ERR' ERR\nreadonly r=1\nr=2\necho next\nset -e\nr=3\necho no\n"},
		{name: "declaration commands expand every value before assigning any",
			script: "unset a; declare a=1 b=$a; echo \"[$b]\"\nexport FOO=foo v=$(printenv FOO); echo \"v=$v\"\nf() { local x=1 y=$x; echo \"[$y]\"; }; x=g; f\nreadonly r1=1 r2=$r1; echo \"[$r2]\"\n"},
		{name: "export -n name=value unexports and assigns",
			script: "export foo=old; export -n foo=new; echo $foo; printenv foo; echo $?\nexport -n bar=1; declare -p bar\n"},
		{name: "a list cannot be assigned to an array element",
			script: "a=(1 '2 3')\na[-1]+=(4 5)\necho s=$?\ndeclare -p a\n"},
	})
}
