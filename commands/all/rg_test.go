package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/search"

	"bytes"
	"context"
	"io"
	"testing"
	"time"
)

// TestRg: ripgrep is not installed on the machine the tests were written
// on, so these expectations follow ripgrep 14's documented output when
// stdout is not a terminal: no heading, "path:line" prefixes only when
// more than one file is searched, line numbers only with -n, files sorted
// by path here (ripgrep's own order is unspecified without --sort).
func TestRg(t *testing.T) {
	f := map[string]string{
		".gitignore":        "node_modules\n*.log\n!keep.log\n",
		"src/a.go":          "foo bar\nbaz\nFoo qux\n",
		"b.txt":             "foo in txt\n",
		"node_modules/m.js": "foo mod\n",
		"x.log":             "foo log\n",
		"keep.log":          "foo keep\n",
		".hid/h.txt":        "foo hidden\n",
		"sub/.ignore":       "skip.txt\n",
		"sub/skip.txt":      "foo skipped\n",
		"sub/deep/c.md":     "foo\r\nno eol foo",
		"bin.dat":           "foo\x00bar\n",
	}
	runCases(t, []cmdCase{
		{name: "walk", args: []string{"rg", "foo"}, files: f, out: "b.txt:foo in txt\nkeep.log:foo keep\nsrc/a.go:foo bar\nsub/deep/c.md:foo\r\nsub/deep/c.md:no eol foo\n"},
		{name: "dot", args: []string{"rg", "-l", "foo", "."}, files: f, out: "./b.txt\n./keep.log\n./src/a.go\n./sub/deep/c.md\n"},
		{name: "dir-n", args: []string{"rg", "-n", "o", "src"}, files: f, out: "src/a.go:1:foo bar\nsrc/a.go:3:Foo qux\n"},
		{name: "single-file", args: []string{"rg", "-i", "foo", "src/a.go"}, files: f, out: "foo bar\nFoo qux\n"},
		{name: "smart-case-lower", args: []string{"rg", "-S", "foo", "src/a.go"}, files: f, out: "foo bar\nFoo qux\n"},
		{name: "smart-case-upper", args: []string{"rg", "-S", "Foo", "src/a.go"}, files: f, out: "Foo qux\n"},
		{name: "files", args: []string{"rg", "--files"}, files: f, out: "b.txt\nbin.dat\nkeep.log\nsrc/a.go\nsub/deep/c.md\n"},
		{name: "files-hidden", args: []string{"rg", "--files", "--hidden", "sub"}, files: f, out: "sub/.ignore\nsub/deep/c.md\n"},
		{name: "no-ignore", args: []string{"rg", "--no-ignore", "-l", "foo"}, files: f, out: "b.txt\nkeep.log\nnode_modules/m.js\nsrc/a.go\nsub/deep/c.md\nsub/skip.txt\nx.log\n"},
		{name: "count", args: []string{"rg", "-c", "foo"}, files: f, out: "b.txt:1\nkeep.log:1\nsrc/a.go:1\nsub/deep/c.md:2\n"},
		{name: "count-matches", args: []string{"rg", "--count-matches", "o", "src/a.go"}, files: f, out: "4\n"},
		{name: "type", args: []string{"rg", "-t", "go", "-l", "o"}, files: f, out: "src/a.go\n"},
		{name: "type-not", args: []string{"rg", "-T", "go", "-T", "md", "-l", "foo"}, files: f, out: "b.txt\nkeep.log\n"},
		{name: "glob", args: []string{"rg", "-g", "*.txt", "foo"}, files: f, out: "b.txt:foo in txt\n"},
		{name: "glob-not", args: []string{"rg", "-g", "!*.txt", "-g", "!src", "-l", "foo"}, files: f, out: "keep.log\nsub/deep/c.md\n"},
		{name: "glob-path", args: []string{"rg", "-g", "sub/**/*.md", "-l", "foo"}, files: f, out: "sub/deep/c.md\n"},
		{name: "context", args: []string{"rg", "-C1", "-n", "baz"}, files: f, out: "src/a.go-1-foo bar\nsrc/a.go:2:baz\nsrc/a.go-3-Foo qux\n"},
		{name: "after-sep", args: []string{"rg", "-A1", "x"}, stdin: "x\n1\n2\nx\n", out: "x\n1\n--\nx\n"},
		{name: "stdin", args: []string{"rg", "-n", "foo"}, stdin: "a\nfoo\n", out: "2:foo\n"},
		{name: "stdin-dash", args: []string{"rg", "foo", "-", "b.txt"}, files: f, stdin: "foo\n", out: "<stdin>:foo\nb.txt:foo in txt\n"},
		{name: "only-replace", args: []string{"rg", "-o", "-r", "[$0]", "fo+", "src/a.go"}, files: f, out: "[foo]\n"},
		{name: "replace-line", args: []string{"rg", "-r", "<$1>", "(o+)"}, stdin: "foo boo\n", out: "f<oo> b<oo>\n"},
		{name: "word", args: []string{"rg", "-ow", "foo"}, stdin: "foo-bar foobar\n", out: "foo\n"},
		{name: "fixed-line", args: []string{"rg", "-F", "-x", "a.b"}, stdin: "a.b\nxa.by\naxb\n", out: "a.b\n"},
		{name: "invert", args: []string{"rg", "-v", "a"}, stdin: "a\nb\nc\n", out: "b\nc\n"},
		{name: "max-count", args: []string{"rg", "-m1", "-n", "o", "src/a.go"}, files: f, out: "1:foo bar\n"},
		{name: "column", args: []string{"rg", "--column", "qux", "src/a.go"}, files: f, out: "3:5:Foo qux\n"},
		{name: "vimgrep", args: []string{"rg", "--vimgrep", "o", "src/a.go"}, files: f, out: "src/a.go:1:2:foo bar\nsrc/a.go:1:3:foo bar\nsrc/a.go:3:2:Foo qux\nsrc/a.go:3:3:Foo qux\n"},
		{name: "heading", args: []string{"rg", "--heading", "foo", "b.txt", "keep.log"}, files: f, out: "b.txt\nfoo in txt\n\nkeep.log\nfoo keep\n"},
		{name: "files-without-match", args: []string{"rg", "--files-without-match", "bar", "src", "b.txt"}, files: f, out: "b.txt\n"},
		{name: "quiet", args: []string{"rg", "-q", "foo"}, files: f},
		{name: "none", args: []string{"rg", "zzz"}, files: f, status: 1},
		{name: "binary-explicit", args: []string{"rg", "foo", "bin.dat"}, files: f, out: "bin.dat: binary file matches (found \"\\0\" byte around offset 3)\n"},
		{name: "missing", args: []string{"rg", "foo", "nope"}, files: f, errOut: "rg: nope: No such file or directory (os error 2)\n", status: 2},
		{name: "bad-regex", args: []string{"rg", "a("}, stdin: "a\n", errOut: "rg: regex parse error:\n    missing closing ): `a(`\n", status: 2},
		{name: "bad-type", args: []string{"rg", "-t", "nope", "x"}, errOut: "rg: unrecognized file type: nope\n", status: 2},
		{name: "no-pattern", args: []string{"rg"}, errOut: "rg: no pattern given (rg [OPTIONS] PATTERN [PATH ...])\n", status: 2},
		{name: "e-multi", args: []string{"rg", "-e", "bar", "-e", "qux", "src/a.go"}, files: f, out: "foo bar\nFoo qux\n"},
		{name: "json", args: []string{"rg", "--json", "baz", "src/a.go"}, files: f, out: `{"type":"begin","data":{"path":{"text":"src/a.go"}}}
{"type":"match","data":{"path":{"text":"src/a.go"},"lines":{"text":"baz\n"},"line_number":2,"absolute_offset":8,"submatches":[{"match":{"text":"baz"},"start":0,"end":3}]}}
{"type":"end","data":{"binary_offset":null,"path":{"text":"src/a.go"},"stats":{"elapsed":{"secs":0,"nanos":0,"human":"0.000000s"},"searches":1,"searches_with_match":1,"bytes_searched":20,"bytes_printed":0,"matched_lines":1,"matches":1}}}
{"type":"summary","data":{"elapsed_total":{"secs":0,"nanos":0,"human":"0.000000s"},"stats":{"elapsed":{"secs":0,"nanos":0,"human":"0.000000s"},"searches":1,"searches_with_match":1,"bytes_searched":20,"bytes_printed":0,"matched_lines":1,"matches":1}}}
`},
	})
}

