package sqlite

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// cliCase is one sqlite3 invocation with the output the real CLI printed.
type cliCase struct {
	name  string
	args  []string
	stdin string
	out   string
	err   string
	code  int
}

// fixtureSQL builds t.db, the database the recorded cases query.
const fixtureSQL = `create table t(id integer primary key, name text, score real, data blob, d DATETIME);
insert into t values(1,'alice',1.5,x'0102','2024-01-02 03:04:05');
insert into t values(2,'bob "b"',NULL,NULL,NULL);
insert into t values(3,'c,d|e',2.0,'txt', 3);
insert into t values(4,'line
two',1e20,x'',0.1);
`

// fixtureFiles are the files the recorded cases read besides t.db.
var fixtureFiles = map[string]string{
	"in.csv": "a,b\n1,2\n\"x y\",3\n4\n", "bad.db": "not a db\n",
	"init.sql": "select 7;\n.mode csv\n", "init_err.sql": "select * from nope;\nselect 8;\n",
}

func newFS(t testing.TB) vfs.FS {
	t.Helper()
	fsys := vfs.NewMem()
	if err := fsys.MkdirAll("/home/user", 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range fixtureFiles {
		if err := vfs.WriteFile(fsys, "/home/user/"+name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, errs, code := runCmd(t, fsys, Options{}, fixtureSQL, "sqlite3", "t.db"); code != 0 || errs != "" {
		t.Fatalf("building fixture: %d %s", code, errs)
	}
	return fsys
}

func runCmd(t testing.TB, fsys vfs.FS, opts Options, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &commands.Context{Args: args, Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/home/user"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	code := New(opts).Run(ctx, c)
	return out.String(), errb.String(), code
}

func TestCLICompat(t *testing.T) {
	for _, tc := range cliCases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := newFS(t)
			out, errs, code := runCmd(t, fsys, Options{}, tc.stdin, append([]string{"sqlite3"}, tc.args...)...)
			if out != tc.out {
				t.Errorf("stdout\n got: %q\nwant: %q", out, tc.out)
			}
			if errs != tc.err {
				t.Errorf("stderr\n got: %q\nwant: %q", errs, tc.err)
			}
			if code != tc.code {
				t.Errorf("exit status %d, want %d", code, tc.code)
			}
		})
	}
}
