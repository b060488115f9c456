package yq

import (
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
)

// yqFormats are what -p and -o accept; the fuzzer picks one by number.
var yqFormats = []string{"yaml", "json", "toml", "xml", "csv", "tsv"}

// FuzzYqDecode feeds fuzzed bytes to yq as a document of one input format
// and writes it back in one output format: the YAML, JSON, TOML, XML and
// CSV decoders (their nesting and alias-expansion bounds included) and
// every encoder see the fuzzer's data. No panic may escape and the run
// must end.
func FuzzYqDecode(f *testing.F) {
	for _, s := range []struct {
		data    string
		in, out uint8
	}{
		{"a: 1\nb: [x, y]\nc: {d: e}\n", 0, 1},
		{"---\n- &a [1, 2]\n- *a\n---\nk: !!str 3\n", 0, 0},
		{"a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n", 0, 1},
		{`{"a":[1,2.5e3,"x",null,true,{"b":{}}]}` + "\n[1]\n", 1, 0},
		{`[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]`, 1, 2},
		{"title = \"t\"\n[owner]\nname = \"n\"\ndob = 1979-05-27T07:32:00-08:00\n[[p]]\nx = 1\n[[p]]\nx = [1, 2]\n", 2, 1},
		{"<root a=\"1\"><x>1</x><x>2</x><y><![CDATA[c]]></y><!-- c --></root>", 3, 0},
		{"<?xml version=\"1.0\"?><a xmlns:n=\"u\"><n:b/>text<c>&amp;</c></a>", 3, 3},
		{"name,age\nann,3\n\"q,\"\"x\",4\n", 4, 1},
		{"a\tb\n1\t2\n", 5, 4},
		{"a: {b: [1, {c: d}]}\n", 0, 2},
		{"? [complex, key]\n: value\n", 0, 5},
	} {
		f.Add(s.data, s.in, s.out)
	}
	f.Fuzz(func(t *testing.T, data string, in, out uint8) {
		if fuzzkit.TooBig(data) {
			t.Skip()
		}
		p := yqFormats[int(in)%len(yqFormats)]
		o := yqFormats[int(out)%len(yqFormats)]
		fuzzkit.Run(t, New(), fuzzkit.NewFS(), data, "yq", "-p", p, "-o", o, ".")
	})
}
