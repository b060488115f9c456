package shell

import (
	"context"
	"testing"
)

// TestFatalExpansionErrors checks that division by zero in $(( )) and
// ${x:?msg} end the script (or the subshell at hand) with status 1 and
// bash's message. Expectations come from GNU bash 5.2 reading the script
// on stdin in a clean environment (`bash: line N: ` prefix).
func TestFatalExpansionErrors(t *testing.T) {
	tests := []struct {
		name, script, stdout, stderr string
		code                         int
	}{
		{"division stops", "echo $((1/0)); echo next", "", "bash: line 1: 1/0: division by 0 (error token is \"0\")\n", 1},
		{"in assignment", "x=$((1/0)); echo next $?", "", "bash: line 1: 1/0: division by 0 (error token is \"0\")\n", 1},
		{"subshell ends only itself", "(echo $((1/0)); echo in); echo out $?", "out 1\n", "bash: line 1: 1/0: division by 0 (error token is \"0\")\n", 0},
		{"command substitution", "echo $(echo $((5%0)); echo in) out", "out\n", "bash: line 1: 5%0: division by 0 (error token is \"0\")\n", 0},
		{"inside function", "f(){ echo $((1/0)); echo inf; }; f; echo after", "", "main: line 1: 1/0: division by 0 (error token is \"0\")\n", 1},
		{"inside loop", "for i in 1; do echo $((1/0)); echo in; done; echo out", "", "bash: line 1: 1/0: division by 0 (error token is \"0\")\n", 1},
		{"token is the rest", "echo $(( 4 % (2-2) + 3 ))", "", "bash: line 1: 4 % (2-2) + 3 : division by 0 (error token is \"(2-2) + 3 \")\n", 1},
		{"variable divisor", "y=0; echo $((x/y))", "", "bash: line 1: x/y: division by 0 (error token is \"y\")\n", 1},
		{"divide-assign", "a=1; echo $(( a /= 0 ))", "", "bash: line 1: a /= 0 : division by 0 (error token is \"0 \")\n", 1},
		{"divisor evaluated once", "i=0; echo $(( 10 / (i+=2) )) $i; echo $((7/2)) $((7%3)) $((-7/2))", "5 2\n3 1 -3\n", "", 0},
		{"unset message", ": ${x:?msg}; echo next", "", "bash: line 1: x: msg\n", 1},
		{"unset default message", "echo ${x?}; echo n", "", "bash: line 1: x: parameter not set\n", 1},
		{"null default message", "x=; : ${x:?}", "", "bash: line 1: x: parameter null or not set\n", 1},
		{"element named", "a=(); : ${a[5]:?unset}; echo n", "", "bash: line 1: a[5]: unset\n", 1},
		{"subscript as written", "i=3; a=(1); : ${a[$i]:?}", "", "bash: line 1: a[$i]: parameter null or not set\n", 1},
		{"message expands", "h=home; : ${x:?$h is}", "", "bash: line 1: x: home is\n", 1},
		{"set values pass", "x=; echo \"[${x?}]\"; x=5; echo ${x:?no} \"${x:?no}\"; a=(p q); echo ${a[1]:?} \"${a[@]:?}\"", "[]\n5 5\nq p q\n", "", 0},
		{"unset in subshell", "( : ${x:?gone}; echo in ); echo out $?", "out 1\n", "bash: line 1: x: gone\n", 0},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, tt.script)
			if res.Stdout != tt.stdout || res.Stderr != tt.stderr || res.ExitCode != tt.code {
				t.Errorf("script %q\n got stdout=%q stderr=%q code=%d\nwant stdout=%q stderr=%q code=%d",
					tt.script, res.Stdout, res.Stderr, res.ExitCode, tt.stdout, tt.stderr, tt.code)
			}
		})
	}
}

// TestFatalExpansionSession checks that a session line stops at the error
// but the session lives on, and that exit still exits.
func TestFatalExpansionSession(t *testing.T) {
	sh := newShell(t, Options{})
	sess, err := sh.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, _ := sess.Exec(ctx, "x=1; echo $((x/0)); echo no")
	if res.Stdout != "" || res.ExitCode != 1 || !sess.FatalExpansion() {
		t.Fatalf("fatal line: got %+v fatal=%v", res, sess.FatalExpansion())
	}
	res, _ = sess.Exec(ctx, "echo $x $?")
	if res.Stdout != "1 1\n" || sess.FatalExpansion() {
		t.Fatalf("next line: got %+v fatal=%v", res, sess.FatalExpansion())
	}
	sess.Exec(ctx, "(: ${u:?no}); exit 3")
	if !sess.Exited() || sess.FatalExpansion() {
		t.Fatalf("exit after subshell error: exited=%v fatal=%v", sess.Exited(), sess.FatalExpansion())
	}
}
