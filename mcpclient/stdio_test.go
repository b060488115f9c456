package mcpclient

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// recorder is a Receiver that keeps what it got.
type recorder struct {
	mu   sync.Mutex
	msgs []string
	lost error
	gone chan struct{}
}

func (r *recorder) waitGone(t *testing.T) {
	t.Helper()
	select {
	case <-r.gone:
	case <-time.After(20 * time.Second):
		t.Fatal("the connection was not reported lost")
	}
}

func newRecorder() *recorder { return &recorder{gone: make(chan struct{})} }

func (r *recorder) Receive(_ context.Context, m []byte) {
	r.mu.Lock()
	r.msgs = append(r.msgs, string(m))
	r.mu.Unlock()
}
func (r *recorder) Lost(err error) { r.mu.Lock(); r.lost = err; r.mu.Unlock(); close(r.gone) }
func (r *recorder) got() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.msgs...)
}

func needSh(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs a POSIX shell")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
}

// alive reports whether pid is a running (not zombie) process.
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	// The state follows the parenthesised command name.
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// A server that ignores the end of its stdin, and a child it started in
// its process group, are both stopped by Close; lines come through with
// CR and blank lines handled.
func TestStdioCloseStopsGroup(t *testing.T) {
	needSh(t)
	cmd := exec.Command("sh", "-c", `trap '' TERM; sleep 600 & echo "child $!"; printf 'a\r\n\nb\n'; while :; do sleep 1; done`)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	r := newRecorder()
	conn, err := (&CommandTransport{Cmd: cmd, TerminateAfter: 100 * time.Millisecond}).Connect(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "three lines", func() bool { return len(r.got()) >= 3 })
	got := r.got()
	if got[1] != "a" || got[2] != "b" || !strings.HasPrefix(got[0], "child ") {
		t.Fatalf("lines = %q", got)
	}
	child, _ := strconv.Atoi(strings.TrimPrefix(got[0], "child "))
	// The shell ignores SIGTERM: Close has to go on to SIGKILL.
	conn.Close()
	if cmd.ProcessState == nil {
		t.Fatal("Close returned before the server was reaped")
	}
	waitFor(t, "the child to be gone", func() bool { return !alive(child) })
	r.waitGone(t)
}

// A line longer than MaxMessage ends the connection instead of growing
// without bound.
func TestStdioMessageCap(t *testing.T) {
	needSh(t)
	cmd := exec.Command("sh", "-c", `echo small; head -c 5000 /dev/zero | tr '\0' x; echo; sleep 600`)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	r := newRecorder()
	conn, err := (&CommandTransport{Cmd: cmd, MaxMessage: 1000, TerminateAfter: 100 * time.Millisecond}).Connect(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	r.waitGone(t)
	if got := r.got(); len(got) != 1 || got[0] != "small" {
		t.Errorf("got %q", got)
	}
	if r.lost == nil || !strings.Contains(r.lost.Error(), "larger than 1000") {
		t.Errorf("lost = %v", r.lost)
	}
}

func TestReadLine(t *testing.T) {
	long := strings.Repeat("y", 300)
	in := "one\r\n" + long + "\n" + "\n" + "tail"
	br := bufio.NewReaderSize(strings.NewReader(in), 16)
	for _, want := range []string{"one", long, ""} {
		got, err := readLine(br, 300)
		if err != nil || string(got) != want {
			t.Fatalf("got %q, %v; want %q", got, err, want)
		}
	}
	if _, err := readLine(br, 300); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("unterminated tail: %v", err)
	}
	for _, size := range []int{16, 4096} {
		br = bufio.NewReaderSize(strings.NewReader(long+"z\n"), size)
		if _, err := readLine(br, 300); err == nil {
			t.Errorf("buffer %d: 301 bytes passed a cap of 300", size)
		}
		br = bufio.NewReaderSize(strings.NewReader(long+"\r\n"), size)
		if got, err := readLine(br, 300); err != nil || len(got) != 300 {
			t.Errorf("buffer %d: 300 bytes and CRLF: %d, %v", size, len(got), err)
		}
	}
}

func TestReadEvents(t *testing.T) {
	in := ": keep-alive\n\nevent: endpoint\ndata: /post?s=1\n\nid: 7\ndata: {\"a\":\ndata: 1}\n\ndata: x\n"
	var got []event
	if err := readEvents(strings.NewReader(in), 100, func(e event) bool { got = append(got, e); return true }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].name != "endpoint" || string(got[0].data) != "/post?s=1" || got[1].id != "7" || string(got[1].data) != "{\"a\":\n1}" {
		t.Errorf("events = %+v", got)
	}
	big := "data: " + strings.Repeat("q", 60) + "\ndata: " + strings.Repeat("q", 60) + "\n\n"
	if err := readEvents(strings.NewReader(big), 100, func(event) bool { return true }); err == nil {
		t.Error("an event over the cap was read")
	}
}

// Connecting and closing a real server leaves no goroutine behind.
func TestStdioNoGoroutineLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	for range 3 {
		seen := &notes{}
		c, err := Connect(context.Background(), sdkStdio(seen), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Ping(context.Background()); err != nil {
			t.Fatal(err)
		}
		c.Close()
	}
	goroutinesSettle(t, before)
}

// A context that ends just as its message is written (its answer came
// back at once, and the caller was done with it) leaves no write deadline
// behind: the next messages go out.
func TestStdioSendCancelledAfterWrite(t *testing.T) {
	needSh(t)
	if _, err := exec.LookPath("cat"); err != nil {
		t.Skip("no cat")
	}
	rec := newRecorder()
	conn, err := (&CommandTransport{Cmd: exec.Command("cat")}).Connect(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for i := range 3000 {
		ctx, cancel := context.WithCancel(context.Background())
		go cancel()
		_ = conn.Send(ctx, []byte(`{"n":`+strconv.Itoa(i)+`}`))
		cancel()
		if err := conn.Send(context.Background(), []byte(`{"after":`+strconv.Itoa(i)+`}`)); err != nil {
			t.Fatalf("send %d after a cancelled one: %v", i, err)
		}
	}
}
