package eval

import (
	"os"
	"sort"
	"testing"
)

// NAME --help prints the builtin's synopsis first and returns 2, as bash
// does; the description below it is ours, so only the first line and the
// status are compared with /bin/bash.
func TestBuiltinDashDashHelp(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	var names []string
	for n := range builtinSynopsis {
		if n != "exec" && n != "bind" { // exec exits the shell; bind needs line editing
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		s := "out=$(" + n + " --help); st=$?; echo \"${out%%$'\\n'*}\" $st"
		wo, _, _ := runBash(t, s)
		o, e, _ := runOurs(t, s)
		if o != wo || e != "" {
			t.Errorf("%s --help: bash %q, ours %q (stderr %q)", n, wo, o, e)
		}
	}
	// Builtins that take --help as an ordinary argument.
	s := "echo --help; true --help; echo $?; [ --help ] && echo yes"
	if wo, _, _ := runBash(t, s); wo != "--help\n0\nyes\n" {
		t.Fatalf("bash: %q", wo)
	}
	if o, _, _ := runOurs(t, s); o != "--help\n0\nyes\n" {
		t.Errorf("ours: %q", o)
	}
}
