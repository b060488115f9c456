package main

import (
	"crypto/md5"
	"crypto/sha256"
	"fmt"
	"strings"
	"time"
)

// Fixture is a file (or directory) of the scratch directory both sides
// start in. Every invocation sees the same set, so a recorded case needs
// only its script and stdin to be replayed.
type Fixture struct {
	Name string
	Data string
	Dir  bool
	// Tag names the input in categories ("" for plain text files, which
	// say nothing about a divergence).
	Tag string
	// Link makes the fixture a symbolic link to Link.
	Link string
	// Age is the fixture's mtime in seconds after fixtureEpoch, so that
	// ls -t, find -newer and diff's labels see the same times on both
	// sides.
	Age int
}

// fixtureEpoch is the mtime of every fixture, plus its Age.
var fixtureEpoch = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// mtime is the fixture's modification time.
func (f Fixture) mtime() time.Time { return fixtureEpoch.Add(time.Duration(f.Age) * time.Second) }

// longLine is one line longer than the usual buffer sizes of the tools.
var longLine = strings.Repeat("0123456789abcdef", 600) + "\n"

var fixtures = []Fixture{
	{Name: "lines", Data: "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\n"},
	{Name: "words", Data: "b 2 x\na 1 y\nc 3 z\na 1 y\n\nB 10 w\n  d 4\tv\n"},
	{Name: "dups", Data: "a\na\nA\nb\nb\nb\nc\na\n"},
	{Name: "fields", Data: "a:b:c\n1:2:3\nx::z\nnodelim\n:lead\n"},
	{Name: "tabs", Data: "a\tb\tc\n\tx\ty\nsp  ace\tq\n"},
	{Name: "nums", Data: "10\n9\n-1\n1e3\n0x10\n 5\nabc\n2K\n1M\n1.5\n"},
	{Name: "s1", Data: "a 1\nb 2\nd 4\ne 5\n"},
	{Name: "s2", Data: "a x\nc y\nd z\nf w\n"},
	{Name: "empty", Data: "", Tag: "empty"},
	{Name: "noeol", Data: "a\nb\nc", Tag: "noeol"},
	{Name: "crlf", Data: "x y\r\nz\r\n\r\n", Tag: "crlf"},
	{Name: "nul", Data: "a\x00b\nc\x00\x00d\n\x00\n", Tag: "nul"},
	{Name: "long", Data: longLine + "short\n" + longLine, Tag: "long"},
	{Name: "utf8", Data: "héllo wörld\nñ\tx\n日本語 テキスト\n\xff\xfe bad\n", Tag: "utf8"},
	{Name: "j1", Data: `{"a":1,"b":[1,2,3],"c":"x","d":{"e":null}}` + "\n"},
	{Name: "j2", Data: `[3,"a",null,true,{"k":2},1.5]` + "\n"},
	{Name: "jmulti", Data: "1 \"two\" [3]\n{\"a\":4}\n"},
	{Name: "jbad", Data: `{"a":1,` + "\n", Tag: "badjson"},
	{Name: "b64", Data: "aGVsbG8gd29ybGQK\n", Tag: "b64"},
	{Name: "b64bad", Data: "aGVsb!G8\n", Tag: "b64bad"},
	{Name: "prog.awk", Data: "{ n += NF }\nEND { print n }\n"},
	{Name: "prog.sed", Data: "s/l/L/\n2d\n"},
	{Name: "pats", Data: "l1\nb\n"},
	{Name: "d", Dir: true, Tag: "dir"},
	{Name: "d/x", Data: "in dir\n"},
	// A tree for find, ls, du-like walks and diff -r: distinct mtimes and
	// sizes, a hidden file, an empty file and directory, a name with a
	// space and a symlink.
	{Name: "t", Dir: true, Age: 500, Tag: "tree"},
	{Name: "t/a.txt", Data: "alpha\nbeta\n", Age: 100},
	{Name: "t/b.log", Data: "log line\n", Age: 300},
	{Name: "t/big.dat", Data: strings.Repeat("0123456789", 500), Age: 50},
	{Name: "t/z.txt", Data: "", Age: 200},
	{Name: "t/.hidden", Data: "h\n", Age: 20},
	{Name: "t/sp ace.txt", Data: "s\n", Age: 30},
	{Name: "t/link", Link: "a.txt", Age: 40},
	{Name: "t/sub", Dir: true, Age: 600},
	{Name: "t/sub/c.txt", Data: "c\n", Age: 400},
	{Name: "t/sub/deep", Dir: true, Age: 5},
	{Name: "t/sub/deep/d.txt", Data: "deep\n", Age: 10},
	{Name: "t/e", Dir: true, Age: 700},
	// u differs from t for diff -r.
	{Name: "u", Dir: true, Age: 800, Tag: "tree"},
	{Name: "u/a.txt", Data: "alpha\ngamma\n", Age: 100},
	{Name: "u/only.txt", Data: "only\n", Age: 100},
	{Name: "u/sub", Dir: true, Age: 600},
	{Name: "u/sub/c.txt", Data: "c\n", Age: 400},
	{Name: "df1", Data: "a\nb\nc\nd\ne\nf\ng\nh\n"},
	{Name: "df2", Data: "a\nB\nc\ne\nf\ng\nh\ni\n", Age: 60},
	{Name: "names0", Data: "t/a.txt\x00t/sp ace.txt\x00nope\x00", Tag: "nul"},
	{Name: "argw", Data: "a 'b c' \"d e\"\nf\\ g\n\nh\n", Tag: "quotes"},
}

// missingFile is an operand that names nothing.
const missingFile = "nope"

func init() {
	// Checksum lists for md5sum -c and sha256sum -c: right, wrong and
	// malformed lines, and one naming a missing file.
	data := map[string]string{}
	for _, f := range fixtures {
		data[f.Name] = f.Data
	}
	md5l := fmt.Sprintf("%x  lines\n%x  noeol\n", md5.Sum([]byte(data["lines"])), md5.Sum([]byte(data["noeol"])))
	sha := fmt.Sprintf("%x  lines\n%x *empty\n", sha256.Sum256([]byte(data["lines"])), sha256.Sum256(nil))
	fixtures = append(fixtures,
		Fixture{Name: "md5.ok", Data: md5l, Tag: "sums"},
		Fixture{Name: "md5.bad", Data: md5l + "00112233445566778899aabbccddeeff  dups\ngarbage line\n" +
			fmt.Sprintf("%x  nope\n", md5.Sum(nil)), Tag: "badsums"},
		Fixture{Name: "sha.ok", Data: sha, Tag: "sums"},
	)
}

// fixtureData is the content of the named fixture ("" for none).
func fixtureData(name string) string {
	for _, f := range fixtures {
		if f.Name == name {
			return f.Data
		}
	}
	return ""
}

// fixtureTag is the category tag of an operand naming a fixture.
func fixtureTag(name string) string {
	switch name {
	case missingFile:
		return "missing"
	case "-":
		return "dash"
	}
	for _, f := range fixtures {
		if f.Name == name {
			return f.Tag
		}
	}
	return ""
}
