package awk

import (
	"bytes"
	"io"

	"github.com/justbash/justbash/commands/internal/boundio"
)

// RS modes.
const (
	rsChar  = iota // single character (default "\n")
	rsPara         // RS="": records separated by blank lines
	rsRegex        // gawk: RS longer than one character is a regex
)

// recordReader reads awk records from a stream with its own buffer, so one
// reader can serve both the main input and getline from the same source.
type recordReader struct {
	r     io.Reader
	buf   []byte
	start int
	end   int
	eof   bool
	err   error
}

func newRecordReader(r io.Reader) *recordReader {
	return &recordReader{r: r, buf: make([]byte, 64*1024)}
}

// fill reads more data, growing the buffer when it is full.
func (rr *recordReader) fill() {
	if rr.start > 0 {
		n := copy(rr.buf, rr.buf[rr.start:rr.end])
		rr.start, rr.end = 0, n
	}
	if rr.end == len(rr.buf) {
		nb := make([]byte, len(rr.buf)*2)
		copy(nb, rr.buf[:rr.end])
		rr.buf = nb
	}
	for tries := 0; tries < 100; tries++ {
		n, err := rr.r.Read(rr.buf[rr.end:])
		rr.end += n
		if err != nil {
			rr.eof = true
			if err != io.EOF {
				rr.err = err
			}
			return
		}
		if n > 0 {
			return
		}
	}
}

// read returns the next record and its terminator (for RT).
func (in *interp) readRecord(rr *recordReader) (rec, term string, ok bool) {
	for {
		if in.rsMode == rsPara {
			// leading newlines never start a record
			for rr.start < rr.end && rr.buf[rr.start] == '\n' {
				rr.start++
			}
		}
		data := rr.buf[rr.start:rr.end]
		switch in.rsMode {
		case rsChar:
			if i := bytes.IndexByte(data, in.rsChar); i >= 0 {
				rr.start += i + 1
				return string(data[:i]), string(data[i : i+1]), true
			}
		case rsPara:
			if i := bytes.Index(data, []byte("\n\n")); i >= 0 {
				j := i
				for j < len(data) && data[j] == '\n' {
					j++
				}
				if j < len(data) || rr.eof {
					rr.start += j
					return string(data[:i]), string(data[i:j]), true
				}
			}
		case rsRegex:
			s := string(data)
			a, b := in.rsRe.find(s)
			if a >= 0 && b > a && (b < len(s) || rr.eof) {
				rr.start += b
				return s[:a], s[a:b], true
			}
		}
		if rr.eof {
			if len(data) == 0 {
				return "", "", false
			}
			rr.start = rr.end
			rec := string(data)
			if in.rsMode == rsPara {
				for len(rec) > 0 && rec[len(rec)-1] == '\n' {
					rec = rec[:len(rec)-1]
				}
			}
			return rec, "", true
		}
		if rr.end-rr.start > in.maxRead {
			in.limit(boundio.ReadLimit(int64(in.maxRead)))
		}
		rr.fill()
	}
}

func (in *interp) setRS(rs string) {
	in.rec.paraSep = false
	switch {
	case rs == "":
		in.rsMode = rsPara
		in.rec.paraSep = true
	case len(rs) == 1:
		in.rsMode = rsChar
		in.rsChar = rs[0]
	default:
		in.rsMode = rsRegex
		in.rsRe = in.dynRegex(rs)
	}
}
