package repl

import (
	"context"
	"slices"
	"testing"

	"github.com/justbash/justbash/shell"
)

func TestSpecCompletion(t *testing.T) {
	env := testEnv(t)
	specs := map[string][]string{
		"svc":    {"-W", "start stop status  restart"},
		"tagged": {"-W", "a1 a2 b1", "-P", "<", "-S", ">"},
		"nob":    {"-W", "a1 a2 b1", "-X", "a2"},
		"onlya":  {"-W", "a1 a2 b1", "-X", "!a*"},
		"godir":  {"-d"},
		"anyf":   {"-A", "file", "-W", "zeta"},
		"fn":     {"-F", "_fn"},
		"dflt":   {"-W", "xyz", "-o", "default"},
	}
	env.spec = func(name string) ([]string, bool) {
		s, ok := specs[name]
		return s, ok
	}
	tests := []struct {
		line  string
		cands []string
	}{
		{"svc st", []string{"start", "status", "stop"}},
		{"svc ", []string{"restart", "start", "status", "stop"}},
		{"sudo=1 svc re", []string{"restart"}},
		{"if svc sta", []string{"start", "status"}},
		{"svc start s", []string{"start", "status", "stop"}},
		{"svc x", nil},                      // a spec with no match offers nothing, not files
		{"svc > no", []string{"notes.txt"}}, // a redirection target is a file
		{"tagged a", []string{`\<a1\>`, `\<a2\>`}},
		{"nob a", []string{"a1"}},
		{"onlya ", []string{"a1", "a2"}},
		{"godir p", []string{"plink/", "project/"}},
		{"anyf n", []string{"new.md", "notes.txt"}},
		{"anyf z", []string{"zeta"}},
		{"fn n", []string{"new.md", "notes.txt"}},   // -F cannot run here: as if no spec
		{"dflt n", []string{"new.md", "notes.txt"}}, // -o default: files when the words do not match
		{"dflt x", []string{"xyz"}},
		{"cat n", []string{"new.md", "notes.txt"}},
		{"sv", nil}, // command position is untouched
	}
	for _, tt := range tests {
		_, cands := complete(tt.line, len([]rune(tt.line)), env)
		if !slices.Equal(cands, tt.cands) {
			t.Errorf("complete(%q) = %q, want %q", tt.line, cands, tt.cands)
		}
	}
}

// TestSessionSpecs registers specs with the complete builtin in a real
// session and completes through the runner, as the REPL does.
func TestSessionSpecs(t *testing.T) {
	sh, err := shell.New(shell.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := sh.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	r := &runner{sh: sh, sess: sess, cfg: &config{}}
	ctx := context.Background()
	if _, cands := complete("deploy p", 8, r.completionEnv()); slices.Contains(cands, "prod") {
		t.Fatalf("completed %q before any spec", cands)
	}
	if res, err := sess.Exec(ctx, `complete -W "prod staging preview" deploy`); err != nil || res.ExitCode != 0 {
		t.Fatalf("complete: %v %+v", err, res)
	}
	if _, cands := complete("deploy p", 8, r.completionEnv()); !slices.Equal(cands, []string{"preview", "prod"}) {
		t.Errorf("with the spec: %q", cands)
	}
	opts, ok := sess.Completions("deploy")
	if !ok || !slices.Equal(opts, []string{"-W", "prod staging preview"}) {
		t.Errorf("Completions = %q, %v", opts, ok)
	}
	opts[1] = "changed" // a copy: the session's spec is not touched
	sess.Exec(ctx, "complete -r deploy")
	if _, ok := sess.Completions("deploy"); ok {
		t.Error("spec still there after complete -r")
	}
	if _, cands := complete("deploy p", 8, r.completionEnv()); slices.Contains(cands, "prod") {
		t.Errorf("completed %q after complete -r", cands)
	}
}
