package sed

import (
	"context"
	"fmt"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

// sedOpts is GNU sed's option table. -i takes its suffix only glued to it
// (Optional); the keys are the short letters o.flag and o.withArg know.
// The order of the long names is GNU's, so "ambiguous" lists match.
var sedOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'n', Long: "quiet"}, {Long: "silent", Key: "n"}, {Long: "sandbox", Key: "-"},
	{Short: 'e', Long: "expression", Arg: true}, {Short: 'f', Long: "file", Arg: true},
	{Short: 'i', Long: "in-place", Optional: true}, {Short: 'l', Long: "line-length", Arg: true},
	{Short: 'E', Long: "regexp-extended"}, {Short: 'r', Key: "E"},
	{Short: 's', Long: "separate"}, {Short: 'z', Long: "null-data"}, {Long: "zero-terminated", Key: "z"},
	{Short: 'u', Long: "unbuffered"}, {Long: "posix", Key: "P"},
	{Long: "debug", Key: "-"}, {Long: "follow-symlinks", Key: "-"}, {Long: "binary", Key: "-"},
	{Long: "help", Key: "h"}, {Long: "version", Key: "V"},
}}

// parseOptions reads sed's command line with the shared option parser.
func parseOptions(c *commands.Context) (*options, int, bool) {
	o := &options{lwidth: 70}
	res, operands, err := sedOpts.Split(c.Args[1:])
	if err != nil {
		_, st, ok := badUsage(c, err.Error())
		return nil, st, ok
	}
	for _, r := range res {
		ch := r.Key[0]
		switch ch {
		case 'e', 'f', 'l':
			if st, ok := o.withArg(c, ch, r.Val); !ok {
				return nil, st, false
			}
		case 'i':
			o.inPlace, o.suffix = true, r.Val
		default:
			if st, ok := o.flag(c, ch); !ok {
				return nil, st, false
			}
		}
	}
	if len(o.script) == 0 {
		if len(operands) == 0 {
			fmt.Fprint(c.Stderr, usageText)
			return nil, 1, false
		}
		o.addScript(operands[0], "")
		operands = operands[1:]
	}
	if o.inPlace {
		o.separate = true
	}
	o.files = operands
	return o, 0, true
}

func (o *options) addScript(s, file string) {
	start := 0
	for _, part := range o.script {
		start += len(part) + 1
	}
	num := 1
	for _, ch := range o.chunks {
		if ch.file == "" {
			num++
		}
	}
	o.chunks = append(o.chunks, chunk{start: start, file: file, num: num})
	o.script = append(o.script, s)
}

func badUsage(c *commands.Context, msg string) (int, int, bool) {
	fmt.Fprintf(c.Stderr, "sed: %s\n%s", msg, usageText)
	return 0, 1, false
}

func (o *options) flag(c *commands.Context, ch byte) (int, bool) {
	switch ch {
	case 'n':
		o.quiet = true
	case 'r', 'E':
		o.ere = true
	case 's':
		o.separate = true
	case 'z':
		o.nul = true
	case 'u':
		o.unbuf = true
	case 'P':
		o.posix = true
	case 'h':
		fmt.Fprint(c.Stdout, helpText)
		return 0, false
	case 'V':
		fmt.Fprint(c.Stdout, "sed (GNU sed) 4.9\n")
		return 0, false
	}
	return 0, true
}

func (o *options) withArg(c *commands.Context, ch byte, val string) (int, bool) {
	switch ch {
	case 'e':
		o.addScript(val, "")
	case 'l':
		// GNU sed reads N with atoi: no error, garbage is 0.
		o.lwidth = atoi(val)
	case 'f':
		var data []byte
		var err error
		if val == "-" {
			// Stdin is already context-guarded (see run); the bound is
			// what matters here.
			data, err = c.ReadAll(context.Background(), c.Stdin)
		} else {
			data, err = c.ReadFile(context.Background(), val)
		}
		if st, ok := c.LimitStatus(err); ok {
			return st, false
		}
		if err != nil {
			c.Errorf("couldn't open file %s: %s", val, commands.ErrText(err))
			return 4, false // GNU sed's "panic" status
		}
		s := strings.TrimSuffix(string(data), "\n")
		o.addScript(s, val)
	}
	return 0, true
}

// atoi is C's: optional blanks and sign, then the leading digits; 0 when
// there are none; clamped rather than overflowing.
func atoi(s string) int {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	n := 0
	for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if n < 1<<40 {
			n = n*10 + int(s[i]-'0')
		}
	}
	if neg {
		return -n
	}
	return n
}
