package awk

import (
	"strings"
)

// recordState holds $0 and its fields. Splitting is lazy (only when a field
// or NF is read) and $0 is rebuilt lazily after a field assignment.
type recordState struct {
	line      string
	fields    []string
	nf        int
	split     bool // fields are valid
	lineStale bool // line must be rebuilt from fields

	fsMode  int
	fsChar  byte
	fsRe    *regex
	paraSep bool // RS="" mode: newline also separates fields
}

const (
	fsSpace = iota // default: runs of blanks and newlines
	fsChar         // a single literal character
	fsRegex
	fsEmpty // each character is a field (gawk)
)

// setFS recomputes how records are split.
func (in *interp) setFS(fs string) {
	r := &in.rec
	r.fsRe = nil
	switch {
	case fs == " ":
		r.fsMode = fsSpace
	case fs == "":
		r.fsMode = fsEmpty
	case len(fs) == 1 && fs != "\\":
		// any single character other than space is literal, even "|"
		r.fsMode = fsChar
		r.fsChar = fs[0]
	default:
		r.fsMode = fsRegex
		r.fsRe = in.dynRegex(fs)
	}
}

func (in *interp) setRecord(s string) {
	in.rec.line = s
	in.rec.split = false
	in.rec.lineStale = false
}

func (in *interp) getLine() string {
	if in.rec.lineStale {
		in.rebuild()
	}
	return in.rec.line
}

func (in *interp) splitIfNeeded() {
	if !in.rec.split {
		in.splitRecord()
	}
}

func (in *interp) splitRecord() {
	r := &in.rec
	r.fields = in.splitInto(r.line, r.fields[:0], r.fsMode, r.fsChar, r.fsRe, r.paraSep)
	r.nf = len(r.fields)
	r.split = true
}

// splitInto splits s by a field separator description, appending to dst.
func (in *interp) splitInto(s string, dst []string, mode int, ch byte, re *regex, para bool) []string {
	if para && mode != fsSpace {
		for _, line := range strings.Split(s, "\n") {
			if line != "" || mode == fsEmpty {
				dst = in.splitInto(line, dst, mode, ch, re, false)
			}
		}
		return dst
	}
	switch mode {
	case fsSpace:
		i := 0
		for {
			for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
				i++
			}
			if i >= len(s) {
				return dst
			}
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' {
				j++
			}
			dst = append(dst, s[i:j])
			i = j
		}
	case fsChar:
		if s == "" {
			return dst
		}
		for {
			j := strings.IndexByte(s, ch)
			if j < 0 {
				return append(dst, s)
			}
			dst = append(dst, s[:j])
			s = s[j+1:]
		}
	case fsEmpty:
		return in.chars(s, dst)
	}
	if s == "" {
		return dst
	}
	// empty matches never separate fields (gawk): "-*" splits "foo--bar" in two
	prev := 0
	for _, loc := range in.findAll(re, s, -1) {
		if loc[1] == loc[0] {
			continue
		}
		dst = append(dst, s[prev:loc[0]])
		prev = loc[1]
	}
	return append(dst, s[prev:])
}

func (in *interp) getField(i int) value {
	if i == 0 {
		return strnum(in.getLine())
	}
	in.splitIfNeeded()
	if i > in.rec.nf {
		return value{k: kStrNum}
	}
	return strnum(in.rec.fields[i-1])
}

func (in *interp) setField(i int, s string) {
	if i == 0 {
		in.setRecord(s)
		return
	}
	in.splitIfNeeded()
	r := &in.rec
	for r.nf < i {
		r.fields = append(r.fields, "")
		r.nf++
	}
	r.fields = r.fields[:r.nf]
	r.fields[i-1] = s
	r.lineStale = true
}

func (in *interp) setNF(n int) {
	if n < 0 {
		in.fatal("NF set to negative value")
	}
	if n > maxFieldNum {
		in.fatal("NF value %d too large", n)
	}
	in.splitIfNeeded()
	r := &in.rec
	for len(r.fields) < n {
		r.fields = append(r.fields, "")
	}
	r.fields = r.fields[:n]
	r.nf = n
	r.lineStale = true
}

func (in *interp) rebuild() {
	r := &in.rec
	var b strings.Builder
	for i, f := range r.fields[:r.nf] {
		if i > 0 {
			b.WriteString(in.ofs)
		}
		b.WriteString(f)
	}
	r.line = b.String()
	r.lineStale = false
	in.checkLen(len(r.line))
}

// setSpecial assigns a special variable and updates derived state.
func (in *interp) setSpecial(idx int, v value) {
	if idx == vNF {
		in.setNF(int(v.toNum()))
		return
	}
	in.globals[idx] = v
	switch idx {
	case vFS:
		// the new FS applies from the next record on
		in.splitIfNeeded()
		in.setFS(in.toStr(v))
	case vOFS:
		in.ofs = in.toStr(v)
	case vORS:
		in.ors = in.toStr(v)
	case vSUBSEP:
		in.subsep = in.toStr(v)
	case vCONVFMT:
		in.convfmt = in.toStr(v)
	case vOFMT:
		in.ofmt = in.toStr(v)
	case vRS:
		in.setRS(in.toStr(v))
	}
}
