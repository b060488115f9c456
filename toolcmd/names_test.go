package toolcmd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// ghRegistry holds tools named the way an OpenAPI source names GitHub's
// operations: operationIds with "/" and "-" in them.
func ghRegistry(t *testing.T) *Registry {
	t.Helper()
	reg := NewRegistry()
	echo := func(_ context.Context, args json.RawMessage) (json.RawMessage, error) { return args, nil }
	schema := `{"type":"object","properties":{"owner":{"type":"string","description":"The account owner"},"repo":{"type":"string"},"pull_number":{"type":"integer"},
		"per_page":{"type":"integer","default":30,"description":"Results per page"},
		"milestone":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"object","properties":{"title":{"type":"string"},"due_on":{"type":"string"}}},{"type":"null"}]},
		"$include-free":{"type":"boolean"}},"required":["owner","repo","pull_number"],"additionalProperties":false}`
	for path, desc := range map[string]string{
		"gh.repos.pulls_list-files": "List pull request files\n\nLists the files in a pull request.",
		"gh.repos.repos_get":        "Get a repository",
		"gh.repos.repos_get-readme": "Get a repository README",
		"gh.orgs.orgs_get":          "Get an organization",
		"gh.meta":                   "GitHub API root",
	} {
		if err := reg.Add(Tool{Path: path, Description: desc, InputSchema: json.RawMessage(schema), Source: Source{Kind: SourceOpenAPI, Name: "gh"}, Invoke: echo}); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

func TestCamelCasePaths(t *testing.T) {
	reg := ghRegistry(t)
	inv := NewInvoker(reg)
	args := json.RawMessage(`{"owner":"o","repo":"r","pull_number":1}`)
	for _, p := range []string{"gh.repos.pulls_list-files", "gh.repos.pullsListFiles"} {
		if out, err := inv.Invoke(context.Background(), p, args); err != nil || string(out) != string(args) {
			t.Errorf("%s: %s, %v", p, out, err)
		}
	}
	if _, err := inv.Invoke(context.Background(), "gh.repos.pullsListFile", args); err == nil || err.Error() != "Unknown tool: gh.repos.pullsListFile" {
		t.Errorf("near miss: %v", err)
	}
	// bash: kebab, original and camelCase spellings.
	cmds := Commands(inv)
	for _, argv := range [][]string{{"gh", "repos", "pulls-list-files"}, {"gh", "repos.pulls_list-files"}, {"gh", "repos.pullsListFiles"}} {
		r := run(t, cmds, nil, append(argv, "owner=o", "repo=r", "pull_number=1")...)
		if r.code != 0 || r.stdout != `{"owner":"o","pull_number":1,"repo":"r"}`+"\n" {
			t.Errorf("%q: %d %q %q", argv, r.code, r.stdout, r.stderr)
		}
	}
	for seg, want := range map[string][2]string{"pulls_list-files": {"pullsListFiles", "pullsListFiles"}, "listPets": {"listPets", "listPets"},
		"get_user": {"get_user", "getUser"}, "2fa-enable": {"_2faEnable", "_2faEnable"}, "repos": {"repos", "repos"}} {
		if js, camel := JSName(seg), CamelName(seg); js != want[0] || camel != want[1] {
			t.Errorf("JSName/CamelName(%q) = %q, %q; want %q", seg, js, camel, want)
		}
	}
	// Both spellings of an identifier with underscores reach the tool.
	for _, p := range []string{"gh.repos.repos_get", "gh.repos.reposGet"} {
		if _, err := inv.Invoke(context.Background(), p, args); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func TestGroupHelp(t *testing.T) {
	cmds := Commands(NewInvoker(ghRegistry(t)))
	want := "Executor tools: gh repos\n\nUSAGE\n  gh repos <command> [flags]\n\nCOMMANDS\n" +
		"  pulls-list-files  List pull request files\n" +
		"  repos-get         Get a repository\n" +
		"  repos-get-readme  Get a repository README\n\n" +
		"LEARN MORE\n  gh repos <command> --help\n"
	for _, argv := range [][]string{{"gh", "repos", "--help"}, {"gh", "repos"}} {
		if r := run(t, cmds, nil, argv...); r.code != 0 || r.stdout != want {
			t.Errorf("%q: %d\n%s\nwant\n%s", argv, r.code, r.stdout, want)
		}
	}
	if r := run(t, cmds, nil, "gh", "nope", "--help"); r.code != 1 || r.stderr != "gh: unknown command \"nope\"\nRun 'gh --help' for usage.\n" {
		t.Errorf("unknown group: %d %q", r.code, r.stderr)
	}
}

// TestDescribeIsValidJS parses the JAVASCRIPT line of `tools describe`
// with a real JavaScript parser.
func TestDescribeIsValidJS(t *testing.T) {
	cmds := Commands(NewInvoker(ghRegistry(t)))
	r := run(t, cmds, nil, "tools", "describe", "gh.repos.pulls_list-files")
	_, after, ok := strings.Cut(r.stdout, "JAVASCRIPT\n")
	if !ok {
		t.Fatalf("no JAVASCRIPT section:\n%s", r.stdout)
	}
	line := strings.TrimSpace(strings.SplitN(after, "\n", 2)[0])
	if line != `await tools.gh.repos.pullsListFiles({ owner: "…", repo: "…", pull_number: 1 })` {
		t.Errorf("call = %s", line)
	}
	if _, err := goja.Compile("describe", "(async () => { "+line+" })", true); err != nil {
		t.Errorf("%s: not valid JavaScript: %v", line, err)
	}
	if !strings.Contains(r.stdout, "TYPESCRIPT\n  tools.gh.repos.pullsListFiles(args: {") {
		t.Errorf("signature:\n%s", r.stdout)
	}
	// The parameter table wraps long types and shows defaults.
	wantRows := "  per_page        number                             optional  Results per page (default: 30)\n" +
		"  milestone       string | number | { title?:        optional\n" +
		"                  string; due_on?: string } | null\n"
	if !strings.Contains(r.stdout, wantRows) {
		t.Errorf("parameter rows:\n%s\nwant\n%s", r.stdout, wantRows)
	}
	if strings.Contains(r.stdout, "INPUT SCHEMA") {
		t.Error("concise describe printed the schema")
	}
	if full := run(t, cmds, nil, "tools", "describe", "gh.repos.pulls_list-files", "--full"); !strings.Contains(full.stdout, "INPUT SCHEMA") {
		t.Error("--full left out the schema")
	}
}
