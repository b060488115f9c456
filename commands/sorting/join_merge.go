package sorting

import "fmt"

// merge walks both sorted inputs, pairing lines with equal keys.
func (j *joinRun) merge(l1, l2 [][]byte) {
	var f [2][][][]byte
	for i, ls := range [2][][]byte{l1, l2} {
		for _, l := range ls {
			f[i] = append(f[i], j.fields(l))
		}
	}
	if len(f[0]) > 0 {
		j.widths[0] = len(f[0][0])
	}
	if len(f[1]) > 0 {
		j.widths[1] = len(f[1][0])
	}
	a, b := 0, 0
	if j.header && len(f[0]) > 0 && len(f[1]) > 0 {
		j.pair(f[0][0], f[1][0])
		a, b = 1, 1
	}
	warned := [2]bool{}
	for a < len(f[0]) && b < len(f[1]) {
		c := j.cmp(j.key(f[0][a], 0), j.key(f[1][b], 1))
		switch {
		case c < 0:
			j.single(f[0][a], 0)
			a = j.next(f[0], a, 0, &warned[0], l1)
		case c > 0:
			j.single(f[1][b], 1)
			b = j.next(f[1], b, 1, &warned[1], l2)
		default:
			ea, eb := a+1, b+1
			for ea < len(f[0]) && j.cmp(j.key(f[0][ea], 0), j.key(f[0][a], 0)) == 0 {
				ea++
			}
			for eb < len(f[1]) && j.cmp(j.key(f[1][eb], 1), j.key(f[1][b], 1)) == 0 {
				eb++
			}
			if !j.onlyUnpair {
				for x := a; x < ea; x++ {
					for y := b; y < eb; y++ {
						j.pair(f[0][x], f[1][y])
					}
				}
			}
			a, b = ea, eb
		}
	}
	for ; a < len(f[0]); a++ {
		j.single(f[0][a], 0)
	}
	for ; b < len(f[1]); b++ {
		j.single(f[1][b], 1)
	}
}

// next advances past an unpaired line, reporting the first disorder.
func (j *joinRun) next(f [][][]byte, i, file int, warned *bool, raw [][]byte) int {
	if i+1 < len(f) && !*warned && !j.noCheck && j.cmp(j.key(f[i], file), j.key(f[i+1], file)) > 0 {
		*warned = true
		j.disordered = true
		j.out.Flush()
		fmt.Fprintf(j.c.Stderr, "%s: %s:%d: is not sorted: %s\n", j.c.Name(), j.names[file], i+2, raw[i+1])
	}
	return i + 1
}

// single prints an unpairable line when -a or -v asks for it.
func (j *joinRun) single(f [][]byte, file int) {
	if !j.unpaired[file] {
		return
	}
	if file == 0 {
		j.emit(f, nil, 0)
	} else {
		j.emit(nil, f, 1)
	}
}

func (j *joinRun) pair(f1, f2 [][]byte) { j.emit(f1, f2, 0) }

// emit writes one output line; keyFile says which line supplies the join
// field when only one is present.
func (j *joinRun) emit(f1, f2 [][]byte, keyFile int) {
	sep := " "
	if j.tab >= 0 && j.tab != '\n' {
		sep = string(rune(j.tab))
	}
	var key []byte
	if keyFile == 0 && f1 != nil {
		key = j.key(f1, 0)
	} else {
		key = j.key(f2, 1)
	}
	var parts []string
	switch {
	case j.format != nil || j.auto:
		for _, s := range j.specs() {
			parts = append(parts, j.specField(s, key, f1, f2))
		}
	default:
		parts = append(parts, string(key))
		for i, fl := range f1 {
			if i != j.field[0] {
				parts = append(parts, string(fl))
			}
		}
		for i, fl := range f2 {
			if i != j.field[1] {
				parts = append(parts, string(fl))
			}
		}
	}
	for i, p := range parts {
		if i > 0 {
			j.out.WriteString(sep)
		}
		j.out.WriteString(p)
	}
	j.out.WriteByte(j.sep)
}

// specs expands -o auto from the field counts of the first lines.
func (j *joinRun) specs() []joinSpec {
	if !j.auto {
		return j.format
	}
	s := []joinSpec{{}}
	for file := 0; file < 2; file++ {
		for i := 0; i < j.widths[file]; i++ {
			if i != j.field[file] {
				s = append(s, joinSpec{file: file + 1, field: i})
			}
		}
	}
	return s
}

func (j *joinRun) specField(s joinSpec, key []byte, f1, f2 [][]byte) string {
	if s.file == 0 {
		return string(key)
	}
	f := f1
	if s.file == 2 {
		f = f2
	}
	if s.field < len(f) {
		return string(f[s.field])
	}
	return j.empty
}
