package sqlite

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

const (
	phasePrepare = "in prepare"
	phaseStep    = "stepping"
)

// runError is an SQL failure while running a script, with what the CLI
// needs to report it.
type runError struct {
	phase   string
	msg     string
	code    int32
	context string // the "^--- error here" lines for parse errors
}

func (r *runError) Error() string { return r.full() }

// message is the text after "Parse error near line N: ".
func (r *runError) message() string {
	if r.phase == phaseStep {
		return fmt.Sprintf("%s (%d)", r.msg, r.code)
	}
	return r.msg + r.context
}

// full is the text after "Error: " for command-line SQL.
func (r *runError) full() string { return r.phase + ", " + r.message() }

// execSQL runs every statement of sql, printing results as it goes.
func (s *shell) execSQL(sql string) error {
	if s.stopped {
		return nil
	}
	cs := s.e.cstring(sql)
	if cs == 0 {
		return errors.New("out of memory")
	}
	defer s.e.free(cs)
	cur := cs
	for *(*byte)(cptr(cur)) != 0 {
		st, tail, err := s.e.prepare(cur)
		if err != nil {
			se := err.(*sqlError)
			return &runError{phase: phasePrepare, msg: se.msg, code: se.code,
				context: errorContext(goString(cur), se.offset)}
		}
		cur = skipSpace(tail)
		if st == nil {
			continue
		}
		err = s.runStmt(st)
		if ferr := st.finalize(); err == nil && ferr != nil {
			err = ferr
		}
		if err != nil {
			return s.stepError(err)
		}
		if s.stopped {
			return nil
		}
	}
	return nil
}

func skipSpace(p uintptr) uintptr {
	for {
		switch *(*byte)(cptr(p)) {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p++
		default:
			return p
		}
	}
}

// stepError converts a failure while stepping; a timeout or cancellation
// also stops everything that follows.
func (s *shell) stepError(err error) error {
	se, ok := err.(*sqlError)
	if !ok {
		return err
	}
	re := &runError{phase: phaseStep, msg: se.msg, code: se.code}
	switch {
	case s.timedOut.Load():
		s.stopped = true
		re.msg += fmt.Sprintf(": query exceeded the %v time limit", s.opts.Timeout)
	case s.ctx.Err() != nil:
		s.stopped = true
	}
	return re
}

// runStmt steps one statement under the time limit and prints its rows.
func (s *shell) runStmt(st *stmt) error {
	if s.opts.Timeout > 0 {
		t := time.AfterFunc(s.opts.Timeout, func() {
			s.timedOut.Store(true)
			s.e.interrupt()
		})
		defer t.Stop()
	}
	if s.ctx.Err() != nil {
		s.e.interrupt()
	}
	names := st.columns()
	p := &printer{set: s.set, w: s.out, names: names}
	for {
		more, err := st.step()
		if err != nil {
			p.end()
			return err
		}
		if !more {
			break
		}
		if len(names) > 0 {
			p.row(st.row(len(names)))
		}
	}
	p.end()
	return nil
}

// errorContext renders the CLI's pointer to a syntax error: the statement
// (at most 78 bytes, starting at most 50 bytes before the error, with
// whitespace shown as spaces) and a caret line under the offending token.
func errorContext(sql string, offset int) string {
	if offset < 0 || offset > len(sql) {
		return ""
	}
	for offset > 50 {
		offset--
		sql = sql[1:]
		for len(sql) > 0 && sql[0]&0xc0 == 0x80 {
			sql = sql[1:]
			offset--
		}
	}
	if len(sql) > 78 {
		n := 78
		for n > 0 && sql[n]&0xc0 == 0x80 {
			n--
		}
		sql = sql[:n]
	}
	code := []byte(sql)
	for i, c := range code {
		switch c {
		case '\t', '\n', '\r', '\f', '\v':
			code[i] = ' '
		}
	}
	if offset < 25 {
		return fmt.Sprintf("\n  %s\n  %s^--- error here", code, strings.Repeat(" ", offset))
	}
	return fmt.Sprintf("\n  %s\n  %serror here ---^", code, strings.Repeat(" ", offset-14))
}
