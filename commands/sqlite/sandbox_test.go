package sqlite

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

func TestRoundTripThroughVFS(t *testing.T) {
	fsys := newFS(t)
	if _, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", "data/new.db", "create table k(v)"); code != 1 || !strings.Contains(errs, "unable to open database") {
		t.Fatalf("missing directory: %d %q", code, errs)
	}
	steps := []struct{ sql, want string }{
		{"create table k(v); insert into k values('a'),('b')", ""},
		{"insert into k values('c')", ""},
		{"select group_concat(v) from k", "a,b,c\n"},
	}
	for _, s := range steps {
		out, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", "new.db", s.sql)
		if out != s.want || errs != "" || code != 0 {
			t.Fatalf("%s: %q %q %d", s.sql, out, errs, code)
		}
	}
	data, err := vfs.ReadFile(fsys, "/home/user/new.db")
	if err != nil || !strings.HasPrefix(string(data), "SQLite format 3\x00") {
		t.Fatalf("database file not written as SQLite: %v %q", err, data[:min(len(data), 16)])
	}
	entries, _ := fsys.ReadDir("/home/user")
	for _, e := range entries {
		if strings.Contains(e.Name(), "tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestUnchangedDatabaseIsNotRewritten(t *testing.T) {
	fsys := newFS(t)
	before, _ := fsys.Stat("/home/user/t.db")
	time.Sleep(5 * time.Millisecond)
	if _, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", "t.db", "select count(*) from t"); code != 0 {
		t.Fatal(errs)
	}
	after, _ := fsys.Stat("/home/user/t.db")
	if !after.ModTime().Equal(before.ModTime()) {
		t.Error("a read-only query rewrote the database")
	}
}

func TestReadonlyNeverWrites(t *testing.T) {
	fsys := newFS(t)
	_, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", "-readonly", "t.db", "pragma query_only=0", "delete from t")
	if code == 0 || !strings.Contains(errs, "readonly") {
		t.Fatalf("write allowed: %d %q", code, errs)
	}
	out, _, _ := runCmd(t, fsys, Options{}, "", "sqlite3", "t.db", "select count(*) from t")
	if out != "4\n" {
		t.Fatalf("rows after readonly session: %q", out)
	}
}

func TestHostFilesUnreachable(t *testing.T) {
	cases := []struct{ sql, errPart string }{
		{"attach database '/tmp/justbash-attach.db' as x", "not authorized"},
		{"attach database ':memory:' as x", "not authorized"},
		{"vacuum into '/tmp/justbash-vacuum.db'", "authorization denied"},
		{"pragma temp_store=file", "not authorized"},
		{"pragma temp_store_directory='/tmp'", "not authorized"},
		{"pragma max_page_count=999999", "not authorized"},
		{"select load_extension('/lib/x.so')", "not authorized"},
	}
	for _, tc := range cases {
		fsys := newFS(t)
		_, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", "t.db", tc.sql)
		if code == 0 || !strings.Contains(errs, tc.errPart) {
			t.Errorf("%s: %d %q", tc.sql, code, errs)
		}
	}
	// Reading the pragma stays allowed and shows memory (2) temp storage.
	out, errs, _ := runCmd(t, newFS(t), Options{}, "", "sqlite3", ":memory:", "pragma temp_store")
	if out != "2\n" {
		t.Errorf("temp_store = %q %q, want 2 (MEMORY)", out, errs)
	}
}

func TestQueryTimeout(t *testing.T) {
	fsys := newFS(t)
	start := time.Now()
	_, errs, code := runCmd(t, fsys, Options{Timeout: 100 * time.Millisecond}, "",
		"sqlite3", ":memory:", "with recursive c(x) as (select 1 union all select x+1 from c) select count(*) from c", "select 'after'")
	if code == 0 || !strings.Contains(errs, "interrupted") || !strings.Contains(errs, "time limit") {
		t.Fatalf("timeout not reported: %d %q", code, errs)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("timeout took %v", d)
	}
}

