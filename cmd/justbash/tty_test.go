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

// These tests drive the built binary in a real terminal (tmux) the way a
// user does, and wait on screen content, never on fixed delays.

// screenDeadline is generous: the machine may be loaded.
const screenDeadline = 30 * time.Second

// keys sends keystrokes without waiting.
func (s *tmuxSession) keys(keys ...string) {
	s.t.Helper()
	if out, err := s.cmd(append([]string{"send-keys", "-t", "t"}, keys...)...).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys: %v %s", err, out)
	}
}

// until waits for the screen to satisfy ok and returns it.
func (s *tmuxSession) until(what string, ok func(screen string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(screenDeadline)
	for {
		sc := s.screen()
		if ok(sc) {
			return sc
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("screen never showed %s:\n%s", what, sc)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// lastLine is the screen's last non-empty line (the one being edited).
func lastLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	return strings.TrimRight(lines[len(lines)-1], " ")
}

func (s *tmuxSession) waitLine(want string) {
	s.t.Helper()
	want = strings.TrimRight(want, " ")
	s.until(fmt.Sprintf("the line %q", want), func(sc string) bool { return lastLine(sc) == want })
}

func (s *tmuxSession) waitCount(want string, n int) {
	s.t.Helper()
	s.until(fmt.Sprintf("%q %d times", want, n), func(sc string) bool { return strings.Count(sc, want) >= n })
}

const prompt = "user@justbash:~$ "

// ttyTools writes a config with the math module, the todo host command
// and this binary as a stdio MCP server.
func ttyTools(t *testing.T) (cfg, todoFile string) {
	t.Helper()
	dir := t.TempDir()
	root, _ := filepath.Abs("../..")
	todoBin := filepath.Join(dir, "todo")
	if out, err := exec.Command("go", "build", "-o", todoBin, filepath.Join(root, "examples", "todo")).CombinedOutput(); err != nil {
		t.Fatalf("building the todo example: %v %s", err, out)
	}
	os.WriteFile(filepath.Join(dir, "inner.json"), []byte(`{"servers":{}}`), 0o600)
	todoFile = filepath.Join(dir, "todo.json")
	data := fmt.Sprintf(`
servers:
  math: {type: js, file: %q}
  todo:
    type: command
    command: [%q]
    env: {TODO_FILE: %q}
    tools:
      list: {description: List the items}
      add:
        description: Add an item
        approval: add a todo item
        parameters: {type: object, properties: {title: {type: string}}, required: [title]}
  meta:
    type: stdio
    command: [%q, mcp, run, --config, %q]
`, filepath.Join(root, "examples", "math.js"), todoBin, todoFile, binary, filepath.Join(dir, "inner.json"))
	cfg = filepath.Join(dir, "tools.yaml")
	os.WriteFile(cfg, []byte(data), 0o600)
	return cfg, todoFile
}

func TestTTYCompletionConsentInterrupt(t *testing.T) {
	cfg, todoFile := ttyTools(t)
	s := newTmux(t, fmt.Sprintf("env XDG_STATE_HOME=%s %s --tools %s; sleep 30", t.TempDir(), binary, cfg))

	// Sources start in the background; wait for them (tools list NS does).
	s.keys("for n in math todo meta; do tools list $n >/dev/null; done; echo all-$?", "Enter")
	s.waitCount("\nall-0", 1)
	s.keys("clear", "Enter")
	s.waitLine(prompt)

	// Completion: the subcommand, then a parameter with no space after =.
	s.keys("math ad")
	s.waitLine(prompt + "math ad")
	s.keys("Tab")
	s.waitLine(prompt + "math add")
	s.keys("b")
	s.keys("Tab")
	s.until("b= completed", func(sc string) bool { return strings.Contains(sc, prompt+"math add b=") })
	s.keys("3 a=2 | jq .sum")
	s.waitLine(prompt + "math add b=3 a=2 | jq .sum")
	s.keys("Enter")
	s.until("the sum", func(sc string) bool { return strings.Contains(sc, "jq .sum\n5\n") })

	// Tab on a namespace lists the subcommands with their descriptions.
	s.waitLine(prompt)
	s.keys("math ")
	s.waitLine(prompt + "math")
	s.keys("Tab")
	s.until("the listed subcommands", func(sc string) bool {
		return strings.Contains(sc, "multiply") && strings.Contains(sc, "Multiply two numbers") && strings.Contains(sc, "Add two numbers")
	})
	s.keys("C-c") // abandon the line
	s.waitLine(prompt)

	// The consent prompt names the tool and its label; y runs it.
	s.keys("todo add title=milk", "Enter")
	s.until("the consent prompt", func(sc string) bool {
		return strings.Contains(sc, "Approve todo.add (add a todo item)?") && strings.Contains(sc, `"title": "milk"`) && strings.Contains(lastLine(sc), "Allow? [y]es / [N]o")
	})
	s.keys("y", "Enter")
	s.until("the added item", func(sc string) bool { return strings.Contains(sc, `{"id":1,"title":"milk","done":false}`) })
	if data, _ := os.ReadFile(todoFile); !strings.Contains(string(data), "milk") {
		t.Fatalf("todo file: %s", data)
	}
	// N (the default) declines.
	s.keys("todo add title=eggs; echo declined-$?", "Enter")
	s.until("the second prompt", func(sc string) bool { return strings.Count(sc, "Allow? [y]es") == 2 })
	s.keys("Enter")
	s.until("the decline", func(sc string) bool { return strings.Contains(sc, "declined-1") })

	// The MCP server is up; Ctrl-C during sleep stops sleep only.
	s.keys("meta list-servers | jq -c .servers", "Enter")
	s.waitCount("\n[]\n", 1)
	s.keys("echo sleeping; sleep 5; echo not-interrupted", "Enter")
	s.waitCount("\nsleeping", 1)
	s.keys("C-c")
	s.keys("echo after-$?", "Enter")
	s.until("status 130", func(sc string) bool { return strings.Contains(sc, "\nafter-130") })
	s.keys("meta list-servers | jq -c .servers && math add a=1 b=1", "Enter")
	s.until("tool calls after Ctrl-C", func(sc string) bool {
		return strings.Count(sc, "\n[]\n") == 2 && strings.Contains(sc, `{"sum":2}`)
	})
	if strings.Contains(s.screen(), "\nnot-interrupted") {
		t.Fatal("Ctrl-C did not stop the command line")
	}
}

func TestTTYHistoryAcrossSessions(t *testing.T) {
	state := t.TempDir()
	s := newTmux(t, fmt.Sprintf("env XDG_STATE_HOME=%s %s; env XDG_STATE_HOME=%s %s; sleep 30", state, binary, state, binary))
	s.keys("echo first-session-line", "Enter")
	s.waitCount("\nfirst-session-line", 1)
	s.keys("exit", "Enter")
	s.until("the second session", func(sc string) bool { return strings.Count(sc, "user@justbash:~$") >= 3 && lastLine(sc)+" " == prompt })
	s.keys("history", "Enter")
	s.until("the history", func(sc string) bool { return strings.Contains(sc, "  echo first-session-line\n") })
	if data, err := os.ReadFile(filepath.Join(state, "justbash", "history")); err != nil || !strings.Contains(string(data), "first-session-line") {
		t.Fatalf("history file: %q %v", data, err)
	}
}
