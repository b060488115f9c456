package hardentest

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// The sandbox's zone is its TZ variable (UTC when unset), never the
// host's: jq, sqlite3 and tar tv all show 1970-01-01T00:00Z as 19:00 the
// day before in New York, and as midnight with TZ unset.
func TestSandboxTimeZone(t *testing.T) {
	epochTar := func() vfs.FS {
		fs := newFS(t)
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		tw.WriteHeader(&tar.Header{Name: "f", Mode: 0o644, Size: 1, ModTime: time.Unix(0, 0), Uname: "u", Gname: "g", Typeflag: tar.TypeReg})
		tw.Write([]byte("x"))
		tw.Close()
		if err := vfs.WriteFile(fs, "/home/user/a.tar", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return fs
	}
	cases := []struct {
		args []string
		fs   func() vfs.FS
		utc  string
		ny   string
	}{
		{args: []string{"jq", "-n", `0 | strflocaltime("%Y-%m-%dT%H:%M:%S %Z")`},
			utc: "\"1970-01-01T00:00:00 UTC\"\n", ny: "\"1969-12-31T19:00:00 EST\"\n"},
		{args: []string{"jq", "-nc", `0 | localtime`},
			utc: "[1970,0,1,0,0,0,4,0]\n", ny: "[1969,11,31,19,0,0,3,364]\n"},
		{args: []string{"jq", "-n", `0 | localtime | strflocaltime("%H:%M %z")`},
			utc: "\"00:00 +0000\"\n", ny: "\"19:00 -0500\"\n"},
		{args: []string{"sqlite3", ":memory:", "select datetime(0, 'unixepoch', 'localtime');"},
			utc: "1970-01-01 00:00:00\n", ny: "1969-12-31 19:00:00\n"},
		{args: []string{"tar", "tvf", "a.tar"}, fs: epochTar,
			utc: "-rw-r--r-- u/g            1 1970-01-01 00:00 f\n", ny: "-rw-r--r-- u/g            1 1969-12-31 19:00 f\n"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			for _, z := range []struct {
				env  []string
				want string
			}{
				{nil, tc.utc}, {[]string{"TZ=America/New_York"}, tc.ny},
			} {
				r := run{args: tc.args, env: z.env}
				if tc.fs != nil {
					r.fs = tc.fs()
				}
				res := exec(t, r)
				if res.status != 0 || res.out != z.want {
					t.Errorf("%v: status %d out %q err %q; want %q", z.env, res.status, res.out, res.err, z.want)
				}
			}
		})
	}
}

// SQLite's own heap is outside the Go heap: a blob or string past the
// string limit is refused by SQLite's length limit before it is built.
func TestSQLiteBlobBounded(t *testing.T) {
	res := exec(t, run{args: []string{"sqlite3", ":memory:", "select length(hex(zeroblob(100000000)));"}, limits: small})
	t.Logf("heap grew %.1f MiB", mib(res.heapGrew))
	if res.status == 0 || !strings.Contains(res.err, "string or blob too big") {
		t.Fatalf("status %d out %q err %q", res.status, res.out, res.err)
	}
	res = exec(t, run{args: []string{"sqlite3", ":memory:", "select length(hex(zeroblob(1000)));"}, limits: small})
	if res.status != 0 || res.out != "2000\n" {
		t.Fatalf("status %d out %q err %q", res.status, res.out, res.err)
	}
}

// gunzip and unzip that hit the file-size quota say so (File too large,
// as GNU does) and leave no partial output; the input stays.
func TestDecompressQuota(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789abcdef"), 128<<10) // 2 MiB
	t.Run("gunzip", func(t *testing.T) {
		fs := newFS(t, vfs.WithMaxFileSize(1<<20))
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(big)
		zw.Close()
		if err := vfs.WriteFile(fs, "/home/user/x.gz", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		res := exec(t, run{args: []string{"gunzip", "x.gz"}, fs: fs})
		if res.status != 1 || res.err != "gunzip: x: File too large\n" {
			t.Fatalf("status %d err %q", res.status, res.err)
		}
		if vfs.Exists(fs, "/home/user/x") || !vfs.Exists(fs, "/home/user/x.gz") {
			t.Fatal("partial output left, or input removed")
		}
	})
	t.Run("unzip", func(t *testing.T) {
		fs := newFS(t, vfs.WithMaxFileSize(1<<20))
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, _ := zw.Create("x")
		w.Write(big)
		zw.Close()
		if err := vfs.WriteFile(fs, "/home/user/a.zip", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		res := exec(t, run{args: []string{"unzip", "-q", "a.zip"}, fs: fs})
		if res.status != 50 || !strings.Contains(res.err, "cannot write x: File too large") {
			t.Fatalf("status %d err %q", res.status, res.err)
		}
		if vfs.Exists(fs, "/home/user/x") {
			t.Fatal("partial output left")
		}
	})
}
