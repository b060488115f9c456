package repl

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/shell"
)

// childEnv makes the test binary itself run the REPL, so the tests below
// can drive it in a real terminal (tmux) without building another program.
const childEnv = "JUSTBASH_REPL_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		status, err := Start(context.Background(), shell.Options{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		os.Exit(status)
	}
	os.Exit(m.Run())
}

type tty struct {
	t      *testing.T
	socket string
}

func newTTY(t *testing.T) *tty {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	s := &tty{t: t, socket: fmt.Sprintf("justbash-repl-%d-%d", os.Getpid(), time.Now().UnixNano())}
	command := fmt.Sprintf("%s=1 %q; sleep 30", childEnv, self)
	if out, err := s.cmd("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	t.Cleanup(func() { s.cmd("kill-server").Run() })
	s.waitFor("user@justbash:~$")
	return s
}

func (s *tty) cmd(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", s.socket}, args...)...)
}

// keys sends key names (Enter, C-c) without waiting.
func (s *tty) keys(keys ...string) {
	s.t.Helper()
	if out, err := s.cmd(append([]string{"send-keys", "-t", "t"}, keys...)...).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys: %v %s", err, out)
	}
}

// typed types text as it is and waits until the last line ends with it:
// whoever reads the terminal (the editor, or a command in cooked mode
// echoing) has taken it.
func (s *tty) typed(text string) {
	s.t.Helper()
	if out, err := s.cmd("send-keys", "-t", "t", "-l", text).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys: %v %s", err, out)
	}
	s.until(fmt.Sprintf("%q typed", text), func(sc string) bool { return strings.HasSuffix(lastLine(sc), text) })
}

// line waits for a fresh prompt, types text and presses Enter.
func (s *tty) line(text string) {
	s.t.Helper()
	s.until("a fresh prompt", func(sc string) bool { return lastLine(sc) == strings.TrimSpace(prompt) })
	s.typed(text)
	s.keys("Enter")
}

const prompt = "user@justbash:~$ "

// lastLine is the screen's last non-empty line, right-trimmed.
func lastLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	return strings.TrimRight(lines[len(lines)-1], " ")
}

// until waits for the screen to satisfy ok; the deadline is generous, the
// machine may be loaded.
func (s *tty) until(what string, ok func(screen string) bool) {
	s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		sc := s.screen()
		if ok(sc) {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("screen never showed %s:\n%s", what, sc)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *tty) screen() string {
	out, _ := s.cmd("capture-pane", "-p", "-t", "t").Output()
	return string(out)
}

func (s *tty) waitFor(want string) {
	s.t.Helper()
	s.until(fmt.Sprintf("%q", want), func(sc string) bool { return strings.Contains(sc, want) })
}

// TestTerminalInput checks that commands read the terminal while they run
// (read, cat, a pipeline), that Ctrl-C still cancels a reading command,
// that the prompt gets every keystroke afterwards, and that a fatal
// expansion error ends only its line.
func TestTerminalInput(t *testing.T) {
	s := newTTY(t)
	// Each reading command prints a marker first: once it shows, the
	// command runs and the terminal is back in cooked mode for it.
	s.line("echo go-read; read a b; echo got-$a-$b")
	s.waitFor("\ngo-read\n")
	s.typed("one two three")
	s.keys("Enter")
	s.waitFor("\ngot-one-two three\n")

	s.line("echo go-cat; cat | tr a-z A-Z")
	s.waitFor("\ngo-cat\n")
	s.typed("piped")
	s.keys("Enter")
	s.waitFor("\nPIPED\n")
	s.keys("C-d")
	s.line("echo cat-$?")
	s.waitFor("\ncat-0\n")

	s.line("echo go-wait; cat")
	s.waitFor("\ngo-wait\n")
	s.keys("C-c")
	s.line("echo interrupted-$?")
	s.waitFor("\ninterrupted-130\n")

	// The session is interactive: bash's message has no "line N:".
	s.line("echo $((1/0)); echo no")
	s.waitFor(`bash: 1/0: division by 0 (error token is "0")`)
	s.line("echo alive-$?")
	s.waitFor("\nalive-1\n")
	if strings.Contains(s.screen(), "\nno\n") {
		t.Errorf("the line went on after the error:\n%s", s.screen())
	}
}

// TestSpecCompletionTTY registers a spec with the complete builtin and
// completes with Tab, as a user would.
func TestSpecCompletionTTY(t *testing.T) {
	s := newTTY(t)
	s.line(`complete -W "alpha beta" deploy; deploy() { echo "deploying $1"; }`)
	s.until("a fresh prompt", func(sc string) bool { return lastLine(sc) == strings.TrimSpace(prompt) })
	s.typed("deploy al")
	s.keys("Tab")
	s.until("the completed word", func(sc string) bool { return lastLine(sc) == prompt+"deploy alpha" })
	s.keys("Enter")
	s.waitFor("\ndeploying alpha\n")
}
