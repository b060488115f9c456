package sorting

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"strconv"
	"strings"
)

var joinOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Arg: true}, {Short: 'v', Arg: true},
	{Short: 'e', Arg: true}, {Short: 'i', Long: "ignore-case"},
	{Short: 'j', Arg: true}, {Short: '1', Arg: true}, {Short: '2', Arg: true},
	{Short: 'o', Arg: true}, {Short: 't', Arg: true},
	{Long: "check-order"}, {Long: "nocheck-order"}, {Long: "header"},
	{Short: 'z', Long: "zero-terminated"},
}, Usage: 1, Help: "Usage: join [OPTION]... FILE1 FILE2\nFor each pair of input lines with identical join fields, write a line to\nstandard output.\n"}

// joinSpec is one -o item: file 0 means the join field.
type joinSpec struct{ file, field int }

// noField is an unset join field (GNU's SIZE_MAX).
const noField = -1

// joinRun is the configuration of one join invocation.
type joinRun struct {
	field      [2]int // 0-based join field per file
	unpaired   [2]bool
	onlyUnpair bool
	empty      string
	hasEmpty   bool
	fold       bool
	tab        int // -1: blanks
	format     []joinSpec
	auto       bool
	header     bool
	checkOrder bool
	noCheck    bool
	sep        byte
	names      [2]string
	out        *bufio.Writer
	c          *commands.Context
	widths     [2]int

	// The merge's state, as GNU's join() keeps it.
	lines          [2][][]byte
	pos            [2]int
	prev           [2][]byte
	prevFields     [2][][]byte
	lineNo         [2]int
	seenUnpairable bool
	warned         [2]bool
	fatal          bool // --check-order found disorder: stop
}

// Operand statuses of GNU join's add_file_name: an operand after "-j1",
// "-j2" or "-o LIST" may turn out to be that option's value.
const (
	mustBeOperand = iota
	mightBeJ1
	mightBeJ2
	mightBeO
)

// joinArgs is the state of the option walk.
type joinArgs struct {
	names      [2]string
	status     [2]int
	nfiles     int
	prevStatus int
	jcount     [2]int
	oLists     []string // -o values parsed, for the "missing operand" quirk
}

func runJoin(ctx context.Context, c *commands.Context) int {
	j := &joinRun{tab: -1, sep: '\n', c: c, field: [2]int{noField, noField}}
	var a joinArgs
	st, ok := joinOpts.Walk(c, c.Args[1:], func(it opts.Item) (int, bool) {
		status := mustBeOperand
		if it.Operand {
			if it.AfterEnd {
				a.prevStatus = mustBeOperand
			}
			st := j.addFile(&a, it.Val, &status)
			a.prevStatus = status
			return st, st < 0
		}
		st := j.option(&a, it, &status)
		a.prevStatus = status
		return st, st < 0
	})
	if !ok {
		return st
	}
	switch a.nfiles {
	case 0:
		return opts.UsageError(c, 1, "missing operand")
	case 1:
		return opts.UsageError(c, 1, "missing operand after %s", commands.QuoteArg(a.lastArg(c.Args[len(c.Args)-1])))
	}
	// A "-j1" or "-j2" that kept no value means "-j 1" or "-j 2".
	for i := range 2 {
		if a.jcount[i] > 0 {
			if st := j.setField(0, i); st >= 0 {
				return st
			}
			if st := j.setField(1, i); st >= 0 {
				return st
			}
		}
	}
	for i := range 2 {
		if j.field[i] == noField {
			j.field[i] = 0
		}
	}
	if a.names[0] == "-" && a.names[1] == "-" {
		c.Errorf("both files cannot be standard input")
		return 1
	}
	return j.run(ctx, a.names)
}

// lastArg is argv[argc-1] as GNU prints it: add_field_list cut an -o list
// in place at its first separator, and the message shows what is left.
func (a *joinArgs) lastArg(last string) string {
	for _, l := range a.oLists {
		if strings.HasSuffix(last, l) {
			if k := strings.IndexAny(l, ", \t"); k >= 0 {
				return last[:len(last)-len(l)+k]
			}
		}
	}
	return last
}

