package commands

import (
	"fmt"
	"strings"
)

// opt describes one option of a command: a short letter and/or a long name,
// and whether it takes a value. key names it in the parse result.
type opt struct {
	short byte
	long  string
	arg   bool
	key   string
}

// optKey returns the identifier used for an option in results.
func (o opt) id() string {
	switch {
	case o.key != "":
		return o.key
	case o.short != 0:
		return string(o.short)
	}
	return o.long
}

// optResult is one option occurrence, in command-line order.
type optResult struct {
	key string
	val string
}

// optParser is a GNU getopt_long style parser driven by a table.
type optParser struct {
	opts []opt
	// usage is the exit status for usage errors (2 for most tools).
	usage int
	// stopAtOperand stops option parsing at the first operand, as POSIX
	// requires for env, nice and similar command runners.
	stopAtOperand bool
	// help is printed for --help (when no table entry claims "help").
	help string
}

// parse splits args (without argv[0]) into options and operands. On a
// usage error it prints the GNU message and returns ok=false with status.
func (p *optParser) parse(c *Context, args []string) (res []optResult, operands []string, status int, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return res, append(operands, args[i+1:]...), 0, true
		case strings.HasPrefix(a, "--"):
			if a == "--help" && p.help != "" && p.findLong("help") == nil {
				fmt.Fprint(c.Stdout, p.help)
				return nil, nil, 0, false
			}
			r, used, err := p.parseLong(a[2:], args[i+1:])
			if err != "" {
				return nil, nil, p.fail(c, err), false
			}
			i += used
			res = append(res, r)
		case len(a) > 1 && a[0] == '-':
			rs, used, err := p.parseShort(a[1:], args[i+1:])
			res = append(res, rs...)
			if err != "" {
				return nil, nil, p.fail(c, err), false
			}
			i += used
		default:
			if p.stopAtOperand {
				return res, append(operands, args[i:]...), 0, true
			}
			operands = append(operands, a)
		}
	}
	return res, operands, 0, true
}

func (p *optParser) fail(c *Context, msg string) int {
	fmt.Fprintf(c.Stderr, "%s: %s\nTry '%s --help' for more information.\n", c.Name(), msg, c.Name())
	if p.usage == 0 {
		return 2
	}
	return p.usage
}

func (p *optParser) findLong(name string) *opt {
	for i := range p.opts {
		if p.opts[i].long == name {
			return &p.opts[i]
		}
	}
	return nil
}

// parseLong handles "name" or "name=value"; unique prefixes are accepted
// as getopt_long does.
func (p *optParser) parseLong(s string, rest []string) (optResult, int, string) {
	name, val, hasVal := strings.Cut(s, "=")
	o := p.findLong(name)
	if o == nil {
		var cands []*opt
		for i := range p.opts {
			if p.opts[i].long != "" && strings.HasPrefix(p.opts[i].long, name) {
				cands = append(cands, &p.opts[i])
			}
		}
		switch {
		case len(cands) == 0:
			return optResult{}, 0, fmt.Sprintf("unrecognized option '--%s'", s)
		case len(cands) > 1:
			var names []string
			for _, c := range cands {
				names = append(names, "'--"+c.long+"'")
			}
			return optResult{}, 0, fmt.Sprintf("option '--%s' is ambiguous; possibilities: %s", name, strings.Join(names, " "))
		}
		o = cands[0]
	}
	if !o.arg {
		if hasVal {
			return optResult{}, 0, fmt.Sprintf("option '--%s' doesn't allow an argument", o.long)
		}
		return optResult{key: o.id()}, 0, ""
	}
	if hasVal {
		return optResult{key: o.id(), val: val}, 0, ""
	}
	if len(rest) == 0 {
		return optResult{}, 0, fmt.Sprintf("option '--%s' requires an argument", o.long)
	}
	return optResult{key: o.id(), val: rest[0]}, 1, ""
}

// parseShort handles a cluster such as "nrf" or "n5".
func (p *optParser) parseShort(s string, rest []string) ([]optResult, int, string) {
	var res []optResult
	for j := 0; j < len(s); j++ {
		var o *opt
		for i := range p.opts {
			if p.opts[i].short == s[j] {
				o = &p.opts[i]
				break
			}
		}
		if o == nil {
			return res, 0, fmt.Sprintf("invalid option -- '%c'", s[j])
		}
		if !o.arg {
			res = append(res, optResult{key: o.id()})
			continue
		}
		if j+1 < len(s) {
			return append(res, optResult{key: o.id(), val: s[j+1:]}), 0, ""
		}
		if len(rest) == 0 {
			return res, 0, fmt.Sprintf("option requires an argument -- '%c'", s[j])
		}
		return append(res, optResult{key: o.id(), val: rest[0]}), 1, ""
	}
	return res, 0, ""
}

// flagSet is a convenience view of parse results for boolean options.
type flagSet map[string]string

func toFlags(res []optResult) flagSet {
	f := flagSet{}
	for _, r := range res {
		f[r.key] = r.val
	}
	return f
}

func (f flagSet) has(key string) bool {
	_, ok := f[key]
	return ok
}

// usageError prints "cmd: msg" plus the --help hint and returns status.
func (c *Context) usageError(status int, format string, args ...any) int {
	c.Errorf(format, args...)
	fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
	return status
}
