package find

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/fnmatch"
	"github.com/justbash/justbash/commands/internal/gnure"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"fmt"
	"io/fs"
	"math"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
)

func findTrue(*findWalk, *findEntry) bool { return true }

// primary builds the node for one test, action or option.
func (p *findParser) primary(t string) findExpr {
	if e, ok := p.option(t); ok {
		return e
	}
	if e, ok := p.action(t); ok {
		return e
	}
	switch t {
	case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname":
		return p.globTest(t)
	case "-regex", "-iregex":
		return p.regexTest(t)
	case "-type", "-xtype":
		return p.typeTest(t)
	case "-empty":
		return findPred(func(w *findWalk, e *findEntry) bool { return w.isEmpty(e) })
	case "-true":
		return findPred(findTrue)
	case "-false":
		return findPred(func(*findWalk, *findEntry) bool { return false })
	case "-size":
		return p.sizeTest(t)
	case "-perm":
		return p.permTest(t)
	case "-newer", "-anewer", "-cnewer":
		return p.newerTest(t)
	case "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin":
		return p.timeTest(t)
	case "-user", "-group", "-uid", "-gid", "-links", "-inum":
		return p.idTest(t)
	case "-nouser", "-nogroup":
		return findPred(func(*findWalk, *findEntry) bool { return false })
	case "-readable", "-writable", "-executable":
		bit := map[string]fs.FileMode{"-readable": 0o400, "-writable": 0o200, "-executable": 0o100}[t]
		return findPred(func(w *findWalk, e *findEntry) bool { return e.fi.Mode()&bit != 0 })
	case "-samefile":
		a, ok := p.arg(t)
		if !ok {
			return nil
		}
		ref, err := p.w.c.FS.Stat(p.w.c.Abs(a))
		if err != nil {
			p.err = fmt.Sprintf("'%s': %s", a, commands.ErrText(err))
			return nil
		}
		return findPred(func(w *findWalk, e *findEntry) bool { return fileinfo.SameFile(e.fi, ref) })
	}
	if strings.HasPrefix(t, "-newer") && len(t) == 8 {
		return p.newerXY(t)
	}
	if strings.HasPrefix(t, "-") {
		p.err = fmt.Sprintf("unknown predicate `%s'", t)
	} else {
		p.err = p.strayWord(t, p.pos-1)
	}
	return nil
}

// option handles the position-independent options; they evaluate true.
func (p *findParser) option(t string) (findExpr, bool) {
	w := p.w
	switch t {
	case "-depth", "-d":
		w.depthFst = true
	case "-maxdepth", "-mindepth":
		a, ok := p.arg(t)
		if !ok {
			return nil, true
		}
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 {
			p.err = fmt.Sprintf("Expected a positive decimal integer argument to %s, but got '%s'", t, a)
			return nil, true
		}
		if t == "-maxdepth" {
			w.maxDepth = n
		} else {
			w.minDepth = n
		}
	case "-follow":
		w.follow = 'L'
	case "-regextype":
		a, ok := p.arg(t)
		if !ok {
			return nil, true
		}
		w.regexTyp = a
	case "-xdev", "-mount", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race", "-nowarn", "-warn":
	case "-daystart":
		y, m, d := w.now.Date()
		w.now = time.Date(y, m, d+1, 0, 0, 0, 0, w.now.Location())
	default:
		return nil, false
	}
	return findPred(findTrue), true
}

func (p *findParser) globTest(t string) findExpr {
	pat, ok := p.arg(t)
	if !ok {
		return nil
	}
	fold := strings.HasPrefix(t, "-i")
	switch t {
	case "-name", "-iname":
		return findPred(func(w *findWalk, e *findEntry) bool {
			base := path.Base(e.path)
			if e.path == "/" {
				base = "/"
			}
			return fnmatch.Match(pat, base, fold)
		})
	case "-lname", "-ilname":
		return findPred(func(w *findWalk, e *findEntry) bool {
			if e.fi.Mode()&fs.ModeSymlink == 0 {
				return false
			}
			target, err := w.c.FS.Readlink(e.abs)
			return err == nil && fnmatch.Match(pat, target, fold)
		})
	}
	return findPred(func(w *findWalk, e *findEntry) bool { return fnmatch.Match(pat, e.path, fold) })
}

