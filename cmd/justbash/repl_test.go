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

// literal types text as it is (no key names).
func (s *tmuxSession) literal(text string) {
	s.t.Helper()
	if out, err := s.cmd("send-keys", "-t", "t", "-l", text).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys: %v %s", err, out)
	}
}

// line waits for the prompt p to be the last line (the editor waits for
// input), types text, waits until the editor shows it and presses Enter.
// Every step waits on the screen, never on a delay, so the keys never
// reach a command or a prompt they were not meant for.
// more types a continuation line of multi-line input (the editor shows
// it indented under the first, with no prompt of its own) and presses
// Enter once it shows. The editor keeps reading keys between the lines,
// so there is no prompt to wait for first.
func (s *tmuxSession) more(text string) {
	s.t.Helper()
	s.literal(text)
	s.until(fmt.Sprintf("the continuation line %q", text), func(sc string) bool { return strings.TrimSpace(lastLine(sc)) == text })
	s.keys("Enter")
}

func (s *tmuxSession) line(p, text string) {
	s.t.Helper()
	s.waitLine(p)
	s.literal(text)
	s.waitLine(p + text)
	s.keys("Enter")
}

func (s *tmuxSession) screen() string {
	out, _ := s.cmd("capture-pane", "-p", "-t", "t").Output()
	return string(out)
}

// waitFor waits until the screen contains want.
func (s *tmuxSession) waitFor(want string) {
	s.t.Helper()
	s.until(fmt.Sprintf("%q", want), func(sc string) bool { return strings.Contains(sc, want) })
}

// waitFile waits for the shell's exit status, written to name by the
// command that started it.
func waitFile(t *testing.T, s *tmuxSession, name, want string) {
	t.Helper()
	s.until("the exit status in "+name, func(string) bool {
		data, err := os.ReadFile(name)
		return err == nil && strings.HasSuffix(string(data), "\n")
	})
	data, _ := os.ReadFile(name)
	if got := strings.TrimSpace(string(data)); got != want {
		t.Fatalf("exit status %s, want %s", got, want)
	}
}

func TestREPL(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status")
	s := newTmux(t, fmt.Sprintf("%s; echo $? > %s; sleep 30", binary, status))

	// State persists between lines.
	s.line(prompt, `x=41; f() { echo "answer $((x+1))"; }`)
	s.line(prompt, "f")
	s.waitFor("\nanswer 42\n")

	// Multi-line input runs once complete.
	s.line(prompt, "if true; then")
	s.more("echo multi-$x")
	s.more("fi")
	s.waitFor("\nmulti-41\n")

	// A syntax error is reported and the REPL goes on.
	s.line(prompt, "echo )(")
	s.line(prompt, "echo still-$?")
	s.waitFor("\nstill-2\n")

	// cd changes the prompt.
	s.line(prompt, "mkdir -p /tmp/work/deep && cd /tmp/work")
	work := "user@justbash:/tmp/work$ "

	// Tab completes paths and command names.
	s.waitLine(work)
	s.literal("cd de")
	s.waitLine(work + "cd de")
	s.keys("Tab")
	s.waitLine(work + "cd deep/")
	s.keys("Enter")
	deep := "user@justbash:/tmp/work/deep$ "
	s.waitLine(deep)
	s.literal("ech")
	s.waitLine(deep + "ech")
	s.keys("Tab")
	s.waitLine(deep + "echo ")
	s.literal("completed")
	s.waitLine(deep + "echo completed")
	s.keys("Enter")
	s.waitFor("\ncompleted\n")

	// Ctrl-C stops the running command, not the REPL. The marker shows
	// the loop has started before the key is sent.
	s.line(deep, "echo looping; while :; do :; done")
	s.waitFor("\nlooping\n")
	s.keys("C-c")
	s.line(deep, "echo interrupted-$?")
	s.waitFor("\ninterrupted-130\n")

	// exit ends the REPL with its status.
	s.line(deep, "exit 7")
	waitFile(t, s, status, "7")
}

func TestREPLCtrlD(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status")
	s := newTmux(t, fmt.Sprintf("%s; echo $? > %s; sleep 30", binary, status))
	s.line(prompt, "false")
	s.waitLine(prompt)
	s.keys("C-d")
	waitFile(t, s, status, "1")
}
