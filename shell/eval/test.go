package eval

import (
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// testClause runs [[ ... ]].
func (r *Runner) testClause(c *syntax.TestClause) {
	r.status = 0
	ok, good := r.testExpr(c.X)
	if !good {
		// An arithmetic error already set status 1; others are usage
		// errors (2).
		if r.status == 0 {
			r.status = 2
		}
		return
	}
	if ok {
		r.status = 0
	} else {
		r.status = 1
	}
}

// testExpr evaluates a [[ ]] expression; good is false after an error.
func (r *Runner) testExpr(e syntax.TestExpr) (bool, bool) {
	switch e := e.(type) {
	case *syntax.Word:
		if x := r.negatedGroup(e); x != nil {
			v, ok := r.testExpr(x)
			return !v, ok
		}
		s, ok := r.expandString(e)
		return s != "", ok
	case *syntax.ParenTest:
		return r.testExpr(e.X)
	case *syntax.UnaryTest:
		if e.Op == syntax.TsNot {
			v, ok := r.testExpr(e.X)
			return !v, ok
		}
		w, _ := e.X.(*syntax.Word)
		if e.Op == syntax.TsVarSet {
			if ref, ok := r.rawElemRef(w); ok {
				return r.unaryTest(e.Op.String(), ref)
			}
		}
		s, ok := r.expandString(w)
		if !ok {
			return false, false
		}
		return r.unaryTest(e.Op.String(), s)
	case *syntax.BinaryTest:
		switch e.Op {
		case syntax.AndTest:
			x, ok := r.testExpr(e.X)
			if !ok || !x {
				return false, ok
			}
			return r.testExpr(e.Y)
		case syntax.OrTest:
			x, ok := r.testExpr(e.X)
			if !ok || x {
				return x, ok
			}
			return r.testExpr(e.Y)
		}
		xw, _ := e.X.(*syntax.Word)
		yw0, _ := e.Y.(*syntax.Word)
		if isArithTestOp(e.Op.String()) {
			a, b, ok := r.testArithOperands(xw, yw0)
			if !ok {
				return false, false
			}
			return intCompare(e.Op.String(), a, b), true
		}
		x, ok := r.expandString(xw)
		if !ok {
			return false, false
		}
		yw, _ := e.Y.(*syntax.Word)
		switch e.Op {
		case syntax.TsMatch, syntax.TsMatchShort, syntax.TsNoMatch:
			// = matches a pattern like == inside [[ ]].
			pat, ok := r.expandPattern(yw)
			if !ok {
				return false, false
			}
			// [[ == ]] matches as if extglob were on (bash manual).
			p, ok := r.compileExtPattern(pat, r.shopts["nocasematch"])
			if !ok {
				return false, false
			}
			m := p.Match(x)
			return m == (e.Op != syntax.TsNoMatch), true
		case syntax.TsReMatch:
			return r.regexMatch(x, yw)
		}
		y, ok := r.expandString(yw)
		if !ok {
			return false, false
		}
		return r.binaryTest(e.Op.String(), x, y)
	}
	return false, false
}

func isArithTestOp(op string) bool {
	switch op {
	case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		return true
	}
	return false
}

func intCompare(op string, a, b int64) bool {
	switch op {
	case "-eq":
		return a == b
	case "-ne":
		return a != b
	case "-lt":
		return a < b
	case "-le":
		return a <= b
	case "-gt":
		return a > b
	case "-ge":
		return a >= b
	}
	return false
}

// regexMatch is =~: an ERE where quoted parts match literally; it sets
// BASH_REMATCH.
func (r *Runner) regexMatch(s string, w *syntax.Word) (bool, bool) {
	pat, ok := r.regexText(w)
	if !ok {
		return false, false
	}
	pat, valid := fixERE(pat)
	// POSIX regcomp without REG_NEWLINE: . and [^x] match a newline,
	// and the match is the leftmost longest.
	flags := "(?s)"
	if r.shopts["nocasematch"] {
		flags = "(?si)"
	}
	re, err := regexp.Compile(flags + pat)
	if err != nil || !valid {
		// bash's [[ ]] is 2 for a regex regcomp refuses.
		return false, false
	}
	re.Longest()
	m := re.FindStringSubmatch(s)
	if m == nil {
		r.vars.global().vars["BASH_REMATCH"] = &Var{set: true, attrs: attrIndexed, arr: &indexedArray{}}
		return false, true
	}
	a := &indexedArray{}
	for i, g := range m {
		a.set(int64(i), g)
	}
	r.unsetVar("BASH_REMATCH")
	r.vars.global().vars["BASH_REMATCH"] = &Var{set: true, attrs: attrIndexed, arr: a}
	return true, true
}

// regexText expands the right side of =~: quoted text is escaped for the
// regexp engine, unquoted text is the expression.
func (r *Runner) regexText(w *syntax.Word) (string, bool) {
	var b strings.Builder
	var add func(parts []syntax.WordPart, quoted bool) bool
	add = func(parts []syntax.WordPart, quoted bool) bool {
		for i, p := range parts {
			switch p := p.(type) {
			case *syntax.Lit:
				if quoted {
					b.WriteString(regexp.QuoteMeta(dqUnescape(p.Value, false)))
					continue
				}
				v := p.Value
				if i == 0 && b.Len() == 0 && strings.HasPrefix(v, "~") {
					// A leading tilde expands, and what it gives
					// matches literally.
					if t, rest, ok := r.tildePrefix(v, len(parts) == 1 || !isQuotedPart(parts[1])); ok {
						b.WriteString(regexp.QuoteMeta(t))
						v = rest
					}
				}
				b.WriteString(ereToRE2(v))
			case *syntax.SglQuoted:
				s := p.Value
				if p.Dollar {
					s = ansiCQuote(s)
				}
				b.WriteString(regexp.QuoteMeta(s))
			case *syntax.DblQuoted:
				if !add(p.Parts, true) {
					return false
				}
			default:
				s, ok := r.expandString(&syntax.Word{Parts: []syntax.WordPart{p}})
				if !ok {
					return false
				}
				if quoted {
					s = regexp.QuoteMeta(s)
				}
				b.WriteString(s)
			}
		}
		return true
	}
	ok := add(w.Parts, false)
	return b.String(), ok
}

// ereToRE2 keeps an unquoted literal as an ERE; a backslash escapes the
// next character.
func ereToRE2(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			b.WriteString(regexp.QuoteMeta(s[i : i+1]))
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unaryTest evaluates a unary operator of test and [[ ]].
func (r *Runner) unaryTest(op, s string) (bool, bool) {
	switch op {
	case "-z":
		return s == "", true
	case "-n":
		return s != "", true
	case "-o":
		i := setOptIndex(s)
		return i >= 0 && r.opts[i], true
	case "-v":
		return r.isSetVar(s), true
	case "-R":
		v := r.vars.visible(s)
		return v.has(attrNameref) && v.set, true
	case "-t":
		return false, true
	}
	p := r.abs(s)
	if s == "" {
		return false, true
	}
	var fi fs.FileInfo
	var err error
	if op == "-h" || op == "-L" {
		fi, err = r.cfg.FS.Lstat(p)
	} else {
		fi, err = r.statSpecial(s)
	}
	if err != nil {
		return false, true
	}
	m := fi.Mode()
	switch op {
	case "-e", "-a":
		return true, true
	case "-f":
		return m.IsRegular(), true
	case "-d":
		return m.IsDir(), true
	case "-h", "-L":
		return m&fs.ModeSymlink != 0, true
	case "-b":
		return m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0, true
	case "-c":
		return m&fs.ModeCharDevice != 0, true
	case "-p":
		return m&fs.ModeNamedPipe != 0, true
	case "-S":
		return m&fs.ModeSocket != 0, true
	case "-s":
		return fi.Size() > 0, true
	case "-r", "-w":
		return m.Perm()&0o444 != 0 || op == "-w" && m.Perm()&0o222 != 0, true
	case "-x":
		return m.Perm()&0o111 != 0, true
	case "-u":
		return m&fs.ModeSetuid != 0, true
	case "-g":
		return m&fs.ModeSetgid != 0, true
	case "-k":
		return m&fs.ModeSticky != 0, true
	case "-O", "-G":
		return true, true
	case "-N":
		return false, true
	}
	return false, true
}

// statSpecial stats a path, answering the descriptor names bash knows.
func (r *Runner) statSpecial(s string) (fs.FileInfo, error) {
	if s == "/dev/stdin" || s == "/dev/stdout" || s == "/dev/stderr" || strings.HasPrefix(s, "/dev/fd/") {
		if fi, err := r.cfg.FS.Stat("/dev/null"); err == nil {
			n := 0
			switch s {
			case "/dev/stdout":
				n = 1
			case "/dev/stderr":
				n = 2
			case "/dev/stdin":
			default:
				n, _ = strconv.Atoi(s[len("/dev/fd/"):])
			}
			if r.fds.get(n) != nil {
				return fi, nil
			}
		}
	}
	return r.cfg.FS.Stat(r.abs(s))
}

// isSetVar is -v: a variable (or array element) that has a value.
func (r *Runner) isSetVar(s string) bool {
	name, sub, ok := splitSubscript(s)
	if ok && subscriptEnd(s, len(name)) != len(s)-1 {
		// m[x]y]: the subscript closes early; no variable has this name.
		return false
	}
	if !ok {
		if _, set, ok := r.special(s); ok {
			return set
		}
		v := r.lookupVar(s)
		if v != nil && v.isArray() {
			_, set := v.scalar()
			return set
		}
		return v != nil && v.set
	}
	if sub == "@" || sub == "*" {
		// bash 5.2: @ and * are keys of an associative array here.
		v := r.lookupVar(name)
		if v.has(attrAssoc) {
			// Bash 5.2: for an associative array @ and * are keys.
			_, ok := v.assoc.get(sub)
			return ok
		}
		return v.count() > 0
	}
	pv, _, good := r.subscriptValue(name, sub)
	return good && pv.set
}

// binaryTest evaluates string and file comparisons.
func (r *Runner) binaryTest(op, x, y string) (bool, bool) {
	switch op {
	case "=", "==":
		return x == y, true
	case "!=":
		return x != y, true
	case "<":
		return x < y, true
	case ">":
		return x > y, true
	case "-nt", "-ot":
		a, errA := r.cfg.FS.Stat(r.abs(x))
		b, errB := r.cfg.FS.Stat(r.abs(y))
		if op == "-nt" {
			return errA == nil && (errB != nil || a.ModTime().After(b.ModTime())), true
		}
		return errB == nil && (errA != nil || a.ModTime().Before(b.ModTime())), true
	case "-ef":
		a, errA := r.cfg.FS.Stat(r.abs(x))
		b, errB := r.cfg.FS.Stat(r.abs(y))
		return errA == nil && errB == nil && sameFile(a, b, r.abs(x), r.abs(y)), true
	}
	return false, false
}

// sameFile is -ef: the same device and inode when the filesystem tells
// them (each Stat returns a fresh Stat_t, so the values are compared),
// else the same resolved path.
func sameFile(a, b fs.FileInfo, pa, pb string) bool {
	sa, ok1 := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	if ok1 && ok2 && sa.Ino != 0 {
		return sa.Ino == sb.Ino && sa.Dev == sb.Dev
	}
	return pa == pb
}
