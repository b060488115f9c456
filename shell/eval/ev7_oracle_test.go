package eval

import (
	"os"
	"testing"
)

// ev7Scripts pin the rules fixed against bash 5.2's own test suite (the
// builtins and execution side, session 5); each is compared with
// /bin/bash -c. Scripts that start jobs kill them before they end, with
// stderr closed so the shells' kill notices (which carry pids) stay out;
// their jobs block reading fd 3, a process substitution that waits for a
// coprocess that waits for input.
var ev7Scripts = []string{
	// The descriptors of a coprocess are closed in subshells, background
	// jobs, pipeline stages, not in $( ) and <( ).
	"coproc { read x; echo \"got $x\"; }\nW=${COPROC[1]}; ( echo sub >&$W ); echo \"s=$?\"\n{ echo bg >&$W; } & wait $!; echo \"b=$?\"\necho pipe >&$W | :; echo \"p=${PIPESTATUS[0]}\"\necho \"$(echo cs >&$W; echo ok $?)\"; wait",
	// jobs shows a command as bash prints it outside a function: lists,
	// groups and subshells on one line, redirections re-spaced, if and
	// loops on several lines, here-document bodies after the line.
	"coproc { read x; }; exec 3< <(read -u ${COPROC[0]}); exec 2>/dev/null\n( read -u 3;exit 4 ) &\n{ read -u 3;   echo b; } >/dev/null &\nread   -u 3  >/dev/null   2>&1 &\nread -u 3 | cat &\n[[ -n x ]] && read -u 3 &\nx=1 read -u 3 &\njobs; kill $(jobs -p); wait",
	"coproc { read x; }; exec 3< <(read -u ${COPROC[0]}); exec 2>/dev/null\nwhile read -u 3; false; do a; b; done &\nif read -u 3; then a; b; else c; fi &\nread -u 3 && { a & b; } &\nfor i in 1; do read -u 3; done &\ncase x in x) read -u 3;; y) :;; esac &\necho \"a  b\" $'c\\td' >/dev/null | read -u 3 &\nread -u 3 <<EOT &\nhello\nEOT\njobs; kill $(jobs -p); wait",
}

func TestEv7Oracle(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range ev7Scripts {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}