func (p *findParser) regexTest(t string) findExpr {
	pat, ok := p.arg(t)
	if !ok {
		return nil
	}
	src := pat
	switch p.w.regexTyp {
	case "posix-extended", "egrep", "posix-egrep", "awk", "posix-awk", "findutils-default":
	case "emacs", "posix-basic", "grep", "posix-minimal-basic", "ed", "sed":
		src = gnure.FromEmacs(pat, p.w.regexTyp != "emacs")
	default:
		p.err = fmt.Sprintf("Unknown regular expression type '%s'; valid types are 'findutils-default', 'awk', 'egrep', 'ed', 'emacs', 'gnu-awk', 'grep', 'posix-awk', 'posix-basic', 'posix-egrep', 'posix-extended', 'posix-minimal-basic', 'sed'.", p.w.regexTyp)
		return nil
	}
	flags := "(?s)"
	if t == "-iregex" {
		flags = "(?si)"
	}
	re, err := regexp.Compile(flags + "^(?:" + src + ")$")
	if err != nil {
		p.err = fmt.Sprintf("failed to compile regular expression '%s': %s", pat, gnure.Message(err))
		return nil
	}
	return findPred(func(w *findWalk, e *findEntry) bool { return re.MatchString(e.path) })
}

func (p *findParser) typeTest(t string) findExpr {
	a, ok := p.arg(t)
	if !ok {
		return nil
	}
	var want []byte
	for _, part := range strings.Split(a, ",") {
		if len(part) != 1 || !strings.Contains("bcdpflsD", part) {
			if len(part) > 1 {
				p.err = fmt.Sprintf("Must separate multiple arguments to %s using: ','", t)
			} else {
				p.err = fmt.Sprintf("Unknown argument to %s: %s", t, part)
			}
			return nil
		}
		want = append(want, part[0])
	}
	xtype := t == "-xtype"
	return findPred(func(w *findWalk, e *findEntry) bool {
		fi := e.fi
		if xtype {
			// -xtype looks at the other side of symlinks than -type does.
			var err error
			if fi.Mode()&fs.ModeSymlink != 0 {
				if sfi, serr := w.c.FS.Stat(e.abs); serr == nil {
					fi = sfi
				}
			} else if w.follow == 'L' {
				fi, err = w.c.FS.Lstat(e.abs)
				if err != nil {
					return false
				}
			}
		}
		k := findTypeChar(fi.Mode())
		for _, c := range want {
			if c == k {
				return true
			}
		}
		return false
	})
}

func findTypeChar(m fs.FileMode) byte {
	switch {
	case m.IsDir():
		return 'd'
	case m&fs.ModeSymlink != 0:
		return 'l'
	case m&fs.ModeCharDevice != 0:
		return 'c'
	case m&fs.ModeDevice != 0:
		return 'b'
	case m&fs.ModeNamedPipe != 0:
		return 'p'
	case m&fs.ModeSocket != 0:
		return 's'
	}
	return 'f'
}

func (w *findWalk) isEmpty(e *findEntry) bool {
	switch {
	case e.fi.IsDir():
		ents, err := w.c.FS.ReadDir(e.abs)
		return err == nil && len(ents) == 0
	case e.fi.Mode().IsRegular():
		return e.fi.Size() == 0
	}
	return false
}

func (p *findParser) sizeTest(t string) findExpr {
	a, ok := p.arg(t)
	if !ok {
		return nil
	}
	unit := int64(512)
	s := a
	if s != "" {
		if u, ok := map[byte]int64{'b': 512, 'c': 1, 'w': 2, 'k': 1024, 'M': 1 << 20, 'G': 1 << 30}[s[len(s)-1]]; ok {
			unit, s = u, s[:len(s)-1]
		}
	}
	n, ok := p.num(t, s)
	if !ok {
		p.err = fmt.Sprintf("invalid -size type `%s'", a)
		return nil
	}
	return findPred(func(w *findWalk, e *findEntry) bool {
		// Sizes round up to whole units, so "-size -1M" matches only empty files.
		sz := (e.fi.Size() + unit - 1) / unit
		return n.match(sz)
	})
}

