package shell

import "testing"

// TestGetopts covers our getopts (getopts.go); expectations come from GNU
// bash 5.2 running the same scripts.
func TestGetopts(t *testing.T) {
	tests := []struct{ name, script, stdout string }{
		{"-- ends options and is skipped", "set -- -a -- -c x; while getopts a o; do echo $o; done; echo $OPTIND", "a\n3\n"},
		{"grouped letters and attached arg", "set -- -abc; while getopts ab:c o; do echo \"$o ${OPTARG-u}\"; done; echo $OPTIND", "a u\nb c\n2\n"},
		{"silent invalid option", "getopts :x o -y; echo \"$o $OPTARG\"", "? y\n"},
		{"silent missing argument", "getopts :x: o -x; echo \"$o $OPTARG\"", ": x\n"},
		{"missing argument", "getopts x: o -x 2>&1; echo \"$o ${OPTARG-u} $OPTIND\"", "bash: option requires an argument -- x\n? u 2\n"},
		{"OPTIND past the end", "set -- -a b c; OPTIND=9; getopts a o; echo $? $OPTIND", "1 4\n"},
		{"no arguments", "set --; getopts a o; echo $? $OPTIND", "1 1\n"},
		{"invalid name still moves OPTIND", "set -- -c foo; getopts c: o- 2>/dev/null; echo $? $OPTARG $OPTIND", "1 foo 3\n"},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, tt.script)
			if res.Stdout != tt.stdout {
				t.Errorf("script %q\n got stdout=%q (stderr %q)\nwant stdout=%q", tt.script, res.Stdout, res.Stderr, tt.stdout)
			}
		})
	}
}
