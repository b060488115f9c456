package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoHostFileAccess runs a battery of scripts under strace and fails on
// any file syscall that reaches the host beyond the process's own start-up
// (the binary, /proc, /sys). It skips where strace is not installed.
func TestNoHostFileAccess(t *testing.T) {
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("strace not installed")
	}
	script := strings.Join([]string{
		"echo hi > /tmp/x; cat /tmp/x; cd /etc && echo *; ls -la / > /dev/null",
		"[ -O /tmp ]; [[ -G /tmp ]]; source /tmp/x 2>/dev/null; . nosuchfile 2>/dev/null",
		"command -v bash ls; type -P cat; pwd -P; cat <(echo ps); echo ~root ~nobody",
		"bash -c 'echo nested'; find / -name x | head -2; exec 3>/tmp/fd3; echo x >&3",
		"TZ=America/New_York date > /dev/null; date -d @0 > /dev/null",
		"printf 'a\\n' | awk '{print}' | sed s/a/b/ | jq -R . | sort | uniq -c",
		"tar czf /tmp/a.tgz /tmp/x 2>/dev/null; gzip -c /tmp/x | gunzip > /dev/null",
		"js-exec -c 'console.log(require(\"fs\").readdirSync(\"/\").length)'",
		"echo '{\"a\":[1]}' | yq -o json . > /dev/null; curl -s http://127.0.0.1:1/ ; true",
		"sqlite3 /tmp/t.db 'create table t(a); insert into t values(random()); select count(*) from t;'",
		"touch -d 2020-01-02 /tmp/t; ls -l /tmp/t; printf '%(%H)T\\n' -1; awk 'BEGIN{print strftime(\"%H\")}'",
		"echo a > /tmp/a; echo b > /tmp/b; diff -u /tmp/a /tmp/b; stat /tmp/a; find /tmp -newer /tmp/a",
		"cd /tmp && zip -q z.zip x && unzip -o -q z.zip -d out; echo '<b>x</b>' | html-to-markdown",
	}, "\n")
	dir := t.TempDir()
	scriptFile := filepath.Join(dir, "audit.sh")
	trace := filepath.Join(dir, "trace.out")
	if err := os.WriteFile(scriptFile, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(strace, "-f", "-qq", "-e", "trace=%file", "-o", trace, binary, scriptFile)
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Logf("script output (status is not what this test checks): %v\n%s", err, out)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "execve(\""+binary) {
		t.Fatalf("strace recorded nothing useful:\n%s", data)
	}
	pathRE := regexp.MustCompile(`"([^"]*)"`)
	for _, line := range strings.Split(string(data), "\n") {
		m := pathRE.FindStringSubmatch(line)
		if m == nil || strings.Contains(line, "exited with") {
			continue
		}
		p := m[1]
		switch {
		case p == "", p == binary, p == scriptFile,
			// SQLite's default VFS seeds its PRNG from the kernel's
			// randomness device: no host data, like getrandom(2).
			p == "/dev/urandom",
			strings.HasPrefix(p, "/proc/"), strings.HasPrefix(p, "/sys/"),
			strings.HasPrefix(p, "/etc/ld.so"), strings.Contains(p, "/lib"):
			continue
		}
		t.Errorf("host file access: %s", line)
	}
}
