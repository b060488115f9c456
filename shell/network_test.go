package shell

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands/curl"
)

// The network is a way out of the sandbox: it is closed unless the
// embedder opens it, and then only for the prefixes it names.
func TestNetworkPolicy(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("path=" + r.URL.Path + " auth=" + r.Header.Get("Authorization")))
	}))
	defer srv.Close()

	closed := newShell(t, Options{})
	res := run(t, closed, "curl "+srv.URL+"/ok; echo rc=$?")
	if res.Stdout != "rc=7\n" || !strings.Contains(res.Stderr, "network access is disabled") {
		t.Errorf("default must refuse: %q %q", res.Stdout, res.Stderr)
	}

	open := newShell(t, Options{Network: &curl.Policy{
		Enabled:      true,
		AllowPrivate: true, // the test server is on loopback
		Allow:        []curl.Rule{{Prefix: srv.URL + "/api/", Headers: map[string]string{"Authorization": "Bearer s3cret"}}},
	}})
	res = run(t, open, "curl -s "+srv.URL+"/api/x")
	if res.Stdout != "path=/api/x auth=Bearer s3cret" {
		t.Errorf("allowed prefix: %q %q", res.Stdout, res.Stderr)
	}
	res = run(t, open, "curl -s "+srv.URL+"/other; echo rc=$?")
	if !strings.HasSuffix(res.Stdout, "rc=7\n") {
		t.Errorf("other prefix must be denied: %q %q", res.Stdout, res.Stderr)
	}
	res = run(t, open, "env | grep -c s3cret")
	if res.Stdout != "0\n" {
		t.Errorf("injected header visible inside the sandbox: %q", res.Stdout)
	}
}
