package shell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// Each probe tries a way out of the sandbox; none may see or change the host.
func TestSandboxProbes(t *testing.T) {
	host := t.TempDir()
	secret := filepath.Join(host, "secret.txt")
	if err := os.WriteFile(secret, []byte("host-secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	sh := newShell(t, Options{})
	probes := []struct{ name, script string }{
		{"cat host file", "cat " + secret},
		{"redirect from host file", "cat < " + secret},
		{"cmd subst shortcut", "echo $(<" + secret + ")"},
		{"source host file", "source " + secret},
		{"cd host dir", "cd " + host + " && ls"},
		{"glob host dir", "echo " + host + "/*"},
		{"test host file", "[ -f " + secret + " ] && echo host-leak-secret"},
		{"dotdot", "cd ../../../../../../.. && cat ." + secret},
		{"fifo dir name", "echo x > /tmp/sh-interp-1; cat /tmp/sh-interp-1 >/dev/null; echo host-secret-not > /dev/null"},
		{"bash file", "bash " + secret},
		{"exec", "exec cat " + secret},
		{"command -v", "command -v " + secret},
		{"type -P", "type -P cat"},
		{"pwd -P", "pwd -P"},
		{"exec fd from host file", "exec 3< " + secret + "; cat <&3; read -u 3 l; echo $l"},
		{"here-doc fd", "cat 3< " + secret + " <&3"},
		{"dev fd to host path", "cat < /dev/fd/" + secret},
		{"dup to a host path", "cat " + secret + " 1>&" + secret + "; cat " + secret},
	}
	for _, p := range probes {
		t.Run(p.name, func(t *testing.T) {
			res := run(t, sh, p.script)
			if strings.Contains(res.Stdout, "host-secret") || strings.Contains(res.Stderr, "host-secret") {
				t.Errorf("%q leaked host data: %q %q", p.script, res.Stdout, res.Stderr)
			}
		})
	}
	// Writes must land in the VFS only.
	target := filepath.Join(host, "written.txt")
	run(t, sh, "mkdir -p "+host+"/d; echo x > "+target+"; touch "+host+"/t")
	run(t, sh, "exec 4> "+target+"; echo y >&4; echo z 1>&"+target+"; echo w >| "+target)
	if _, err := os.Stat(target); err == nil {
		t.Errorf("a sandbox write reached the host")
	}
	if !vfs.Exists(sh.FS(), target) {
		t.Errorf("the write should exist in the VFS")
	}
	if _, err := os.Stat(filepath.Join(os.TempDir(), "sh-interp-1")); err == nil {
		t.Errorf("interp's FIFO path reached the host temp dir")
	}
}

func TestVirtualSystemFiles(t *testing.T) {
	sh := newShell(t, Options{})
	res := run(t, sh, "cd /etc && cat passwd; [ -f /etc/shadow ] && echo shadow; echo /*")
	want := "root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n/bin /dev /etc /home /root /tmp /usr\n"
	if res.Stdout != want {
		t.Errorf("got %q want %q", res.Stdout, want)
	}
}

func TestOverlaySymlinkOut(t *testing.T) {
	host := t.TempDir()
	os.WriteFile(filepath.Join(host, "in.txt"), []byte("inside\n"), 0o644)
	os.Symlink("/etc/passwd", filepath.Join(host, "evil"))
	os.Symlink("../../../../../../etc/hostname", filepath.Join(host, "evil2"))
	ov, err := vfs.NewOverlay(host)
	if err != nil {
		t.Fatal(err)
	}
	m := vfs.NewMount(vfs.NewMem())
	if err := m.Mount("/project", ov); err != nil {
		t.Fatal(err)
	}
	// A hostname of the sandbox's own, so that reading it cannot be
	// mistaken for reading the host's.
	sh := newShell(t, Options{FS: m, Dir: "/project", Files: map[string]string{"/etc/hostname": "sandbox-hostname\n"}})
	res := run(t, sh, "cat in.txt; cat evil; cat evil2; echo changed > in.txt; cat in.txt")
	// Both links resolve in the sandbox's namespace: the absolute one to
	// the sandbox's /etc/passwd, the relative one climbs past /project to
	// the sandbox root and reads the sandbox's /etc/hostname.
	want := "inside\nroot:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n" +
		"sandbox-hostname\nchanged\n"
	if res.Stdout != want || res.Stderr != "" {
		t.Errorf("got %q / %q\nwant %q", res.Stdout, res.Stderr, want)
	}
	if h, err := os.ReadFile("/etc/hostname"); err == nil && len(strings.TrimSpace(string(h))) > 0 &&
		strings.Contains(res.Stdout, string(h)) && string(h) != "sandbox-hostname\n" {
		t.Errorf("the host's /etc/hostname leaked: %q", h)
	}
	data, _ := os.ReadFile(filepath.Join(host, "in.txt"))
	if string(data) != "inside\n" {
		t.Errorf("host file modified: %q", data)
	}
}

// TestProcSubstBothWays: <(...) and >(...) are pipes the sandbox serves
// as /dev/fd/N, never host files.
func TestProcSubstBothWays(t *testing.T) {
	sh := newShell(t, Options{})
	res := run(t, sh, "echo x > >(tr x y); wait; cat <(echo in) ; echo <(true) >(true)")
	if res.Stdout != "y\nin\n/dev/fd/63 /dev/fd/62\n" || res.ExitCode != 0 {
		t.Errorf("got %d %q %q", res.ExitCode, res.Stdout, res.Stderr)
	}
}
