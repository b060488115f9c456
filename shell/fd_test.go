package shell

import "testing"

// Expected outputs come from GNU bash 5.2 running the same scripts.
func TestFileDescriptors(t *testing.T) {
	tests := []struct{ name, script, stdout string }{
		{"exec opens and closes fd 3", "exec 3> f3; echo hello >&3; echo world >&3; exec 3>&-; cat f3", "hello\nworld\n"},
		{"dup of stdout", "exec 4>&1; echo four >&4; echo st=$?", "four\nst=0\n"},
		{"fd not open", "echo hi >&7; echo st=$?", "st=1\n"},
		{"per-command fd closes after", "true 9> f9; ( echo x >&9 ); echo st=$?; cat f9; echo end", "st=1\nend\n"},
		{"named fd", "exec {fd}> fn; echo named >&$fd; cat fn; echo $fd", "named\n10\n"},
		{"read keeps the offset", "printf 'a\\nb\\nc\\n' > in; exec 6< in; read x <&6; read -u 6 y; echo \"$x $y\"", "a b\n"},
		{"here-doc on fd 3", "read -u 3 -d 5 3<<EOF\n123456789\nEOF\necho reply=$REPLY", "reply=1234\n"},
		{"swap stdout and stderr", "( { echo out; echo err >&2; } 3>&1 1>&2 2>&3 ) 2>/dev/null", "err\n"},
		{"move fd", "echo x 1>&2- 2>/dev/null; echo st=$?", "st=0\n"},
		{"dev fd path", "exec 5>&1; echo via-path > /dev/fd/5", "via-path\n"},
		{"word is a file", "echo hi 1>&out.txt; cat out.txt", "hi\n"},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, "mkdir -p /tmp/fdtest && cd /tmp/fdtest && rm -f *; "+tt.script)
			if res.Stdout != tt.stdout {
				t.Errorf("stdout = %q, want %q (stderr %q)", res.Stdout, tt.stdout, res.Stderr)
			}
		})
	}
}

func TestNoclobber(t *testing.T) {
	tests := []struct{ name, script, stdout string }{
		{"set -C refuses, >| forces", "echo one > c; set -C; echo two > c; echo st=$?; echo three >| c; cat c; set +C; echo four > c; cat c", "st=1\nthree\nfour\n"},
		{"devices are fine", "set -o noclobber; echo a > /dev/null; echo st=$?", "st=0\n"},
		{"new files are fine", "set -eC; echo a > new; cat new", "a\n"},
		{"append is fine", "echo a > c; set -C; echo b >> c; cat c", "a\nb\n"},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, "mkdir -p /tmp/nc && cd /tmp/nc && rm -f *; "+tt.script)
			if res.Stdout != tt.stdout {
				t.Errorf("stdout = %q, want %q (stderr %q)", res.Stdout, tt.stdout, res.Stderr)
			}
		})
	}
}

func TestAssocSubscripts(t *testing.T) {
	tests := []struct{ name, script, stdout string }{
		{"keys are text, not arithmetic", "declare -A a; a=([xy]=1 [i+1]=2); echo \"${a[i+1]}\" \"${a[xy]}\"", "2 1\n"},
		{"indexed stays arithmetic", "i=1; b=(5 6 7); echo ${b[i+1]}", "7\n"},
		{"key value pairs", "declare -A c=(k1 v1 k2 v2); echo ${c[k2]}", "v2\n"},
		{"element assignment", "declare -A a; a[i+1]=x; echo \"${a[i+1]}\" \"${!a[@]}\"", "x i+1\n"},
		{"append a list", "declare -A a=([x]=1); a+=([y]=2 [z]=3); echo ${a[x]} ${a[y]} ${a[z]}", "1 2 3\n"},
		{"in a pipeline", "declare -A a; a[k+1]=v; echo \"${a[k+1]}\" | cat", "v\n"},
		{"eval sees runtime kind", "declare -A a; eval 'a[j-1]=w'; eval 'echo ${a[j-1]}'", "w\n"},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, tt.script)
			if res.Stdout != tt.stdout {
				t.Errorf("stdout = %q, want %q (stderr %q)", res.Stdout, tt.stdout, res.Stderr)
			}
		})
	}
}
