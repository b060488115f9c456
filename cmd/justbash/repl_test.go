package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmuxSession drives the interactive shell in a real terminal. The tests
// using it skip when tmux is not installed.
type tmuxSession struct {
	t      *testing.T
	socket string
}

func newTmux(t *testing.T, command string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	s := &tmuxSession{t: t, socket: fmt.Sprintf("justbash-test-%d-%d", os.Getpid(), time.Now().UnixNano())}
	if out, err := s.cmd("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	t.Cleanup(func() { s.cmd("kill-server").Run() })
	s.waitFor("user@justbash:~$")
	return s
}

func (s *tmuxSession) cmd(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", s.socket}, args...)...)
}

func (s *tmuxSession) send(keys ...string) {
	s.t.Helper()
	if out, err := s.cmd(append([]string{"send-keys", "-t", "t"}, keys...)...).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys: %v %s", err, out)
	}
	time.Sleep(150 * time.Millisecond) // let the editor take the keys before the next batch
}

func (s *tmuxSession) screen() string {
	out, _ := s.cmd("capture-pane", "-p", "-t", "t").Output()
	return string(out)
}

// waitFor waits until the screen contains want.
func (s *tmuxSession) waitFor(want string) {
	s.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(s.screen(), want) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.t.Fatalf("screen never showed %q:\n%s", want, s.screen())
}

func TestREPL(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status")
	s := newTmux(t, fmt.Sprintf("%s; echo $? > %s; sleep 30", binary, status))

	// State persists between lines.
	s.send(`x=41; f() { echo "answer $((x+1))"; }`, "Enter")
	s.send("f", "Enter")
	s.waitFor("answer 42")

	// Multi-line input runs once complete.
	s.send("if true; then", "Enter")
	s.send("echo multi-$x", "Enter")
	s.send("fi", "Enter")
	s.waitFor("multi-41")

	// A syntax error is reported and the REPL goes on.
	s.send("echo )(", "Enter")
	s.send("echo still-$?", "Enter")
	s.waitFor("still-2")

	// cd changes the prompt.
	s.send("mkdir -p /tmp/work/deep && cd /tmp/work", "Enter")
	s.waitFor("user@justbash:/tmp/work$")

	// Tab completes paths and command names.
	s.send("cd de")
	s.send("Tab")
	s.send("Enter")
	s.waitFor("user@justbash:/tmp/work/deep$")
	s.send("ech")
	s.send("Tab")
	s.send("completed", "Enter")
	s.waitFor("\ncompleted")

	// Ctrl-C stops the running command, not the REPL.
	s.send("while :; do :; done", "Enter")
	time.Sleep(300 * time.Millisecond)
	s.send("C-c")
	s.send("echo interrupted-$?", "Enter")
	s.waitFor("interrupted-130")

	// exit ends the REPL with its status.
	s.send("exit 7", "Enter")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(status); err == nil && len(data) > 0 {
			if got := strings.TrimSpace(string(data)); got != "7" {
				t.Fatalf("exit status %s, want 7", got)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the REPL did not exit:\n%s", s.screen())
}

func TestREPLCtrlD(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status")
	s := newTmux(t, fmt.Sprintf("%s; echo $? > %s; sleep 30", binary, status))
	s.send("false", "Enter")
	s.send("C-d")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(status); err == nil && len(data) > 0 {
			if got := strings.TrimSpace(string(data)); got != "1" {
				t.Fatalf("exit status %s, want 1 (the last command's)", got)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("Ctrl-D did not end the REPL:\n%s", s.screen())
}
