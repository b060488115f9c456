package eval

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/shell/arith"
)

// nodeText is the source text of a node of the running source, or the
// printer's rendering when the node did not come from it.
func (r *Runner) nodeText(n syntax.Node) string {
	return r.srcRange(n.Pos(), n.End(), n)
}

// srcOffsets is the running source's text between two offsets, or "".
func (r *Runner) srcOffsets(a, b int) string {
	if r.src == nil || a < 0 || a > b || b > len(r.src.text) {
		return ""
	}
	return r.src.text[a:b]
}

func (r *Runner) srcRange(from, to syntax.Pos, n syntax.Node) string {
	if r.src != nil && from.IsValid() && to.IsValid() {
		a, b := int(from.Offset()), int(to.Offset())
		if a <= b && b <= len(r.src.text) {
			return r.src.text[a:b]
		}
	}
	if n == nil {
		return ""
	}
	var sb strings.Builder
	syntax.NewPrinter(syntax.Minify(true)).Print(&sb, n)
	return sb.String()
}

// docCache holds parsed expansion texts (arithmetic, subscripts): loops
// expand the same text over and over.
var docCache sync.Map // string -> *syntax.Word

const docCacheMax = 4096

var docCacheN int64
var docCacheMu sync.Mutex

func parseDoc(text string) (*syntax.Word, error) {
	if w, ok := docCache.Load(text); ok {
		return w.(*syntax.Word), nil
	}
	w, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Document(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	docCacheMu.Lock()
	if docCacheN < docCacheMax {
		docCacheN++
		docCache.Store(text, w)
	}
	docCacheMu.Unlock()
	return w, nil
}

// expandText expands $-expansions in text as inside double quotes, for
// arithmetic and subscripts given as text.
func (r *Runner) expandText(text string) (string, bool) {
	if !strings.ContainsAny(text, "$`\\") {
		return text, true
	}
	w, err := parseDoc(text)
	if err != nil {
		r.errorf("%s: bad substitution", text)
		r.status = 1
		r.abortCommand()
		return "", false
	}
	// The parsed nodes' offsets are in text: it is the running source
	// while they expand ($(( $(f $((1+1))) )) reads the inner arithmetic
	// from it), on the current line.
	saved := r.src
	file := ""
	if saved != nil {
		file = saved.file
	}
	r.src = &source{text: text, file: file, lineBase: r.lineno - 1}
	defer func() { r.src = saved }()
	return r.expandHeredoc(w)
}

// arithText evaluates arithmetic given as text: expansions first, then
// bash's arithmetic on the result.
func (r *Runner) arithText(text string) (int64, bool) {
	s, ok := r.expandText(text)
	if !ok {
		return 0, false
	}
	s = trimQuotes(s)
	n, err := arith.Eval(s, arithEnv{r})
	if err != nil {
		r.arithError(err)
		return 0, false
	}
	return n, true
}

// arithError reports an arithmetic error; bash abandons the command (and
// a non-interactive shell the current line of commands).
func (r *Runner) arithError(err error) {
	switch err.(type) {
	case abortedError:
	case unboundError:
		r.fatal(1, "%s", err.Error())
		return
	default:
		if r.arithCtx != "" {
			// (( )), let and for (( )) report with their name and fail
			// as a command; the script goes on.
			r.errorf("%s: %s", r.arithCtx, err.Error())
			r.status = 1
			return
		}
		if r.arithName != "" && !r.inSubscript {
			r.errorf("%s: %s", r.arithName, err.Error())
		} else {
			r.errorf("%s", err.Error())
		}
		if r.inSubscript || !r.inArithExp {
			r.status = 1
			r.discardCommand()
			return
		}
	}
	r.status = 1
	r.abortCommand()
}

// arithExp is $(( )): its text runs through expansion then arithmetic.
func (r *Runner) arithExp(a *syntax.ArithmExp) (string, bool) {
	open := 3
	if a.Bracket {
		open = 2
	}
	text := r.srcOffsets(int(a.Left.Offset())+open, int(a.Right.Offset()))
	if text == "" && a.X != nil {
		text = r.nodeText(a.X)
	}
	n, ok := r.arithOnce(text)
	if !ok {
		return "", false
	}
	return strconv.FormatInt(n, 10), true
}

// arithIndex evaluates an indexed array's subscript.
func (r *Runner) arithIndex(index syntax.ArithmExpr) (int64, bool) {
	return r.arithText(r.nodeText(index))
}

// assocKey expands an associative array's subscript to its key.
func (r *Runner) assocKey(index syntax.ArithmExpr) (string, bool) {
	if sub, ok := r.blankSubscript(index); ok {
		return sub, true
	}
	if w, ok := index.(*syntax.Word); ok {
		return r.expandString(w)
	}
	return r.expandText(r.nodeText(index))
}

// assignIndexed assigns name[index] = val with a parsed subscript.
func (r *Runner) assignIndexed(name string, index syntax.ArithmExpr, val string, appendTo bool) bool {
	name, ok := r.elemRefTarget(name)
	if !ok {
		return false
	}
	v, _ := r.vars.lookup(name)
	if v.has(attrAssoc) {
		key, ok := r.assocKey(index)
		if !ok {
			return false
		}
		if v.has(attrReadonly) {
			r.readonlyError(name)
			return false
		}
		return r.setAssocElem(v, key, val, appendTo)
	}
	return r.setElemText(name, r.nodeText(index), val, appendTo)
}

// limitBuffer collects a command substitution's output up to the string
// limit; past it the run stops before the memory is taken.
type limitBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	g   *guard
}

