package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/toolcmd"
)

// TestMain lets the test binary serve as its own worker.
func TestMain(m *testing.M) {
	if Serve() {
		return
	}
	os.Exit(m.Run())
}

func newShell(t *testing.T, opts Options) *Shell {
	t.Helper()
	sh, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sh.Close() })
	return sh
}

// TestSameResultsAsInProcess runs scripts both ways and compares.
func TestSameResultsAsInProcess(t *testing.T) {
	iso := newShell(t, Options{Shell: shell.Options{Files: map[string]string{"/tmp/in.txt": "b\na\n"}}})
	local, err := shell.New(shell.Options{Files: map[string]string{"/tmp/in.txt": "b\na\n"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{
		"echo hello | tr a-z A-Z",
		"sort /tmp/in.txt; echo $?",
		"x=(1 2 3); echo ${#x[@]}; nosuch; echo $?",
		"read line; echo got:$line",
	} {
		a, errA := iso.Exec(context.Background(), script, shell.WithStdin(strings.NewReader("typed\n")))
		b, errB := local.Exec(context.Background(), script, shell.WithStdin(strings.NewReader("typed\n")))
		if a != b || (errA == nil) != (errB == nil) {
			t.Errorf("%q: isolated %+v %v, in process %+v %v", script, a, errA, b, errB)
		}
	}
}

// TestFilesystemAndSessionsPersist checks that runs share the worker's
// filesystem and that a session keeps its state.
func TestFilesystemAndSessionsPersist(t *testing.T) {
	sh := newShell(t, Options{})
	ctx := context.Background()
	if _, err := sh.Exec(ctx, "echo kept > /tmp/f"); err != nil {
		t.Fatal(err)
	}
	res, _ := sh.Exec(ctx, "cat /tmp/f")
	if res.Stdout != "kept\n" {
		t.Fatalf("file not kept: %+v", res)
	}
	sess, err := sh.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	sess.Exec(ctx, "x=41; f() { echo $((x+1)); }; cd /tmp")
	res, _ = sess.Exec(ctx, "f; pwd")
	if res.Stdout != "42\n/tmp\n" {
		t.Fatalf("session state lost: %+v", res)
	}
}

// TestWorkerDeathSparesTheHost lets a run with no in-process limits eat
// memory until the worker's address-space cap kills it: the host lives,
// the run reports it, and the next run gets a fresh worker.
func TestWorkerDeathSparesTheHost(t *testing.T) {
	lim := shell.Limits{Timeout: 60 * time.Second}
	sh := newShell(t, Options{Shell: shell.Options{Limits: &lim}, MemoryLimit: 2 << 30})
	res, err := sh.Exec(context.Background(), `x=xxxxxxxxxxxxxxxx; while :; do x=$x$x; done`)
	if err == nil || res.ExitCode != 125 || !strings.Contains(err.Error(), "worker") {
		t.Fatalf("want a worker death, got %+v %v", res, err)
	}
	t.Logf("reported: %v", err)
	res, err = sh.Exec(context.Background(), "echo alive")
	if err != nil || res.Stdout != "alive\n" {
		t.Fatalf("no fresh worker after the death: %+v %v", res, err)
	}
}

// TestRunPastItsTimeIsKilled: a run whose context ends and does not stop
// is killed after the grace period.
func TestRunPastItsTimeIsKilled(t *testing.T) {
	sh := newShell(t, Options{Grace: 200 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res, err := sh.Exec(ctx, "sleep 30")
	if err == nil || res.ExitCode == 0 {
		t.Fatalf("want the run stopped, got %+v %v", res, err)
	}
}

// TestToolsCallBackToTheParent: a tool's Invoke runs in this process.
func TestToolsCallBackToTheParent(t *testing.T) {
	reg := toolcmd.NewRegistry()
	pid := os.Getpid()
	reg.Add(toolcmd.Tool{Path: "math.add", Description: "add",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}}}`),
		Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			var in struct{ A, B float64 }
			json.Unmarshal(args, &in)
			if os.Getpid() != pid {
				return nil, errors.New("invoked outside the parent")
			}
			return json.Marshal(map[string]float64{"sum": in.A + in.B})
		}})
	sh := newShell(t, Options{Shell: shell.Options{Tools: toolcmd.NewInvoker(reg)}})
	res, err := sh.Exec(context.Background(), "math add a=2 b=3 | jq .sum")
	if err != nil || res.Stdout != "5\n" {
		t.Fatalf("tool call through the worker: %+v %v", res, err)
	}
}

// BenchmarkIsolatedExec measures the round trip against in-process runs.
func BenchmarkIsolatedExec(b *testing.B) {
	sh, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer sh.Close()
	ctx := context.Background()
	for b.Loop() {
		if _, err := sh.Exec(ctx, "echo hi"); err != nil {
			b.Fatal(err)
		}
	}
}
