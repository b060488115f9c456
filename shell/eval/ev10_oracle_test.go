package eval

import (
	"testing"
)

// ev10Scripts pin rules fixed against bash 5.2's own test suite and the
// differential harness in session 7; each is compared with /bin/bash -c
// when present.
var ev10Scripts = []string{
	// A pipeline closes only the pipes it made: its first stage reads the
	// shell's own stdin (an outer pipeline's pipe), which goes on after it.
	`printf "A\nB\n" | while read l; do echo x | cat; echo $l; done`,
	`printf "A\nB\n" | { read l; true | true; read m; echo $l $m; }`,
	// lastpipe: the last stage's input replaces the shell's stdin only
	// while it runs, the shell's own comes back after.
	`shopt -s lastpipe; printf "A\nB\n" | { read l; true | true; read m; echo $l $m; }`,
	`shopt -s lastpipe; printf "A\nB\n" | while read l; do printf "1\n2\n" | while read d; do echo $l$d; done; done`,
	// A prefix assignment goes through a nameref to the variable it
	// names; the temporary variable is exported with no other attribute
	// (a += still adds when the old one is -i).
	`bar=one; declare -n foo=bar; foo=two declare -p foo bar; foo=two eval 'echo $foo'; declare -p foo bar`,
	`declare -i x=3; x=4+1 declare -p x; x+=4 declare -p x; declare -u y; y=abc declare -p y; f() { x+=1; declare -p x; }; x=5 f; declare -p x`,
	`declare -n q=R; q=3 declare -p R q; declare -r R=1; q=3 true; echo $?`,
}

func TestEv10Oracle(t *testing.T) { checkOracleRows(t, ev10Scripts) }
