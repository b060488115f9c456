package eval

import (
	"strconv"
	"strings"
)

// builtinTest is test and [: POSIX's rules by argument count, then a
// full expression parse. Integers are decimal, as bash's test wants.
func (r *Runner) builtinTest(name string, args []string) int {
	if name == "[" {
		if len(args) == 0 || args[len(args)-1] != "]" {
			r.errorf("[: missing `]'")
			return 2
		}
		args = args[:len(args)-1]
	}
	t := &testEval{r: r, args: args}
	ok := t.run()
	if t.err != "" {
		r.errorf("%s: %s", name, t.err)
		return 2
	}
	if ok {
		return 0
	}
	return 1
}

var testUnaryOps = map[string]bool{"-a": true, "-b": true, "-c": true, "-d": true, "-e": true, "-f": true, "-g": true,
	"-h": true, "-k": true, "-p": true, "-r": true, "-s": true, "-t": true, "-u": true, "-w": true, "-x": true,
	"-G": true, "-L": true, "-N": true, "-O": true, "-S": true, "-z": true, "-n": true, "-o": true, "-v": true, "-R": true}

var testBinaryOps = map[string]bool{"=": true, "==": true, "!=": true, "<": true, ">": true, "-eq": true, "-ne": true,
	"-lt": true, "-le": true, "-gt": true, "-ge": true, "-ef": true, "-nt": true, "-ot": true}

type testEval struct {
	r    *Runner
	args []string
	pos  int
	err  string
}

func (t *testEval) run() bool {
	a := t.args
	switch len(a) {
	case 0:
		return false
	case 1:
		return a[0] != ""
	case 2:
		return t.two(a[0], a[1])
	case 3:
		return t.three(a[0], a[1], a[2])
	case 4:
		if a[0] == "!" {
			return !t.three(a[1], a[2], a[3])
		}
		if a[0] == "(" && a[3] == ")" {
			return t.two(a[1], a[2])
		}
	}
	v := t.or()
	if t.err == "" && t.pos < len(t.args) {
		// Words left after a whole expression: bash names one that looks
		// like an operator, and otherwise counts them.
		if strings.HasPrefix(t.args[t.pos], "-") {
			t.err = "syntax error: `" + t.args[t.pos] + "' unexpected"
		} else {
			t.err = "too many arguments"
		}
	}
	return v
}

func (t *testEval) two(a, b string) bool {
	if a == "!" {
		return b == ""
	}
	if testUnaryOps[a] {
		return t.unary(a, b)
	}
	t.err = a + ": unary operator expected"
	return false
}

func (t *testEval) three(a, b, c string) bool {
	switch {
	case testBinaryOps[b]:
		return t.binary(a, b, c)
	case b == "-a":
		return a != "" && c != ""
	case b == "-o":
		return a != "" || c != ""
	case a == "!":
		return !t.two(b, c)
	case a == "(" && c == ")":
		return b != ""
	}
	t.err = b + ": binary operator expected"
	return false
}

func (t *testEval) next() (string, bool) {
	if t.pos >= len(t.args) {
		return "", false
	}
	t.pos++
	return t.args[t.pos-1], true
}

func (t *testEval) peek() string {
	if t.pos < len(t.args) {
		return t.args[t.pos]
	}
	return ""
}

func (t *testEval) or() bool {
	v := t.and()
	for t.err == "" && t.pos < len(t.args) && t.peek() == "-o" {
		t.pos++
		w := t.and()
		v = v || w
	}
	return v
}

func (t *testEval) and() bool {
	v := t.not()
	for t.err == "" && t.pos < len(t.args) && t.peek() == "-a" {
		t.pos++
		w := t.not()
		v = v && w
	}
	return v
}

func (t *testEval) not() bool {
	if t.peek() == "!" && t.pos+1 < len(t.args) {
		t.pos++
		return !t.not()
	}
	return t.primary()
}

func (t *testEval) primary() bool {
	a, ok := t.next()
	if !ok {
		t.err = "argument expected"
		return false
	}
	if a == "(" {
		v := t.or()
		if c, _ := t.next(); c != ")" {
			t.err = "`)' expected"
		}
		return v
	}
	if t.pos+1 < len(t.args) && testBinaryOps[t.peek()] {
		op, _ := t.next()
		b, _ := t.next()
		return t.binary(a, op, b)
	}
	if testUnaryOps[a] && t.pos < len(t.args) {
		b, _ := t.next()
		return t.unary(a, b)
	}
	return a != ""
}

// testInt parses a test integer: optional blanks and sign, decimal digits.
func (t *testEval) testInt(s string) int64 {
	v := strings.TrimSpace(s)
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || strings.HasPrefix(v, "+-") {
		if t.err == "" {
			t.err = s + ": integer expression expected"
		}
		return 0
	}
	return n
}

func (t *testEval) binary(a, op, b string) bool {
	if isArithTestOp(op) {
		return intCompare(op, t.testInt(a), t.testInt(b))
	}
	v, _ := t.r.binaryTest(op, a, b)
	return v
}

func (t *testEval) unary(op, a string) bool {
	v, _ := t.r.unaryTest(op, a)
	return v
}
