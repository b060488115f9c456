package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gql "github.com/graphql-go/graphql"
	"github.com/justbash/justbash/mcpserver"
)

// skillBlock is one fenced block of SKILL.md with the marker before it.
type skillBlock struct {
	line   int    // line of the opening fence, for messages
	kind   string // "run", "file" or "skip"
	arg    string // the file name or the skip reason
	body   string
	header string // the fence's info string (sh, yaml, …)
}

var skillMarker = regexp.MustCompile(`^<!--\s*(run|file|skip)(?::\s*(.*?))?\s*-->$`)

// parseSkill returns the marked fenced blocks of a markdown text. A marker
// is an HTML comment on the line right before the opening fence.
func parseSkill(text string) ([]skillBlock, error) {
	lines := strings.Split(text, "\n")
	var out []skillBlock
	for i := 0; i < len(lines); i++ {
		m := skillMarker.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			return nil, errors.New("marker on line " + itoa(i+1) + " is not followed by a fence")
		}
		b := skillBlock{line: i + 2, kind: m[1], arg: m[2], header: strings.TrimPrefix(lines[i+1], "```")}
		j := i + 2
		for ; j < len(lines) && !strings.HasPrefix(lines[j], "```"); j++ {
			b.body += lines[j] + "\n"
		}
		if j == len(lines) {
			return nil, errors.New("unclosed fence at line " + itoa(b.line))
		}
		out = append(out, b)
		i = j
	}
	return out, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// transcriptStep is one command of a run block and the output it must print.
type transcriptStep struct {
	cmd, want string
}

// parseTranscript splits a run block: "$ " starts a command, "> " continues
// it on a new line, every other line is expected output (stdout and stderr
// together, in order).
func parseTranscript(body string) []transcriptStep {
	var steps []transcriptStep
	for _, l := range strings.SplitAfter(body, "\n") {
		if l == "" {
			continue
		}
		switch {
		case strings.HasPrefix(l, "$ "):
			steps = append(steps, transcriptStep{cmd: strings.TrimSuffix(l[2:], "\n")})
		case strings.HasPrefix(l, "> ") && len(steps) > 0 && steps[len(steps)-1].want == "":
			steps[len(steps)-1].cmd += "\n" + strings.TrimSuffix(l[2:], "\n")
		case len(steps) > 0:
			steps[len(steps)-1].want += l
		}
	}
	return steps
}

// TestSkillExamples runs SKILL.md: every marked block, in document order, in
// one scratch directory holding a copy of examples/, with the built binary
// first on PATH as `justbash` and local GraphQL and petstore servers whose
// URLs are in $GRAPHQL_URL and $PETSTORE_URL. Nothing reaches the network.
func TestSkillExamples(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("the SKILL.md transcripts are sh command lines and there is no sh here")
	}
	root, _ := filepath.Abs("../..")
	data, err := os.ReadFile(filepath.Join(root, "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := parseSkill(string(data))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	env := skillEnv(t, root, work)
	runs := 0
	for _, b := range blocks {
		switch b.kind {
		case "skip":
			// A config that cannot run here must still be one justbash accepts.
			if strings.HasPrefix(b.header, "yaml") {
				checkSkillConfig(t, b)
			}
			t.Run("line"+itoa(b.line), func(t *testing.T) { t.Skip(b.arg) })
		case "file":
			p := filepath.Join(work, filepath.FromSlash(b.arg))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(b.body), 0o644); err != nil {
				t.Fatal(err)
			}
		case "run":
			for _, s := range parseTranscript(b.body) {
				runs++
				got := runSkillCommand(t, work, env, s.cmd)
				if got != s.want {
					t.Errorf("SKILL.md line %d: %s\n--- printed\n%s--- SKILL.md shows\n%s", b.line, s.cmd, got, s.want)
				}
			}
		}
	}
	if runs < 20 {
		t.Errorf("SKILL.md has only %d runnable commands", runs)
	}
}

// checkSkillConfig parses a config block that is not run, with every
// environment variable set, and requires at least one server from it.
func checkSkillConfig(t *testing.T, b skillBlock) {
	env := func(string) (string, bool) { return "x", true }
	cfg, err := mcpserver.ParseConfig("skill.yaml", []byte(b.body), mcpserver.LoadOptions{Env: env})
	if err != nil {
		t.Errorf("SKILL.md line %d: %v", b.line, err)
		return
	}
	if len(cfg.Servers) == 0 {
		t.Errorf("SKILL.md line %d: the config defines no server", b.line)
	}
}

func runSkillCommand(t *testing.T, dir string, env []string, script string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", "exec 2>&1\n"+script)
	cmd.Dir = dir
	cmd.Env = env
	out, _ := cmd.Output() // the status is part of what a step shows, if it matters
	if ctx.Err() != nil {
		t.Errorf("%s: no end within 60s", script)
	}
	return string(out)
}

