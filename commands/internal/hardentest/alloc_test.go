package hardentest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// Sizes chosen by the input are checked before anything that large is
// allocated, and growth loops stop at the string limit: each case ends
// with the limit message and status 125, and the heap stays small (the
// growth is logged; the bound asserted is generous, to hold on a loaded
// machine with a concurrent GC).
func TestAllocationsChecked(t *testing.T) {
	const def = "justbash: max string bytes exceeded (268435456)\n"
	const oneMiB = "justbash: max string bytes exceeded (1048576)\n"
	deep := strings.Repeat("[", 5_000_000) + strings.Repeat("]", 5_000_000)
	cases := []struct {
		name   string
		args   []string
		stdin  string
		limits commands.Limits
		msg    string
		maxMiB float64 // heap growth allowed
	}{
		{name: "printf 9e9 width", args: []string{"printf", "%*s", "9000000000", "x"}, msg: def, maxMiB: 64},
		{name: "printf MaxInt32 width", args: []string{"printf", "%*s", "2147483647", "x"}, msg: def, maxMiB: 64},
		{name: "printf literal width", args: []string{"printf", "%9000000000d", "1"}, msg: def, maxMiB: 64},
		{name: "printf precision", args: []string{"printf", "%.2000000f", "1"}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "printf small limit", args: []string{"printf", "%*s", "2000000", "x"}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "sed doubling", args: []string{"sed", ":a;s/.*/&&/;ba"}, stdin: "x\n", limits: small, msg: oneMiB, maxMiB: 64},
		{name: "sed hold doubling", args: []string{"sed", ":a;H;x;G;ba"}, stdin: "x\n", limits: small, msg: oneMiB, maxMiB: 64},
		{name: "awk doubling", args: []string{"awk", `BEGIN{s="x"; while(1) s = s s}`}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "awk width", args: []string{"awk", `BEGIN{printf "%*d", 1e12, 1}`}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "jq huge index", args: []string{"jq", "-n", "[1] | .[300000000]=1 | tojson"}, msg: def, maxMiB: 64},
		{name: "jq setpath index", args: []string{"jq", "-n", "setpath([300000000]; 1)"}, msg: def, maxMiB: 64},
		{name: "jq deep filter", args: []string{"jq", "-n", strings.Repeat("[", 200000)},
			msg: "justbash: max nesting depth exceeded (10000)\n", maxMiB: 64},
		{name: "yq deep json", args: []string{"yq", "-p", "json", "-o", "json", "."}, stdin: deep,
			msg: "justbash: max nesting depth exceeded (10000)\n", maxMiB: 128},
		{name: "yq deep yaml dashes", args: []string{"yq", "."}, stdin: strings.Repeat("- ", 1_300_000) + "x\n",
			msg: "justbash: max nesting depth exceeded (10000)\n", maxMiB: 128},
		{name: "yq deep yaml flow", args: []string{"yq", "."}, stdin: strings.Repeat("[", 1_300_000),
			msg: "justbash: max nesting depth exceeded (10000)\n", maxMiB: 128},
		{name: "yq deep xml", args: []string{"yq", "-p", "xml", "."}, stdin: strings.Repeat("<a>", 100000),
			msg: "justbash: max nesting depth exceeded (10000)\n", maxMiB: 128},
		{name: "yq deep toml", args: []string{"yq", "-p", "toml", "."}, stdin: "a = " + strings.Repeat("[", 100000),
			msg: "justbash: max nesting depth exceeded (10000)\n", maxMiB: 128},
		{name: "date width", args: []string{"date", "+%900000000d"}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "stat width", args: []string{"stat", "-c", "%900000000n", "/dev"}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "seq width", args: []string{"seq", "-f", "%0900000000g", "1"}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "od line width", args: []string{"od", "-w900000000", "/dev/null"}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "xxd columns", args: []string{"xxd", "-p", "-c", "900000000", "/dev/null"}, limits: small, msg: oneMiB, maxMiB: 64},
		{name: "tr repeat", args: []string{"tr", "a", "[b*900000000]"}, msg: "justbash: max string bytes exceeded (1048576)\n", maxMiB: 64},
		{name: "sort tiny lines", args: []string{"sort"}, stdin: strings.Repeat("\n", 600000), limits: small, msg: readLimitMsg, maxMiB: 32},
		{name: "tac tiny lines", args: []string{"tac"}, stdin: strings.Repeat("\n", 600000), limits: small, msg: readLimitMsg, maxMiB: 32},
		{name: "shuf tiny lines", args: []string{"shuf"}, stdin: strings.Repeat("\n", 600000), limits: small, msg: readLimitMsg, maxMiB: 32},
		{name: "yq billion laughs", args: []string{"yq", "-o", "json", "."}, stdin: laughs,
			msg: "justbash: max yaml alias expansion (values) exceeded (", maxMiB: 256},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := exec(t, run{args: tc.args, stdin: strings.NewReader(tc.stdin), limits: tc.limits})
			t.Logf("heap grew %.1f MiB, %.1f MiB allocated in total", mib(res.heapGrew), mib(int64(res.total)))
			if res.status != commands.StatusLimit || !strings.Contains(res.err, tc.msg) {
				t.Fatalf("status %d, stderr %.300q; want %d and %q", res.status, res.err, commands.StatusLimit, tc.msg)
			}
			if mib(res.heapGrew) > tc.maxMiB {
				t.Fatalf("heap grew %.1f MiB, more than %.0f", mib(res.heapGrew), tc.maxMiB)
			}
		})
	}
}

