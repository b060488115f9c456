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

// The help text and the builtin table name the same builtins: every
// builtin that takes options has a synopsis, and every synopsis belongs
// to a builtin (a row added to one and not the other fails here).
func TestHelpCoversBuiltinTable(t *testing.T) {
	noOptions := map[string]bool{"echo": true, "true": true, "false": true, ":": true, "test": true, "[": true}
	for name := range builtins() {
		if _, ok := builtinSynopsis[name]; !ok && !noOptions[name] {
			t.Errorf("builtin %q has no synopsis in builtin_help.go", name)
		}
	}
	for name := range builtinSynopsis {
		if _, ok := builtins()[name]; !ok {
			t.Errorf("synopsis for %q, which is not a builtin", name)
		}
	}
}
