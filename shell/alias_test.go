package shell

import "testing"

// TestAliases covers alias expansion while reading (aliasrun.go,
// aliasexpand.go) and the alias/unalias builtins (alias.go).
// Expectations come from GNU bash 5.2 running the same scripts.
func TestAliases(t *testing.T) {
	const on = "shopt -s expand_aliases\n"
	tests := []struct {
		name, script, stdout string
		code                 int
	}{
		{"not on the defining line", on + "alias e=echo; e one\ne two", "two\n", 0},
		{"off by default", "alias e=echo\ne hi", "", 127},
		{"trailing blank expands next word", on + "alias a='b ' b='echo B'\na b c", "B echo B c\n", 0},
		{"partial loop", on + "alias e_='for i in 1 2; do echo $i;'\ne_ done", "1\n2\n", 0},
		{"left brace", on + "alias L='{'\nL echo x; }", "x\n", 0},
		{"inside eval, line by line", on + "alias e=echo\neval 'alias f=e\nf in eval'\nf out", "in eval\nout\n", 0},
		{"substitutions, case, if", on + "alias x='echo X'\necho $(x inner) \"$(x dq)\"\ncase a in a) x case;; esac\nif x cond; then x then; fi",
			"X inner X dq\nX case\nX cond\nX then\n", 0},
		{"expanded when the function is defined", on + "alias zz='echo ZZ'\nf() { zz; }\nunalias zz\nf; zz 2>/dev/null || echo gone", "ZZ\ngone\n", 0},
		{"quoted words and prefixes", on + "alias x='echo X'\nV=1 x a >/dev/null; x 'x' \"x\"; \\x 2>/dev/null; echo $?", "X x x\n127\n", 0},
		{"subshell keeps its aliases", on + "echo $(alias q=Q); alias q 2>/dev/null; echo $?", "\n1\n", 0},
		{"here-documents", on + "alias e=echo\ncat <<EOF\n$(e heredoc) e\nEOF\ncat <<'X'\n$(e quoted)\nX", "heredoc e\n$(e quoted)\n", 0},
		{"no recursion into itself", on + "alias echo='echo foo'\necho bar", "foo bar\n", 0},
		{"syntax error after expansion", on + "echo before\nalias e_=';; x'\ne_\necho after", "before\n", 2},
		{"listing and unalias", "alias a=1 b=\"it's\"; alias; unalias a zz 2>/dev/null; echo $?; alias; unalias -a; alias",
			"alias a='1'\nalias b='it'\\''s'\n1\nalias b='it'\\''s'\n", 0},
		{"unalias usage", "unalias; echo $?", "2\n", 0},
		{"invalid name", "alias 'a/b=1'; echo $?", "1\n", 0},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, tt.script)
			if res.Stdout != tt.stdout || res.ExitCode != tt.code {
				t.Errorf("script %q\n got stdout=%q code=%d (stderr %q)\nwant stdout=%q code=%d",
					tt.script, res.Stdout, res.ExitCode, res.Stderr, tt.stdout, tt.code)
			}
		})
	}
}

func TestAliasBuiltinErrors(t *testing.T) {
	tests := []struct{ script, stderr string }{
		{"alias nope", "bash: line 1: alias: nope: not found\n"},
		{"alias 'a b=1'", "bash: line 1: alias: `a b': invalid alias name\n"},
		{"unalias nope", "bash: line 1: unalias: nope: not found\n"},
		{"unalias", "unalias: usage: unalias [-a] name [name ...]\n"},
		{"alias -x", "bash: line 1: alias: -x: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n"},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		res := run(t, sh, tt.script)
		if res.Stderr != tt.stderr {
			t.Errorf("%q: stderr %q, want %q", tt.script, res.Stderr, tt.stderr)
		}
	}
}

// TestExpandAliasText checks the reader-level substitution on its own.
