package search

import (
	"strings"
	"testing"
)

func TestGrep(t *testing.T) {
	bf := map[string]string{"f1": "l1 a\nl2 b\r\nl3 a\n", "f2": "xx\nab\n"}
	f := map[string]string{
		"a":     "foo bar\nFoo baz\nqux\nfoobar\nbar foo\n",
		"b":     "x+y\na|b\n(paren)\nab{2}\nabb\n",
		"sub/c": "foo\n",
	}
	runCases(t, []cmdCase{
		{Name: "basic", Args: []string{"grep", "foo", "a"}, Files: f, Out: "foo bar\nfoobar\nbar foo\n"},
		{Name: "i", Args: []string{"grep", "-i", "foo", "a"}, Files: f, Out: "foo bar\nFoo baz\nfoobar\nbar foo\n"},
		{Name: "v", Args: []string{"grep", "-v", "foo", "a"}, Files: f, Out: "Foo baz\nqux\n"},
		{Name: "w", Args: []string{"grep", "-w", "foo", "a"}, Files: f, Out: "foo bar\nbar foo\n"},
		{Name: "x", Args: []string{"grep", "-x", "qux", "a"}, Files: f, Out: "qux\n"},
		{Name: "c", Args: []string{"grep", "-c", "foo", "a"}, Files: f, Out: "3\n"},
		{Name: "c-none", Args: []string{"grep", "-c", "zzz"}, Stdin: "a\n", Out: "0\n", Status: 1},
		{Name: "n-multi", Args: []string{"grep", "-n", "foo", "a", "b"}, Files: f, Out: "a:1:foo bar\na:4:foobar\na:5:bar foo\n"},
		{Name: "l", Args: []string{"grep", "-l", "foo", "a", "b"}, Files: f, Out: "a\n"},
		{Name: "L", Args: []string{"grep", "-L", "foo", "a", "b"}, Files: f, Out: "b\n"},
		{Name: "o", Args: []string{"grep", "-o", "fo*", "a"}, Files: f, Out: "foo\nfoo\nfoo\n"},
		{Name: "o-all", Args: []string{"grep", "-o", "ab*", "b"}, Files: f, Out: "a\na\nab\nabb\n"},
		{Name: "ow", Args: []string{"grep", "-ow", "foo", "a"}, Files: f, Out: "foo\nfoo\n"},
		{Name: "ow-adjacent", Args: []string{"grep", "-ow", "foo"}, Stdin: "foo foo,foo xfoo\n", Out: "foo\nfoo\nfoo\n"},
		{Name: "h", Args: []string{"grep", "-h", "foo", "a", "b"}, Files: f, Out: "foo bar\nfoobar\nbar foo\n"},
		{Name: "H", Args: []string{"grep", "-H", "qux", "a"}, Files: f, Out: "a:qux\n"},
		{Name: "bre-plus-literal", Args: []string{"grep", "x+y", "b"}, Files: f, Out: "x+y\n"},
		{Name: "ere-plus", Args: []string{"grep", "-E", "x+y", "b"}, Files: f, Status: 1},
		{Name: "bre-interval", Args: []string{"grep", `ab\{2\}`, "b"}, Files: f, Out: "abb\n"},
		{Name: "bre-brace-literal", Args: []string{"grep", "ab{2}", "b"}, Files: f, Out: "ab{2}\n"},
		{Name: "bre-bar-literal", Args: []string{"grep", "a|b", "b"}, Files: f, Out: "a|b\n"},
		{Name: "bre-alt", Args: []string{"grep", `a\|q`, "b"}, Files: f, Out: "a|b\n(paren)\nab{2}\nabb\n"},
		{Name: "F", Args: []string{"grep", "-F", "(paren)", "b"}, Files: f, Out: "(paren)\n"},
		{Name: "bre-group", Args: []string{"grep", `\(p\)aren`, "b"}, Files: f, Out: "(paren)\n"},
		{Name: "ere-group", Args: []string{"grep", "-E", "(p)aren", "b"}, Files: f, Out: "(paren)\n"},
		{Name: "class", Args: []string{"grep", "[[:punct:]]y", "b"}, Files: f, Out: "x+y\n"},
		{Name: "leading-star", Args: []string{"grep", "*x"}, Stdin: "a*x\nx\n", Out: "a*x\n"},
		{Name: "r", Args: []string{"grep", "-r", "foo", "."}, Files: f, Out: "./a:foo bar\n./a:foobar\n./a:bar foo\n./sub/c:foo\n"},
		{Name: "r-implicit", Args: []string{"grep", "-r", "foo"}, Files: f, Out: "a:foo bar\na:foobar\na:bar foo\nsub/c:foo\n"},
		{Name: "r-include", Args: []string{"grep", "-r", "--include=c", "foo"}, Files: f, Out: "sub/c:foo\n"},
		{Name: "dir", Args: []string{"grep", "foo", "sub"}, Files: f, ErrOut: "grep: sub: Is a directory\n", Status: 2},
		{Name: "missing", Args: []string{"grep", "foo", "nope", "a"}, Files: f, Out: "a:foo bar\na:foobar\na:bar foo\n", ErrOut: "grep: nope: No such file or directory\n", Status: 2},
		{Name: "s", Args: []string{"grep", "-s", "foo", "nope"}, Status: 2},
		{Name: "q", Args: []string{"grep", "-q", "foo", "a"}, Files: f},
		{Name: "A", Args: []string{"grep", "-A1", "qux", "a"}, Files: f, Out: "qux\nfoobar\n"},
		{Name: "B-n", Args: []string{"grep", "-B1", "-n", "qux", "a"}, Files: f, Out: "2-Foo baz\n3:qux\n"},
		{Name: "C", Args: []string{"grep", "-C1", "Foo", "a"}, Files: f, Out: "foo bar\nFoo baz\nqux\n"},
		{Name: "context-sep", Args: []string{"grep", "-A1", "m"}, Stdin: "m\n1\n2\nm\n3\n", Out: "m\n1\n--\nm\n3\n"},
		{Name: "m", Args: []string{"grep", "-m1", "foo", "a"}, Files: f, Out: "foo bar\n"},
		{Name: "e-multi", Args: []string{"grep", "-e", "foo", "-e", "qux", "a"}, Files: f, Out: "foo bar\nqux\nfoobar\nbar foo\n"},
		{Name: "f-file", Args: []string{"grep", "-f", "pats", "a"}, Files: map[string]string{"pats": "qux\nbaz\n", "a": "foo\nbaz\nqux\n"}, Out: "baz\nqux\n"},
		{Name: "stdin", Args: []string{"grep", "b"}, Stdin: "a\nb\n", Out: "b\n"},
		{Name: "no-pattern", Args: []string{"grep"}, ErrOut: "grep: Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
		// Back-references, as GNU grep 3.8 prints them: each -e pattern
		// numbers its own groups.
		{Name: "backref", Args: []string{"grep", "-o", `\(a\)\1`}, Stdin: "aa ab aab\n", Out: "aa\naa\n"},
		{Name: "backref-E-i", Args: []string{"grep", "-Eio", `(a)\1`}, Stdin: "xAa\n", Out: "Aa\n"},
		{Name: "backref-w", Args: []string{"grep", "-ow", `\(.\) \1`}, Stdin: "a a b b\n", Out: "a a\nb b\n"},
		{Name: "backref-e", Args: []string{"grep", "-e", `x\(y\)`, "-e", `\(b\)\1`}, Stdin: "bb\n", Out: "bb\n"},
		{Name: "backref-invalid", Args: []string{"grep", "-e", `x\(y\)`, "-e", `\(b\)\2`}, Stdin: "bb\n", ErrOut: "grep: Invalid back reference\n", Status: 2},
		{Name: "backref-c", Args: []string{"grep", "-c", `\([a-z]*\) \1`}, Stdin: "foo foo bar\nfoo bar\n", Out: "2\n"},
		// -b, as GNU grep 3.8 prints it: the offset of the line, or of
		// the match with -o, after the line number; CR counts.
		{Name: "b", Args: []string{"grep", "-b", "a", "f1"}, Files: bf, Out: "0:l1 a\n11:l3 a\n"},
		{Name: "b-o", Args: []string{"grep", "-bo", "a", "f1"}, Files: bf, Out: "3:a\n14:a\n"},
		{Name: "b-n-C", Args: []string{"grep", "-bn", "-C1", "b", "f1"}, Files: bf, Out: "1-0-l1 a\n2:5:l2 b\r\n3-11-l3 a\n"},
		{Name: "b-files", Args: []string{"grep", "-b", "a", "f1", "f2"}, Files: bf, Out: "f1:0:l1 a\nf1:11:l3 a\nf2:3:ab\n"},
		// Ours only: a search past the backtracking budget stops grep
		// with a message (GNU would run on).
		{Name: "backref-budget", Args: []string{"grep", `^\(a*\)*\1b$`}, Stdin: strings.Repeat("a", 60) + "cb\nab\n", ErrOut: "grep: regular expression too complex to match with back-references\n", Status: 2},
		{Name: "binary", Args: []string{"grep", "x"}, Stdin: "a\x00x\n", ErrOut: "grep: (standard input): binary file matches\n"},
		{Name: "egrep", Args: []string{"egrep", "a|q"}, Stdin: "a\nq\nz\n", Out: "a\nq\n"},
		{Name: "bre-anchor-mid", Args: []string{"grep", "a^b"}, Stdin: "a^b\nab\n", Out: "a^b\n"},
		{Name: "f-empty-file", Args: []string{"grep", "-f", "e"}, Files: map[string]string{"e": ""}, Stdin: "test\n", Status: 1},
		{Name: "vf-empty-file", Args: []string{"grep", "-v", "-f", "e"}, Files: map[string]string{"e": ""}, Stdin: "test\n", Out: "test\n"},
		{Name: "P-re2", Args: []string{"grep", "-oP", `\d+`}, Stdin: "a12b3\n", Out: "12\n3\n"},
		{Name: "bracket-backslash", Args: []string{"grep", `[\]`}, Stdin: "a\\b\nab\n", Out: "a\\b\n"},
	})
}