// addFile is GNU's add_file_name: a third operand is either an extra
// operand or the value of a "-j1"/"-o" before one of the first two.
func (j *joinRun) addFile(a *joinArgs, name string, status *int) int {
	n := a.nfiles
	if n == 2 {
		op0 := 0
		if a.status[0] == mustBeOperand {
			op0 = 1
		}
		arg := a.names[op0]
		switch a.status[op0] {
		case mustBeOperand:
			return opts.UsageError(j.c, 1, "extra operand %s", commands.QuoteArg(name))
		case mightBeJ1, mightBeJ2:
			file := a.status[op0] - mightBeJ1
			a.jcount[file]--
			f, st := j.fieldNumber(arg)
			if st >= 0 {
				return st
			}
			if st := j.setField(file, f); st >= 0 {
				return st
			}
		case mightBeO:
			a.oLists = append(a.oLists, arg)
			if st := j.parseFormat(arg); st >= 0 {
				return st
			}
		}
		if op0 == 0 {
			a.status[0], a.names[0] = a.status[1], a.names[1]
		}
		n = 1
	}
	a.status[n], a.names[n] = a.prevStatus, name
	a.nfiles = n + 1
	if a.prevStatus == mightBeO {
		*status = mightBeO
	}
	return -1
}

// option applies one option in command-line order, as GNU's loop does.
func (j *joinRun) option(a *joinArgs, it opts.Item, status *int) int {
	c := j.c
	switch r := it.Result; r.Key {
	case "a", "v":
		if r.Key == "v" {
			j.onlyUnpair = true
		}
		n, ok := parseUnsigned(r.Val, true)
		if !ok || n < 1 || n > 2 {
			c.Errorf("invalid field number: %s", commands.QuoteArg(r.Val)) // sic: GNU's wording
			return 1
		}
		j.unpaired[n-1] = true
	case "e":
		if j.hasEmpty && j.empty != r.Val {
			c.Errorf("conflicting empty-field replacement strings")
			return 1
		}
		j.empty, j.hasEmpty = r.Val, true
	case "i":
		j.fold = true
	case "1", "2":
		f, st := j.fieldNumber(r.Val)
		if st >= 0 {
			return st
		}
		return j.setField(int(r.Key[0]-'1'), f)
	case "j":
		if (r.Val == "1" || r.Val == "2") && it.Word == "-j"+r.Val {
			// Obsolete "-j1 FIELD": the next operand may be the field.
			file := int(r.Val[0] - '1')
			a.jcount[file]++
			*status = mightBeJ1 + file
			return -1
		}
		f, st := j.fieldNumber(r.Val)
		if st >= 0 {
			return st
		}
		if st := j.setField(0, f); st >= 0 {
			return st
		}
		return j.setField(1, j.field[0])
	case "o":
		if r.Val == "auto" {
			j.auto = true
			return -1
		}
		a.oLists = append(a.oLists, r.Val)
		*status = mightBeO
		return j.parseFormat(r.Val)
	case "t":
		return j.setTab(r.Val)
	case "header":
		j.header = true
	case "check-order":
		j.checkOrder, j.noCheck = true, false
	case "nocheck-order":
		j.noCheck, j.checkOrder = true, false
	case "z":
		j.sep = 0
	}
	return -1
}

func (j *joinRun) setTab(v string) int {
	tab := -1
	switch {
	case v == "":
		tab = '\n' // the whole line is the field
	case v == `\0`:
		tab = 0
	case len(v) > 1:
		j.c.Errorf("multi-character tab %s", commands.QuoteArg(v))
		return 1
	default:
		tab = int(v[0])
	}
	if j.tab >= 0 && j.tab != tab {
		j.c.Errorf("incompatible tabs")
		return 1
	}
	j.tab = tab
	return -1
}

