package shell

import (
	"io/fs"
	"path"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// testBuiltin is bash's test and [ in Go. interp parses their arguments
// as a [[ ]] expression, which gets POSIX's rules by argument count wrong
// ([ ] ], [ -f = -f ], [ ! -a ]) and accepts hex or expressions where bash
// wants decimal integers. Files are looked up in the VFS.
func (sess *Session) testBuiltin(hc interp.HandlerContext, name string, args []string) []string {
	if name == "[" {
		if len(args) == 0 || args[len(args)-1] != "]" {
			return printText("", "bash: [: missing `]'\n", 2)
		}
		args = args[:len(args)-1]
	}
	t := &testEval{sess: sess, hc: hc, args: args}
	ok := t.run()
	if t.err != "" {
		return printText("", "bash: "+name+": "+t.err+"\n", 2)
	}
	if ok {
		return []string{forceExec, statusCmd, "0"}
	}
	return []string{forceExec, statusCmd, "1"}
}

type testEval struct {
	sess *Session
	hc   interp.HandlerContext
	args []string
	pos  int
	err  string
}

var testUnary = map[string]bool{"-a": true, "-b": true, "-c": true, "-d": true, "-e": true, "-f": true, "-g": true,
	"-h": true, "-k": true, "-p": true, "-r": true, "-s": true, "-t": true, "-u": true, "-w": true, "-x": true,
	"-G": true, "-L": true, "-N": true, "-O": true, "-S": true, "-z": true, "-n": true, "-o": true, "-v": true, "-R": true}

var testBinary = map[string]bool{"=": true, "==": true, "!=": true, "<": true, ">": true, "-eq": true, "-ne": true,
	"-lt": true, "-le": true, "-gt": true, "-ge": true, "-ef": true, "-nt": true, "-ot": true}

// run applies POSIX's rules for up to four arguments, then a full parse.
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
		t.err = t.args[t.pos] + ": syntax error: `" + t.args[t.pos] + "' unexpected"
		if t.args[t.pos] == ")" || t.args[t.pos] == "(" {
			t.err = "syntax error: `" + t.args[t.pos] + "' unexpected"
		}
	}
	return v
}

func (t *testEval) two(a, b string) bool {
	if a == "!" {
		return b == ""
	}
	if testUnary[a] {
		return t.unary(a, b)
	}
	t.err = a + ": unary operator expected"
	return false
}

func (t *testEval) three(a, b, c string) bool {
	switch {
	case testBinary[b]:
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
	if t.pos+1 < len(t.args) && testBinary[t.peek()] {
		op, _ := t.next()
		b, _ := t.next()
		return t.binary(a, op, b)
	}
	if testUnary[a] && t.pos < len(t.args) {
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
	switch op {
	case "=", "==":
		return a == b
	case "!=":
		return a != b
	case "<":
		return a < b
	case ">":
		return a > b
	case "-ef", "-nt", "-ot":
		return t.fileCompare(a, op, b)
	}
	x, y := t.testInt(a), t.testInt(b)
	switch op {
	case "-eq":
		return x == y
	case "-ne":
		return x != y
	case "-lt":
		return x < y
	case "-le":
		return x <= y
	case "-gt":
		return x > y
	}
	return x >= y
}

func (t *testEval) abs(p string) string { return absIn(t.hc.Dir, p) }

func (t *testEval) stat(p string, follow bool) (fs.FileInfo, bool) {
	if p == "" {
		return nil, false
	}
	var fi fs.FileInfo
	var err error
	if follow {
		fi, err = t.sess.sh.fs.Stat(t.abs(p))
	} else {
		fi, err = t.sess.sh.fs.Lstat(t.abs(p))
	}
	return fi, err == nil
}

func (t *testEval) unary(op, a string) bool {
	switch op {
	case "-z":
		return a == ""
	case "-n":
		return a != ""
	case "-o":
		return t.sess.opts.isSet(a)
	case "-v":
		return t.hc.Env.Get(a).IsSet()
	case "-R":
		return t.hc.Env.Get(a).Kind == expand.NameRef
	case "-t":
		return false
	case "-h", "-L":
		fi, ok := t.stat(a, false)
		return ok && fi.Mode()&fs.ModeSymlink != 0
	}
	fi, ok := t.stat(a, true)
	if !ok {
		return false
	}
	m := fi.Mode()
	switch op {
	case "-a", "-e", "-G", "-O":
		return true
	case "-f":
		return m.IsRegular()
	case "-d":
		return m.IsDir()
	case "-b":
		return m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0
	case "-c":
		return m&fs.ModeCharDevice != 0
	case "-p":
		return m&fs.ModeNamedPipe != 0
	case "-S":
		return m&fs.ModeSocket != 0
	case "-s":
		return fi.Size() > 0
	case "-g":
		return m&fs.ModeSetgid != 0
	case "-u":
		return m&fs.ModeSetuid != 0
	case "-k":
		return m&fs.ModeSticky != 0
	case "-r":
		return m.Perm()&0o400 != 0
	case "-w":
		return m.Perm()&0o200 != 0
	case "-x":
		return m.Perm()&0o100 != 0 || (m.IsDir() && m.Perm()&0o100 != 0)
	case "-N":
		return false
	}
	return false
}

func (t *testEval) fileCompare(a, op, b string) bool {
	fa, okA := t.stat(a, true)
	fb, okB := t.stat(b, true)
	switch op {
	case "-nt":
		return okA && (!okB || fa.ModTime().After(fb.ModTime()))
	case "-ot":
		return okB && (!okA || fa.ModTime().Before(fb.ModTime()))
	}
	return okA && okB && t.sess.physical(t.abs(a)) == t.sess.physical(t.abs(b))
}

// physical resolves every symlink of an absolute path.
func (sess *Session) physical(p string) string {
	cur := "/"
	for _, part := range strings.Split(p, "/") {
		switch part {
		case "", ".":
			continue
		case "..":
			cur = path.Dir(cur)
			continue
		}
		cur = sess.realpath(path.Join(cur, part))
	}
	return cur
}
