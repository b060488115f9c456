package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

var cutOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "bytes", Arg: true}, {Short: 'c', Long: "characters", Arg: true},
	{Short: 'f', Long: "fields", Arg: true}, {Short: 'd', Long: "delimiter", Arg: true},
	{Short: 's', Long: "only-delimited"}, {Short: 'n'}, {Long: "complement"},
	{Long: "output-delimiter", Arg: true}, {Short: 'z', Long: "zero-terminated"},
}, Usage: 1, Help: "Usage: cut OPTION... [FILE]...\n"}

type cutRange struct{ lo, hi int } // 1-based, inclusive

type cutCfg struct {
	mode       byte // 'b', 'c' or 'f'
	ranges     []cutRange
	delim      byte
	outDelim   string
	hasOutDel  bool
	onlyDelim  bool
	complement bool
	sep        byte
}

func runCut(ctx context.Context, c *commands.Context) int {
	k := cutCfg{delim: '\t', sep: '\n'}
	var list string
	delimGiven := false
	// GNU checks each option as getopt returns it.
	args, st, ok := cutOpts.ParseChecked(c, c.Args[1:], func(res []opts.Result) (int, bool) {
		for _, r := range res {
			switch r.Key {
			case "b", "c", "f":
				if k.mode != 0 {
					return opts.UsageError(c, 1, "only one list may be specified"), false
				}
				k.mode, list = r.Key[0], r.Val
			case "d":
				if len(r.Val) > 1 {
					return opts.UsageError(c, 1, "the delimiter must be a single character"), false
				}
				k.delim, delimGiven = 0, true // -d '' is the NUL byte
				if r.Val != "" {
					k.delim = r.Val[0]
				}
			case "s":
				k.onlyDelim = true
			case "complement":
				k.complement = true
			case "output-delimiter":
				k.outDelim, k.hasOutDel = r.Val, true
			case "z":
				k.sep = 0
			}
		}
		return 0, true
	})
	if !ok {
		return st
	}
	switch {
	case k.mode == 0:
		return opts.UsageError(c, 1, "you must specify a list of bytes, characters, or fields")
	case delimGiven && k.mode != 'f':
		return opts.UsageError(c, 1, "an input delimiter may be specified only when operating on fields")
	case k.onlyDelim && k.mode != 'f':
		return opts.UsageError(c, 1, "suppressing non-delimited lines makes sense\n\tonly when operating on fields")
	}
	var err string
	if k.ranges, err = parseCutList(list); err != "" {
		if err == "fields and positions are numbered from 1" {
			err = map[byte]string{'f': "fields", 'b': "byte/character positions", 'c': "byte/character positions"}[k.mode] + " are numbered from 1"
		}
		return opts.UsageError(c, 1, "%s", err)
	}
	if !k.hasOutDel {
		k.outDelim = string(k.delim)
		if k.mode != 'f' {
			k.outDelim = ""
		}
	}
	out := commands.NewOut(c.Stdout)
	status := closein.EachInput(ctx, c, args, func(name string, r io.Reader) error {
		return commands.EachLineMax(commands.LineReader(r), k.sep, c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			k.line(out, line)
			return true
		})
	})
	return c.FinishOut(out, status)
}

// parseCutList reads "1,3-5,-2,7-" into sorted, merged ranges.
func parseCutList(s string) ([]cutRange, string) {
	var rs []cutRange
	for _, part := range strings.Split(s, ",") {
		if part == "" {
			return nil, "fields and positions are numbered from 1"
		}
		lo, hi := 1, math.MaxInt
		a, b, isRange := strings.Cut(part, "-")
		var err error
		if a != "" {
			if lo, err = strconv.Atoi(a); err != nil {
				return nil, "invalid field value " + commands.QuoteArg(a)
			}
		}
		switch {
		case !isRange:
			hi = lo
		case b != "":
			if hi, err = strconv.Atoi(b); err != nil {
				return nil, "invalid field value " + commands.QuoteArg(b)
			}
		case a == "":
			return nil, "invalid range with no endpoint: -"
		}
		if lo < 1 || hi < 1 {
			return nil, "fields and positions are numbered from 1"
		}
		if lo > hi {
			return nil, "invalid decreasing range"
		}
		rs = append(rs, cutRange{lo, hi})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	merged := rs[:1]
	for _, r := range rs[1:] {
		last := &merged[len(merged)-1]
		if r.lo <= last.hi+1 {
			last.hi = max(last.hi, r.hi)
		} else {
			merged = append(merged, r)
		}
	}
	return merged, ""
}

// selected reports whether position n (1-based) is chosen.
func (k *cutCfg) selected(n int) bool {
	in := false
	for _, r := range k.ranges {
		if n >= r.lo && n <= r.hi {
			in = true
			break
		}
		if r.lo > n {
			break
		}
	}
	return in != k.complement
}

func (k *cutCfg) line(out *bufio.Writer, line []byte) {
	if k.mode == 'f' {
		if bytes.IndexByte(line, k.delim) < 0 {
			// A line without delimiters is printed whole, or not at all
			// (not even its newline) under -s.
			if k.onlyDelim {
				return
			}
			out.Write(line)
		} else {
			k.fields(out, line)
		}
	} else {
		// coreutils cut treats -c like -b: it has no multibyte support.
		k.bytes(out, line)
	}
	out.WriteByte(k.sep)
}

func (k *cutCfg) fields(out *bufio.Writer, line []byte) {
	n, first := 1, true
	for {
		i := bytes.IndexByte(line, k.delim)
		field := line
		if i >= 0 {
			field = line[:i]
		}
		if k.selected(n) {
			if !first {
				out.WriteString(k.outDelim)
			}
			out.Write(field)
			first = false
		}
		if i < 0 {
			return
		}
		line = line[i+1:]
		n++
	}
}

// bytes and chars print runs of selected positions, putting the output
// delimiter between non-adjacent runs as GNU does.
func (k *cutCfg) bytes(out *bufio.Writer, line []byte) {
	prev := -2
	for i := range line {
		if k.selected(i + 1) {
			if prev >= 0 && prev != i-1 {
				out.WriteString(k.outDelim)
			}
			out.WriteByte(line[i])
			prev = i
		}
	}
}
