package awk

import (
	"bytes"
	"os"
	"strconv"

	"github.com/justbash/justbash/commands"
)

// getline returns 1 for a record, 0 at end of input, -1 on error.
func (in *interp) getline(e *getlineExpr) value {
	var src string
	if e.kind != getPlain {
		src = in.toStr(in.eval(e.src))
	}
	t := in.resolveTarget(e.lhs)
	switch e.kind {
	case getPlain:
		if in.inEnd {
			return num(0)
		}
		rec, ok := in.nextMainRecord()
		if !ok {
			return num(0)
		}
		in.storeGetline(t, rec)
		return num(1)
	case getFile:
		s := in.inputFor(src, false)
		if s == nil {
			return num(-1)
		}
		rec, term, ok := in.readRecord(s.rr)
		if !ok {
			return num(0)
		}
		in.globals[vRT] = str(term)
		in.storeGetline(t, rec)
		return num(1)
	default:
		s := in.inputFor(src, true)
		rec, term, ok := in.readRecord(s.rr)
		if !ok {
			return num(0)
		}
		// gawk 5 does not count these records in NR/FNR
		in.globals[vRT] = str(term)
		in.storeGetline(t, rec)
		return num(1)
	}
}

// getTarget is a getline destination resolved before reading, because awk
// evaluates the subscript of `getline a[n++]` even at end of input.
type getTarget struct {
	lhs   expr
	arr   *array
	key   string
	field int
}

func (in *interp) resolveTarget(lhs expr) getTarget {
	t := getTarget{lhs: lhs, field: -1}
	switch l := lhs.(type) {
	case *indexExpr:
		t.arr, t.key = in.array(l.arr), in.key(l.keys)
		if el, ok := t.arr.get(t.key); ok && el.sub != nil {
			in.fatal("attempt to use array `%s[\"%s\"]' in a scalar context", l.arr.name, t.key)
		}
	case *fieldExpr:
		t.field = in.fieldIndex(l.index, l.line)
	}
	return t
}

func (in *interp) storeGetline(t getTarget, rec string) {
	switch {
	case t.lhs == nil:
		in.setRecord(rec)
	case t.arr != nil:
		t.arr.ref(t.key).v = strnum(rec)
	case t.field >= 0:
		in.setField(t.field, rec)
	default:
		in.assign(t.lhs, strnum(rec))
	}
}

// inputFor opens (once) a file or command for getline.
func (in *interp) inputFor(name string, cmd bool) *inStream {
	if s, ok := in.inputs[name]; ok {
		return s
	}
	s := &inStream{}
	switch {
	case cmd:
		var out bytes.Buffer
		in.runScript(name, nil, &limitedBuffer{b: &out, in: in})
		s.rr = newRecordReader(bytes.NewReader(out.Bytes()))
	case name == "-" || name == "/dev/stdin":
		s.rr = in.stdinReader()
	default:
		f, err := in.c.FS.OpenFile(in.c.Abs(name), os.O_RDONLY, 0)
		if err != nil {
			return nil
		}
		if st, err := f.Stat(); err == nil && st.IsDir() {
			f.Close()
			return nil
		}
		s.f = f
		s.rr = newRecordReader(f)
	}
	in.inputs[name] = s
	return s
}

// print executes print and printf statements.
func (in *interp) print(s *printStmt) {
	w := in.out
	if s.redir != 0 {
		w = in.output(s.redir, in.toStr(in.eval(s.dest)))
	}
	buf := in.scratch[:0]
	if s.printf {
		vals := make([]value, len(s.args)-1)
		for i, a := range s.args[1:] {
			vals[i] = in.eval(a)
		}
		buf = in.format(buf, in.toStr(in.eval(s.args[0])), vals)
	} else {
		if len(s.args) == 0 {
			buf = append(buf, in.getLine()...)
		}
		for i, a := range s.args {
			if i > 0 {
				buf = append(buf, in.ofs...)
			}
			v := in.eval(a)
			if v.k == kNum && v.n == float64(int64(v.n)) && v.n > -1e15 && v.n < 1e15 {
				buf = strconv.AppendInt(buf, int64(v.n), 10)
			} else {
				buf = append(buf, in.outStr(v)...)
			}
		}
		buf = append(buf, in.ors...)
	}
	if _, err := w.Write(buf); err != nil {
		if w == in.out {
			panic(writeError{err})
		}
		in.fatal("write failed: %s", commands.ErrText(err))
	}
	if cap(buf) <= 1<<16 {
		in.scratch = buf[:0]
	}
}
