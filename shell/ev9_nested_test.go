package shell

import "testing"

// TestEv9ScriptStdin checks that a shell reading its script from its
// standard input reads it as it runs it: a command reading that input
// gets the lines after the one just read, and the shell neither runs nor
// counts ($LINENO) what the command took. Compared with /bin/bash.
func TestEv9ScriptStdin(t *testing.T) {
	scripts := []string{
		`printf 'read x\nfoo\necho $LINENO $x\n( read y; echo sub $y )\nzed\necho $LINENO\n' > x.sh; bash < x.sh`,
		`printf 'echo a\nread -r l\nline two\necho got $l\ncat\nrest1\nrest2\n' | bash; echo st=$?`,
		`printf 'echo before\nbash -c "read q; echo q=\\$q"\nQLINE\necho after\n' | bash`,
		`printf 'while read l; do echo "<$l>"; done\none\ntwo\n' | bash; echo done`,
		`printf 'f() { read v; echo f:$v; }\nf\nfed\nf </dev/null\necho end\n' | bash`,
		`printf 'echo x; bash -c "echo y"\necho z\n' | bash -s a b`,
	}
	checkWithBash(t, scripts, true, "")
}
