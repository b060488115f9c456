package sources

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/justbash/justbash/sources/graphql"
	"github.com/justbash/justbash/sources/openapi"
	"github.com/justbash/justbash/toolcmd"
)

// The load benchmark runs each load in a fresh process (this test binary
// re-executed with JUSTBASH_LOAD_CHILD set) so that peak RSS is the
// load's own, as a `justbash --tools` start would see it:
//
//	go test ./sources -run '^$' -bench LoadProcess -benchtime 3x
//
// It reports cpu-ms (user+system) and peak-RSS-MB per load. The real
// specs come from JUSTBASH_SPECS (see specsDir); absent ones are skipped.

func specsDir(tb testing.TB) string {
	dir := os.Getenv("JUSTBASH_SPECS")
	if dir == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			tb.Skipf("real specs: no cache dir (%v); set JUSTBASH_SPECS", err)
		}
		dir = filepath.Join(c, "justbash-specs")
	}
	return dir
}

// loadChild does one load in this process; the parent measures it.
func loadChild(mode, file, cache string) error {
	ctx := context.Background()
	reg := toolcmd.NewRegistry()
	switch mode {
	case "baseline":
		fmt.Println("tools=0")
	case "openapi":
		src, err := openapi.Add(ctx, reg, openapi.Config{Name: "x", SpecPath: file, CacheDir: cache})
		if src == nil {
			return err
		}
		fmt.Printf("tools=%d cached=%v\n", len(src.Paths()), src.FromCache())
	case "graphql":
		schema, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"data":`)
			w.Write(schema)
			io.WriteString(w, `}`)
		}))
		defer srv.Close()
		src, err := graphql.Add(ctx, reg, graphql.Config{Name: "x", URL: srv.URL})
		if err != nil {
			return err
		}
		fmt.Printf("tools=%d\n", len(src.Paths()))
	}
	return nil
}

func TestLoadChild(t *testing.T) {
	mode := os.Getenv("JUSTBASH_LOAD_CHILD")
	if mode == "" {
		t.Skip("only run as the load benchmark's child process")
	}
	if err := loadChild(mode, os.Getenv("JUSTBASH_LOAD_FILE"), os.Getenv("JUSTBASH_LOAD_CACHE")); err != nil {
		t.Fatal(err)
	}
}

// runChild runs one load in a child process and returns its CPU time,
// peak RSS and output.
func runChild(tb testing.TB, mode, file, cache string) (time.Duration, int64, string) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadChild$", "-test.v")
	cmd.Env = append(os.Environ(), "JUSTBASH_LOAD_CHILD="+mode, "JUSTBASH_LOAD_FILE="+file, "JUSTBASH_LOAD_CACHE="+cache)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("load child %s %s: %v\n%s", mode, file, err, out)
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru == nil {
		tb.Skip("no rusage on this platform")
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	var line string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "tools=") {
			line = l
		}
	}
	return cpu, ru.Maxrss * 1024, line // Linux reports KiB
}

func BenchmarkLoadProcess(b *testing.B) {
	dir := specsDir(b)
	cases := []struct {
		name, mode, file string
		warm             bool
	}{
		// The cost of starting the child process itself, to subtract.
		{"baseline", "baseline", "", false},
		{"github-rest-cold", "openapi", "github-rest.json", false},
		{"github-rest-warm", "openapi", "github-rest.json", true},
		{"stripe-cold", "openapi", "stripe.json", false},
		{"github-graphql", "graphql", "github-graphql.json", false},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			file := filepath.Join(dir, c.file)
			if _, err := os.Stat(file); c.file != "" && err != nil {
				b.Skipf("%s absent (fetched by .ci/run; set JUSTBASH_SPECS)", file)
			}
			cache := b.TempDir()
			if c.warm {
				runChild(b, c.mode, file, cache)
			}
			var cpu time.Duration
			var rss int64
			var line string
			n := 0
			for b.Loop() {
				if !c.warm {
					cache = b.TempDir() // every run cold
				}
				d, r, l := runChild(b, c.mode, file, cache)
				cpu += d
				rss = max(rss, r)
				line = l
				n++
			}
			b.ReportMetric(float64(cpu.Milliseconds())/float64(n), "cpu-ms/op")
			b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MB")
			b.Log(c.name, line)
		})
	}
}
