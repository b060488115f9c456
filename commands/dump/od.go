package dump

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"
	"sync"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/ascii"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

var odOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'A', Long: "address-radix", Arg: true},
	{Short: 't', Long: "format", Arg: true},
	{Short: 'N', Long: "read-bytes", Arg: true},
	{Short: 'j', Long: "skip-bytes", Arg: true},
	{Short: 'v', Long: "output-duplicates"},
	{Short: 'w', Long: "width", Optional: true}, {Long: "endian", Arg: true},
	{Short: 'a'}, {Short: 'b'}, {Short: 'c'}, {Short: 'd'},
	{Short: 'o'}, {Short: 's'}, {Short: 'x'},
	{Short: 'B'}, {Short: 'D'}, {Short: 'H'}, {Short: 'X'}, {Short: 'h'},
	{Short: 'i'}, {Short: 'I'}, {Short: 'L'}, {Short: 'l'}, {Short: 'O'},
	{Short: 'e'}, {Short: 'f'}, {Short: 'F'}, {Long: "traditional"},
}, Usage: 1, Help: "Usage: od [OPTION]... [FILE]...\nWrite an unambiguous representation, octal bytes by default,\nof FILE to standard output.\n"}

// odSpec is one -t output type.
type odSpec struct {
	kind  byte // a c d o u x
	size  int
	width int // digits of one field, without the separating space
	z     bool
	pad   int // blanks to spread over a line so that all types align
}

// odFieldWidth is the widest value of each type and size.
func odFieldWidth(kind byte, size int) int {
	switch kind {
	case 'a', 'c':
		return 3
	case 'x':
		return 2 * size
	case 'o':
		return map[int]int{1: 3, 2: 6, 4: 11, 8: 22}[size]
	case 'u':
		return map[int]int{1: 3, 2: 5, 4: 10, 8: 20}[size]
	case 'd':
		return map[int]int{1: 4, 2: 6, 4: 11, 8: 20}[size]
	case 'f':
		return map[int]int{4: 15, 8: 24}[size]
	}
	return 0
}

// parseOdType reads a -t argument, which may hold several types ("x1z c").
func parseOdType(s string) ([]odSpec, error) {
	var specs []odSpec
	for i := 0; i < len(s); {
		k := s[i]
		i++
		sp := odSpec{kind: k, size: 1}
		switch k {
		case 'a', 'c':
		case 'd', 'o', 'u', 'x':
			sp.size = 4
			if i < len(s) {
				if sz, ok := odSizes()[s[i]]; ok {
					sp.size = sz
					i++
				} else if ascii.IsDigit(s[i]) {
					j := i
					for j < len(s) && ascii.IsDigit(s[j]) {
						j++
					}
					n, _ := strconv.Atoi(s[i:j])
					if n != 1 && n != 2 && n != 4 && n != 8 {
						return nil, fmt.Errorf("invalid type string %s;\nthis system doesn't provide a %d-byte integral type", commands.QuoteArg(s), n)
					}
					sp.size, i = n, j
				}
			}
		case 'f':
			sp.size = 8
			if i < len(s) {
				switch {
				case s[i] == 'F':
					sp.size, i = 4, i+1
				case s[i] == 'D':
					i++
				case s[i] == 'L':
					return nil, fmt.Errorf("long double output (-t fL) is not supported")
				case ascii.IsDigit(s[i]):
					j := i
					for j < len(s) && ascii.IsDigit(s[j]) {
						j++
					}
					n, _ := strconv.Atoi(s[i:j])
					if n != 4 && n != 8 {
						return nil, fmt.Errorf("invalid type string %s;\nthis system doesn't provide a %d-byte floating point type", commands.QuoteArg(s), n)
					}
					sp.size, i = n, j
				}
			}
		default:
			return nil, fmt.Errorf("invalid character '%c' in type string %s", k, commands.QuoteArg(s))
		}
		if i < len(s) && s[i] == 'z' {
			sp.z = true
			i++
		}
		sp.width = odFieldWidth(sp.kind, sp.size)
		specs = append(specs, sp)
	}
	return specs, nil
}

var odSizes = sync.OnceValue(func() map[byte]int { return map[byte]int{'C': 1, 'S': 2, 'I': 4, 'L': 8} })

// odRun is the configuration of one od invocation.
type odRun struct {
	radix   byte
	specs   []odSpec
	skip    int64
	limit   int64 // -1: no limit
	dup     bool
	perLine int
	// --traditional: operands [FILE] [[+]OFFSET [[+]LABEL]]; a label
	// shows a second address, in parentheses, counting from LABEL.
	traditional bool
	label       int64
	hasLabel    bool
	// big is --endian=big: multi-byte values read most significant first.
	big bool
}

