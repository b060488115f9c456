package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/sizes"

	"bufio"
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
)

var splitOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'l', Long: "lines", Arg: true},
	{Short: 'b', Long: "bytes", Arg: true},
	{Short: 'C', Long: "line-bytes", Arg: true},
	{Short: 'n', Long: "number", Arg: true},
	{Short: 'd'}, {Long: "numeric-suffixes", Arg: true},
	{Short: 'x'}, {Long: "hex-suffixes", Arg: true},
	{Short: 'a', Long: "suffix-length", Arg: true},
	{Long: "additional-suffix", Arg: true},
	{Short: 'e', Long: "elide-empty-files"},
	{Long: "verbose"}, {Short: 't', Long: "separator", Arg: true},
}, Usage: 1, Help: "Usage: split [OPTION]... [FILE [PREFIX]]\nOutput pieces of FILE to PREFIXaa, PREFIXab, ...;\ndefault size is 1000 lines, and default PREFIX is 'x'.\n  -a N  generate suffixes of length N (default 2)\n  --additional-suffix=SUFFIX  append an additional SUFFIX to file names\n  -b SIZE  put SIZE bytes per output file\n  -d  use numeric suffixes starting at 0, not alphabetic\n  -l NUMBER  put NUMBER lines/records per output file\n  -n CHUNKS  generate CHUNKS output files\n"}

type splitRun struct {
	c        *commands.Context
	Prefix   string
	suffix   string
	Alphabet string
	SuffLen  int
	AutoLen  bool
	index    int
	verbose  bool
	cur      io.WriteCloser
	// mode is how to split: 'l' (lines, the default), 'b', 'C' or 'n';
	// size its count and chunks the -n argument. sep ends a line.
	mode   byte
	size   int64
	chunks string
	sep    byte
	sepSet bool
	elide  bool
}

func runSplit(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := splitOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	in, prefix := "-", "x"
	if len(ops) > 0 {
		in = ops[0]
	}
	if len(ops) > 1 {
		prefix = ops[1]
	}
	s := &splitRun{c: c, Prefix: prefix, Alphabet: "abcdefghijklmnopqrstuvwxyz", SuffLen: 2, AutoLen: true,
		verbose: f.Has("verbose"), mode: 'l', size: 1000, sep: '\n'}
	if st := s.options(res); st >= 0 {
		return st
	}
	if len(ops) > 2 {
		return opts.UsageError(c, 1, "extra operand '%s'", ops[2])
	}
	r, err := c.OpenInput(in)
	if err != nil {
		c.Errorf("cannot open '%s' for reading: %s", in, commands.ErrText(err))
		return 1
	}
	defer r.Close()
	br := bufio.NewReaderSize(commands.NewCtxReader(ctx, r), 64*1024)
	s.elide = f.Has("e")
	st := s.dispatch(br)
	if s.cur != nil {
		s.cur.Close()
	}
	return st
}

// options applies the options in the order given, failing on the first
// bad one as GNU split does: a second way of splitting (even the same one
// again) is "cannot split in more than one way", a count below 1 is out
// of range, -t takes one byte (or \0).
func (s *splitRun) options(res []opts.Result) int {
	c := s.c
	ways := 0
	for _, r := range res {
		switch r.Key {
		case "l", "b", "C", "n":
			if ways++; ways > 1 {
				return opts.UsageError(c, 1, "cannot split in more than one way")
			}
			s.mode = r.Key[0]
			if r.Key == "n" {
				if st := s.checkChunks(r.Val); st >= 0 {
					return st
				}
				s.chunks = r.Val
				continue
			}
			what := "bytes"
			n, ok := sizes.Parse(r.Val)
			if r.Key == "l" {
				what = "lines"
				v, err := strconv.ParseInt(r.Val, 10, 64)
				n, ok = v, err == nil
			}
			if !ok {
				c.Errorf("invalid number of %s: '%s'", what, r.Val)
				return 1
			}
			if n < 1 {
				c.Errorf("invalid number of %s: '%s': Numerical result out of range", what, r.Val)
				return 1
			}
			s.size = n
		case "a":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n < 0 {
				c.Errorf("invalid suffix length: '%s'", r.Val)
				return 1
			}
			// 0 keeps the default, widening on the fly.
			if n > 0 {
				s.SuffLen, s.AutoLen = n, false
			}
		case "additional-suffix":
			if strings.Contains(r.Val, "/") {
				return opts.UsageError(c, 1, "invalid suffix '%s', contains directory separator", r.Val)
			}
			s.suffix = r.Val
		case "d", "numeric-suffixes":
			s.Alphabet = "0123456789"
			if r.Val != "" {
				s.index, _ = strconv.Atoi(r.Val)
				s.AutoLen = false
			}
		case "x", "hex-suffixes":
			s.Alphabet = "0123456789abcdef"
		case "t":
			if st := s.separator(r.Val); st >= 0 {
				return st
			}
		}
	}
	return -1
}

