package text

import (
	"github.com/justbash/justbash/commands"

	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"sync"
	"testing"
)

// benchLog is ~50 MB of log-like lines; benchNums is 1M lines of
// "number word". Both are generated deterministically so the GNU tools
// can be timed on the same bytes (see the report for the ratios).
var (
	benchOnce           sync.Once
	benchLog, benchNums []byte
)

func benchData() ([]byte, []byte) {
	benchOnce.Do(func() {
		benchLog, benchNums = genBenchLog(50<<20), genBenchNums(1000000)
	})
	return benchLog, benchNums
}

func genBenchLog(size int) []byte {
	r := rand.New(rand.NewSource(1))
	levels := []string{"INFO", "WARN", "ERROR", "DEBUG"}
	words := []string{"request", "user", "timeout", "connect", "cache", "miss", "Error", "retry", "db", "query"}
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "2024-11-%02d 12:%02d:%02d\t%s\tsvc%d\t", 1+i%28, i%60, i%59, levels[r.Intn(4)], r.Intn(20))
		for j := 0; j < 6+r.Intn(6); j++ {
			b.WriteString(words[r.Intn(len(words))])
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "id=%d\n", r.Intn(1000000))
	}
	return b.Bytes()
}

func genBenchNums(n int) []byte {
	r := rand.New(rand.NewSource(2))
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d w%d\n", r.Intn(1000000), r.Intn(1000))
	}
	return b.Bytes()
}

func benchRun(b *testing.B, data []byte, args ...string) {
	cmd, ok := testReg.Lookup(args[0])
	if !ok {
		b.Fatalf("no %s", args[0])
	}
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		c := &commands.Context{Args: args, Stdin: bytes.NewReader(data), Stdout: io.Discard, Stderr: io.Discard, Dir: "/"}
		if st := cmd.Run(context.Background(), c); st > 1 {
			b.Fatalf("%v: status %d", args, st)
		}
	}
}

func BenchmarkGrepCount(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "grep", "-c", "timeout")
}

func BenchmarkGrepIO(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "grep", "-i", "-o", "error")
}

// BenchmarkGrepRegex has a required literal ("timeout ") that prefilters
// blocks before the regexp runs.
func BenchmarkGrepRegex(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "grep", "-c", "timeout [a-z]*r")
}

func BenchmarkGrepN(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "grep", "-n", "id=99999")
}

func BenchmarkGrepV(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "grep", "-vc", "timeout")
}

func BenchmarkRgCount(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "rg", "-c", "timeout")
}

func BenchmarkSortN(b *testing.B) {
	_, n := benchData()
	benchRun(b, n, "sort", "-n")
}

func BenchmarkSortK2(b *testing.B) {
	_, n := benchData()
	benchRun(b, n, "sort", "-k2,2")
}

func BenchmarkUniqC(b *testing.B) {
	_, n := benchData()
	benchRun(b, n, "uniq", "-c")
}

func BenchmarkWcL(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "wc", "-l")
}

func BenchmarkWc(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "wc")
}

func BenchmarkCutF(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "cut", "-f", "2,4")
}

func BenchmarkTr(b *testing.B) {
	l, _ := benchData()
	benchRun(b, l, "tr", "a-z", "A-Z")
}
