package opts

import (
	"github.com/justbash/justbash/commands"

	"fmt"
	"strings"
)

// opt describes one option of a command: a short letter and/or a long name,
// and whether it takes a value. key names it in the parse result.
type Opt struct {
	Short byte
	Long  string
	Arg   bool
	Key   string
}

// optKey returns the identifier used for an option in results.
func (o Opt) id() string {
	switch {
	case o.Key != "":
		return o.Key
	case o.Short != 0:
		return string(o.Short)
	}
	return o.Long
}

// optResult is one option occurrence, in command-line order.
type OptResult struct {
	Key string
	Val string
}

// optParser is a GNU getopt_long style parser driven by a table.
type OptParser struct {
	Opts []Opt
	// usage is the exit status for usage errors (2 for most tools).
	Usage int
	// stopAtOperand stops option parsing at the first operand, as POSIX
	// requires for env, nice and similar command runners.
	StopAtOperand bool
	// help is printed for --help (when no table entry claims "help").
	Help string
}

// parse splits args (without argv[0]) into options and operands. On a
// usage error it prints the GNU message and returns ok=false with status.
func (p *OptParser) Parse(c *commands.Context, args []string) (res []OptResult, operands []string, status int, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return res, append(operands, args[i+1:]...), 0, true
		case strings.HasPrefix(a, "--"):
			if a == "--help" && p.Help != "" && p.findLong("help") == nil {
				fmt.Fprint(c.Stdout, p.Help)
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
			if p.StopAtOperand {
				return res, append(operands, args[i:]...), 0, true
			}
			operands = append(operands, a)
		}
	}
	return res, operands, 0, true
}

func (p *OptParser) fail(c *commands.Context, msg string) int {
	fmt.Fprintf(c.Stderr, "%s: %s\nTry '%s --help' for more information.\n", c.Name(), msg, c.Name())
	if p.Usage == 0 {
		return 2
	}
	return p.Usage
}

func (p *OptParser) findLong(name string) *Opt {
	for i := range p.Opts {
		if p.Opts[i].Long == name {
			return &p.Opts[i]
		}
	}
	return nil
}

// parseLong handles "name" or "name=value"; unique prefixes are accepted
// as getopt_long does.
func (p *OptParser) parseLong(s string, rest []string) (OptResult, int, string) {
	name, val, hasVal := strings.Cut(s, "=")
	o := p.findLong(name)
	if o == nil {
		var cands []*Opt
		for i := range p.Opts {
			if p.Opts[i].Long != "" && strings.HasPrefix(p.Opts[i].Long, name) {
				cands = append(cands, &p.Opts[i])
			}
		}
		switch {
		case len(cands) == 0:
			return OptResult{}, 0, fmt.Sprintf("unrecognized option '--%s'", s)
		case len(cands) > 1:
			var names []string
			for _, c := range cands {
				names = append(names, "'--"+c.Long+"'")
			}
			return OptResult{}, 0, fmt.Sprintf("option '--%s' is ambiguous; possibilities: %s", name, strings.Join(names, " "))
		}
		o = cands[0]
	}
	if !o.Arg {
		if hasVal {
			return OptResult{}, 0, fmt.Sprintf("option '--%s' doesn't allow an argument", o.Long)
		}
		return OptResult{Key: o.id()}, 0, ""
	}
	if hasVal {
		return OptResult{Key: o.id(), Val: val}, 0, ""
	}
	if len(rest) == 0 {
		return OptResult{}, 0, fmt.Sprintf("option '--%s' requires an argument", o.Long)
	}
	return OptResult{Key: o.id(), Val: rest[0]}, 1, ""
}

// parseShort handles a cluster such as "nrf" or "n5".
func (p *OptParser) parseShort(s string, rest []string) ([]OptResult, int, string) {
	var res []OptResult
	for j := 0; j < len(s); j++ {
		var o *Opt
		for i := range p.Opts {
			if p.Opts[i].Short == s[j] {
				o = &p.Opts[i]
				break
			}
		}
		if o == nil {
			return res, 0, fmt.Sprintf("invalid option -- '%c'", s[j])
		}
		if !o.Arg {
			res = append(res, OptResult{Key: o.id()})
			continue
		}
		if j+1 < len(s) {
			return append(res, OptResult{Key: o.id(), Val: s[j+1:]}), 0, ""
		}
		if len(rest) == 0 {
			return res, 0, fmt.Sprintf("option requires an argument -- '%c'", s[j])
		}
		return append(res, OptResult{Key: o.id(), Val: rest[0]}), 1, ""
	}
	return res, 0, ""
}

// flagSet is a convenience view of parse results for boolean options.
type FlagSet map[string]string

func ToFlags(res []OptResult) FlagSet {
	f := FlagSet{}
	for _, r := range res {
		f[r.Key] = r.Val
	}
	return f
}

func (f FlagSet) Has(key string) bool {
	_, ok := f[key]
	return ok
}

// usageError prints "cmd: msg" plus the --help hint and returns status.
func UsageError(c *commands.Context, status int, format string, args ...any) int {
	c.Errorf(format, args...)
	fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
	return status
}