// laughs is the "billion laughs" YAML: nine anchors, each naming the
// previous one nine times, 10^9 values once expanded.
var laughs = `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`

// The checks must not refuse ordinary work near them.
func TestAllocationChecksLetOrdinaryWorkThrough(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		out   string
	}{
		{args: []string{"printf", "%*s|", "5", "x"}, out: "    x|"},
		{args: []string{"printf", "%.3s|%5.2f", "abcdef", "3.14159"}, out: "abc| 3.14"},
		{args: []string{"sed", ":a;s/^x\\{1,3\\}$/&x/;ta"}, stdin: "x\n", out: "xxxx\n"},
		{args: []string{"jq", "-nc", "[1] | .[3]=1"}, out: "[1,null,null,1]\n"},
		{args: []string{"jq", "-n", ".[1000]"}, out: "null\n"},
		{args: []string{"yq", "-o", "json", "-c", "."}, stdin: "a: &x [1, 2]\nb: *x\n", out: `{"a":[1,2],"b":[1,2]}` + "\n"},
		{args: []string{"yq", "-p", "json", "-o", "json", "-c", "."}, stdin: strings.Repeat("[", 500) + strings.Repeat("]", 500),
			out: strings.Repeat("[", 500) + strings.Repeat("]", 500) + "\n"},
		{args: []string{"awk", `BEGIN{s="ab"; for(i=0;i<10;i++) s = s s; print length(s)}`}, out: "2048\n"},
		{args: []string{"date", "-u", "-d", "@0", "+%5d|%%5d"}, out: "00001|%5d\n"},
		{args: []string{"seq", "-f", "%05.1f", "1", "2"}, out: "001.0\n002.0\n"},
		{args: []string{"tr", "a-c", "[x*2]y"}, stdin: "abc\n", out: "xxy\n"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			res := exec(t, run{args: tc.args, stdin: strings.NewReader(tc.stdin), limits: small})
			if res.status != 0 || res.out != tc.out {
				t.Fatalf("status %d, out %q, err %q; want %q", res.status, res.out, res.err, tc.out)
			}
		})
	}
}

// Two inputs that share nothing make a minimal diff cost O(D²) memory
// (80 GB for 100 000 lines each); diff gives up minimality past a bound
// and still prints a correct diff.
func TestDiffOfUnrelatedFilesBounded(t *testing.T) {
	fs := newFS(t)
	var a, b strings.Builder
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&a, "a%d\n", i)
		fmt.Fprintf(&b, "b%d\n", i)
	}
	vfs.WriteFile(fs, "/home/user/a", []byte(a.String()), 0o644)
	vfs.WriteFile(fs, "/home/user/b", []byte(b.String()), 0o644)
	res := exec(t, run{args: []string{"diff", "a", "b"}, fs: fs})
	t.Logf("heap grew %.1f MiB, %.1f MiB allocated in total", mib(res.heapGrew), mib(int64(res.total)))
	if res.status != 1 || !strings.HasPrefix(res.out, "1,100000c1,100000\n< a0\n") || !strings.Contains(res.out, "\n---\n> b0\n") {
		t.Fatalf("status %d, out %.60q, err %q", res.status, res.out, res.err)
	}
	if mib(int64(res.total)) > 512 {
		t.Fatalf("allocated %.0f MiB", mib(int64(res.total)))
	}
}
