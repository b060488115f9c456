package graphql

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// githubSchema is @octokit/graphql-schema's schema.json (an
// introspection result), fetched by .ci/run into JUSTBASH_SPECS
// (default <user cache>/justbash-specs).
func githubSchema(tb testing.TB) []byte {
	tb.Helper()
	dir := os.Getenv("JUSTBASH_SPECS")
	if dir == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			tb.Skipf("real specs: no cache dir (%v); set JUSTBASH_SPECS", err)
		}
		dir = filepath.Join(c, "justbash-specs")
	}
	b, err := os.ReadFile(filepath.Join(dir, "github-graphql.json"))
	if err != nil {
		tb.Skipf("GitHub GraphQL schema absent (fetched by .ci/run; set JUSTBASH_SPECS): %v", err)
	}
	return b
}

// gqlRecorder answers introspection with a fixed schema and every other
// operation with reply, keeping the operations it was sent.
type gqlRecorder struct {
	*httptest.Server
	mu    sync.Mutex
	ops   []string
	vars  []string
	reply string
}

func newGQLRecorder(t testing.TB, schema []byte) *gqlRecorder {
	g := &gqlRecorder{}
	g.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Query     string          `json:"query"`
			Variables json.RawMessage `json:"variables"`
		}
		b, _ := io.ReadAll(r.Body)
		json.Unmarshal(b, &req)
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(req.Query, "__schema") {
			io.WriteString(w, `{"data":`)
			w.Write(schema)
			io.WriteString(w, `}`)
			return
		}
		g.mu.Lock()
		g.ops = append(g.ops, req.Query)
		g.vars = append(g.vars, string(req.Variables))
		reply := g.reply
		g.mu.Unlock()
		io.WriteString(w, reply)
	}))
	t.Cleanup(g.Close)
	return g
}

func TestGitHubGraphQL(t *testing.T) {
	g := newGQLRecorder(t, githubSchema(t))
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "ghql", URL: g.URL})
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Paths()) < 100 {
		t.Fatalf("only %d tools", len(src.Paths()))
	}
	// The default selection is what an agent would write: identity and
	// descriptive fields first, nothing that needs arguments.
	g.reply = `{"data":{"repository":{"id":"R_1","name":"justbash"}},"errors":[{"message":"Resource not accessible","path":["repository","owner"]}]}`
	inv := toolcmd.NewInvoker(reg)
	out, err := inv.Invoke(context.Background(), "ghql.query.repository", json.RawMessage(`{"owner":"o","name":"r"}`))
	if err != nil {
		t.Fatal(err)
	}
	op := g.ops[0]
	want := `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id name nameWithOwner url description createdAt updatedAt isPrivate visibility stargazerCount `
	if !strings.HasPrefix(op, want) {
		t.Errorf("operation = %s\nwant prefix %s", op, want)
	}
	if g.vars[0] != `{"name":"r","owner":"o"}` {
		t.Errorf("variables = %s", g.vars[0])
	}
	// A partial result comes back with its errors beside it.
	if string(out) != `{"data":{"id":"R_1","name":"justbash"},"errors":[{"message":"Resource not accessible","path":["repository","owner"]}]}` {
		t.Errorf("partial result = %s", out)
	}
	// Errors without data are an error.
	g.reply = `{"data":{"repository":null},"errors":[{"message":"Could not resolve to a Repository","path":["repository"]}]}`
	if _, err := inv.Invoke(context.Background(), "ghql.query.repository", json.RawMessage(`{"owner":"o","name":"nope"}`)); err == nil || err.Error() != "Could not resolve to a Repository (at repository)" {
		t.Errorf("err = %v", err)
	}
	// Argument descriptions are kept for help.
	tl, _ := reg.Get("ghql.query.repository")
	if !strings.Contains(string(tl.InputSchema), `"owner":{"description":"The login field of a user or organization"`) {
		t.Errorf("input schema = %.400s", tl.InputSchema)
	}
}