func runOd(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := odOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	o := &odRun{radix: 'o', limit: -1, perLine: 16}
	if st := o.options(c, res); st >= 0 {
		return st
	}
	if len(o.specs) == 0 {
		o.specs, _ = parseOdType("o2")
	}
	if o.traditional {
		var ok bool
		if files, ok = o.oldOperands(files); !ok {
			c.Errorf("extra operand %s", commands.QuoteArg(files[1]))
			return opts.UsageError(c, 1, "compatibility mode supports at most one file")
		}
	}
	o.layout()
	// All inputs form one stream, as in GNU od.
	var readers []io.Reader
	var readErrs []string
	var closers []io.Closer
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, name := range files {
		r, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("%s: %s", quote.Name(name), commands.ErrText(err))
			status = 1
			continue
		}
		rd := &odFileReader{r: commands.NewCtxReader(ctx, r), name: name, errs: &readErrs}
		readers, closers = append(readers, rd), append(closers, r)
	}
	defer func() {
		for _, cl := range closers {
			cl.Close()
		}
	}()
	if len(readers) == 0 {
		return status // no input could be opened: GNU prints nothing more
	}
	out := commands.NewOut(c.Stdout)
	if err := o.dump(out, io.MultiReader(readers...)); err != nil && ctx.Err() == nil {
		c.Errorf("%s", commands.ErrText(err))
		status = 1
	}
	for _, e := range readErrs {
		c.Errorf("%s", e)
		status = 1
	}
	return c.FinishOut(out, status)
}

// odFileReader is one input of the stream: a read error (a directory)
// is noted with the file's name and ends that input only, as GNU od
// goes on with the next file and still prints the final address.
type odFileReader struct {
	r    io.Reader
	name string
	errs *[]string
}

func (f *odFileReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err != nil && err != io.EOF {
		if commands.IsLimit(err) {
			return n, err
		}
		*f.errs = append(*f.errs, quote.Name(f.name)+": "+commands.ErrText(err))
		return n, io.EOF
	}
	return n, err
}

func (o *odRun) options(c *commands.Context, res []opts.Result) int {
	for _, r := range res {
		var err error
		switch r.Key {
		case "A":
			if len(r.Val) != 1 || !strings.Contains("doxn", r.Val) {
				c.Errorf("invalid output address radix '%s'; it must be one character from [doxn]", r.Val)
				return 1
			}
			o.radix = r.Val[0]
		case "t":
			var s []odSpec
			if s, err = parseOdType(r.Val); err == nil {
				o.specs = append(o.specs, s...)
			}
		case "endian":
			v, ok := opts.ArgMatch(c, "--endian", r.Val, []string{"little", "big"}, []int{0, 1})
			if !ok {
				return 1
			}
			o.big = v == 1
		case "N", "j", "w":
			var n int64
			if !r.HasVal && r.Key == "w" {
				r.Val = "32"
			}
			if n, err = parseOdCount(r.Val); err == nil {
				switch r.Key {
				case "N":
					o.limit = n
				case "j":
					o.skip = n
				case "w":
					if !r.HasVal {
						n = 32 // -w alone
					}
					// A line of n bytes is buffered and printed several
					// times as wide: bound it before allocating.
					if lerr := c.CheckString(4 * n); lerr != nil {
						err = lerr
						break
					}
					o.perLine = int(max(n, 1))
				}
			} else {
				err = fmt.Errorf("invalid %s argument %s", odSpelling(c.Args[1:], r.Key, r.Val), commands.QuoteArg(r.Val))
			}
		case "v":
			o.dup = true
		case "traditional":
			o.traditional = true
		default:
			s, err := parseOdType(odLegacy()[r.Key])
			if err != nil {
				c.Errorf("%s", err)
				return 1
			}
			o.specs = append(o.specs, s...)
		}
		if st, ok := c.LimitStatus(err); ok {
			return st
		}
		if err != nil {
			c.Errorf("%s", err)
			return 1
		}
	}
	return -1
}

// odSpelling names the option of a bad count as GNU od does: "-N" when
// given short, the full long name ("--read-bytes") when given long, even
// abbreviated.
func odSpelling(args []string, key, val string) string {
	long := map[string]string{"N": "read-bytes", "j": "skip-bytes", "w": "width"}[key]
	for i, a := range args {
		if a == "--" {
			break
		}
		name, v, eq := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !strings.HasPrefix(a, "--") || name == "" || !strings.HasPrefix(long, name) {
			continue
		}
		if eq && v == val || !eq && i+1 < len(args) && args[i+1] == val {
			return "--" + long
		}
	}
	return "-" + key
}

