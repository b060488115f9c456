package jq

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// source is one input: a file name as printed in messages and its bytes.
type source struct {
	name string // "<stdin>" or the operand
	file string // the operand, or "" for stdin (input_filename gives null)
	data []byte
}

// parseError is a malformed input: jq reports it and exits 2.
type parseError struct{ msg string }

func (e *parseError) Error() string { return e.msg }

// inputIter yields the input values of every source in turn. It serves both
// the main loop and the input/inputs builtins, as jq's single input state.
type inputIter struct {
	srcs    []source
	idx     int
	dec     *json.Decoder
	lines   []string // remaining raw lines (-R)
	rawMode bool
	seq     bool
	stream  bool
	pending []any  // queued --stream events
	carry   string // -R: a last line without newline, continued by the next file
	// slurp makes the iterator yield all inputs as one value (-s), which
	// is what `inputs` sees under -n -s as in jq.
	slurp     bool
	slurpDone bool
	opts      *options

	// cur is the source being read; line counts newlines consumed so far.
	cur      *source
	line     int
	counted  int64
	finished bool
	// prevNL counts the newlines of the sources before cur: jq parses its
	// files as one stream, so its parse errors count lines across them.
	prevNL int
}

// newInputIter reads srcs as o says. -R ignores --stream, as jq does.
func newInputIter(srcs []source, o *options) *inputIter {
	return &inputIter{srcs: srcs, rawMode: o.rawInput, seq: o.seq, stream: o.stream && !o.rawInput, opts: o}
}

// Next implements gojq.Iter. Errors are returned as values, as gojq expects.
func (it *inputIter) Next() (any, bool) {
	if it.slurp {
		if it.slurpDone {
			return nil, false
		}
		it.slurpDone = true
		o := *it.opts
		o.slurp = false
		v, err := slurpAll(it.srcs, &o)
		if err != nil {
			return err, true
		}
		return v, true
	}
	if len(it.pending) > 0 {
		v := it.pending[0]
		it.pending = it.pending[1:]
		return v, true
	}
	for !it.finished {
		if it.cur == nil && !it.open() {
			it.finished = true
			return nil, false
		}
		v, ok, err := it.read()
		if err != nil {
			it.finished = true
			return err, true
		}
		if ok {
			if it.stream {
				it.pending = v.([]any)
				return it.Next()
			}
			return v, true
		}
		it.prevNL += bytes.Count(it.cur.data, []byte{'\n'})
		it.cur = nil
	}
	return nil, false
}

func (it *inputIter) open() bool {
	if it.idx >= len(it.srcs) {
		return false
	}
	it.cur = &it.srcs[it.idx]
	it.idx++
	it.line, it.counted = 0, 0
	data := it.cur.data
	if it.seq {
		// RFC 7464: record separators delimit texts; treat them as blanks.
		data = bytes.ReplaceAll(data, []byte{0x1e}, []byte{' '})
	}
	if it.rawMode {
		// jq reads -R files as one text: a file that lacks its final
		// newline has its last line continued by the next file.
		s := it.carry + string(data)
		it.carry = ""
		if s == "" {
			it.lines = nil
			return true
		}
		complete := strings.HasSuffix(s, "\n")
		it.lines = strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		if !complete && it.idx < len(it.srcs) {
			it.carry = it.lines[len(it.lines)-1]
			it.lines = it.lines[:len(it.lines)-1]
		}
		return true
	}
	it.dec = json.NewDecoder(bytes.NewReader(data))
	it.dec.UseNumber()
	return true
}

func (it *inputIter) read() (any, bool, error) {
	if it.rawMode {
		if len(it.lines) == 0 {
			return nil, false, nil
		}
		l := it.lines[0]
		it.lines = it.lines[1:]
		it.line++
		return l, true, nil
	}
	var v any
	var err error
	if it.stream {
		v, err = streamOne(it.dec)
	} else {
		err = it.dec.Decode(&v)
	}
	if err == io.EOF {
		it.advance(int64(len(it.cur.data)))
		return nil, false, nil
	}
	if err != nil {
		return nil, false, it.syntaxError(err)
	}
	// jq's parser has consumed the character after a value (the newline
	// that ends the line) when the value is handed over, so
	// input_line_number counts it.
	it.advance(it.dec.InputOffset() + 1)
	return v, true, nil
}

