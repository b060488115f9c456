package sorting

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"sort"
	"strings"
)

// sortOpts are in GNU's order, which its "ambiguous" message lists.
var sortOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "ignore-leading-blanks"},
	{Short: 'c', Long: "check"},
	{Short: 'C'},
	{Long: "compress-program", Arg: true},
	{Long: "debug"},
	{Short: 'd', Long: "dictionary-order"},
	{Short: 'f', Long: "ignore-case"},
	{Long: "files0-from", Arg: true},
	{Short: 'g', Long: "general-numeric-sort"},
	{Short: 'i', Long: "ignore-nonprinting"},
	{Short: 'k', Long: "key", Arg: true},
	{Short: 'm', Long: "merge"},
	{Short: 'M', Long: "month-sort"},
	{Short: 'n', Long: "numeric-sort"},
	{Short: 'h', Long: "human-numeric-sort"},
	{Short: 'V', Long: "version-sort"},
	{Short: 'R', Long: "random-sort"},
	{Long: "random-source", Arg: true},
	{Long: "sort", Arg: true},
	{Short: 'o', Long: "output", Arg: true},
	{Short: 'r', Long: "reverse"},
	{Short: 's', Long: "stable"},
	{Long: "batch-size", Arg: true},
	{Short: 'S', Long: "buffer-size", Arg: true},
	{Short: 't', Long: "field-separator", Arg: true},
	{Short: 'T', Long: "temporary-directory", Arg: true},
	{Short: 'u', Long: "unique"},
	{Short: 'z', Long: "zero-terminated"},
	{Long: "parallel", Arg: true},
}, Usage: 2, Help: "Usage: sort [OPTION]... [FILE]...\nWrite sorted concatenation of all FILE(s) to standard output.\n"}

// sorter is one sort run's configuration.
type sorter struct {
	global sortOrder
	keys   []sortKey
	tab    int
	stable bool
	unique bool
	// checking is -c or -C: one input, and its own open message.
	checking bool
	sep      byte
	seed     maphash.Seed
}

// sortWords are the values of --sort=WORD and the letters they stand for.
var sortWords = map[string]byte{"general-numeric": 'g', "human-numeric": 'h', "month": 'M', "numeric": 'n', "random": 'R', "version": 'V'}

// sortWord resolves --sort's WORD, or an unambiguous abbreviation of it.
func sortWord(v string) (byte, bool) {
	if ch, ok := sortWords[v]; ok {
		return ch, true
	}
	var found byte
	n := 0
	for w, ch := range sortWords {
		if v != "" && strings.HasPrefix(w, v) {
			found, n = ch, n+1
		}
	}
	return found, n == 1
}

func runSort(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := sortOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	s := &sorter{tab: -1, sep: '\n', seed: maphash.MakeSeed()}
	check, quiet, output := false, false, ""
	hasOutput := false
	for _, r := range res {
		switch r.Key {
		case "c", "C":
			check, quiet = true, r.Key == "C"
		case "k":
			k, err := parseSortKey(r.Val)
			if err != nil {
				c.Errorf("%s", err)
				return 2
			}
			s.keys = append(s.keys, k)
		case "o":
			output, hasOutput = r.Val, true
		case "s":
			s.stable = true
		case "u":
			s.unique = true
		case "z":
			s.sep = 0
		case "t":
			if len(r.Val) != 1 {
				if r.Val == `\0` {
					s.tab = 0
					continue
				}
				if r.Val == "" {
					c.Errorf("empty tab")
					return 2
				}
				c.Errorf("multi-character tab '%s'", r.Val)
				return 2
			}
			s.tab = int(r.Val[0])
		case "S", "T", "parallel", "random-source", "compress-program", "batch-size":
			// Tuning and temporary files: nothing to do in memory.
		case "debug", "files0-from":
			c.Errorf("--%s is not supported", r.Key)
			return 2
		case "sort":
			ch, ok := sortWord(r.Val)
			if !ok {
				c.Errorf("invalid argument %s for '--sort'", commands.QuoteArg(r.Val))
				fmt.Fprint(c.Stderr, "Valid arguments are:\n  - 'general-numeric'\n  - 'human-numeric'\n  - 'month'\n  - 'numeric'\n  - 'random'\n  - 'version'\n")
				fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
				return 1 // argmatch's failure status, not sort's 2
			}
			s.global.setFlag(ch, false)
		case "m":
			// Merging sorted inputs gives the same result as sorting
			// their concatenation, which is what happens here.
		default:
			s.global.setFlag(r.Key[0], false)
		}
	}
	for i := range s.keys {
		if !s.keys[i].hasOrdering() {
			s.keys[i].sortOrder = s.global
		}
	}
	orders := []sortOrder{s.global}
	if len(s.keys) > 0 {
		orders = orders[:0]
		for _, k := range s.keys {
			orders = append(orders, k.sortOrder)
		}
	}
	for _, o := range orders {
		if bad := o.incompatible(); bad != "" {
			c.Errorf("options '%s' are incompatible", bad)
			return 2
		}
	}
	if check && len(files) > 1 {
		letter := "c"
		if quiet {
			letter = "C"
		}
		c.Errorf("extra operand %s not allowed with -%s", commands.QuoteArg(files[1]), letter)
		return 2
	}
	s.checking = check
	lines, st := s.readAll(ctx, c, files)
	if st != 0 {
		return st
	}
	items := s.prepare(lines)
	if check {
		return s.check(c, items, files, quiet)
	}
	s.sort(items)
	return s.write(c, items, output, hasOutput)
}