// separator takes -t's byte: one byte, or "\0" for NUL.
func (s *splitRun) separator(v string) int {
	var b byte
	switch {
	case v == "":
		s.c.Errorf("empty record separator")
		return 1
	case v == `\0`:
		b = 0
	case len(v) > 1:
		s.c.Errorf("multi-character separator '%s'", v)
		return 1
	default:
		b = v[0]
	}
	if s.sepSet && s.sep != b {
		s.c.Errorf("multiple separator characters specified")
		return 1
	}
	s.sep, s.sepSet = b, true
	return -1
}

func (s *splitRun) dispatch(br *bufio.Reader) int {
	switch s.mode {
	case 'b':
		return s.byBytes(br, s.size)
	case 'n':
		return s.byChunks(br, s.chunks, s.elide)
	case 'C':
		return s.byLineBytes(br, s.size)
	}
	return s.byLines(br, s.size)
}

// next closes the current piece and opens the following one.
func (s *splitRun) next() bool {
	if s.cur != nil {
		s.cur.Close()
		s.cur = nil
	}
	name, ok := s.Name(s.index)
	if !ok {
		s.c.Errorf("output file suffixes exhausted")
		return false
	}
	s.index++
	w, err := s.c.OpenWrite(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		s.c.Errorf("%s: %s", name, commands.ErrText(err))
		return false
	}
	if s.verbose {
		s.c.Stdout.Write([]byte("creating file '" + name + "'\n"))
	}
	s.cur = w
	return true
}

// name builds the file name for piece i. With the default length, GNU
// widens the suffix on the fly: after "yz" come "zaaa", "zaab", ...
func (s *splitRun) Name(i int) (string, bool) {
	base, length, prefix := len(s.Alphabet), s.SuffLen, ""
	pow := func(l int) int {
		v := 1
		for k := 0; k < l; k++ {
			v *= base
		}
		return v
	}
	if s.AutoLen {
		for length < 12 {
			usable := pow(length) - pow(length-1)
			if i < usable {
				break
			}
			i -= usable
			prefix += s.Alphabet[base-1:]
			length++
		}
	} else if i >= pow(length) {
		return "", false
	}
	return s.Prefix + prefix + encodeSuffix(i, length, s.Alphabet) + s.suffix, true
}

func encodeSuffix(i, length int, alphabet string) string {
	b := make([]byte, length)
	for k := length - 1; k >= 0; k-- {
		b[k] = alphabet[i%len(alphabet)]
		i /= len(alphabet)
	}
	return string(b)
}

func (s *splitRun) write(p []byte) bool {
	if _, err := s.cur.Write(p); err != nil {
		s.c.Errorf("write error: %s", commands.ErrText(err))
		return false
	}
	return true
}

func (s *splitRun) byLines(br *bufio.Reader, n int64) int {
	var count int64
	st := 0
	err := commands.EachLineMax(br, s.sep, s.c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
		if count%n == 0 && !s.next() {
			st = 1
			return false
		}
		count++
		if !noEOL {
			line = append(line, s.sep)
		}
		if !s.write(line) {
			st = 1
			return false
		}
		return true
	})
	if err != nil {
		s.c.Errorf("read error: %s", commands.ErrText(err))
		return 1
	}
	return st
}

func (s *splitRun) byBytes(br *bufio.Reader, n int64) int {
	buf := make([]byte, 32*1024)
	left := int64(0)
	for {
		want := int64(len(buf))
		if left > 0 && left < want {
			want = left
		}
		if left == 0 {
			want = min(n, int64(len(buf)))
		}
		k, err := io.ReadFull(br, buf[:want])
		if k > 0 {
			if left == 0 {
				if !s.next() {
					return 1
				}
				left = n
			}
			if !s.write(buf[:k]) {
				return 1
			}
			left -= int64(k)
		}
		if err != nil {
			return 0
		}
	}
}

