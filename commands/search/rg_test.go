package search

import (
	"github.com/justbash/justbash/commands"

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
		{Name: "walk", Args: []string{"rg", "foo"}, Files: f, Out: "b.txt:foo in txt\nkeep.log:foo keep\nsrc/a.go:foo bar\nsub/deep/c.md:foo\r\nsub/deep/c.md:no eol foo\n"},
		{Name: "dot", Args: []string{"rg", "-l", "foo", "."}, Files: f, Out: "./b.txt\n./keep.log\n./src/a.go\n./sub/deep/c.md\n"},
		{Name: "dir-n", Args: []string{"rg", "-n", "o", "src"}, Files: f, Out: "src/a.go:1:foo bar\nsrc/a.go:3:Foo qux\n"},
		{Name: "single-file", Args: []string{"rg", "-i", "foo", "src/a.go"}, Files: f, Out: "foo bar\nFoo qux\n"},
		{Name: "smart-case-lower", Args: []string{"rg", "-S", "foo", "src/a.go"}, Files: f, Out: "foo bar\nFoo qux\n"},
		{Name: "smart-case-upper", Args: []string{"rg", "-S", "Foo", "src/a.go"}, Files: f, Out: "Foo qux\n"},
		{Name: "files", Args: []string{"rg", "--files"}, Files: f, Out: "b.txt\nbin.dat\nkeep.log\nsrc/a.go\nsub/deep/c.md\n"},
		{Name: "files-hidden", Args: []string{"rg", "--files", "--hidden", "sub"}, Files: f, Out: "sub/.ignore\nsub/deep/c.md\n"},
		{Name: "no-ignore", Args: []string{"rg", "--no-ignore", "-l", "foo"}, Files: f, Out: "b.txt\nkeep.log\nnode_modules/m.js\nsrc/a.go\nsub/deep/c.md\nsub/skip.txt\nx.log\n"},
		{Name: "count", Args: []string{"rg", "-c", "foo"}, Files: f, Out: "b.txt:1\nkeep.log:1\nsrc/a.go:1\nsub/deep/c.md:2\n"},
		{Name: "count-matches", Args: []string{"rg", "--count-matches", "o", "src/a.go"}, Files: f, Out: "4\n"},
		{Name: "type", Args: []string{"rg", "-t", "go", "-l", "o"}, Files: f, Out: "src/a.go\n"},
		{Name: "type-not", Args: []string{"rg", "-T", "go", "-T", "md", "-l", "foo"}, Files: f, Out: "b.txt\nkeep.log\n"},
		{Name: "glob", Args: []string{"rg", "-g", "*.txt", "foo"}, Files: f, Out: "b.txt:foo in txt\n"},
		{Name: "glob-not", Args: []string{"rg", "-g", "!*.txt", "-g", "!src", "-l", "foo"}, Files: f, Out: "keep.log\nsub/deep/c.md\n"},
		{Name: "glob-path", Args: []string{"rg", "-g", "sub/**/*.md", "-l", "foo"}, Files: f, Out: "sub/deep/c.md\n"},
		{Name: "context", Args: []string{"rg", "-C1", "-n", "baz"}, Files: f, Out: "src/a.go-1-foo bar\nsrc/a.go:2:baz\nsrc/a.go-3-Foo qux\n"},
		{Name: "after-sep", Args: []string{"rg", "-A1", "x"}, Stdin: "x\n1\n2\nx\n", Out: "x\n1\n--\nx\n"},
		{Name: "stdin", Args: []string{"rg", "-n", "foo"}, Stdin: "a\nfoo\n", Out: "2:foo\n"},
		{Name: "stdin-dash", Args: []string{"rg", "foo", "-", "b.txt"}, Files: f, Stdin: "foo\n", Out: "<stdin>:foo\nb.txt:foo in txt\n"},
		{Name: "only-replace", Args: []string{"rg", "-o", "-r", "[$0]", "fo+", "src/a.go"}, Files: f, Out: "[foo]\n"},
		{Name: "replace-line", Args: []string{"rg", "-r", "<$1>", "(o+)"}, Stdin: "foo boo\n", Out: "f<oo> b<oo>\n"},
		{Name: "word", Args: []string{"rg", "-ow", "foo"}, Stdin: "foo-bar foobar\n", Out: "foo\n"},
		{Name: "fixed-line", Args: []string{"rg", "-F", "-x", "a.b"}, Stdin: "a.b\nxa.by\naxb\n", Out: "a.b\n"},
		{Name: "invert", Args: []string{"rg", "-v", "a"}, Stdin: "a\nb\nc\n", Out: "b\nc\n"},
		{Name: "max-count", Args: []string{"rg", "-m1", "-n", "o", "src/a.go"}, Files: f, Out: "1:foo bar\n"},
		{Name: "column", Args: []string{"rg", "--column", "qux", "src/a.go"}, Files: f, Out: "3:5:Foo qux\n"},
		{Name: "vimgrep", Args: []string{"rg", "--vimgrep", "o", "src/a.go"}, Files: f, Out: "src/a.go:1:2:foo bar\nsrc/a.go:1:3:foo bar\nsrc/a.go:3:2:Foo qux\nsrc/a.go:3:3:Foo qux\n"},
		{Name: "heading", Args: []string{"rg", "--heading", "foo", "b.txt", "keep.log"}, Files: f, Out: "b.txt\nfoo in txt\n\nkeep.log\nfoo keep\n"},
		{Name: "files-without-match", Args: []string{"rg", "--files-without-match", "bar", "src", "b.txt"}, Files: f, Out: "b.txt\n"},
		{Name: "quiet", Args: []string{"rg", "-q", "foo"}, Files: f},
		{Name: "none", Args: []string{"rg", "zzz"}, Files: f, Status: 1},
		{Name: "binary-explicit", Args: []string{"rg", "foo", "bin.dat"}, Files: f, Out: "bin.dat: binary file matches (found \"\\0\" byte around offset 3)\n"},
		{Name: "missing", Args: []string{"rg", "foo", "nope"}, Files: f, ErrOut: "rg: nope: No such file or directory (os error 2)\n", Status: 2},
		{Name: "bad-regex", Args: []string{"rg", "a("}, Stdin: "a\n", ErrOut: "rg: regex parse error:\n    missing closing ): `a(`\n", Status: 2},
		{Name: "bad-type", Args: []string{"rg", "-t", "nope", "x"}, ErrOut: "rg: unrecognized file type: nope\n", Status: 2},
		{Name: "no-pattern", Args: []string{"rg"}, ErrOut: "rg: no pattern given (rg [OPTIONS] PATTERN [PATH ...])\n", Status: 2},
		{Name: "e-multi", Args: []string{"rg", "-e", "bar", "-e", "qux", "src/a.go"}, Files: f, Out: "foo bar\nFoo qux\n"},
		{Name: "json", Args: []string{"rg", "--json", "baz", "src/a.go"}, Files: f, Out: `{"type":"begin","data":{"path":{"text":"src/a.go"}}}
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
	if st := runRg(ctx, c); st != 0 || out.String() != "1:y\n2:y\n" {
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
		{Name: "U", Args: []string{"rg", "-U", `foo\nba`}, Files: f, Out: "a.txt:foo\na.txt:baz\nb.txt:foo\nb.txt:bar\n"},
		{Name: "U-n", Args: []string{"rg", "-U", "-n", `o\nbar`, "b.txt"}, Files: f, Out: "1:foo\n2:bar\n"},
		{Name: "U-c", Args: []string{"rg", "-U", "-c", `foo\nbaz\nz`}, Files: f, Out: "a.txt:3\n"},
		{Name: "U-none", Args: []string{"rg", "-U", `bar\nfoo`}, Files: f, Status: 1},
		{Name: "sortr", Args: []string{"rg", "--sortr", "path", "-l", "o"}, Files: f, Out: "c.txt\nb.txt\na.txt\n"},
		{Name: "sort-path", Args: []string{"rg", "--sort", "path", "-l", "o"}, Files: f, Out: "a.txt\nb.txt\nc.txt\n"},
		{Name: "sort-bad", Args: []string{"rg", "--sort", "size", "o"}, Files: f, ErrOut: "rg: invalid value 'size' for '--sort <SORTBY>' [possible values: path, modified, accessed, created, none]\n", Status: 2},
	})
}