func (s *sorter) readAll(ctx context.Context, c *commands.Context, files []string) ([][]byte, int) {
	var lines [][]byte
	if len(files) == 0 {
		files = []string{"-"}
	}
	budget := c.NewLineBudget()
	for _, name := range files {
		r, err := c.OpenInput(name)
		if err != nil {
			verb := "cannot read" // GNU sort -c opens its one input itself
			if s.checking {
				verb = "open failed"
			}
			c.Errorf("%s: %s: %s", verb, quote.Name(name), commands.ErrText(err))
			return nil, 2
		}
		data, err := c.ReadAll(ctx, r)
		r.Close()
		if err != nil {
			if ctx.Err() != nil {
				return nil, 1
			}
			if st, ok := c.LimitStatus(err); ok {
				return nil, st
			}
			verb := "read"
			if closein.Closed(name, err) {
				verb = "stat" // GNU sort fstats its inputs before reading them
			}
			c.Errorf("%s failed: %s: %s", verb, name, commands.ErrText(err))
			return nil, 2
		}
		if len(data) > 0 && data[len(data)-1] == s.sep {
			data = data[:len(data)-1]
		} else if len(data) == 0 {
			continue
		}
		// Each line costs a slice header and a sortItem (keys included).
		if st, ok := c.LimitStatus(budget.Add(len(data), bytes.Count(data, []byte{s.sep})+1, 192)); ok {
			return nil, st
		}
		lines = append(lines, bytes.Split(data, []byte{s.sep})...)
	}
	return lines, 0
}

// compareKeys orders by the keys (or the whole line) without last resort.
func (s *sorter) compareKeys(a, b *sortItem) int {
	if len(s.keys) == 0 {
		c := s.global.compareVal(&a.k0, &b.k0)
		if s.global.reverse {
			c = -c
		}
		return c
	}
	for i := range s.keys {
		k := &s.keys[i]
		c := k.compareVal(a.key(i), b.key(i))
		if k.reverse {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// compare adds GNU's last-resort whole-line byte comparison.
func (s *sorter) compare(a, b *sortItem) int {
	if c := s.compareKeys(a, b); c != 0 || s.stable || s.unique {
		return c
	}
	c := cmpU64(a.pre, b.pre)
	if c == 0 {
		c = bytes.Compare(a.line, b.line)
	}
	if s.global.reverse {
		c = -c
	}
	return c
}

func (s *sorter) sort(items []sortItem) {
	// pdqsort with the input position as the final tie-break is stable
	// and much faster than an in-place stable merge sort.
	sort.Sort(itemSorter{items, s})
}

// itemSorter sorts in place through indices, so the large items are
// compared by pointer rather than copied into every comparison.
type itemSorter struct {
	items []sortItem
	s     *sorter
}

func (x itemSorter) Len() int      { return len(x.items) }
func (x itemSorter) Swap(i, j int) { x.items[i], x.items[j] = x.items[j], x.items[i] }
func (x itemSorter) Less(i, j int) bool {
	a, b := &x.items[i], &x.items[j]
	if c := x.s.compare(a, b); c != 0 {
		return c < 0
	}
	return a.idx < b.idx
}

func (s *sorter) write(c *commands.Context, lines []sortItem, output string, hasOutput bool) int {
	var w io.Writer = c.Stdout
	if hasOutput {
		f, err := c.OpenWrite(output, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			c.Errorf("open failed: %s: %s", output, commands.ErrText(err))
			return 2
		}
		defer f.Close()
		w = f
	}
	out := commands.NewOut(w)
	for i := range lines {
		if s.unique && i > 0 && s.compareKeys(&lines[i-1], &lines[i]) == 0 {
			continue
		}
		out.Write(lines[i].line)
		out.WriteByte(s.sep)
	}
	if err := out.Flush(); err != nil {
		if hasOutput {
			c.Errorf("write failed: %s: %s", output, commands.ErrText(err))
			return 2
		}
		return c.WriteFailure(err)
	}
	return 0
}

// check implements -c/-C: report the first out-of-order line.
func (s *sorter) check(c *commands.Context, lines []sortItem, files []string, quiet bool) int {
	name := "-"
	if len(files) > 0 {
		name = files[0]
	}
	for i := 1; i < len(lines); i++ {
		cmp := s.compare(&lines[i-1], &lines[i])
		if cmp > 0 || s.unique && cmp == 0 {
			if !quiet {
				fmt.Fprintf(c.Stderr, "%s: %s:%d: disorder: %s\n", c.Name(), name, i+1, lines[i].line)
			}
			return 1
		}
	}
	return 0
}