func (s *splitRun) byLineBytes(br *bufio.Reader, n int64) int {
	var used int64
	st := 0
	commands.EachLineMax(br, s.sep, s.c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
		if !noEOL {
			line = append(line, s.sep)
		}
		for len(line) > 0 {
			if s.cur == nil || used+int64(len(line)) > n && used > 0 {
				if !s.next() {
					st = 1
					return false
				}
				used = 0
			}
			k := min(int64(len(line)), n-used)
			s.write(line[:k])
			used += k
			line = line[k:]
		}
		return true
	})
	return st
}

// byChunks handles -n N (equal byte chunks), -n l/N (without splitting
// lines), -n r/N (lines dealt round robin) and the K/N forms of each,
// which print only chunk K on standard output.
// checkChunks validates -n's argument as it is read.
func (s *splitRun) checkChunks(spec string) int {
	_, _, _, st := s.parseChunks(spec)
	return st
}

// parseChunks reads -n's CHUNKS: N, K/N, l/N, l/K/N, r/N, r/K/N.
func (s *splitRun) parseChunks(spec string) (kind string, only, n, st int) {
	kind, rest := "", spec
	if k, r, ok := strings.Cut(spec, "/"); ok && (k == "l" || k == "r") {
		kind, rest = k, r
	}
	var err error
	if kstr, nstr, ok := strings.Cut(rest, "/"); ok {
		only, err = strconv.Atoi(kstr)
		if err == nil {
			n, err = strconv.Atoi(nstr)
		}
		if err == nil && n >= 1 && (only < 1 || only > n) {
			s.c.Errorf("invalid chunk number: '%s': Numerical result out of range", kstr)
			return "", 0, 0, 1
		}
	} else {
		n, err = strconv.Atoi(rest)
	}
	if err != nil || n < 1 {
		_, num, _ := strings.Cut(rest, "/")
		if num == "" {
			num = rest
		}
		if err == nil {
			s.c.Errorf("invalid number of chunks: '%s': Numerical result out of range", num)
		} else {
			s.c.Errorf("invalid number of chunks: '%s'", num)
		}
		return "", 0, 0, 1
	}
	return kind, only, n, -1
}

// byChunks handles -n.
func (s *splitRun) byChunks(br *bufio.Reader, spec string, elide bool) int {
	kind, only, n, st := s.parseChunks(spec)
	if st >= 0 {
		return st
	}
	data, err := s.c.ReadBounded(br)
	if st, ok := s.c.LimitStatus(err); ok {
		return st
	}
	var pieces [][]byte
	if kind == "r" {
		pieces = roundRobin(data, n, s.sep)
	} else {
		pieces = byteChunks(data, n, kind == "l", s.sep)
	}
	if only > 0 {
		if _, err := s.c.Stdout.Write(pieces[only-1]); err != nil {
			return s.c.WriteFailure(err)
		}
		return 0
	}
	for _, piece := range pieces {
		if elide && len(piece) == 0 {
			continue
		}
		if !s.next() || !s.write(piece) {
			return 1
		}
	}
	return 0
}

// byteChunks cuts data in n nearly equal pieces; with lines, a piece ends
// after the line that crosses its boundary.
func byteChunks(data []byte, n int, lines bool, sep byte) [][]byte {
	total := int64(len(data))
	pieces := make([][]byte, 0, n)
	var start int64
	for k := 0; k < n; k++ {
		end := total * int64(k+1) / int64(n)
		if lines && k < n-1 {
			if end > start && end <= total {
				if i := bytes.IndexByte(data[end-1:], sep); i >= 0 {
					end = end - 1 + int64(i) + 1
				} else {
					end = total
				}
			}
			end = max(end, start)
		}
		pieces = append(pieces, data[start:end])
		start = end
	}
	return pieces
}

// roundRobin deals line i to piece i mod n, as split -n r/N does.
func roundRobin(data []byte, n int, sep byte) [][]byte {
	pieces := make([][]byte, n)
	for i := 0; len(data) > 0; i++ {
		j := bytes.IndexByte(data, sep) + 1
		if j == 0 {
			j = len(data)
		}
		pieces[i%n] = append(pieces[i%n], data[:j]...)
		data = data[j:]
	}
	return pieces
}
