package shell

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// TestBinListsRegistry: /bin and /usr/bin answer from the registry without
// a file written per command: the base FS under the stub layer has none.
func TestBinListsRegistry(t *testing.T) {
	base := vfs.NewMem()
	sh := newShell(t, Options{FS: base})
	if ents, err := base.ReadDir("/usr/bin"); err != nil || len(ents) != 0 {
		t.Fatalf("New wrote %d files into /usr/bin (%v); want none", len(ents), err)
	}
	res := run(t, sh, `ls /usr/bin | grep -cx -e cat -e grep -e ls
ls /bin | grep -c .
[ -x /bin/ls ] && [ -f /usr/bin/ls ] && echo exec
which sort; type -P sed; command -v awk
/bin/echo via-path`)
	lines := strings.Split(res.Stdout, "\n")
	want := len(sh.stubNames())
	if want < 50 {
		t.Fatalf("registry lists only %d commands", want)
	}
	if lines[0] != "3" || lines[1] != strconv.Itoa(want) {
		t.Errorf("ls counts = %q, %q; want 3 and %d (stderr %q)", lines[0], lines[1], want, res.Stderr)
	}
	if got := strings.Join(lines[2:], "\n"); got != "exec\n/usr/bin/sort\n/usr/bin/sed\n/usr/bin/awk\nvia-path\n" {
		t.Errorf("lookups: %q (stderr %q)", got, res.Stderr)
	}
}

// TestBinStubsBehaveAsFiles: removing, replacing and chmod-ing a command's
// file acts as on a real /usr/bin.
func TestBinStubsBehaveAsFiles(t *testing.T) {
	sh := newShell(t, Options{})
	for _, c := range []struct{ script, out string }{
		// rm removes the name from one directory; the other still finds it.
		{"rm /bin/ls && ls /bin/ls; echo $?; /bin/ls -d /tmp; echo $?; ls -d /tmp", "2\n127\n/tmp\n"},
		// A file written over a stub is a script from then on.
		{"printf 'echo mine\\n' > /usr/bin/rev; chmod +x /usr/bin/rev; rev; /bin/rev <<< ab", "mine\nba\n"},
		// Removing the replacement does not bring the command back there.
		{"rm /usr/bin/rev; [ -e /usr/bin/rev ] || echo gone; [ -e /bin/rev ] && echo kept", "gone\nkept\n"},
		{"chmod 700 /usr/bin/cut; stat -c %a /usr/bin/cut; echo a:b | /usr/bin/cut -d: -f2", "700\nb\n"},
		{"rmdir /usr/bin; echo $?; mkdir /bin/tac; echo $?; ln -s x /bin/tac; echo $?", "1\n1\n1\n"},
		{"mv /bin/wc /tmp/wc2 && [ ! -e /bin/wc ] && cat /tmp/wc2 | wc -l", "2\n"},
	} {
		if res := run(t, sh, c.script); res.Stdout != c.out {
			t.Errorf("%s:\ngot  %q\nwant %q\nstderr %q", c.script, res.Stdout, c.out, res.Stderr)
		}
	}
}

// TestAddCommandShowsInBin: a command registered after New is found by
// path at once, even after an rm of the same name.
func TestAddCommandShowsInBin(t *testing.T) {
	sh := newShell(t, Options{})
	run(t, sh, "rm -f /usr/bin/hello /bin/hello")
	hello := commands.Func(func(ctx context.Context, c *commands.Context) int {
		c.Stdout.Write([]byte("hi from hello\n"))
		return 0
	})
	if err := sh.AddCommand("hello", hello); err != nil {
		t.Fatal(err)
	}
	res := run(t, sh, "ls /usr/bin | grep -x hello; /bin/hello")
	if res.Stdout != "hello\nhi from hello\n" {
		t.Errorf("got %q (stderr %q)", res.Stdout, res.Stderr)
	}
	// rm -rf of a parent hides every stub below it.
	res = run(t, sh, "rm -rf /usr; ls /usr/bin/hello; echo $?")
	if res.Stdout != "2\n" {
		t.Errorf("after rm -rf /usr: %q (stderr %q)", res.Stdout, res.Stderr)
	}
}