// setField is GNU's set_join_field: a second, different field for the
// same file is an error.
func (j *joinRun) setField(file, f int) int {
	if j.field[file] != noField && j.field[file] != f {
		j.c.Errorf("incompatible join fields %d, %d", j.field[file]+1, f+1)
		return 1
	}
	j.field[file] = f
	return -1
}

// maxJoinField stands for a field number too big to name a field.
const maxJoinField = 1<<31 - 2

// fieldNumber is GNU's string_to_join_field: a positive decimal number
// (leading blanks and '+' allowed), 0-based; an overflow names a field no
// line has.
func (j *joinRun) fieldNumber(s string) (int, int) {
	n, ok := parseUnsigned(s, false)
	switch {
	case !ok && n == -2:
		return maxJoinField, -1
	case !ok || n == 0:
		j.c.Errorf("invalid field number: %s", commands.QuoteArg(s))
		return 0, 1
	case n > maxJoinField:
		n = maxJoinField + 1
	}
	return n - 1, -1
}

// parseUnsigned reads a decimal as xstrtoumax with no suffixes does:
// leading white space and one '+' are allowed (a '-' too when signed), and
// nothing may follow the digits. An overflow gives n -2 and ok false.
func parseUnsigned(s string, signed bool) (n int, ok bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	switch {
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	case strings.HasPrefix(s, "-") && signed:
		s, neg = s[1:], true
	}
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 10, 63)
	if err != nil {
		return -2, false
	}
	if neg {
		return -int(v), true
	}
	return int(v), true
}

// parseFormat is GNU's add_field_list: items split at each ',', ' ' or
// tab (an empty item is an error), each checked by decode_field_spec.
func (j *joinRun) parseFormat(s string) int {
	for _, item := range splitAny(s, ", \t") {
		// decode_field_spec: the first byte picks the message.
		switch {
		case item == "0":
			j.format = append(j.format, joinSpec{})
			continue
		case item != "" && (item[0] == '0' || (item[0] == '1' || item[0] == '2') && (len(item) < 2 || item[1] != '.')):
			j.c.Errorf("invalid field specifier: %s", commands.QuoteArg(item))
			return 1
		case item == "" || item[0] != '1' && item[0] != '2':
			j.c.Errorf("invalid file number in field spec: %s", commands.QuoteArg(item))
			return 1
		}
		f, st := j.fieldNumber(item[2:])
		if st >= 0 {
			return st
		}
		j.format = append(j.format, joinSpec{file: int(item[0] - '0'), field: f})
	}
	return -1
}

// splitAny splits s at each byte of seps, keeping empty pieces.
func splitAny(s, seps string) []string {
	var out []string
	for {
		k := strings.IndexAny(s, seps)
		if k < 0 {
			return append(out, s)
		}
		out = append(out, s[:k])
		s = s[k+1:]
	}
}

// fields splits a line as GNU's xfields: on the -t byte, or on runs of
// blanks with leading blanks ignored; an empty line has no fields.
func (j *joinRun) fields(line []byte) [][]byte {
	if len(line) == 0 {
		return nil
	}
	if j.tab >= 0 {
		if j.tab == '\n' {
			return [][]byte{line}
		}
		return bytes.Split(line, []byte{byte(j.tab)})
	}
	return bytes.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
}

func (j *joinRun) key(f [][]byte, file int) []byte {
	if j.field[file] < len(f) {
		return f[j.field[file]]
	}
	return nil
}

// cmp is GNU's keycmp on two keys: bytes, or with -i bytes folded by
// toupper as memcasecmp does (so '_' sorts after letters).
func (j *joinRun) cmp(a, b []byte) int {
	if !j.fold {
		return bytes.Compare(a, b)
	}
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := upperByte(a[i]), upperByte(b[i])
		if x != y {
			return int(x) - int(y)
		}
	}
	return len(a) - len(b)
}

func upperByte(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}
