package commands

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
)

func init() { register("split", runSplit) }

var splitOpts = optParser{opts: []opt{
	{short: 'l', long: "lines", arg: true},
	{short: 'b', long: "bytes", arg: true},
	{short: 'C', long: "line-bytes", arg: true},
	{short: 'n', long: "number", arg: true},
	{short: 'd'}, {long: "numeric-suffixes", arg: true},
	{short: 'x'}, {long: "hex-suffixes", arg: true},
	{short: 'a', long: "suffix-length", arg: true},
	{long: "additional-suffix", arg: true},
	{short: 'e', long: "elide-empty-files"},
	{long: "verbose"},
}, usage: 1, help: "Usage: split [OPTION]... [FILE [PREFIX]]\nOutput pieces of FILE to PREFIXaa, PREFIXab, ...;\ndefault size is 1000 lines, and default PREFIX is 'x'.\n  -a N  generate suffixes of length N (default 2)\n  --additional-suffix=SUFFIX  append an additional SUFFIX to file names\n  -b SIZE  put SIZE bytes per output file\n  -d  use numeric suffixes starting at 0, not alphabetic\n  -l NUMBER  put NUMBER lines/records per output file\n  -n CHUNKS  generate CHUNKS output files\n"}

type splitRun struct {
	c        *Context
	prefix   string
	suffix   string
	alphabet string
	suffLen  int
	autoLen  bool
	index    int
	verbose  bool
	cur      io.WriteCloser
}

func runSplit(ctx contextT, c *Context) int {
	res, ops, status, ok := splitOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	if len(ops) > 2 {
		return c.usageError(1, "extra operand '%s'", ops[2])
	}
	in, prefix := "-", "x"
	if len(ops) > 0 {
		in = ops[0]
	}
	if len(ops) > 1 {
		prefix = ops[1]
	}
	s := &splitRun{c: c, prefix: prefix, suffix: f["additional-suffix"], alphabet: "abcdefghijklmnopqrstuvwxyz", suffLen: 2, autoLen: true, verbose: f.has("verbose")}
	if strings.Contains(s.suffix, "/") {
		c.Errorf("invalid suffix '%s', contains directory separator", s.suffix)
		return 1
	}
	if f.has("d") || f.has("numeric-suffixes") {
		s.alphabet = "0123456789"
		if v := f["numeric-suffixes"]; v != "" {
			s.index, _ = strconv.Atoi(v)
			s.autoLen = false
		}
	}
	if f.has("x") || f.has("hex-suffixes") {
		s.alphabet = "0123456789abcdef"
	}
	if v, ok := f["a"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			c.Errorf("invalid suffix length: '%s'", v)
			return 1
		}
		s.suffLen, s.autoLen = n, false
	}
	r, err := c.openInput(in)
	if err != nil {
		c.Errorf("cannot open '%s' for reading: %s", in, ErrText(err))
		return 1
	}
	defer r.Close()
	br := bufio.NewReaderSize(ctxReader{ctx, r}, 64*1024)
	st := s.dispatch(f, br)
	if s.cur != nil {
		s.cur.Close()
	}
	return st
}

func (s *splitRun) dispatch(f flagSet, br *bufio.Reader) int {
	c := s.c
	switch {
	case f.has("b"):
		n, ok := parseSize(f["b"])
		if !ok || n < 1 {
			c.Errorf("invalid number of bytes: '%s'", f["b"])
			return 1
		}
		return s.byBytes(br, n)
	case f.has("n"):
		return s.byChunks(br, f["n"], f.has("e"))
	case f.has("C"):
		n, ok := parseSize(f["C"])
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
	name, ok := s.name(s.index)
	if !ok {
		s.c.Errorf("output file suffixes exhausted")
		return false
	}
	s.index++
	w, err := s.c.OpenWrite(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		s.c.Errorf("%s: %s", name, ErrText(err))
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
func (s *splitRun) name(i int) (string, bool) {
	base, length, prefix := len(s.alphabet), s.suffLen, ""
	pow := func(l int) int {
		v := 1
		for k := 0; k < l; k++ {
			v *= base
		}
		return v
	}
	if s.autoLen {
		for length < 12 {
			usable := pow(length) - pow(length-1)
			if i < usable {
				break
			}
			i -= usable
			prefix += s.alphabet[base-1:]
			length++
		}
	} else if i >= pow(length) {
		return "", false
	}
	return s.prefix + prefix + encodeSuffix(i, length, s.alphabet) + s.suffix, true
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
		s.c.Errorf("write error: %s", ErrText(err))
		return false
	}
	return true
}

func (s *splitRun) byLines(br *bufio.Reader, n int64) int {
	var count int64
	st := 0
	err := eachLineMax(br, '\n', s.c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
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
		s.c.Errorf("read error: %s", ErrText(err))
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
	eachLineMax(br, '\n', s.c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
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
	data, err := s.c.readAll(br)
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
			return s.c.writeFailure(err)
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