// rgEndless repeats a line forever, like yes.
type rgEndless struct{ line []byte }

func (e rgEndless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], e.line)
	}
	return n, nil
}

// TestRgStreamsStdin: rg -m stops reading an rgEndless pipe.
func TestRgStreamsStdin(t *testing.T) {
	var out bytes.Buffer
	c := &commands.Context{Args: []string{"rg", "-m2", "-n", "y"}, Stdin: rgEndless{[]byte("y\n")}, Stdout: &out, Stderr: io.Discard, Dir: "/"}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if st := search.RunRg(ctx, c); st != 0 || out.String() != "1:y\n2:y\n" {
		t.Fatalf("status %d, output %q", st, out.String())
	}
}

// TestRgMultilineSort: -U lets a match span lines (every line it touches
// is printed, as ripgrep's documentation describes), --sortr reverses
// the path order, --sort modified orders by time. Written from ripgrep
// 14's documented behaviour (no ripgrep on the recording machine).
func TestRgMultilineSort(t *testing.T) {
	f := map[string]string{"a.txt": "foo\nbaz\nzzz\n", "b.txt": "foo\nbar\n", "c.txt": "nothing\n"}
	runCases(t, []cmdCase{
		{name: "U", args: []string{"rg", "-U", `foo\nba`}, files: f, out: "a.txt:foo\na.txt:baz\nb.txt:foo\nb.txt:bar\n"},
		{name: "U-n", args: []string{"rg", "-U", "-n", `o\nbar`, "b.txt"}, files: f, out: "1:foo\n2:bar\n"},
		{name: "U-c", args: []string{"rg", "-U", "-c", `foo\nbaz\nz`}, files: f, out: "a.txt:3\n"},
		{name: "U-none", args: []string{"rg", "-U", `bar\nfoo`}, files: f, status: 1},
		{name: "sortr", args: []string{"rg", "--sortr", "path", "-l", "o"}, files: f, out: "c.txt\nb.txt\na.txt\n"},
		{name: "sort-path", args: []string{"rg", "--sort", "path", "-l", "o"}, files: f, out: "a.txt\nb.txt\nc.txt\n"},
		{name: "sort-bad", args: []string{"rg", "--sort", "size", "o"}, files: f, errOut: "rg: invalid value 'size' for '--sort <SORTBY>' [possible values: path, modified, accessed, created, none]\n", status: 2},
	})
}