func (b *limitBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.g.checkString(int64(b.buf.Len() + len(p))); err != nil {
		return 0, err
	}
	return b.buf.Write(p)
}

// cmdSubst runs $(...) in a subshell and returns its output without
// trailing newlines.
func (r *Runner) cmdSubst(cs *syntax.CmdSubst) (string, bool) {
	if r.funsubError(cs) {
		return "", false
	}
	if err := r.enter(); err != nil {
		return "", false
	}
	defer r.leave()
	buf := &limitBuffer{g: r.g}
	sub := r.subshell()
	sub.traceDepth++
	sub.jobs = r.jobs.inherit() // $(jobs -p) lists the parent's jobs
	sub.fds.set(1, &fdEntry{w: buf})
	if !r.opts[optPosix] && !r.shopts["inherit_errexit"] {
		// bash clears -e in a command substitution outside posix mode.
		sub.opts[optErrExit] = false
	}
	if f, ok := catFileSubst(cs); ok {
		if !sub.catFile(f) && r.opts[optErrExit] {
			// bash reads $(< file) itself: a file it cannot open
			// ends the shell under set -e, wherever the expansion is
			// (an if condition, the left of ||).
			r.aborted = true
			r.exit(1)
			return "", false
		}
	} else {
		if len(cs.Stmts) == 0 {
			sub.status = 0 // a shell that runs nothing exits 0
		}
		sub.stmts(cs.Stmts)
		if sub.flow == flowExit {
			sub.status = sub.exitCode
		}
		sub.runExitTrap()
	}
	sub.jobs.waitAll()
	sub.fds.releaseAll()
	r.status = sub.status
	r.substStatus = sub.status
	r.substRan = true
	if r.g.err() != nil {
		r.stop(r.g.err())
		return "", false
	}
	return strings.TrimRight(buf.buf.String(), "\n"), true
}

// catFileSubst recognises $(< file).
func catFileSubst(cs *syntax.CmdSubst) (*syntax.Word, bool) {
	if len(cs.Stmts) != 1 {
		return nil, false
	}
	st := cs.Stmts[0]
	if st.Cmd != nil || len(st.Redirs) != 1 || st.Negated || st.Background {
		return nil, false
	}
	rd := st.Redirs[0]
	if rd.Op != syntax.RdrIn || rd.N != nil {
		return nil, false
	}
	return rd.Word, true
}

// catFile copies a file to stdout for $(< file); false when the file
// could not be opened.
func (r *Runner) catFile(w *syntax.Word) bool {
	name, ok := r.redirTarget(w)
	if !ok {
		return true // an ambiguous name is only reported
	}
	f, err := r.openRead(name)
	if err != nil {
		r.errorf("%s: %s", name, errText(err))
		r.status = 1
		return false
	}
	defer f.Close()
	if _, err := io.Copy(r.stdout(), readerOnly{f}); err != nil {
		r.status = 1
		return true
	}
	r.status = 0
	return true
}

type readerOnly struct{ io.Reader }

// procSubst starts <(cmd) or >(cmd) and returns the /dev/fd path that
// stands for its pipe.
func (r *Runner) procSubst(ps *syntax.ProcSubst) (string, bool) {
	pr, pw := io.Pipe()
	sub := r.subshell()
	sub.traceDepth++
	fd := 63
	for r.fds.get(fd) != nil && fd > 10 {
		fd--
	}
	var done func()
	if ps.Op == syntax.CmdOut {
		sub.fds.set(0, &fdEntry{r: pr})
		r.fds.set(fd, newOwnedEntry(nil, pw, pw, ""))
		done = func() { pr.Close() }
	} else {
		sub.fds.set(1, &fdEntry{w: pw})
		r.fds.set(fd, newOwnedEntry(pr, nil, pr, ""))
		done = func() { pw.Close() }
	}
	r.procFDs = append(r.procFDs, fd)
	r.lastBg = sub.pid // bash sets $! to a process substitution's pid
	r.lastProcSubst = r.jobs.goHidden(sub.pid, func() int {
		defer done()
		defer sub.recoverPanic()
		sub.stmts(ps.Stmts)
		if sub.flow == flowExit {
			sub.status = sub.exitCode
		}
		sub.runExitTrap()
		sub.jobs.waitAll()
		sub.fds.releaseAll()
		return sub.status
	})
	return "/dev/fd/" + strconv.Itoa(fd), true
}

