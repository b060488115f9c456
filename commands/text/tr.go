package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"io"
)

var trOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'c', Long: "complement"},
	{Short: 'C'},
	{Short: 'd', Long: "delete"},
	{Short: 's', Long: "squeeze-repeats"},
	{Short: 't', Long: "truncate-set1"},
}, Usage: 1, StopAtOperand: true, Help: "Usage: tr [OPTION]... STRING1 [STRING2]\nTranslate, squeeze, and/or delete characters from standard input.\n"}

// trPlan is the byte-level work: a translation map, a delete set and a
// squeeze set.
type trPlan struct {
	xlate   [256]byte
	del     [256]bool
	squeeze [256]bool
}

func runTr(ctx context.Context, c *commands.Context) int {
	res, sets, status, ok := trOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	comp := f.Has("c") || f.Has("C")
	del, sq := f.Has("d"), f.Has("s")
	need := 2
	if del && !sq || !del && sq && len(sets) == 1 {
		need = 1
	}
	switch {
	case len(sets) == 0:
		return opts.UsageError(c, 1, "missing operand")
	case len(sets) < need:
		msg := "Two strings must be given when translating."
		if del {
			msg = "Two strings must be given when both deleting and squeezing repeats."
		}
		c.Errorf("missing operand after %s", commands.QuoteArg(c.Args[len(c.Args)-1])) // GNU names argv[argc-1]
		fmt.Fprintf(c.Stderr, "%s\nTry '%s --help' for more information.\n", msg, c.Name())
		return 1
	case len(sets) > need:
		c.Errorf("extra operand '%s'", sets[need])
		if need == 1 && del {
			fmt.Fprintln(c.Stderr, "Only one string may be given when deleting without squeezing repeats.")
		}
		fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
		return 1
	}
	for _, set := range sets {
		if trTrailingBackslash(set) {
			c.Errorf("warning: an unescaped backslash at end of string is not portable")
		}
	}
	plan, err := buildTrPlan(sets, comp, del, sq, f.Has("t"))
	if st, ok := c.LimitStatus(err); ok {
		return st
	}
	if err != nil {
		c.Errorf("%s", err)
		return 1
	}
	return plan.run(ctx, c)
}

func buildTrPlan(sets []string, comp, del, sq, truncate bool) (*trPlan, error) {
	p := &trPlan{}
	for i := range p.xlate {
		p.xlate[i] = byte(i)
	}
	e1, err := parseTrSet(sets[0])
	if err != nil {
		return nil, err
	}
	if err := checkTrSize(e1); err != nil {
		return nil, err
	}
	for _, e := range e1 {
		if e.rep {
			return nil, fmt.Errorf("the [c*] repeat construct may not appear in string1")
		}
	}
	set1 := expandTrSet(e1, 0)
	if comp {
		var in [256]bool
		for _, b := range set1 {
			in[b] = true
		}
		set1 = set1[:0]
		for b := 0; b < 256; b++ {
			if !in[b] {
				set1 = append(set1, byte(b))
			}
		}
	}
	var set2 []byte
	if len(sets) > 1 {
		e2, err := parseTrSet(sets[1])
		if err != nil {
			return nil, err
		}
		if err := checkTrSize(e2); err != nil {
			return nil, err
		}
		set2 = expandTrSet(e2, len(set1))
		translating := !del && !(sq && len(sets) == 1)
		if translating {
			if err := checkTrClasses(e1, e2, comp); err != nil {
				return nil, err
			}
		}
		if translating && !truncate && len(set1) > len(set2) && len(e2) > 0 && e2[len(e2)-1].class != "" {
			return nil, fmt.Errorf("when translating with string1 longer than string2,\nthe latter string must not end with a character class")
		}
	}
	switch {
	case del:
		for _, b := range set1 {
			p.del[b] = true
		}
		for _, b := range set2 {
			p.squeeze[b] = true
		}
	case len(set2) == 0 && sq:
		for _, b := range set1 {
			p.squeeze[b] = true
		}
	default:
		if len(set2) == 0 {
			return nil, fmt.Errorf("when not truncating set1, string2 must be non-empty")
		}
		if truncate && len(set1) > len(set2) {
			set1 = set1[:len(set2)]
		}
		for i, b := range set1 {
			p.xlate[b] = set2[min(i, len(set2)-1)]
		}
		if sq {
			for _, b := range set2 {
				p.squeeze[b] = true
			}
		}
	}
	return p, nil
}

// run streams stdin to stdout through the plan.
func (p *trPlan) run(ctx context.Context, c *commands.Context) int {
	in := commands.NewCtxReader(ctx, c.In())
	buf := make([]byte, 64*1024)
	out := make([]byte, 0, 64*1024)
	last := -1
	for {
		n, err := in.Read(buf)
		out = out[:0]
		for _, b := range buf[:n] {
			if p.del[b] {
				continue
			}
			t := p.xlate[b]
			if p.squeeze[t] && int(t) == last {
				continue
			}
			last = int(t)
			out = append(out, t)
		}
		if len(out) > 0 {
			if _, werr := c.Stdout.Write(out); werr != nil {
				return c.WriteFailure(werr)
			}
		}
		if err == io.EOF {
			return 0
		}
		if err != nil {
			if ctx.Err() != nil {
				return 1
			}
			c.Errorf("read error: %s", commands.ErrText(err))
			return 1
		}
	}
}
