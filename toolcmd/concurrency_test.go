package toolcmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
)

// Parallel calls through both surfaces while tools are added and removed.
func TestConcurrentUse(t *testing.T) {
	cmds, inv := readmeCommands(t)
	reg := inv.Registry
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				r := run(t, cmds, strings.NewReader(fmt.Sprintf(`{"a":%d}`, g)), "math", "add", fmt.Sprintf("b=%d", i))
				if want := fmt.Sprintf("{\"sum\":%d}\n", g+i); r.stdout != want {
					errs <- fmt.Sprintf("got %q want %q", r.stdout, want)
					return
				}
				out, err := inv.Invoke(context.Background(), "math.add", []byte(fmt.Sprintf(`{"a":%d,"b":%d}`, g, i)))
				if err != nil || string(out) != fmt.Sprintf(`{"sum":%d}`, g+i) {
					errs <- fmt.Sprintf("invoke: %s %v", out, err)
					return
				}
			}
		}(g)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 100; i++ {
			p := fmt.Sprintf("tmp.t%d", i)
			if err := reg.Add(Untyped("temp", func(context.Context, map[string]any) (any, error) { return 1, nil }).withPath(p)); err != nil {
				errs <- err.Error()
				return
			}
			reg.Namespaces()
			reg.Complete([]string{"tmp", ""})
			reg.Search("temp")
			reg.Remove(p)
		}
	}()
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// withPath is a test convenience.
func (t Tool) withPath(p string) Tool { t.Path = p; return t }

// A tool added after the command was built is reachable through it.
func TestNamespaceCommandIsLive(t *testing.T) {
	reg := NewRegistry()
	inv := NewInvoker(reg)
	cmd := NamespaceCommand(inv, "live")
	cmds := map[string]commands.Command{"live": cmd}
	if r := run(t, cmds, nil, "live", "one"); r.code != 1 {
		t.Fatalf("before: %+v", r)
	}
	must(t, reg.Add(Untyped("One", func(context.Context, map[string]any) (any, error) { return 1, nil }).withPath("live.one")))
	if r := run(t, cmds, nil, "live", "one"); r.stdout != "1\n" {
		t.Fatalf("after: %+v", r)
	}
}

type termReader struct{ io.Reader }

func (termReader) IsTerminal() bool { return true }

type charDev struct{ io.Reader }

func (charDev) Stat() (fs.FileInfo, error) { return devInfo{}, nil }

type devInfo struct{}

func (devInfo) Name() string       { return "tty" }
func (devInfo) Size() int64        { return 0 }
func (devInfo) Mode() fs.FileMode  { return fs.ModeDevice | fs.ModeCharDevice }
func (devInfo) ModTime() time.Time { return time.Time{} }
func (devInfo) IsDir() bool        { return false }
func (devInfo) Sys() any           { return nil }

// blockingReader never returns: reading it would hang the call.
type blockingReader struct{}

func (blockingReader) Read([]byte) (int, error) { select {} }

// stdin is read only when it is a pipe or file: a terminal (recognised by
// IsTerminal or a character-device Stat) or a nil reader is skipped.
func TestStdinDetection(t *testing.T) {
	cmds, _ := readmeCommands(t)
	tests := []struct {
		name  string
		stdin io.Reader
		want  string
	}{
		{"nil", nil, `{"b":1}`},
		{"terminal", termReader{blockingReader{}}, `{"b":1}`},
		{"char device", charDev{blockingReader{}}, `{"b":1}`},
		{"pipe", io.MultiReader(strings.NewReader(`{"a":1}`)), `{"a":1,"b":1}`},
		{"buffer", bytes.NewBufferString(`{"a":2}`), `{"a":2,"b":1}`},
		{"empty", strings.NewReader(""), `{"b":1}`},
	}
	for _, tc := range tests {
		r := run(t, cmds, tc.stdin, "debug", "echo", "b=1")
		if r.stdout != tc.want+"\n" {
			t.Errorf("%s: got %q %q", tc.name, r.stdout, r.stderr)
		}
	}
	// A stdin that never ends does not outlive the caller's deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	var out, errb bytes.Buffer
	code := cmds["debug"].Run(ctx, &commands.Context{Args: []string{"debug", "echo"}, Stdin: blockingReader{}, Stdout: &out, Stderr: &errb})
	if code != 1 || errb.String() != "debug: echo: reading stdin: context deadline exceeded\n" {
		t.Errorf("blocking stdin: %d %q", code, errb.String())
	}
}

func TestParseArgsExported(t *testing.T) {
	tests := []struct {
		argv  []string
		stdin string
		want  string
		err   string
	}{
		{[]string{"a=1", "--b", "x"}, "", `{"a":1,"b":"x"}`, ""},
		{nil, "", ``, ""},
		{nil, `{"z":true}`, `{"z":true}`, ""},
		{[]string{"--", "a=1"}, "", `{"a":1}`, ""},
		{[]string{"--=1"}, "", ``, `invalid flag "--=1"`},
		{[]string{"=1"}, "", ``, `unexpected argument "=1" (use key=value, --key value or --json '{...}')`},
		{[]string{"{bad"}, "", ``, `invalid JSON argument: invalid character 'b' looking for beginning of object key string`},
	}
	for _, tc := range tests {
		got, err := ParseArgs(tc.argv, []byte(tc.stdin))
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: err %v, want %s", tc.argv, err, tc.err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%q: got %s %v, want %s", tc.argv, got, err, tc.want)
		}
	}
}