// TestDevDescriptors: /dev/stdin, /dev/stdout, /dev/stderr and /dev/fd
// exist in the default FS as the Linux symlinks, and opening them reaches
// the command's own descriptors.
func TestDevDescriptors(t *testing.T) {
	sh := newShell(t, Options{})
	res := run(t, sh, `ls /dev | tr '\n' ' '; echo
[ -e /dev/stdin ] && [ -e /dev/stdout ] && [ -e /dev/fd/2 ] && echo exist
readlink /dev/stdin /dev/stderr /dev/fd
echo piped | cat /dev/stdin
echo to-err > /dev/stderr
cat /dev/fd/0 <<< here`)
	want := "fd full null random stderr stdin stdout urandom zero \nexist\n/proc/self/fd/0\n/proc/self/fd/2\n/proc/self/fd\npiped\nhere\n"
	if res.Stdout != want || res.Stderr != "to-err\n" {
		t.Errorf("got %q / %q\nwant %q / %q", res.Stdout, res.Stderr, want, "to-err\n")
	}
	long := run(t, sh, "ls -l /dev/stdin").Stdout
	if !strings.HasPrefix(long, "l") || !strings.HasSuffix(long, "/dev/stdin -> /proc/self/fd/0\n") {
		t.Errorf("ls -l /dev/stdin = %q, want a symlink to /proc/self/fd/0", long)
	}
	// The script's own stdin, through a command.
	res = run(t, sh, "cat /dev/stdin", WithStdin(strings.NewReader("from the caller\n")))
	if res.Stdout != "from the caller\n" {
		t.Errorf("cat /dev/stdin = %q (stderr %q)", res.Stdout, res.Stderr)
	}
}

// TestSHVariable: $SH names the sandbox's bash, as bash's test conventions
// expect, and runs it.
func TestSHVariable(t *testing.T) {
	sh := newShell(t, Options{})
	res := run(t, sh, `echo "$SH"; $SH -c 'echo "in $0 $1"' x y; env | grep -c '^SH='`)
	if res.Stdout != "/bin/bash\nin x y\n1\n" {
		t.Errorf("got %q (stderr %q)", res.Stdout, res.Stderr)
	}
}

// TestStubNamesSkipInternal: names that cannot be files, or are internal,
// stay out of /bin.
func TestStubNamesSkipInternal(t *testing.T) {
	sh := newShell(t, Options{Commands: map[string]commands.Command{
		"_hidden": commands.Func(func(context.Context, *commands.Context) int { return 0 }),
	}})
	if slices.Contains(sh.stubNames(), "_hidden") || sh.isStubName("_hidden") || sh.isStubName("a/b") {
		t.Errorf("internal or path-like names listed")
	}
	if res := run(t, sh, "ls /bin/_hidden; echo $?"); res.Stdout != "2\n" {
		t.Errorf("ls /bin/_hidden: %q", res.Stdout)
	}
}

// TestUsageThroughLayers: the stub layer and the command's view of the FS
// pass the in-memory FS's usage on, so df and the MCP session budget see
// what a script wrote.
func TestUsageThroughLayers(t *testing.T) {
	sh := newShell(t, Options{})
	u, ok := sh.FS().(interface{ Usage() (int64, int64) })
	if !ok {
		t.Fatal("FS() hides Usage")
	}
	before, _ := u.Usage()
	res := run(t, sh, "head -c 300000 /dev/zero > /tmp/f; df -k / | awk 'NR==2 {print ($3 >= 293)}'")
	after, _ := u.Usage()
	if after-before < 300000 || res.Stdout != "1\n" {
		t.Errorf("usage %d -> %d; df saw the file: %q (stderr %q)", before, after, res.Stdout, res.Stderr)
	}
}
