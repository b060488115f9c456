package yq

import (
	"strings"
	"testing"
)

const tomlDoc = `title = "demo"
zeta = 1
alpha = 2.5
when = 1979-05-27T07:32:00-08:00
day = 1979-05-27
tags = ["a", "b"]

[owner]
name = "Tom"
age = 40

[[items]]
id = 1

[[items]]
id = 2
`

const xmlDoc = `<?xml version="1.0"?>
<!-- a comment -->
<cat id="7" kind="tabby">
  <name>Tigger</name>
  <toy>ball</toy>
  <toy>mouse</toy>
  <owner><first>Ann</first></owner>
  <note lang="en">purrs &amp; sleeps</note>
</cat>
`

func TestYQFormats(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		stdin string
		out   string
	}{
		{"toml to json keeps key order", []string{"-p", "toml", "-o", "json", "-c", "."}, tomlDoc,
			`{"title":"demo","zeta":1,"alpha":2.5,"when":"1979-05-27T07:32:00-08:00","day":"1979-05-27","tags":["a","b"],"owner":{"name":"Tom","age":40},"items":[{"id":1},{"id":2}]}` + "\n"},
		{"toml query", []string{"-p", "toml", ".owner.age + 2"}, tomlDoc, "42\n"},
		{"toml whole float", []string{"-p", "toml", "-o", "json", ".x"}, "x = 3.0\n", "3\n"},
		{"toml dotted keys and inline table", []string{"-p", "toml", "-o", "json", "-c", "."}, "b.c = 1\na = { y = 2, x = 3 }\n",
			`{"b":{"c":1},"a":{"y":2,"x":3}}` + "\n"},
		{"yaml to toml", []string{"-o", "toml", "."}, "name: x\nn: 1\nf: 1.5\nok: true\nlist: [1, \"two\"]\nsub:\n  deep:\n    k: v\n  s: \"q\\\"uote\"\nrows:\n  - a: 1\n  - a: 2\n",
			"name = \"x\"\nn = 1\nf = 1.5\nok = true\nlist = [1, \"two\"]\n\n[sub]\ns = \"q\\\"uote\"\n\n[sub.deep]\nk = \"v\"\n\n[[rows]]\na = 1\n\n[[rows]]\na = 2\n"},
		{"toml quoted key and nested inline", []string{"-n", "-o", "toml", `{"a b": [{"x": 1}, 2], "w": 2.0}`}, "",
			"\"a b\" = [{ x = 1 }, 2]\nw = 2.0\n"},
		{"xml to yaml", []string{"-p", "xml", "."}, xmlDoc,
			"cat:\n  +@id: \"7\"\n  +@kind: tabby\n  name: Tigger\n  toy:\n    - ball\n    - mouse\n  owner:\n    first: Ann\n  note:\n    +@lang: en\n    +content: purrs & sleeps\n"},
		{"xml attribute query", []string{"-p", "xml", ".cat[\"+@id\"]"}, xmlDoc, "7\n"},
		{"xml namespaces keep prefix", []string{"-p", "xml", "-o", "json", "-c", "."}, `<a xmlns:h="u"><h:b>1</h:b></a>`,
			`{"a":{"+@xmlns:h":"u","h:b":"1"}}` + "\n"},
		{"xml empty element", []string{"-p", "xml", "-o", "json", "-c", "."}, `<a><b/></a>`, `{"a":{"b":""}}` + "\n"},
		{"json to xml", []string{"-p", "json", "-o", "xml", "."}, `{"cat": {"+@id": 7, "name": "T<i>", "toy": ["ball", "mouse"], "note": {"+@lang": "en", "+content": "hi"}, "gone": null}}`,
			"<cat id=\"7\">\n  <name>T&lt;i&gt;</name>\n  <toy>ball</toy>\n  <toy>mouse</toy>\n  <note lang=\"en\">hi</note>\n  <gone></gone>\n</cat>\n"},
		{"xml content with children", []string{"-n", "-o", "xml", `{"a": {"+content": "t", "b": "1"}}`}, "", "<a>\n  t\n  <b>1</b>\n</a>\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runYQ(t, newFS(t), tc.stdin, tc.args...)
			if out != tc.out || code != 0 {
				t.Errorf("got (%q, %d) stderr %q\nwant %q", out, code, errs, tc.out)
			}
		})
	}
}

// TestYQRoundTrips converts a document out of its format and back, and
// expects the original text.
func TestYQRoundTrips(t *testing.T) {
	cases := []struct{ name, format, doc string }{
		{"toml", "toml", "title = \"demo\"\nn = -3\nf = 0.25\nlist = [1, 2, \"x\"]\n\n[server]\nhost = \"h\"\nport = 80\n\n[server.tls]\non = false\n\n[[users]]\nname = \"a\"\n\n[[users]]\nname = \"b\"\n"},
		{"xml", "xml", "<root a=\"1\">\n  <item>x</item>\n  <item>y</item>\n  <box kind=\"k\">inside</box>\n  <deep>\n    <er>z</er>\n  </deep>\n</root>\n"},
	}
	for _, tc := range cases {
		for _, via := range []string{"json", "yaml"} {
			t.Run(tc.name+" via "+via, func(t *testing.T) {
				mid, errs, code := runYQ(t, newFS(t), tc.doc, "-p", tc.format, "-o", via, ".")
				if code != 0 {
					t.Fatalf("to %s: %d %q", via, code, errs)
				}
				back, errs, code := runYQ(t, newFS(t), mid, "-p", via, "-o", tc.format, ".")
				if back != tc.doc || code != 0 {
					t.Errorf("round trip through %s:\n%s\ngot (%d, %q):\n%s\nwant:\n%s", via, mid, code, errs, back, tc.doc)
				}
			})
		}
	}
}

func TestYQFormatErrors(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		stdin string
		err   string
	}{
		{"toml scalar output", []string{"-o", "toml", ".a"}, "a: 1\n", "Error: only objects can be encoded as TOML, got: number"},
		{"toml null", []string{"-o", "toml", "."}, "a: null\n", "Error: TOML has no null: cannot encode key \"a\""},
		{"bad toml", []string{"-p", "toml", "."}, "a = \n", "Error: bad toml in -:"},
		{"xml two keys", []string{"-o", "xml", "."}, "a: 1\nb: 2\n", "Error: XML output needs an object with a single top-level key (the root element), got: object with 2 keys"},
		{"xml array", []string{"-o", "xml", "."}, "[1]\n", "Error: XML output needs an object with a single top-level key (the root element), got: array"},
		{"xml bad name", []string{"-o", "xml", "."}, "a:\n  \"b c\": 1\n", "Error: \"b c\" is not a valid XML element name"},
		{"xml mismatched tag", []string{"-p", "xml", "."}, "<a><b></a></b>", "Error: bad xml in -: unexpected end element </a>"},
		{"xml unclosed", []string{"-p", "xml", "."}, "<a><b></b>", "Error: bad xml in -:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, errs, code := runYQ(t, newFS(t), tc.stdin, tc.args...)
			if code != 1 || !strings.HasPrefix(errs, tc.err) {
				t.Errorf("got %d %q, want 1 and prefix %q", code, errs, tc.err)
			}
		})
	}
}
