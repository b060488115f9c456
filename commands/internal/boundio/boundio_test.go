package boundio

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// zeros is an endless reader, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestReadAllWithinLimit(t *testing.T) {
	data := strings.Repeat("abc", 50000)
	got, err := ReadAll(context.Background(), strings.NewReader(data), int64(len(data)))
	if err != nil || string(got) != data {
		t.Fatalf("len %d err %v", len(got), err)
	}
}

func TestReadAllEndlessStopsAtLimit(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const max = 1 << 20
	got, err := ReadAll(context.Background(), zeros{}, max)
	runtime.ReadMemStats(&after)
	if err == nil || err.Error() != "justbash: max read bytes exceeded (1048576)" {
		t.Fatalf("err = %v", err)
	}
	if len(got) != max || Status(err, 1) != StatusLimit {
		t.Fatalf("len %d status %d", len(got), Status(err, 1))
	}
	t.Logf("ReadAll of an endless reader with a 1 MiB limit: %d KiB allocated in total",
		(after.TotalAlloc-before.TotalAlloc)>>10)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8*max {
		t.Fatalf("allocated %d bytes for a %d byte limit", grew, max)
	}
}

func TestReadAllOneByteOver(t *testing.T) {
	_, err := ReadAll(context.Background(), strings.NewReader("12345"), 4)
	if !IsLimit(err) {
		t.Fatalf("err = %v", err)
	}
	got, err := ReadAll(context.Background(), strings.NewReader("1234"), 4)
	if err != nil || string(got) != "1234" {
		t.Fatalf("%q %v", got, err)
	}
}

func TestReadAllCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ReadAll(ctx, zeros{}, 1<<40)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestReaderReturnsOnCancelWhileBlocked(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	r := NewReader(ctx, pr)
	done := make(chan error, 1)
	go func() {
		_, err := ReadAll(context.Background(), r, 1<<20)
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("read did not return after cancel")
	}
	// The parked read ends when the writer closes: nothing outlives it.
	pw.Close()
	if _, err := r.Read(make([]byte, 1)); !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %v", err)
	}
}

func TestReaderPassesData(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		for i := 0; i < 100; i++ {
			pw.Write([]byte("line\n"))
		}
		pw.Close()
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got, err := ReadAll(ctx, NewReader(ctx, pr), 1<<20)
	if err != nil || string(got) != strings.Repeat("line\n", 100) {
		t.Fatalf("%d bytes, %v", len(got), err)
	}
}

func TestNewReaderInMemoryIsChecked(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := NewReader(ctx, bytes.NewReader([]byte("x")))
	cancel()
	if _, err := r.Read(make([]byte, 1)); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if n, err := NewReader(ctx, nil).Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Fatalf("nil reader: %d %v", n, err)
	}
}

func TestLimitedReader(t *testing.T) {
	lr := &LimitedReader{R: zeros{}, N: 10}
	got, err := io.ReadAll(lr)
	if len(got) != 10 || !IsLimit(err) {
		t.Fatalf("%d %v", len(got), err)
	}
	lr = &LimitedReader{R: strings.NewReader("0123456789"), N: 10}
	got, err = io.ReadAll(lr)
	if string(got) != "0123456789" || err != nil {
		t.Fatalf("%q %v", got, err)
	}
}

func TestCheckString(t *testing.T) {
	for _, tc := range []struct {
		n, max int64
		ok     bool
	}{
		{10, 10, true}, {11, 10, false}, {-1, 10, false},
		{9000000000, 0, false}, {DefaultMaxStringBytes, 0, true},
	} {
		err := CheckString(tc.n, tc.max)
		if (err == nil) != tc.ok {
			t.Errorf("CheckString(%d, %d) = %v", tc.n, tc.max, err)
		}
	}
	if got := CheckString(11, 10).Error(); got != "justbash: max string bytes exceeded (10)" {
		t.Errorf("message %q", got)
	}
}

// An OS pipe nobody writes: the cancelled read returns, and the pipe is
// left usable (no deadline stays set) for whoever reads it next.
func TestFileReaderCancelLeavesPipeUsable(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	r := NewReader(ctx, pr)
	if _, ok := r.(*fileReader); !ok {
		t.Fatalf("an OS pipe got %T", r)
	}
	done := make(chan error, 1)
	go func() {
		_, err := r.Read(make([]byte, 10))
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("read did not return after cancel")
	}
	go pw.Write([]byte("next"))
	buf := make([]byte, 4)
	if _, err := io.ReadFull(pr, buf); err != nil || string(buf) != "next" {
		t.Fatalf("pipe after cancel: %q %v", buf, err)
	}
}