// closeProcFDs closes the descriptors of process substitutions once the
// command that used them is done.
func (r *Runner) closeProcFDs(from int) {
	for _, fd := range r.procFDs[from:] {
		r.fds.close(fd)
	}
	r.procFDs = r.procFDs[:from]
}

// tildePrefix expands a leading ~ of an unquoted literal. whole is set
// when the literal ends the tilde-prefix (no quoted part follows it).
//
// bash ends the prefix at the first slash or colon, in every word (its
// tilde library takes ':' as a suffix): ~:x is $HOME:x.
func (r *Runner) tildePrefix(s string, whole bool) (string, string, bool) {
	end := strings.IndexAny(s, "/:")
	if end < 0 {
		if !whole {
			return "", "", false
		}
		end = len(s)
	}
	exp, ok := r.tilde(s[1:end])
	if !ok {
		return "", "", false
	}
	return exp, s[end:], true
}

// tilde expands the text after ~ (user name, +, -, +N, -N).
func (r *Runner) tilde(user string) (string, bool) {
	get := func(n string) (string, bool) {
		v := r.lookupVar(n)
		return v.scalar()
	}
	switch user {
	case "":
		if h, ok := get("HOME"); ok {
			return h, true
		}
		return "/home/user", true
	case "+":
		return get("PWD")
	case "-":
		return get("OLDPWD")
	case "root":
		return "/root", true
	case "user":
		return "/home/user", true
	}
	if strings.IndexFunc(user, func(c rune) bool { return c < '0' || c > '9' }) < 0 || (user[0] == '+' || user[0] == '-') && isDigits(user[1:]) {
		n, _ := strconv.Atoi(strings.TrimLeft(user, "+-"))
		stack := r.dirStack()
		if user[0] == '-' {
			n = len(stack) - 1 - n
		}
		if n >= 0 && n < len(stack) {
			return stack[n], true
		}
	}
	return "", false
}

// tildeAssign expands tildes after = and each unquoted : of an
// assignment value.
func (r *Runner) tildeAssign(w *syntax.Word) *syntax.Word {
	var parts []syntax.WordPart
	for pi, part := range w.Parts {
		l, ok := part.(*syntax.Lit)
		if !ok || !strings.Contains(l.Value, "~") {
			continue
		}
		segs := strings.Split(l.Value, ":")
		changed := false
		for i, seg := range segs {
			// Only the value's start and the text after a colon
			// begin a tilde-prefix.
			if !strings.HasPrefix(seg, "~") || i == 0 && pi > 0 {
				continue
			}
			last := i == len(segs)-1
			if t, rest, ok := r.tildePrefix(seg, !last || pi == len(w.Parts)-1 || !isQuotedPart(w.Parts[pi+1])); ok {
				segs[i] = strings.NewReplacer(`\`, `\\`).Replace(t) + rest
				changed = true
			}
		}
		if !changed {
			continue
		}
		if parts == nil {
			parts = append([]syntax.WordPart(nil), w.Parts...)
		}
		parts[pi] = &syntax.Lit{ValuePos: l.ValuePos, ValueEnd: l.ValueEnd, Value: strings.Join(segs, ":")}
	}
	if parts == nil {
		return w
	}
	return &syntax.Word{Parts: parts}
}

// tildeAssignArgs gives the command words that look like assignments
// (name=, name[sub]=, name+= at the start of an unquoted literal) the
// tilde expansion of an assignment value: after the = and each colon.
// bash does this outside POSIX mode, so echo PATH=~/bin shows $HOME/bin.
func (r *Runner) tildeAssignArgs(words []*syntax.Word) []*syntax.Word {
	out := words
	copied := false
	for i, w := range words {
		if len(w.Parts) == 0 {
			continue
		}
		l, ok := w.Parts[0].(*syntax.Lit)
		if !ok {
			continue
		}
		eq := assignLikeEnd(l.Value)
		if eq < 0 {
			continue
		}
		restWord := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{Value: l.Value[eq:]}}, w.Parts[1:]...)}
		nw := r.tildeAssign(restWord)
		if nw == restWord {
			continue
		}
		if !copied {
			out = append([]*syntax.Word(nil), words...)
			copied = true
		}
		head := nw.Parts[0].(*syntax.Lit)
		parts := append([]syntax.WordPart{&syntax.Lit{ValuePos: l.ValuePos, ValueEnd: l.ValueEnd, Value: l.Value[:eq] + head.Value}}, nw.Parts[1:]...)
		out[i] = &syntax.Word{Parts: parts}
	}
	return out
}

// assignLikeEnd returns the index just past the = of a leading name=,
// name[sub]= or name+=, or -1.
func assignLikeEnd(s string) int {
	i := 0
	for i < len(s) && (s[i] == '_' || s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	if i == 0 {
		return -1
	}
	if i < len(s) && s[i] == '[' {
		j := strings.IndexByte(s[i:], ']')
		if j < 0 {
			return -1
		}
		i += j + 1
	}
	if i < len(s) && s[i] == '+' {
		i++
	}
	if i < len(s) && s[i] == '=' {
		return i + 1
	}
	return -1
}