func (p *findParser) permTest(t string) findExpr {
	a, ok := p.arg(t)
	if !ok {
		return nil
	}
	kind, spec := byte(0), a
	if spec != "" && (spec[0] == '-' || spec[0] == '/' || spec[0] == '+' && strings.Trim(spec[1:], "01234567") == "") {
		kind, spec = spec[0], spec[1:]
	}
	want, ok := fileinfo.ApplyMode(spec, 0, false, 0)
	if !ok {
		p.err = fmt.Sprintf("invalid mode `%s'", a)
		return nil
	}
	return findPred(func(w *findWalk, e *findEntry) bool {
		have := fileinfo.UnixPerm(e.fi.Mode())
		switch kind {
		case '-':
			return have&want == want
		case '/', '+':
			return want == 0 || have&want != 0
		}
		return have == want
	})
}

func (p *findParser) newerTest(t string) findExpr {
	a, ok := p.arg(t)
	if !ok {
		return nil
	}
	ref, err := p.w.c.FS.Stat(p.w.c.Abs(a))
	if err != nil {
		p.err = fmt.Sprintf("'%s': %s", a, commands.ErrText(err))
		return nil
	}
	rt := ref.ModTime()
	return findPred(func(w *findWalk, e *findEntry) bool {
		return fileTime(e.fi, t[1]).After(rt)
	})
}

// newerXY handles -newerXY REF where X, Y are a, c, m (or t for Y: a date).
func (p *findParser) newerXY(t string) findExpr {
	x, y := t[6], t[7]
	a, ok := p.arg(t)
	if !ok {
		return nil
	}
	var rt time.Time
	if y == 't' {
		d, ok := timefmt.ParseDate(a, p.w.now)
		if !ok {
			p.err = fmt.Sprintf("I cannot figure out how to interpret `%s' as a date or time", a)
			return nil
		}
		rt = d
	} else {
		ref, err := p.w.c.FS.Stat(p.w.c.Abs(a))
		if err != nil {
			p.err = fmt.Sprintf("'%s': %s", a, commands.ErrText(err))
			return nil
		}
		rt = fileTime(ref, y)
	}
	return findPred(func(w *findWalk, e *findEntry) bool { return fileTime(e.fi, x).After(rt) })
}

// fileTime picks the access ('a'), change ('c') or modification time.
func fileTime(fi fs.FileInfo, which byte) time.Time {
	switch which {
	case 'a':
		return fileinfo.StatOf(fi).Atime
	case 'c':
		return fileinfo.StatOf(fi).Ctim
	}
	return fi.ModTime()
}

func (p *findParser) timeTest(t string) findExpr {
	a, ok := p.arg(t)
	if !ok {
		return nil
	}
	n, ok := p.num(t, a)
	if !ok {
		return nil
	}
	unit := 24 * time.Hour
	if strings.HasSuffix(t, "min") {
		unit = time.Minute
	}
	return findPred(func(w *findWalk, e *findEntry) bool {
		age := w.now.Sub(fileTime(e.fi, t[1]))
		// GNU truncates the age to whole units for -Xtime; -Xmin rounds up.
		units := int64(math.Floor(float64(age) / float64(unit)))
		if unit == time.Minute {
			units = int64(math.Ceil(float64(age) / float64(unit)))
		}
		return n.match(units)
	})
}

func (p *findParser) idTest(t string) findExpr {
	a, ok := p.arg(t)
	if !ok {
		return nil
	}
	if t == "-user" || t == "-group" {
		id := int64(-1)
		switch a {
		case "root":
			id = 0
		case identity.User:
			id = identity.UID
		default:
			v, err := strconv.ParseUint(a, 10, 32)
			if err != nil {
				p.err = fmt.Sprintf("'%s' is not the name of a known %s", a, t[1:])
				return nil
			}
			id = int64(v)
		}
		return findPred(func(w *findWalk, e *findEntry) bool {
			si := fileinfo.StatOf(e.fi)
			if t == "-user" {
				return int64(si.Uid) == id
			}
			return int64(si.Gid) == id
		})
	}
	n, ok := p.num(t, a)
	if !ok {
		return nil
	}
	return findPred(func(w *findWalk, e *findEntry) bool {
		si := fileinfo.StatOf(e.fi)
		switch t {
		case "-uid":
			return n.match(int64(si.Uid))
		case "-gid":
			return n.match(int64(si.Gid))
		case "-links":
			return n.match(int64(si.Nlink))
		}
		return n.match(int64(si.Ino))
	})
}