// advance counts the newlines between the last position and off so error
// messages can say which line of the input was being processed.
func (it *inputIter) advance(off int64) {
	if off > int64(len(it.cur.data)) {
		off = int64(len(it.cur.data))
	}
	if off > it.counted {
		it.line += bytes.Count(it.cur.data[it.counted:off], []byte{'\n'})
		it.counted = off
	}
}

func (it *inputIter) syntaxError(err error) error {
	off := it.dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		off = int64(len(it.cur.data))
	}
	if off > int64(len(it.cur.data)) {
		off = int64(len(it.cur.data))
	}
	if e := it.literalError(off); e != nil {
		return e
	}
	prefix := it.cur.data[:off]
	line := it.prevNL + bytes.Count(prefix, []byte{'\n'}) + 1
	col := off - int64(bytes.LastIndexByte(prefix, '\n')+1)
	msg := err.Error()
	if errors.Is(err, io.ErrUnexpectedEOF) {
		msg = "Unfinished JSON term at EOF"
	}
	return &parseError{fmt.Sprintf("%s at line %d, column %d", msg, line, col)}
}

// literalError words an error inside a bare word as jq 1.6's scanner
// does: the word runs to the next blank or structural character, a word
// starting with t, f or n is an "Invalid literal", any other an "Invalid
// numeric literal", and the position is just past that delimiter (or "at
// EOF" after the word). nil when the error is not in a bare word.
func (it *inputIter) literalError(off int64) error {
	data := it.cur.data
	isWord := func(c byte) bool { return !strings.ContainsRune(" \t\r\n[]{}:,\"", rune(c)) }
	at := int(off) - 1
	if at < 0 || at >= len(data) || !isWord(data[at]) {
		return nil
	}
	start, end := at, at
	for start > 0 && isWord(data[start-1]) {
		start--
	}
	for end < len(data) && isWord(data[end]) {
		end++
	}
	word := string(data[start:end])
	switch word {
	case "true", "false", "null":
		return nil
	}
	msg := "Invalid numeric literal"
	if strings.ContainsRune("tfn", rune(word[0])) {
		msg = "Invalid literal"
	}
	pos := end + 1 // the delimiter is consumed
	if end == len(data) {
		msg, pos = msg+" at EOF", end
	}
	prefix := data[:pos]
	line := it.prevNL + bytes.Count(prefix, []byte{'\n'}) + 1
	col := pos - (bytes.LastIndexByte(prefix, '\n') + 1)
	return &parseError{fmt.Sprintf("%s at line %d, column %d", msg, line, col)}
}

// location names the current input the way jq's error messages do.
func (it *inputIter) location() string {
	if it.cur == nil {
		if it.idx == 0 {
			return "<unknown>"
		}
		last := it.srcs[it.idx-1]
		return fmt.Sprintf("%s:%d", last.name, it.lastLine())
	}
	return fmt.Sprintf("%s:%d", it.cur.name, it.line)
}

func (it *inputIter) lastLine() int {
	if it.idx == 0 {
		return 0
	}
	return it.line
}

// filename is what input_filename returns.
func (it *inputIter) filename() any {
	var s *source
	switch {
	case it.cur != nil:
		s = it.cur
	case it.idx > 0:
		s = &it.srcs[it.idx-1]
	default:
		return nil
	}
	if s.file == "" {
		return nil
	}
	return s.file
}

// slurpAll collects every remaining input into one array (-s). With -R the
// whole text becomes a single string instead.
func slurpAll(srcs []source, o *options) (any, error) {
	if o.rawInput {
		var b strings.Builder
		for _, s := range srcs {
			b.Write(s.data)
		}
		return b.String(), nil
	}
	it := newInputIter(srcs, o)
	arr := []any{}
	for {
		v, ok := it.Next()
		if !ok {
			return arr, nil
		}
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		arr = append(arr, v)
	}
}
