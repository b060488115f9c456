package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestMCPAuthCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.json")
	os.WriteFile(cfg, []byte(`{"servers":{
	  "docs":{"type":"http","url":"http://127.0.0.1:1/mcp"},
	  "wiki":{"type":"remote","url":"http://127.0.0.1:1/wiki","oauth":{"clientId":"c1"}},
	  "off":{"type":"http","url":"http://127.0.0.1:1/off","oauth":false},
	  "loc":{"type":"stdio","command":"true"}}}`), 0o600)
	env := append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(dir, "data"), "DISPLAY=", "WAYLAND_DISPLAY=")
	run := func(args ...string) (string, int) {
		cmd := exec.Command(binary, append([]string{"mcp", "auth", "--config", cfg}, args...)...)
		cmd.Env = env
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	if out, code := run(); code != 0 || out != "docs\tneeds_auth\thttp://127.0.0.1:1/mcp\nwiki\tneeds_auth\thttp://127.0.0.1:1/wiki\n" {
		t.Errorf("list: %d %q", code, out)
	}
	// A stored token for docs (at its URL) makes it authorized.
	store := filepath.Join(dir, "data", "justbash", "oauth.json")
	os.MkdirAll(filepath.Dir(store), 0o700)
	os.WriteFile(store, []byte(`{"docs":{"url":"http://127.0.0.1:1/mcp","token":{"access_token":"t","token_type":"Bearer"}},
	  "wiki":{"url":"http://elsewhere/wiki","token":{"access_token":"t","token_type":"Bearer"}}}`), 0o600)
	if out, _ := run(); !strings.Contains(out, "docs\tauthorized\t") || !strings.Contains(out, "wiki\tneeds_auth\t") {
		t.Errorf("list after token: %q", out)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"nope"}, 1, `unknown server "nope"`},
		{[]string{"off"}, 1, "OAuth disabled"},
		{[]string{"loc"}, 1, "not a remote server"},
		{[]string{"a", "b"}, 2, "too many arguments"},
		{[]string{"docs", "--callback-port", "x"}, 2, "invalid port"},
		// Discovery against a dead server fails cleanly (no browser here).
		{[]string{"docs", "--no-browser", "--callback-port", "0"}, 1, "justbash mcp auth: "},
	} {
		if out, code := run(tc.args...); code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("auth %v: %d %q", tc.args, code, out)
		}
	}
}
