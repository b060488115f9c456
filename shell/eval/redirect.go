package eval

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// redirect applies a statement's redirections in order and returns the
// function that undoes them (unless exec made them permanent).
func (r *Runner) redirect(rds []*syntax.Redirect) (func(), bool) {
	saved := map[int]*fdEntry{}
	save := func(n int) {
		if _, ok := saved[n]; ok {
			return
		}
		e := r.fds.get(n)
		if e != nil {
			e.retain()
		}
		saved[n] = e
	}
	restore := func() {
		if r.keepRedirs {
			r.keepRedirs = false
			for _, e := range saved {
				if e != nil {
					e.release()
				}
			}
			return
		}
		for n, e := range saved {
			r.fds.set(n, e)
			if e != nil {
				e.release()
			} else {
				r.fds.close(n)
			}
		}
	}
	for _, rd := range rds {
		if !r.redirectOne(rd, save) {
			return restore, false
		}
	}
	return restore, true
}

// redirFD is the descriptor a redirection applies to (its default, an
// explicit number, or a {var} allocation); -1 for errors.
func (r *Runner) redirFD(rd *syntax.Redirect, save func(int)) (int, bool) {
	def := 1
	switch rd.Op {
	case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		def = 0
	}
	if rd.N == nil {
		return def, true
	}
	s := rd.N.Value
	if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		name := s[1 : len(s)-1]
		if isDupClose(rd) {
			v := r.varRedirValue(name)
			if v == "" {
				// bash names the variable when it has no value.
				r.errorf("%s: ambiguous redirect", name)
				return -1, false
			}
			n, err := strconv.Atoi(strings.TrimLeft(v, " \t\n"))
			if err != nil || n < 0 {
				return -1, true // not a number: nothing to close
			}
			return n, true
		}
		n := r.fds.firstFree(10)
		if !r.setVarRedir(name, strconv.Itoa(n)) {
			return -1, false
		}
		return n, true
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		r.errorf("%s: bad file descriptor", s)
		return -1, false
	}
	return n, true
}

// isVarRedir reports a {var} redirection.
func isVarRedir(rd *syntax.Redirect) bool {
	return rd.N != nil && strings.HasPrefix(rd.N.Value, "{") && strings.HasSuffix(rd.N.Value, "}")
}

func isDupClose(rd *syntax.Redirect) bool {
	return (rd.Op == syntax.DplOut || rd.Op == syntax.DplIn) && rd.Word != nil && rd.Word.Lit() == "-"
}

func (r *Runner) redirectOne(rd *syntax.Redirect, save func(int)) bool {
	fd, ok := r.redirFD(rd, save)
	if !ok {
		return false
	}
	if fd < 0 {
		return true // {var}>&- with a value that names no descriptor
	}
	if isVarRedir(rd) && !isDupClose(rd) && !r.shopts["varredir_close"] {
		// A descriptor bash allocated for {var} stays open after the
		// command, unless varredir_close is set.
		all := save
		save = func(n int) {
			if n != fd {
				all(n)
			}
		}
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		body := ""
		if rd.Hdoc != nil {
			hdoc := rd.Hdoc
			if rd.Op == syntax.DashHdoc {
				hdoc = stripHdocTabs(hdoc)
			}
			if hdocQuoted(rd.Word) {
				body = r.rawHeredocText(hdoc)
			} else {
				var ok bool
				if body, ok = r.expandHeredoc(hdoc); !ok {
					return false
				}
			}
		}
		save(fd)
		r.fds.set(fd, &fdEntry{r: strings.NewReader(body)})
		return true
	case syntax.WordHdoc:
		s, ok := r.expandString(rd.Word)
		if !ok {
			return false
		}
		save(fd)
		r.fds.set(fd, &fdEntry{r: strings.NewReader(s + "\n")})
		return true
	case syntax.DplIn, syntax.DplOut:
		return r.dup(rd, fd, save)
	}
	target, ok := r.redirTarget(rd.Word)
	if !ok {
		return false
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	switch rd.Op {
	case syntax.RdrIn:
		flag = os.O_RDONLY
	case syntax.RdrInOut:
		flag = os.O_RDWR | os.O_CREATE
	case syntax.AppOut, syntax.AppAll:
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	e, err := r.openEntry(target, flag, rd.Op == syntax.RdrOut || rd.Op == syntax.RdrAll)
	if err != nil {
		r.errorf("%s: %s", target, errText(err))
		return false
	}
	if rd.Op == syntax.RdrAll || rd.Op == syntax.AppAll {
		save(1)
		save(2)
		r.fds.set(1, e)
		r.fds.set(2, e)
		return true
	}
	save(fd)
	r.fds.set(fd, e)
	return true
}

// hdocQuoted reports a quoted here-document delimiter (no expansion).
func hdocQuoted(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.Contains(p.Value, "\\") {
				return true
			}
		}
	}
	return false
}