// odLegacy maps the traditional single-letter formats to -t types.
var odLegacy = sync.OnceValue(func() map[string]string {
	return map[string]string{"a": "a", "b": "o1", "c": "c", "d": "u2", "o": "o2", "s": "d2", "x": "x2",
		"B": "o2", "D": "u4", "H": "x4", "X": "x4", "h": "x2", "i": "d4", "I": "d8", "L": "d8", "l": "d8",
		"O": "o4", "e": "f8", "f": "f4", "F": "f8"}
})

// oldOperands takes the offset and label of --traditional off the
// operands, as GNU od does: "FILE OFFSET", "OFFSET", "OFFSET LABEL" or
// "FILE OFFSET LABEL". More than one file is an error (false).
func (o *odRun) oldOperands(ops []string) ([]string, bool) {
	off := make([]int64, len(ops))
	isOff := make([]bool, len(ops))
	for i, s := range ops {
		off[i], isOff[i] = parseOldOffset(s)
	}
	switch {
	case len(ops) == 1 && isOff[0]:
		o.skip, ops = off[0], nil
	case len(ops) == 2 && isOff[0] && isOff[1]:
		o.skip, o.label, o.hasLabel, ops = off[0], off[1], true, nil
	case len(ops) == 2 && isOff[1]:
		o.skip, ops = off[1], ops[:1]
	case len(ops) == 3 && isOff[1] && isOff[2]:
		o.skip, o.label, o.hasLabel, ops = off[1], off[2], true, ops[:1]
	}
	return ops, len(ops) <= 1
}

// parseOldOffset reads a traditional offset as GNU od 9 accepts it:
// [+]OCTAL, times 512 with a "b" or 1024 with a "B" suffix.
func parseOldOffset(s string) (int64, bool) {
	s = strings.TrimPrefix(s, "+")
	mult := int64(1)
	if t, ok := strings.CutSuffix(s, "b"); ok {
		mult, s = 512, t
	} else if t, ok := strings.CutSuffix(s, "B"); ok {
		mult, s = 1024, t
	}
	if s == "" || s[0] == '+' || s[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 8, 64)
	if err != nil || n > (1<<62)/mult {
		return 0, false
	}
	return n * mult, true
}

// parseOdCount reads a byte count: decimal, 0x hex or 0 octal, with an
// optional b (512), k/K (1024) or m/M suffix.
func parseOdCount(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "b"):
		mult, s = 512, s[:len(s)-1]
	case strings.HasSuffix(s, "k") || strings.HasSuffix(s, "K"):
		mult, s = 1024, s[:len(s)-1]
	case strings.HasSuffix(s, "m") || strings.HasSuffix(s, "M"):
		mult, s = 1<<20, s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("invalid number")
	}
	return n * mult, nil
}

// layout computes each type's padding so the columns of all types line up.
func (o *odRun) layout() {
	widest := 0
	for _, s := range o.specs {
		widest = max(widest, o.perLine/s.size*(s.width+1))
	}
	for i := range o.specs {
		s := &o.specs[i]
		s.pad = widest - o.perLine/s.size*(s.width+1)
	}
}

func (o *odRun) addr(n int64) string {
	if o.hasLabel && o.radix != 'n' {
		return o.radixAddr(n) + " (" + o.radixAddr(n-o.skip+o.label) + ")"
	}
	return o.radixAddr(n)
}

func (o *odRun) radixAddr(n int64) string {
	switch o.radix {
	case 'd':
		return fmt.Sprintf("%07d", n)
	case 'x':
		return fmt.Sprintf("%06x", n)
	case 'n':
		return ""
	}
	return fmt.Sprintf("%07o", n)
}

// dump reads the stream line by line, folding repeated lines into "*".
func (o *odRun) dump(out io.Writer, r io.Reader) error {
	if o.skip > 0 {
		if n, err := io.CopyN(io.Discard, r, o.skip); err != nil && n < o.skip {
			if err == io.EOF {
				return fmt.Errorf("cannot skip past end of combined input")
			}
			return err
		}
	}
	if o.limit >= 0 {
		r = io.LimitReader(r, o.limit)
	}
	off := o.skip
	buf := make([]byte, o.perLine)
	var prev []byte
	starred := false
	for {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			line := buf[:n]
			if !o.dup && n == o.perLine && prev != nil && bytes.Equal(line, prev) {
				if !starred {
					io.WriteString(out, "*\n")
					starred = true
				}
			} else {
				starred = false
				o.writeLine(out, off, line)
			}
			prev = append(prev[:0], line...)
			off += int64(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if o.radix != 'n' {
		io.WriteString(out, o.addr(off)+"\n")
	}
	return nil
}
