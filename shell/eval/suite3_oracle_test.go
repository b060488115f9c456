package eval

import (
	"os"
	"testing"
)

// suite3Scripts pin rules found with bash's own test suite (builtins,
// trap, getopts, heredoc, func, ...); each is compared with /bin/bash -c.
var suite3Scripts = []string{
	// getopts: a function with a local OPTIND gets its own scan, and the
	// caller's position inside -xyz comes back when it returns.
	"f() { local OPTIND=1 o; while getopts :abcxyz o; do echo $o; if [[ $o = y ]]; then f -abc; fi; done; }\nf -xyz",
	// any assignment to OPTIND restarts the scan, even with the same value.
	`set -- -ab; getopts ab o; echo $o $OPTIND; OPTIND=1; getopts ab o; echo $o $OPTIND`,
	// getopts' own command line: no options, -- ends them, two operands.
	`getopts; echo $?; getopts o; echo $?; getopts -a o x; echo $?; getopts -- a x -a; echo $? $x`,
	// unsetting a readonly OPTARG is quiet; setting it is an error.
	`set -- -a b; readonly OPTARG; getopts :x x; echo "$x"; getopts x x; echo "${OPTARG-u} $x"`,
	// printing functions: a group body's redirections follow its closing
	// brace; duplications to a number and closes show their descriptor.
	"f(){ echo a >&2; { echo d; } >&2; echo e <&0 >&- <&-; echo >&$x 2>&1 3<>f <&\"5\"; g() { :; } 2>&1; } >/dev/null; declare -f f",
	"g() ( echo x ) >&2; declare -f g; h() { :; } 2>&1 >x; type h",
}

func TestOracleSuite3(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range suite3Scripts {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}
