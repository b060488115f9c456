package shell

import (
	"context"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
)

// fuzzLimits are Hardened with the fuzzer's short timeout, so a slow input
// costs seconds, not the profile's ten.
func fuzzLimits() *Limits {
	lim := Hardened
	lim.Timeout = fuzzkit.Timeout
	return &lim
}

// fuzzShell is a fresh sandbox over fuzzkit's small filesystem: each input
// starts from the same files, so a crash reproduces from its input alone.
func fuzzShell(t testing.TB) *Shell {
	sh, err := New(Options{FS: fuzzkit.NewFS(), Limits: fuzzLimits()})
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// execEnds runs script with Exec and fails t when Exec does not return
// soon after the run's timeout.
// A command that panicked is recovered by the shell into an "internal
// error" message: that is a crash too, and fails t.
func execEnds(t *testing.T, sh *Shell, script, stdin string, args ...string) {
	t.Helper()
	done := make(chan Result, 1)
	go func() {
		res, _ := sh.Exec(context.Background(), script, WithStdin(strings.NewReader(stdin)), WithArgs(args...))
		done <- res
	}()
	res, ok := fuzzkit.Wait(done, fuzzkit.Timeout+fuzzkit.Grace)
	if !ok {
		t.Fatalf("Exec did not return %v after its timeout", fuzzkit.Grace)
	}
	for line := range strings.Lines(res.Stderr) {
		if name, _, ok := strings.Cut(line, ": internal error: "); ok {
			if _, known := sh.reg.Lookup(name); known || name == "bash" {
				t.Fatalf("a panic was recovered: %q", line)
			}
		}
	}
}

// FuzzShellExec is the public API as an embedder uses it: New with the
// Hardened limits, then Exec of arbitrary text with a standard input.
// Every command is reachable from here, so this target also finds
// crashes in commands that a script reaches with computed arguments.
func FuzzShellExec(f *testing.F) {
	for _, s := range []string{
		"echo hi | tr a-z A-Z | sed s/H/J/ | awk '{print $1}'",
		"cat data.json | jq -c '.b[]' | sort -r | uniq -c",
		"yq -o json data.yaml; yq -p json -o yaml data.json",
		"tar cf /tmp/t.tar dir && tar tvf /tmp/t.tar && gzip -k a.txt && zcat a.txt.gz",
		"zip -r /tmp/z.zip dir && unzip -l /tmp/z.zip && unzip -o -d /tmp/u /tmp/z.zip",
		"find . -name '*.txt' -exec wc -l {} + | sort -n | head -3",
		"printf '%s\\n' {1..20} | xargs -n3 echo | paste - - | column -t",
		"f() { f; }; f",
		"echo x | sed ':a;s/.*/&&/;ba'",
		"grep -f /dev/zero a.txt; yes | xargs -n1 true; printf '%*s' 9000000000 x",
		"yes | head -c 100 | wc -c; seq 1 5 | tac | rev",
		"grep -rn a . | cut -d: -f1 | sort -u; diff a.txt b.txt",
		"echo 'select 1+1;' | sqlite3; js-exec -c 'console.log(1+1)'",
		"while read -r l; do echo \"[$l]\"; done",
		"bash -c 'echo $0 $1' x y; sh -c 'exit 3'; echo $?",
	} {
		f.Add(s, "stdin line\n")
	}
	f.Fuzz(func(t *testing.T, script, stdin string) {
		if fuzzkit.TooBig(script, stdin) {
			t.Skip()
		}
		execEnds(t, fuzzShell(t), script, stdin)
	})
}

// FuzzCommandArgs runs one registered command (every name the sandbox has:
// the commands/all set and the subpackage commands) with fuzzed arguments
// and standard input. name picks the command; a name that is not
// registered picks one by its hash, so mutations of the name still land
// on a command. When direct is true the command runs with a bare
// commands.Context (no Exec, Script or Lookup hooks, as an embedder may
// call it); otherwise through the shell.
func FuzzCommandArgs(f *testing.F) {
	sh := fuzzShell(f)
	names := sh.publicNames()
	for _, n := range names {
		f.Add(n, "--help", "", false)
		f.Add(n, "-x\x00--bogus=1\x00a.txt\x00nope", "one\ntwo\n", true)
		f.Add(n, "a.txt\x00b.txt\x00dir", "x y\n", false)
	}
	for _, s := range [][2]string{
		{"sed", "-n\x00-e\x00/a/,/b/{p;}\x00a.txt"},
		{"awk", "-F:\x00-v\x00x=1\x00{print $1, x}\x00a.txt"},
		{"jq", "--arg\x00k\x00v\x00-r\x00.b[] | tostring\x00data.json"},
		{"sort", "-t,\x00-k2,2n\x00-r\x00data.csv"},
		{"find", ".\x00-type\x00f\x00-newer\x00a.txt\x00-printf\x00%p %s\\n"},
		{"printf", "%*.*d|%-5s|%b\x0010\x005\x0042\x00x\x00\\t"},
		{"date", "-d\x00@0\x00+%Y-%m-%d %j %U %s"},
		{"tar", "-czf\x00/tmp/x.tgz\x00dir\x00--exclude=*.y"},
		{"xargs", "-0\x00-n\x002\x00echo"},
		{"timeout", "1\x00sleep\x005"},
		{"head", "-c\x00-5\x00a.txt"},
		{"tr", "-s\x00[:alpha:]\x00[:upper:]"},
		{"seq", "-w\x00-1\x000.5\x002"},
		{"od", "-A\x00x\x00-t\x00x1z\x00bin.dat"},
	} {
		f.Add(s[0], s[1], "a:b:c\n1,2\n", false)
	}
	f.Fuzz(func(t *testing.T, name, args, stdin string, direct bool) {
		if fuzzkit.TooBig(name, args, stdin) {
			t.Skip()
		}
		sh := fuzzShell(t)
		names := sh.publicNames()
		if _, ok := sh.reg.Lookup(name); !ok || strings.HasPrefix(name, "_") {
			h := fnv.New32a()
			h.Write([]byte(name))
			name = names[h.Sum32()%uint32(len(names))]
		}
		argv := fuzzkit.Args(args)
		if direct {
			cmd, _ := sh.reg.Lookup(name)
			fuzzkit.Run(t, cmd, sh.fs, stdin, append([]string{name}, argv...)...)
			return
		}
		execEnds(t, sh, "'"+name+`' "$@"`, stdin, argv...)
	})
}
