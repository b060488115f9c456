package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// JUSTBASH_START_TRACE=DIR in the server's environment makes the server
// and its worker write their start-up traces after the first call: the
// events of that call are in them, from the process's start.
func TestMCPStartTrace(t *testing.T) {
	for _, mode := range []string{"workers", "in-process"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			traces := filepath.Join(dir, "traces")
			if err := os.Mkdir(traces, 0o755); err != nil {
				t.Fatal(err)
			}
			cfg := filepath.Join(dir, "empty.json")
			os.WriteFile(cfg, []byte(`{"servers":{}}`), 0o600)
			env := []string{"HOME=" + dir, "XDG_CONFIG_HOME=" + dir, "JUSTBASH_START_TRACE=" + traces}
			c, _ := startLineClient(t, env, mcpRunArgs(cfg, mode)...)
			defer c.close()
			if _, err := c.callTool("execute_code", map[string]any{"code": "return 1"}); err != nil {
				t.Fatal(err)
			}
			want := map[string][]string{"server": {"init", "runtime", "ready", "msg", "exec+", "exec-", "reply"}}
			// The collector's start-up pause (mcpserver/startgc.go) is
			// over by the first reply, in the process that runs the code.
			if mode == "workers" {
				want["worker"] = []string{"init", "serve", "gcpause", "runmsg", "run+", "run-", "gcresume", "reply"}
			} else {
				want["server"] = append(want["server"], "gcpause", "run+", "run-", "gcresume")
			}
			for role, events := range want {
				var text string
				deadline := time.Now().Add(20 * time.Second)
				for {
					files, _ := filepath.Glob(filepath.Join(traces, role+"-*.txt"))
					if len(files) == 1 {
						b, _ := os.ReadFile(files[0])
						// the file is whole once its "end" event is in it
						if strings.HasPrefix(string(b), "end ") || strings.Contains(string(b), "\nend ") {
							text = string(b)
							break
						}
					}
					if time.Now().After(deadline) {
						t.Fatalf("no complete %s trace in %s: %v", role, traces, files)
					}
					time.Sleep(10 * time.Millisecond)
				}
				have := map[string]int{} // the line of each event's first
				for i, line := range strings.Split(text, "\n") {
					if f := strings.Fields(line); len(f) == 7 { // mcpserver/debugrec.go
						if _, ok := have[f[0]]; !ok {
							have[f[0]] = i
						}
					}
				}
				for _, e := range events {
					if _, ok := have[e]; !ok {
						t.Errorf("%s trace has no %q event:\n%s", role, e, text)
					}
				}
				if p, r := have["gcpause"], have["gcresume"]; r < p {
					t.Errorf("%s trace: the collector resumed before its pause:\n%s", role, text)
				}
			}
		})
	}
}