func TestSizeLimit(t *testing.T) {
	fsys := newFS(t)
	opts := Options{MaxDBBytes: 64 << 10}
	_, errs, code := runCmd(t, fsys, opts, "", "sqlite3", "big.db", "create table b(x)", "insert into b values(randomblob(200000))")
	if code == 0 || !strings.Contains(errs, "database or disk is full") {
		t.Fatalf("size limit not enforced: %d %q", code, errs)
	}
	if st, err := fsys.Stat("/home/user/big.db"); err != nil || st.Size() > opts.MaxDBBytes {
		t.Fatalf("saved database: %v %v", st, err)
	}
	// A file over the limit is refused before it is loaded.
	if err := vfs.WriteFile(fsys, "/home/user/huge.db", make([]byte, 100<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code = runCmd(t, fsys, opts, "", "sqlite3", "huge.db", "select 1")
	if code != 1 || !strings.Contains(errs, "limit") {
		t.Fatalf("oversized file accepted: %d %q", code, errs)
	}
}

func TestReadScriptFromVFS(t *testing.T) {
	fsys := newFS(t)
	if err := vfs.WriteFile(fsys, "/home/user/s.sql", []byte("create table r(a);\ninsert into r values(42);\nselect a from r;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", ":memory:", ".read s.sql")
	if out != "42\n" || errs != "" || code != 0 {
		t.Fatalf("%q %q %d", out, errs, code)
	}
}

func TestSplitAtTransactionBoundary(t *testing.T) {
	// An uncommitted transaction is rolled back, as closing SQLite does.
	fsys := newFS(t)
	runCmd(t, fsys, Options{}, "begin; delete from t;\n", "sqlite3", "t.db")
	out, _, _ := runCmd(t, fsys, Options{}, "", "sqlite3", "t.db", "select count(*) from t")
	if out != "4\n" {
		t.Fatalf("uncommitted delete was saved: %q", out)
	}
}

func TestRealFormatting(t *testing.T) {
	// Expected strings are what sqlite3 3.40 prints for these REALs.
	cases := []struct {
		f          float64
		list, json string
	}{
		{1.5, "1.5", "1.5"},
		{0.1, "0.1", "0.10000000000000000555"},
		{1e20, "1.0e+20", "1.0e+20"},
		{100, "100.0", "100.0"},
		{1e-5, "1.0e-05", "1.0000000000000000817e-05"},
		{123456789.123, "123456789.123", "123456789.12299999594"},
		{1.0 / 3, "0.333333333333333", "0.33333333333333331482"},
		{2.5e-300, "2.5e-300", "2.49999999999999998e-300"},
		{-2.75, "-2.75", "-2.75"},
	}
	for _, tc := range cases {
		if got := formatReal(tc.f); got != tc.list {
			t.Errorf("formatReal(%v) = %q, want %q", tc.f, got, tc.list)
		}
		if got := formatRealExact(tc.f); got != tc.json {
			t.Errorf("formatRealExact(%v) = %q, want %q", tc.f, got, tc.json)
		}
	}
}

func TestOutputRedirection(t *testing.T) {
	fsys := newFS(t)
	script := ".mode csv\n.output res.csv\nselect id, name from t where id < 3;\n.output\nselect 'stdout';\n.once one.txt\nselect 1;\nselect 2;\n"
	out, errs, code := runCmd(t, fsys, Options{}, script, "sqlite3", "t.db")
	if out != "stdout\r\n2\r\n" || errs != "" || code != 0 {
		t.Fatalf("%q %q %d", out, errs, code)
	}
	for name, want := range map[string]string{"res.csv": "1,alice\r\n2,\"bob \"\"b\"\"\"\r\n", "one.txt": "1\r\n"} {
		got, err := vfs.ReadFile(fsys, "/home/user/"+name)
		if err != nil || string(got) != want {
			t.Errorf("%s = %q (%v), want %q", name, got, err, want)
		}
	}
}

func TestCancelledContextStops(t *testing.T) {
	fsys := newFS(t)
	var out, errb strings.Builder
	ctx, cancel := context.WithCancel(context.Background())
	c := &commands.Context{Args: []string{"sqlite3", ":memory:", "with recursive c(x) as (select 1 union all select x+1 from c) select count(*) from c"},
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/home/user"}
	time.AfterFunc(50*time.Millisecond, cancel)
	done := make(chan int)
	go func() { done <- New(Options{}).Run(ctx, c) }()
	select {
	case code := <-done:
		if code == 0 || !strings.Contains(errb.String(), "interrupted") {
			t.Fatalf("cancel: %d %q", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("cancellation did not interrupt the query")
	}
}
