package awk

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// hostBenchProgs are the programs BenchmarkVsHost runs on the same 1M-line
// input in our awk, gawk and mawk.
var hostBenchProgs = []struct {
	name string
	args []string
}{
	{"sum", []string{"{s+=$3} END{print s}"}},
	{"group", []string{"{c[$1]++} END{for(k in c) n++; print n}"}},
	{"csvfield", []string{"-F,", "{print $2}"}},
	{"gsub", []string{`{n+=gsub(/fox|[0-9]+/, "X")} END{print n}`}},
	{"printf", []string{`{printf "%s:%d:%.2f\n", $1, $3, $3/7}`}},
	{"length-substr", []string{`{n+=length($0); m+=length(substr($2,1,2))} END{print n, m}`}},
}

// BenchmarkVsHost times our awk against gawk and mawk on the same input
// and reports the ratios (ours/gawk, ours/mawk: above 1 is slower).
// Reproduce with:
//
//	go test ./commands/awk -run '^$' -bench VsHost -benchtime 3x
func BenchmarkVsHost(b *testing.B) {
	data := benchInput()
	file := filepath.Join(b.TempDir(), "data.txt")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	fsys := vfs.NewMem()
	if err := vfs.WriteFile(fsys, "/data.txt", data, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, p := range hostBenchProgs {
		b.Run(p.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			start := time.Now()
			for i := 0; i < b.N; i++ {
				var errb strings.Builder
				c := &commands.Context{
					Args:  append(append([]string{"awk"}, p.args...), "/data.txt"),
					Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb,
					FS: fsys, Dir: "/", Environ: []string{"LC_ALL=C"},
				}
				if st := New().Run(context.Background(), c); st != 0 {
					b.Fatalf("status %d: %s", st, errb.String())
				}
			}
			ours := time.Since(start) / time.Duration(b.N)
			b.StopTimer()
			for _, tool := range []string{"gawk", "mawk"} {
				bin, err := exec.LookPath(tool)
				if err != nil {
					b.Logf("%s is not installed: no ratio to it", tool)
					continue
				}
				t0 := time.Now()
				for i := 0; i < b.N; i++ {
					cmd := exec.Command(bin, append(append([]string{}, p.args...), file)...)
					cmd.Env = []string{"LC_ALL=C"}
					cmd.Stdout = io.Discard
					if err := cmd.Run(); err != nil {
						b.Fatalf("%s: %v", tool, err)
					}
				}
				host := time.Since(t0) / time.Duration(b.N)
				b.ReportMetric(float64(ours)/float64(host), "x_"+tool)
			}
		})
	}
}