// skillEnv prepares the scratch directory and returns the environment the
// commands run with: a private HOME and XDG dirs so no user config leaks in.
func skillEnv(t *testing.T, root, work string) []string {
	bin := filepath.Join(work, ".bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(binary, filepath.Join(bin, "justbash")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(work, "examples"), os.DirFS(filepath.Join(root, "examples"))); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", filepath.Join(work, "examples", "todo", "todo"), "./examples/todo")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the todo example: %v\n%s", err, out)
	}
	home := filepath.Join(work, ".home")
	env := []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"TODO_FILE=" + filepath.Join(work, "todo.json"),
		"GRAPHQL_URL=" + skillGraphQL(t),
		"PETSTORE_URL=" + skillPetstore(t),
		"LC_ALL=C",
	}
	return env
}

// skillPetstore serves examples/petstore.yaml's GET operations.
func skillPetstore(t *testing.T) string {
	pets := []map[string]any{{"id": 1, "name": "Rex"}, {"id": 2, "name": "Tom"}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /pets", func(w http.ResponseWriter, r *http.Request) {
		n := len(pets)
		if r.URL.Query().Get("limit") == "1" {
			n = 1
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(pets[:n])
	})
	mux.HandleFunc("GET /pets/{id}", func(w http.ResponseWriter, r *http.Request) {
		for _, p := range pets {
			if itoa(p["id"].(int)) == r.PathValue("id") {
				w.Header().Set("Content-Type", "application/json")
				json.NewEncoder(w).Encode(p)
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"message":"no such pet"}`))
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts.URL
}

// skillGraphQL serves a small library schema: query book(id), query books,
// mutation addBook(title). It answers only requests carrying the header the
// SKILL.md config sets.
func skillGraphQL(t *testing.T) string {
	var mu sync.Mutex
	books := []map[string]any{{"id": "1", "title": "Dune"}, {"id": "2", "title": "Emma"}}
	book := gql.NewObject(gql.ObjectConfig{Name: "Book", Fields: gql.Fields{
		"id": {Type: gql.NewNonNull(gql.ID)}, "title": {Type: gql.String},
	}})
	query := gql.NewObject(gql.ObjectConfig{Name: "Query", Fields: gql.Fields{
		"book": {Type: book, Description: "One book by id", Args: gql.FieldConfigArgument{"id": {Type: gql.NewNonNull(gql.ID)}},
			Resolve: func(p gql.ResolveParams) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				for _, b := range books {
					if b["id"] == p.Args["id"] {
						return b, nil
					}
				}
				return nil, errors.New("no such book")
			}},
		"books": {Type: gql.NewList(book), Description: "All books",
			Resolve: func(gql.ResolveParams) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				return append([]map[string]any(nil), books...), nil
			}},
	}})
	mutation := gql.NewObject(gql.ObjectConfig{Name: "Mutation", Fields: gql.Fields{
		"addBook": {Type: book, Description: "Add a book", Args: gql.FieldConfigArgument{"title": {Type: gql.NewNonNull(gql.String)}},
			Resolve: func(p gql.ResolveParams) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				b := map[string]any{"id": itoa(len(books) + 1), "title": p.Args["title"]}
				books = append(books, b)
				return b, nil
			}},
	}})
	schema, err := gql.NewSchema(gql.SchemaConfig{Query: query, Mutation: mutation})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Query     string         `json:"query"`
			Variables map[string]any `json:"variables"`
		}
		if r.Header.Get("Authorization") != "Bearer library-token" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&req); err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		res := gql.Do(gql.Params{Schema: schema, RequestString: req.Query, VariableValues: req.Variables})
		var buf bytes.Buffer
		json.NewEncoder(&buf).Encode(res)
		w.Header().Set("Content-Type", "application/json")
		w.Write(buf.Bytes())
	}))
	t.Cleanup(ts.Close)
	return ts.URL
}

// TestSkillParser checks the marker convention the example test relies on.
func TestSkillParser(t *testing.T) {
	text := "intro\n<!-- file: a.yaml -->\n```yaml\nx: 1\n```\n```sh\nnot marked\n```\n<!-- skip: needs network -->\n```sh\n$ curl x\n```\n<!-- run -->\n```sh\n$ echo a\na\n$ printf '%s\\n' \\\n> b\nb\n```\n"
	blocks, err := parseSkill(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 3 || blocks[0].kind != "file" || blocks[0].arg != "a.yaml" || blocks[0].body != "x: 1\n" ||
		blocks[1].kind != "skip" || blocks[1].arg != "needs network" || blocks[2].kind != "run" {
		t.Fatalf("blocks: %+v", blocks)
	}
	steps := parseTranscript(blocks[2].body)
	if len(steps) != 2 || steps[0] != (transcriptStep{"echo a", "a\n"}) || steps[1] != (transcriptStep{"printf '%s\\n' \\\nb", "b\n"}) {
		t.Fatalf("steps: %+v", steps)
	}
	if _, err := parseSkill("<!-- run -->\ntext\n"); err == nil {
		t.Error("a marker without a fence was accepted")
	}
	if _, err := parseSkill("<!-- run -->\n```\n$ x\n"); err == nil {
		t.Error("an unclosed fence was accepted")
	}
}
