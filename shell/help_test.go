package shell

import (
	"context"
	"strings"
	"testing"
)

// TestEveryCommandHelp runs NAME --help for every registered command
// (through env, so that the registered command runs, not a shell builtin
// of the same name): status 0, nothing on stderr, and GNU's layout, a
// "Usage: NAME ..." line (bash-builtin style "NAME: NAME ..." for the
// commands bash has as builtins; bash itself starts with its version).
func TestEveryCommandHelp(t *testing.T) {
	sh := newShell(t, Options{})
	for _, name := range sh.Registry().Names() {
		t.Run(name, func(t *testing.T) {
			via := name
			if name == "test" {
				// test --help is a true expression (coreutils): its
				// help is ['s.
				via = "["
			}
			res, err := sh.Exec(context.Background(), "env "+shellQuoteName(via)+" --help")
			if err != nil {
				t.Fatal(err)
			}
			if res.ExitCode != 0 || res.Stderr != "" || !strings.HasSuffix(res.Stdout, "\n") {
				t.Fatalf("status %d stderr %q stdout %q", res.ExitCode, res.Stderr, res.Stdout)
			}
			if !helpLayout(name, res.Stdout) {
				t.Errorf("not GNU help layout:\n%s", res.Stdout)
			}
		})
	}
}

// helpAlias names the command whose help a name shares, as on GNU
// systems (egrep is grep, hd is hexdump, node is js-exec here).
var helpAlias = map[string]string{"egrep": "grep", "fgrep": "grep", "hd": "hexdump", "node": "js-exec"}

// helpLayout reports whether out looks like the help of name: a usage
// heading in its first lines that names the command.
func helpLayout(name, out string) bool {
	if name == "bash" || name == "sh" {
		return strings.HasPrefix(out, "GNU bash, version ") && strings.Contains(out, "Usage:\t"+name+" ")
	}
	if a, ok := helpAlias[name]; ok {
		name = a
	}
	head := strings.Join(strings.SplitN(out, "\n", 4)[:min(3, strings.Count(out, "\n"))], "\n")
	if strings.HasPrefix(head, name+": "+name) {
		return true // bash builtin style (history, ulimit)
	}
	low := strings.ToLower(head)
	return strings.HasPrefix(low, "usage:") && strings.Contains(head, name+" ")
}
