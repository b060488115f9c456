package shell

import (
	"context"
	"fmt"
	"testing"

	"github.com/justbash/justbash/commands"
)

// TestSharedTablesStayShared: every New starts from one command table and
// one laid-out tree per process (issue 15); what a shell changes in them —
// a command added or replaced, /etc written, a directory removed — is its
// own, and the next New starts clean, with the current time on its files.
func TestSharedTablesStayShared(t *testing.T) {
	a := newShell(t, Options{})
	hello := commands.Func(func(ctx context.Context, c *commands.Context) int {
		c.Stdout.Write([]byte("mine\n"))
		return 0
	})
	if err := a.AddCommand("sort", hello); err != nil {
		t.Fatal(err)
	}
	a.AddCommand("only-in-a", hello)
	a.Registry().Remove("tac")
	res := run(t, a, `echo b > /etc/hostname; rm -r /root; sort; type only-in-a >/dev/null && echo has
tac </dev/null; echo $?`)
	if res.Stdout != "mine\nhas\n127\n" {
		t.Fatalf("shell a: %q (stderr %q)", res.Stdout, res.Stderr)
	}

	b := newShell(t, Options{})
	res = run(t, b, `cat /etc/hostname; [ -d /root ] && echo root; printf 'b\na\n' | sort
type only-in-a 2>/dev/null || echo no; echo x | tac
d=$(stat -c %Y /etc); n=$(date +%s); [ $((n - d)) -lt 3600 ] && [ $((d - n)) -lt 3600 ] && echo fresh`)
	if res.Stdout != "localhost\nroot\na\nb\nno\nx\nfresh\n" {
		t.Errorf("shell b: %q (stderr %q)", res.Stdout, res.Stderr)
	}

	// A working directory outside the laid-out tree is made.
	c := newShell(t, Options{Dir: "/srv/app"})
	if res := run(t, c, "pwd; cd /home/user && pwd"); res.Stdout != "/srv/app\n/home/user\n" {
		t.Errorf("Dir /srv/app: %q (stderr %q)", res.Stdout, res.Stderr)
	}
}

// TestSharedTablesConcurrentNew: shells made and changed at once from the
// shared table and tree see only their own changes (run with -race).
func TestSharedTablesConcurrentNew(t *testing.T) {
	errs := make(chan string, 8)
	for g := range 8 {
		go func() {
			for i := range 4 {
				sh, err := New(Options{})
				if err != nil {
					errs <- err.Error()
					return
				}
				want := fmt.Sprintf("h%d-%d\n", g, i)
				res, err := sh.Exec(context.Background(), fmt.Sprintf(
					"[ -e /bin/tac ] || echo missing; echo h%d-%d > /etc/hostname; rm /bin/tac; cat /etc/hostname", g, i))
				if err != nil || res.Stdout != want {
					errs <- fmt.Sprintf("goroutine %d run %d: %q %v (stderr %q)", g, i, res.Stdout, err, res.Stderr)
					return
				}
				sh.Registry().Remove("rev")
			}
			errs <- ""
		}()
	}
	for range 8 {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}
