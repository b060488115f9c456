package sed

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
)

// longOpts maps GNU long option names to their short letter ('-' marks
// options with no short form). Unique prefixes are accepted.
var longOpts = map[string]byte{
	"quiet": 'n', "silent": 'n', "expression": 'e', "file": 'f', "in-place": 'i',
	"line-length": 'l', "regexp-extended": 'E', "separate": 's', "null-data": 'z',
	"zero-terminated": 'z', "unbuffered": 'u', "posix": 'P', "debug": '-',
	"sandbox": '-', "follow-symlinks": '-', "binary": '-', "help": 'h', "version": 'V',
}

// parseOptions reads sed's command line the way getopt_long would, with
// sed's quirk that -i takes an optional suffix glued to it.
func parseOptions(c *commands.Context) (*options, int, bool) {
	o := &options{lwidth: 70}
	args := c.Args[1:]
	var operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			operands = append(operands, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			used, st, ok := o.long(c, a[2:], args[i+1:])
			if !ok {
				return nil, st, false
			}
			i += used
		case len(a) > 1 && a[0] == '-':
			used, st, ok := o.short(c, a[1:], args[i+1:])
			if !ok {
				return nil, st, false
			}
			i += used
		default:
			operands = append(operands, a)
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

func (o *options) long(c *commands.Context, s string, rest []string) (int, int, bool) {
	name, val, hasVal := strings.Cut(s, "=")
	letter, ok := longOpts[name]
	if !ok {
		var found []string
		for k := range longOpts {
			if strings.HasPrefix(k, name) {
				found = append(found, k)
			}
		}
		if len(found) != 1 {
			return badUsage(c, fmt.Sprintf("unrecognized option '--%s'", s))
		}
		name, letter = found[0], longOpts[found[0]]
	}
	switch letter {
	case 'e', 'f', 'l':
		used := 0
		if !hasVal {
			if len(rest) == 0 {
				return badUsage(c, fmt.Sprintf("option '--%s' requires an argument", name))
			}
			val, used = rest[0], 1
		}
		st, ok := o.withArg(c, letter, val)
		return used, st, ok
	case 'i':
		o.inPlace, o.suffix = true, val
		return 0, 0, true
	}
	if hasVal {
		return badUsage(c, fmt.Sprintf("option '--%s' doesn't allow an argument", name))
	}
	st, ok := o.flag(c, letter)
	return 0, st, ok
}

func (o *options) short(c *commands.Context, s string, rest []string) (int, int, bool) {
	for j := 0; j < len(s); j++ {
		ch := s[j]
		switch ch {
		case 'e', 'f', 'l':
			if j+1 < len(s) {
				st, ok := o.withArg(c, ch, s[j+1:])
				return 0, st, ok
			}
			if len(rest) == 0 {
				return badUsage(c, fmt.Sprintf("option requires an argument -- '%c'", ch))
			}
			st, ok := o.withArg(c, ch, rest[0])
			return 1, st, ok
		case 'i':
			o.inPlace, o.suffix = true, s[j+1:]
			return 0, 0, true
		case 'n', 'r', 'E', 's', 'z', 'u':
			o.flag(c, ch)
		default:
			return badUsage(c, fmt.Sprintf("invalid option -- '%c'", ch))
		}
	}
	return 0, 0, true
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
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			c.Errorf("invalid line length: %s", val)
			return 1, false
		}
		o.lwidth = n
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
			return 1, false
		}
		s := strings.TrimSuffix(string(data), "\n")
		o.addScript(s, val)
	}
	return 0, true
}