// stripHdocTabs is the body of a <<- here-document: the tabs that start
// each of its source lines removed (not tabs that expansions produce).
func stripHdocTabs(w *syntax.Word) *syntax.Word {
	out := &syntax.Word{Parts: make([]syntax.WordPart, len(w.Parts))}
	lineStart := true
	for i, p := range w.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			out.Parts[i] = p
			lineStart = false
			continue
		}
		var b strings.Builder
		for j := 0; j < len(l.Value); j++ {
			c := l.Value[j]
			if c == '\t' && lineStart {
				continue
			}
			lineStart = c == '\n'
			b.WriteByte(c)
		}
		nl := *l
		nl.Value = b.String()
		out.Parts[i] = &nl
	}
	return out
}

// redirTarget expands a redirection's word to one file name.
func (r *Runner) redirTarget(w *syntax.Word) (string, bool) {
	fields, ok := r.redirFields(w)
	if !ok {
		return "", false
	}
	if len(fields) != 1 {
		src := r.nodeText(w)
		r.errorf("%s: ambiguous redirect", src)
		return "", false
	}
	return fields[0], true
}

// dup handles <&N, >&N, N>&-, and >&word (a file name for both streams).
func (r *Runner) dup(rd *syntax.Redirect, fd int, save func(int)) bool {
	word, ok := r.redirTarget(rd.Word)
	if !ok {
		return false
	}
	if word == "-" {
		save(fd)
		r.coprocFdGone(fd)
		r.fds.close(fd)
		return true
	}
	move := strings.HasSuffix(word, "-")
	num := strings.TrimSuffix(word, "-")
	src, err := strconv.Atoi(num)
	if err != nil {
		if rd.Op == syntax.DplOut && (rd.N == nil || rd.N.Value == "1") {
			// >&file and 1>&file are &>file.
			e, err := r.openEntry(word, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, true)
			if err != nil {
				r.errorf("%s: %s", word, errText(err))
				return false
			}
			save(1)
			save(2)
			r.fds.set(1, e)
			r.fds.set(2, e)
			return true
		}
		r.errorf("%s: ambiguous redirect", word)
		return false
	}
	if src == fd && !move {
		return true // bash makes no dup2 of a descriptor onto itself
	}
	e := r.fds.get(src)
	if e == nil {
		r.errorf("%s: Bad file descriptor", r.badDupName(rd, fd, src))
		return false
	}
	save(fd)
	r.fds.set(fd, e)
	if move && src != fd {
		// bash does not reopen the moved descriptor when the command
		// ends: after `cmd 6>&7-`, 7 stays closed.
		r.coprocFdGone(src)
		r.fds.close(src)
	}
	return true
}

// openEntry opens a file for a redirection, with the device names bash
// knows (/dev/stdin, /dev/fd/N...) served from the descriptor table.
func (r *Runner) openEntry(name string, flag int, clobberCheck bool) (*fdEntry, error) {
	switch {
	case name == "/dev/stdin":
		return r.dupEntry(0)
	case name == "/dev/stdout":
		return r.dupEntry(1)
	case name == "/dev/stderr":
		return r.dupEntry(2)
	case strings.HasPrefix(name, "/dev/fd/"):
		n, err := strconv.Atoi(name[len("/dev/fd/"):])
		if err == nil {
			return r.dupEntry(n)
		}
	}
	p := r.abs(name)
	if clobberCheck && r.opts[optNoClobber] {
		// As bash: an existing regular file is refused, a missing one is
		// created exclusively, anything else (a device) is opened as is.
		fi, err := r.cfg.FS.Stat(p)
		if err == nil && fi.Mode().IsRegular() {
			return nil, errClobber
		}
		flag &^= os.O_TRUNC
		if err != nil {
			flag |= os.O_EXCL
		}
	}
	if flag&os.O_CREATE != 0 {
		if fi, err := r.cfg.FS.Stat(p); err == nil && fi.IsDir() {
			return nil, syscall.EISDIR
		}
	}
	f, err := r.cfg.FS.OpenFile(p, flag, 0o666&^r.umask())
	if err != nil {
		if errors.Is(err, fs.ErrExist) && flag&os.O_EXCL != 0 {
			return nil, errClobber
		}
		return nil, err
	}
	var rd io.Reader
	var w io.Writer
	if flag&(os.O_WRONLY|os.O_RDWR) == 0 || flag&os.O_RDWR != 0 {
		rd = f
	}
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		w = f
	}
	return newOwnedEntry(rd, w, f, p), nil
}

var errClobber = errors.New("cannot overwrite existing file")

func (r *Runner) dupEntry(n int) (*fdEntry, error) {
	e := r.fds.get(n)
	if e == nil {
		return nil, syscall.EBADF
	}
	return e, nil
}

// umask is the file creation mask (umask builtin).
func (r *Runner) umask() fs.FileMode {
	if r.umaskSet {
		return r.umaskVal
	}
	return 0o022
}

// badDupName is what bash names in "Bad file descriptor" for a failed
// duplication: the source descriptor when written as a number; for a
// word that needed expansion, the word as written when it duplicates onto
// the default descriptor, otherwise the descriptor being redirected.
func (r *Runner) badDupName(rd *syntax.Redirect, fd, src int) string {
	if rd.Word.Lit() != "" {
		return strconv.Itoa(src)
	}
	def := 1
	if rd.Op == syntax.DplIn {
		def = 0
	}
	if fd == def {
		return r.nodeText(rd.Word)
	}
	return strconv.Itoa(fd)
}
