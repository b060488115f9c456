package text

import (
	"context"
	"github.com/justbash/justbash/commands/internal/locale"
	"github.com/justbash/justbash/commands/internal/quote"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

var wcOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'c', Long: "bytes"},
	{Short: 'm', Long: "chars"},
	{Short: 'l', Long: "lines"},
	{Short: 'w', Long: "words"},
	{Short: 'L', Long: "max-line-length"},
}, Usage: 1, Help: "Usage: wc [OPTION]... [FILE]...\nPrint newline, word, and byte counts for each FILE.\n"}

// wcCounts are the totals of one input, in GNU's column order.
type wcCounts struct {
	lines, words, chars, bytes, maxLen int64
}

// wcState carries word and line-width state across read chunks.
type wcState struct {
	wcCounts
	inWord  bool
	lineLen int64
	partial []byte // an incomplete UTF-8 sequence at a chunk end
	// cLocale: bytes from 0x80 are single non-printable characters.
	cLocale bool
}

func runWc(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := wcOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	show := opts.ToFlags(res)
	if len(show) == 0 {
		show = opts.Flags{"l": "", "w": "", "c": ""}
	}
	names := files
	if len(names) == 0 {
		names = []string{"-"}
	}
	width := wcWidth(c, names, len(show))
	utf8 := utf8Locale(c)
	out := commands.NewOut(c.Stdout)
	var total wcCounts
	var closed closein.Tracker
	st := c.EachInput(ctx, names, func(name string, r io.Reader) bool {
		s := wcState{cLocale: !utf8}
		var err error
		if show.Has("w") || show.Has("m") || show.Has("L") {
			err = s.count(r)
		} else {
			err = s.countLines(r)
		}
		if err != nil && ctx.Err() == nil {
			shown := name
			if name == "-" {
				shown = commands.QuoteArg("standard input")
			}
			c.Errorf("%s: %s", quote.Name(shown), commands.ErrText(err))
			closed.Note(name, err)
			status = 1
		}
		if !utf8 {
			s.chars = s.bytes // every byte is a character in the C locale
		}
		total.add(s.wcCounts)
		label := name
		if len(files) == 0 {
			label = ""
		}
		wcPrint(out, show, s.wcCounts, width, label)
		return out.Flush() == nil
	})
	if len(names) > 1 {
		wcPrint(out, show, total, width, "total")
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	if closed.Report(c, closein.Dash) {
		status = 1
	}
	return max(st, status)
}

// wcWidth mirrors GNU: digits of the total size of regular files, at least
// 7 when any input is not a regular file, and 1 for a single count of a
// single input.
func wcWidth(c *commands.Context, names []string, nShown int) int {
	if nShown == 1 && len(names) == 1 {
		return 1
	}
	minimum := 1
	var size int64
	for _, n := range names {
		if n == "-" {
			minimum = 7
			continue
		}
		fi, err := c.FS.Stat(c.Abs(n))
		switch {
		case err != nil:
		case fi.Mode().IsRegular():
			size += fi.Size()
		default:
			minimum = 7
		}
	}
	return max(len(strconv.FormatInt(size, 10)), minimum)
}

func (t *wcCounts) add(o wcCounts) {
	t.lines += o.lines
	t.words += o.words
	t.chars += o.chars
	t.bytes += o.bytes
	t.maxLen = max(t.maxLen, o.maxLen)
}

func wcPrint(out io.Writer, show opts.Flags, n wcCounts, width int, label string) {
	var cols []string
	for _, col := range []struct {
		key string
		v   int64
	}{{"l", n.lines}, {"w", n.words}, {"m", n.chars}, {"c", n.bytes}, {"L", n.maxLen}} {
		if show.Has(col.key) {
			cols = append(cols, fmt.Sprintf("%*d", width, col.v))
		}
	}
	line := strings.Join(cols, " ")
	if label != "" {
		line += " " + label
	}
	fmt.Fprintln(out, line)
}

func (s *wcState) count(r io.Reader) error {
	buf := make([]byte, 64*1024)
	for {
		k, err := r.Read(buf)
		s.bytes += int64(k)
		s.chunk(buf[:k])
		if err == io.EOF {
			s.maxLen = max(s.maxLen, s.lineLen)
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// countLines is the fast path for -l and -c alone: no decoding, only a
// vectorised newline count per 64 KiB block.
func (s *wcState) countLines(r io.Reader) error {
	buf := make([]byte, 64*1024)
	for {
		k, err := r.Read(buf)
		s.bytes += int64(k)
		s.lines += int64(bytes.Count(buf[:k], newline))
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

var newline = []byte{'\n'}

func (s *wcState) chunk(b []byte) {
	if len(s.partial) > 0 {
		b = append(s.partial, b...)
		s.partial = nil
	}
	for i := 0; i < len(b); {
		ch := b[i]
		if ch < utf8.RuneSelf || s.cLocale {
			s.asciiByte(ch)
			i++
			continue
		}
		if !utf8.FullRune(b[i:]) {
			s.partial = append([]byte(nil), b[i:]...)
			return
		}
		r, n := utf8.DecodeRune(b[i:])
		i += n
		if r == utf8.RuneError && n == 1 {
			// An invalid byte is not a character; like any non-printable
			// one it neither starts nor ends a word.
			continue
		}
		s.rune(r)
	}
}

// asciiByte is rune for the ASCII range without the unicode tables,
// which dominate the cost on plain text.
func (s *wcState) asciiByte(ch byte) {
	s.chars++
	switch {
	case ch == '\n':
		s.lines++
		s.maxLen = max(s.maxLen, s.lineLen)
		s.lineLen = 0
		s.inWord = false
		return
	case ch == ' ':
		s.lineLen++
		s.inWord = false
		return
	case ch == '\v':
		s.inWord = false
		return
	case ch == '\t':
		s.lineLen += 8 - s.lineLen%8
		s.inWord = false
		return
	case ch == '\r' || ch == '\f':
		s.maxLen = max(s.maxLen, s.lineLen)
		s.lineLen = 0
		s.inWord = false
		return
	case ch < 0x20 || ch >= 0x7f:
		// GNU wc: a non-printable byte neither starts nor ends a word.
		return
	}
	s.lineLen++
	if !s.inWord {
		s.inWord = true
		s.words++
	}
}

func (s *wcState) rune(r rune) {
	s.chars++
	switch r {
	case '\n':
		s.lines++
		s.maxLen = max(s.maxLen, s.lineLen)
		s.lineLen = 0
	case '\t':
		s.lineLen += 8 - s.lineLen%8
	case '\r', '\f':
		s.maxLen = max(s.maxLen, s.lineLen)
		s.lineLen = 0
	default:
		if !unicode.IsPrint(r) && !unicode.IsSpace(r) {
			return // transparent to words, as in asciiByte
		}
		s.lineLen++
	}
	if unicode.IsSpace(r) || isNBSpace(r) {
		s.inWord = false
	} else if !s.inWord {
		s.inWord = true
		s.words++
	}
}

// isNBSpace: GNU wc separates words at no-break spaces too.
func isNBSpace(r rune) bool {
	return r == 0xA0 || r == 0x2007 || r == 0x202F || r == 0x2060
}

// utf8Locale reports whether the sandbox environment selects a UTF-8
// character type; unset means C.
func utf8Locale(c *commands.Context) bool { return locale.UTF8(c.Getenv, false) }
