package arith

import (
	"math/rand"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// The differential test generates expressions from a grammar of bash
// arithmetic (every operator, bases, variables whose values are
// expressions, array elements, assignments, blanks) with some corruption
// (a dropped or stray token), runs each in /bin/bash and here, and compares
// the value or error text and the variables afterwards. A fixed seed runs in
// go test; ARITH_DIFF_N=100000 ARITH_DIFF_SEED=n runs longer by hand.

var diffSetup = "x=3;y=x+1;z=;w=1+;v=-2;s=16#1f;a[0]=4;a[1]=y;a[2]=0;r=r;o=010;n= 7 ;b=y*2;c=c1;c1=9"

type gen struct {
	r     *rand.Rand
	depth int
}

var (
	genBinops = []string{"+", "-", "*", "/", "%", "**", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&", "^", "|", "&&", "||", ","}
	genAssign = []string{"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|="}
	genUnary  = []string{"-", "+", "!", "~"}
	genNames  = []string{"x", "y", "z", "w", "v", "s", "u", "r", "a[0]", "a[1]", "a[2]", "a[x-3]", "a[i++]", "i"}
	genNums   = []string{"0", "1", "2", "3", "7", "10", "63", "64", "-1", "010", "0x1f", "2#101", "64#@", "36#Z", "9223372036854775807", "08", "2#", "1a"}
	genBlanks = []string{"", "", "", " ", "  ", "\t", "\n"}
	genStrays = []string{"(", ")", "?", ":", "=", "++", "--", "$", "@", ".", "[", "]"}
)

func (g *gen) pick(s []string) string { return s[g.r.Intn(len(s))] }

func (g *gen) expr() string {
	g.depth++
	defer func() { g.depth-- }()
	b := g.pick(genBlanks)
	if g.depth > 4 {
		return b + g.atom()
	}
	switch g.r.Intn(10) {
	case 0, 1, 2:
		return g.expr() + b + g.pick(genBinops) + g.pick(genBlanks) + g.expr()
	case 3:
		return g.pick(genUnary) + g.expr()
	case 4:
		return "(" + g.expr() + ")"
	case 5:
		return g.expr() + " ? " + g.expr() + " : " + g.expr()
	case 6:
		return g.pick(genNames) + b + g.pick(genAssign) + g.pick(genBlanks) + g.expr()
	case 7:
		n := g.pick(genNames)
		switch g.r.Intn(4) {
		case 0:
			return n + "++"
		case 1:
			return n + "--"
		case 2:
			return "++" + n
		}
		return "--" + n
	}
	return b + g.atom()
}

func (g *gen) atom() string {
	if g.r.Intn(2) == 0 {
		return g.pick(genNums)
	}
	return g.pick(genNames)
}

// corrupt drops a character or inserts a stray token, sometimes.
func (g *gen) corrupt(e string) string {
	switch g.r.Intn(8) {
	case 0:
		if len(e) > 0 {
			i := g.r.Intn(len(e))
			return e[:i] + e[i+1:]
		}
	case 1:
		i := g.r.Intn(len(e) + 1)
		return e[:i] + g.pick(genStrays) + e[i:]
	}
	return e
}

// bashBatch runs many expressions in one bash, each in a subshell after the
// assignments of its setup.
func bashBatch(t *testing.T, bash string, ins []input) []string {
	script := bashDump + `
while IFS= read -r -d '' SETUP && IFS= read -r -d '' EXPR; do
	(
		trap '__dump "\n"' EXIT
		__s=$SETUP${SETUP:+;}
		while [[ $__s ]]; do
			__kv=${__s%%;*} __s=${__s#*;}
			eval "${__kv%%=*}=\${__kv#*=}"
		done
		__r=$(($EXPR))
		printf '=%s' "$__r"
	) 2>&1
	printf '\0'
done
`
	cmd := exec.Command(bash, "-c", script)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
	var stdin strings.Builder
	for _, in := range ins {
		stdin.WriteString(in.setup + "\x00" + in.expr + "\x00")
	}
	cmd.Stdin = strings.NewReader(stdin.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	parts := strings.Split(string(out), "\x00")
	res := make([]string, len(ins))
	for i := range ins {
		p := parts[i]
		j := strings.LastIndex(p, "\n|")
		head, dump := p[:j], p[j+1:]
		if strings.HasPrefix(head, "=") {
			res[i] = head + dump
			continue
		}
		head = strings.TrimSuffix(head, "\n")
		if k := strings.Index(head, ": line "); k >= 0 {
			if m := strings.Index(head[k+7:], ": "); m >= 0 {
				head = head[k+7+m+2:]
			}
		}
		res[i] = "!" + head + dump
	}
	return res
}

func TestDiffBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	if testing.Short() {
		t.Skip("-short: runs /bin/bash")
	}
	n, seed := 400, int64(1)
	if s := os.Getenv("ARITH_DIFF_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("ARITH_DIFF_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	g := &gen{r: rand.New(rand.NewSource(seed))}
	ins := make([]input, n)
	for i := range ins {
		e := g.corrupt(g.expr())
		for strings.Contains(e, "[]") || strings.Contains(e, "$") && strings.Contains(e, "[") {
			// bash reports a[] twice and goes on, and expands $ in a
			// subscript: that is the Env's business.
			e = g.corrupt(g.expr())
		}
		ins[i] = input{diffSetup, e}
	}
	want := bashBatch(t, bash, ins)
	bad := 0
	for i, in := range ins {
		e := in.expr
		if got := run(diffSetup, e); got != want[i] {
			bad++
			if bad <= 20 {
				t.Errorf("expr %q\n got %q\nwant %q", e, got, want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ", bad, n)
	}
}
