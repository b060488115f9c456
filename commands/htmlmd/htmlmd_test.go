package htmlmd

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

const page = `<h1>Title</h1><h2>Sub</h2><p>Hello <b>bold</b> <em>it</em> <a href="http://x.com/a">link</a></p>` +
	`<ul><li>one</li><li>two</li></ul><hr><pre><code class="language-go">x := 1</code></pre>` +
	`<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table><del>gone</del><script>alert(1)</script>`

func TestHTMLToMarkdown(t *testing.T) {
	fsys := vfs.NewMem()
	if err := vfs.WriteFile(fsys, "/p.html", []byte("<p>from <i>file</i></p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		args  []string
		stdin string
		out   string
		err   string
		code  int
	}{
		{"defaults", nil, page, "# Title\n\n## Sub\n\nHello **bold** *it* [link](http://x.com/a)\n\n- one\n- two\n\n---\n\n```go\nx := 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~\n", "", 0},
		{"all options", []string{"-b", "*", "-c", "~~~", "-r", "***", "--heading-style", "setext"}, page,
			"Title\n=====\n\nSub\n---\n\nHello **bold** *it* [link](http://x.com/a)\n\n* one\n* two\n\n***\n\n~~~go\nx := 1\n~~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~\n", "", 0},
		{"attached values", []string{"-b+", "--heading-style=atx"}, "<ol><li>a</li></ol><ul><li>b</li></ul>", "1. a\n\n<!--THE END-->\n\n+ b\n", "", 0},
		{"file operand", []string{"/p.html"}, "", "from *file*\n", "", 0},
		{"empty input", nil, "", "", "", 0},
		{"missing file", []string{"nope.html"}, "", "", "html-to-markdown: nope.html: No such file or directory\n", 1},
		{"bad bullet", []string{"-b", "_"}, "<p>x</p>", "", "html-to-markdown: invalid value for BulletListMarker:\"_\" must be one of \"-\", \"+\" or \"*\"\n", 2},
		{"bad heading style", []string{"--heading-style", "big"}, "", "", "html-to-markdown: invalid heading style 'big': must be atx or setext\n", 2},
		{"unknown option", []string{"-z"}, "", "", "html-to-markdown: invalid option -- 'z'\nTry 'html-to-markdown --help' for more information.\n", 2},
		{"two operands", []string{"a", "b"}, "", "", "html-to-markdown: extra operand 'b'\n", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			c := &commands.Context{Args: append([]string{"html-to-markdown"}, tc.args...), Stdin: strings.NewReader(tc.stdin),
				Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/"}
			code := New().Run(context.Background(), c)
			if out.String() != tc.out || errb.String() != tc.err || code != tc.code {
				t.Errorf("got (%q, %q, %d)\nwant (%q, %q, %d)", out.String(), errb.String(), code, tc.out, tc.err, tc.code)
			}
		})
	}
}
