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
	{Long: "verbose"},
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
}

func runSplit(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := splitOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(ops) > 2 {
		return opts.UsageError(c, 1, "extra operand '%s'", ops[2])
	}
	in, prefix := "-", "x"
	if len(ops) > 0 {
		in = ops[0]
	}
	if len(ops) > 1 {
		prefix = ops[1]
	}
	s := &splitRun{c: c, Prefix: prefix, suffix: f["additional-suffix"], Alphabet: "abcdefghijklmnopqrstuvwxyz", SuffLen: 2, AutoLen: true, verbose: f.Has("verbose")}
	if strings.Contains(s.suffix, "/") {
		c.Errorf("invalid suffix '%s', contains directory separator", s.suffix)
		return 1
	}
	if f.Has("d") || f.Has("numeric-suffixes") {
		s.Alphabet = "0123456789"
		if v := f["numeric-suffixes"]; v != "" {
			s.index, _ = strconv.Atoi(v)
			s.AutoLen = false
		}
	}
	if f.Has("x") || f.Has("hex-suffixes") {
		s.Alphabet = "0123456789abcdef"
	}
	if v, ok := f["a"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			c.Errorf("invalid suffix length: '%s'", v)
			return 1
		}
		s.SuffLen, s.AutoLen = n, false
	}
	r, err := c.OpenInput(in)
	if err != nil {
		c.Errorf("cannot open '%s' for reading: %s", in, commands.ErrText(err))
		return 1
	}
	defer r.Close()
	br := bufio.NewReaderSize(commands.NewCtxReader(ctx, r), 64*1024)
	st := s.dispatch(f, br)
	if s.cur != nil {
		s.cur.Close()
	}
	return st
}

func (s *splitRun) dispatch(f opts.Flags, br *bufio.Reader) int {
	c := s.c
	switch {
	case f.Has("b"):
		n, ok := sizes.Parse(f["b"])
		if !ok || n < 1 {
			c.Errorf("invalid number of bytes: '%s'", f["b"])
			return 1
		}
		return s.byBytes(br, n)
	case f.Has("n"):
		return s.byChunks(br, f["n"], f.Has("e"))
	case f.Has("C"):
		n, ok := sizes.Parse(f["C"])
		if !ok || n < 1 {
			c.Errorf("invalid number of bytes: '%s'", f["C"])
			return 1
		}
		return s.byLineBytes(br, n)
	}
	lines := int64(1000)
	if v, ok := f["l"]; ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			c.Errorf("invalid number of lines: '%s'", v)
			return 1
		}
		lines = n
	}
	return s.byLines(br, lines)
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
	err := commands.EachLineMax(br, '\n', s.c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
		if count%n == 0 && !s.next() {
			st = 1
			return false
		}
		count++
		if !noEOL {
			line = append(line, '\n')
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
	commands.EachLineMax(br, '\n', s.c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
		if !noEOL {
			line = append(line, '\n')
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
func (s *splitRun) byChunks(br *bufio.Reader, spec string, elide bool) int {
	kind, rest := "", spec
	if k, r, ok := strings.Cut(spec, "/"); ok && (k == "l" || k == "r") {
		kind, rest = k, r
	}
	only, n := 0, 0
	var err error
	if kstr, nstr, ok := strings.Cut(rest, "/"); ok {
		only, err = strconv.Atoi(kstr)
		if err == nil {
			n, err = strconv.Atoi(nstr)
		}
		if err == nil && n >= 1 && (only < 1 || only > n) {
			s.c.Errorf("invalid chunk number: '%s': Numerical result out of range", kstr)
			return 1
		}
	} else {
		n, err = strconv.Atoi(rest)
	}
	if err != nil || n < 1 {
		_, num, _ := strings.Cut(rest, "/")
		if num == "" {
			num = rest
		}
		s.c.Errorf("invalid number of chunks: '%s'", num)
		return 1
	}
	data, err := s.c.ReadBounded(br)
	if st, ok := s.c.LimitStatus(err); ok {
		return st
	}
	var pieces [][]byte
	if kind == "r" {
		pieces = roundRobin(data, n)
	} else {
		pieces = byteChunks(data, n, kind == "l")
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
func byteChunks(data []byte, n int, lines bool) [][]byte {
	total := int64(len(data))
	pieces := make([][]byte, 0, n)
	var start int64
	for k := 0; k < n; k++ {
		end := total * int64(k+1) / int64(n)
		if lines && k < n-1 {
			if end > start && end <= total {
				if i := bytes.IndexByte(data[end-1:], '\n'); i >= 0 {
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
func roundRobin(data []byte, n int) [][]byte {
	pieces := make([][]byte, n)
	for i := 0; len(data) > 0; i++ {
		j := bytes.IndexByte(data, '\n') + 1
		if j == 0 {
			j = len(data)
		}
		pieces[i%n] = append(pieces[i%n], data[:j]...)
		data = data[j:]
	}
	return pieces
}
