// Package opts is the one option parser of the sandbox's commands. It
// follows GNU getopt_long: clustered short flags (-nrf), values attached
// or separate (-n5, -n 5, --lines=5, --lines 5), unambiguous abbreviations
// of long options (--num for --numeric-sort), "--" ending the options,
// operands mixed with options unless StopAtOperand, and GNU's messages and
// status for bad options:
//
//	ls: unrecognized option '--zz'
//	Try 'ls --help' for more information.
//
// Hooks cover the command lines that are not GNU's:
//
//   - Opt.Optional: a value that must be attached (sed -i[SUFFIX],
//     --in-place[=SUFFIX], date -I[FMT]).
//   - Opt.Values: several values in the following arguments (jq's
//     --arg NAME VALUE), never attached.
//   - Parser.LongOnly: single-dash long options (sqlite3 -header, as
//     getopt_long_only).
//   - Parser.Exact: no abbreviations (jq, sqlite3 spell names out).
//   - Parser.NoInline: "--name=value" is one unknown word, not a name and
//     a value (jq, sqlite3).
//   - Parser.NoEnd: "--" is an option word like any other (sqlite3 has no
//     end of options).
//   - Parser.Operand: an argument that starts with '-' but is an operand
//     (jq's filter "-5 % 3", seq's "-1.5", chmod's mode "-w").
//
// Split returns *Error with a Kind and the argument as written, so a
// command that words its errors its own way (jq, sqlite3) can do so; Parse
// prints GNU's wording.
package opts

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/justbash/justbash/commands"
)

// Opt describes one option: a short letter and/or a long name, and whether
// it takes a value. Key names it in results; it defaults to the short
// letter, then the long name, so "-r" and "--recursive" give the same key.
type Opt struct {
	Short byte
	Long  string
	// Arg: the option requires a value, attached or in the next argument.
	Arg bool
	// Optional: the option takes a value only when attached (-iSUF,
	// --in-place=SUF); the next argument is never consumed.
	Optional bool
	// Values: the option takes this many values from the following
	// arguments (2 for jq's --arg NAME VALUE); Result.Vals holds them and
	// Val is the first. A value is never attached.
	Values int
	Key    string
}

func (o *Opt) id() string {
	switch {
	case o.Key != "":
		return o.Key
	case o.Short != 0:
		return string(o.Short)
	}
	return o.Long
}

func (o *Opt) takesValue() bool { return o.Arg || o.Optional || o.Values > 0 }

// Result is one option occurrence, in command-line order.
type Result struct {
	Key string
	Val string
	// Vals are the values of an Opt with Values set, in order.
	Vals []string
	// HasVal: a value was given ("--group=" has an empty one, "--group"
	// none), for Optional options.
	HasVal bool
}

// Parser is a command's option table and its rules.
type Parser struct {
	Opts []Opt
	// Usage is the exit status for usage errors; 0 means 2, GNU's usual.
	Usage int
	// StopAtOperand ends the options at the first operand, as POSIX wants
	// for command runners (env, nice, xargs, timeout).
	StopAtOperand bool
	// LongOnly lets a single dash start a long option (-header), falling
	// back to short options when no long name matches.
	LongOnly bool
	// Exact: long names must be given in full; no abbreviations.
	Exact bool
	// NoInline: "--name=value" is not split at '='; the whole word names
	// the option (and so is unknown).
	NoInline bool
	// NoEnd: "--" does not end the options; it is an unknown option, as
	// sqlite3 reads it.
	NoEnd bool
	// Operand reports that an argument starting with '-' (never "--") is
	// an operand all the same. nil: every such argument is an option.
	Operand func(arg string) bool
	// Check, when set, sees each option word (not the values it takes)
	// before it is parsed; an error ends the parse with that error (jq
	// refuses "-rr", as its letter counting does).
	Check func(arg string) error
	// NamedHint: the "Try ... --help" line starts with the program name,
	// as diffutils print it ("diff: Try 'diff --help' ...").
	NamedHint bool
	// Help is printed on stdout for --help (unless an Opt claims "help").
	Help string
	// Version is printed on stdout for --version (unless an Opt claims
	// "version"); empty gives "NAME (justbash)". A parser with neither
	// Help nor Version has no implicit --help or --version: the command
	// handles them in its table.
	Version string
}

// Errors of Split besides *Error.
var (
	// ErrHelp is returned for --help when the table has no "help" option.
	ErrHelp = errors.New("help requested")
	// ErrVersion is returned for --version likewise.
	ErrVersion = errors.New("version requested")
)

// ErrKind says what is wrong with an option.
type ErrKind int

// The kinds of usage error.
const (
	// Unknown: no option has this name or letter.
	Unknown ErrKind = iota + 1
	// Ambiguous: an abbreviation matches several long options.
	Ambiguous
	// Missing: the option's value (or one of its Values) is absent.
	Missing
	// Unwanted: a value was attached to an option that takes none.
	Unwanted
)

// Error is a usage error. Msg is worded as GNU getopt prints it; a command
// with its own wording uses Kind, Arg and Name.
type Error struct {
	Msg  string
	Kind ErrKind
	// Arg is the command-line argument as written ("-rZ", "--foo=1").
	Arg string
	// Name is the option as the argument names it, dash included
	// ("--arg", "-separator", "-Z").
	Name string
}

func (e *Error) Error() string { return e.Msg }

func usageErr(kind ErrKind, arg, name, format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...), Kind: kind, Arg: arg, Name: name}
}

// Split divides args (without argv[0]) into options and operands. It does
// no printing: errors are *Error, ErrHelp or ErrVersion. With an error, res
// holds the options before the bad one, for a command that acts on the
// first of them in order (jq's -h before a later bad option).
func (p *Parser) Split(args []string) (res []Result, operands []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" && !p.NoEnd:
			return res, append(operands, args[i+1:]...), nil
		case len(a) > 1 && a[0] == '-' && (p.Operand == nil || a[1] == '-' || !p.Operand(a)):
			if p.Check != nil {
				if err := p.Check(a); err != nil {
					return res, nil, err
				}
			}
			rs, used, err := p.option(a, args[i+1:])
			if err != nil {
				return res, nil, err
			}
			i += used
			res = append(res, rs...)
		default:
			if p.StopAtOperand {
				return res, append(operands, args[i:]...), nil
			}
			operands = append(operands, a)
		}
	}
	return res, operands, nil
}

// option reads the option word a (and values from rest).
func (p *Parser) option(a string, rest []string) ([]Result, int, error) {
	if strings.HasPrefix(a, "--") {
		r, used, err := p.long(a[2:], "--", rest)
		if err != nil {
			return nil, 0, err
		}
		return []Result{r}, used, nil
	}
	if p.LongOnly {
		r, used, matched, err := p.longOnly(a[1:], rest)
		if err != nil {
			return nil, 0, err
		}
		if matched {
			return []Result{r}, used, nil
		}
	}
	rs, used, err := p.short(a[1:], rest)
	if err != nil {
		return nil, 0, err
	}
	return rs, used, nil
}

// Parse is Split for a command: a usage error is printed GNU style on
// c.Stderr and gives ok=false with the usage status; --help and --version
// print on c.Stdout and give ok=false with status 0.
func (p *Parser) Parse(c *commands.Context, args []string) (res []Result, operands []string, status int, ok bool) {
	res, operands, err := p.Split(args)
	if err == nil {
		return res, operands, 0, true
	}
	switch err {
	case ErrHelp:
		return nil, nil, writeText(c, p.Help), false
	case ErrVersion:
		v := p.Version
		if v == "" {
			v = c.Name() + " (justbash)\n"
		}
		return nil, nil, writeText(c, v), false
	}
	return nil, nil, p.UsageError(c, p.status(), "%s", err.Error()), false
}

// ParseChecked is Parse for a command that checks option values as GNU's
// getopt loop does, one option at a time in command-line order: check
// applies and validates a run of results, printing its own message and
// returning ok false on a bad value. On success it sees every result. On
// a usage error it first sees the results parsed before the bad word, so
// "head -c 1.5 -Q" reports the count, as GNU head does, not the option.
func (p *Parser) ParseChecked(c *commands.Context, args []string, check func([]Result) (status int, ok bool)) (operands []string, status int, ok bool) {
	res, operands, err := p.Split(args)
	if err != nil && err != ErrHelp && err != ErrVersion {
		if st, ok := check(res); !ok {
			return nil, st, false
		}
	}
	if err != nil {
		_, _, st, _ := p.Parse(c, args)
		return nil, st, false
	}
	if st, ok := check(res); !ok {
		return nil, st, false
	}
	return operands, 0, true
}

func writeText(c *commands.Context, s string) int {
	if _, err := io.WriteString(c.Stdout, s); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

func (p *Parser) status() int {
	if p.Usage == 0 {
		return 2
	}
	return p.Usage
}

// Implicit options' keys: no table key starts with a NUL.
const (
	keyHelp    = "\x00help"
	keyVersion = "\x00version"
)

// longTable is the table plus the implicit --help and --version.
func (p *Parser) longTable() []Opt {
	t := p.Opts[:len(p.Opts):len(p.Opts)]
	if p.Help != "" && !p.has("help") {
		t = append(t, Opt{Long: "help", Key: keyHelp})
	}
	if (p.Help != "" || p.Version != "") && !p.has("version") {
		t = append(t, Opt{Long: "version", Key: keyVersion})
	}
	return t
}

func (p *Parser) has(long string) bool {
	for i := range p.Opts {
		if p.Opts[i].Long == long {
			return true
		}
	}
	return false
}

// match finds the long option that name names: an exact name wins, else a
// unique prefix. Candidates that are the same option (same key and value
// kind) count as one, as getopt_long counts them. nil, nil: no match.
//
// whole is the argument after the dash ("s=5"): glibc's ambiguity message
// quotes all of it.
func (p *Parser) match(name, dash, whole string) (*Opt, error) {
	table := p.longTable()
	var cands []*Opt
	for i := range table {
		o := &table[i]
		if o.Long == "" || !strings.HasPrefix(o.Long, name) {
			continue
		}
		if o.Long == name {
			return o, nil
		}
		if !p.Exact {
			cands = append(cands, o)
		}
	}
	if len(cands) == 0 {
		return nil, nil
	}
	for _, o := range cands[1:] {
		if o.id() != cands[0].id() || o.Arg != cands[0].Arg || o.Optional != cands[0].Optional {
			// glibc lists the first match and those that differ from it
			// (an alias of the first, like grep's --fixed-strings of
			// --fixed-regexp, is left out).
			names := []string{"'" + dash + cands[0].Long + "'"}
			for _, c := range cands[1:] {
				if c.id() != cands[0].id() || c.Arg != cands[0].Arg || c.Optional != cands[0].Optional {
					names = append(names, "'"+dash+c.Long+"'")
				}
			}
			return nil, usageErr(Ambiguous, dash+whole, dash+name, "option '%s%s' is ambiguous; possibilities: %s", dash, whole, strings.Join(names, " "))
		}
	}
	return cands[0], nil
}

// long handles "name" or "name=value" after dash.
func (p *Parser) long(s, dash string, rest []string) (Result, int, error) {
	name, val, hasVal := p.cut(s)
	var o *Opt
	var err error
	if name != "" { // "--" itself, under NoEnd, names nothing
		o, err = p.match(name, dash, s)
	}
	if err != nil {
		return Result{}, 0, err
	}
	if o == nil {
		return Result{}, 0, usageErr(Unknown, dash+s, dash+name, "unrecognized option '%s%s'", dash, s)
	}
	return longValue(o, dash, val, hasVal, rest)
}

// cut splits "name=value" unless NoInline.
func (p *Parser) cut(s string) (name, val string, hasVal bool) {
	if p.NoInline {
		return s, "", false
	}
	return strings.Cut(s, "=")
}

func longValue(o *Opt, dash, val string, hasVal bool, rest []string) (Result, int, error) {
	switch o.Key {
	case keyHelp:
		return Result{}, 0, ErrHelp
	case keyVersion:
		return Result{}, 0, ErrVersion
	}
	name := dash + o.Long
	switch {
	case o.Values > 0:
		if hasVal {
			return Result{}, 0, usageErr(Unwanted, name+"="+val, name, "option '%s' doesn't allow an argument", name)
		}
		return values(o, name, o.Values, rest)
	case !o.takesValue() && hasVal:
		return Result{}, 0, usageErr(Unwanted, name+"="+val, name, "option '%s' doesn't allow an argument", name)
	case hasVal || o.Optional:
		return Result{Key: o.id(), Val: val, HasVal: hasVal}, 0, nil
	case !o.Arg:
		return Result{Key: o.id()}, 0, nil
	case len(rest) == 0:
		return Result{}, 0, usageErr(Missing, name, name, "option '%s' requires an argument", name)
	}
	return Result{Key: o.id(), Val: rest[0]}, 1, nil
}

// values takes o's n values from rest.
func values(o *Opt, name string, n int, rest []string) (Result, int, error) {
	if len(rest) < n {
		return Result{}, 0, usageErr(Missing, name, name, "option '%s' requires %d arguments", name, n)
	}
	vals := append([]string(nil), rest[:n]...)
	return Result{Key: o.id(), Val: vals[0], Vals: vals}, n, nil
}

// longOnly tries s (after one dash) as a long option, as getopt_long_only
// does: a long name (or unique prefix) wins, except that a lone letter
// that is a short option stays short. matched is false when s is to be
// read as short options.
func (p *Parser) longOnly(s string, rest []string) (r Result, used int, matched bool, err error) {
	if len(s) == 1 && p.short1(s[0]) != nil {
		return Result{}, 0, false, nil
	}
	name, val, hasVal := p.cut(s)
	o, err := p.match(name, "-", s)
	if err != nil {
		return Result{}, 0, true, err
	}
	if o == nil {
		if p.short1(s[0]) == nil {
			return Result{}, 0, true, usageErr(Unknown, "-"+s, "-"+name, "unrecognized option '-%s'", s)
		}
		return Result{}, 0, false, nil
	}
	r, used, err = longValue(o, "-", val, hasVal, rest)
	return r, used, true, err
}

func (p *Parser) short1(b byte) *Opt {
	for i := range p.Opts {
		if p.Opts[i].Short == b {
			return &p.Opts[i]
		}
	}
	return nil
}

// short handles a cluster such as "nrf" or "n5".
func (p *Parser) short(s string, rest []string) ([]Result, int, error) {
	var res []Result
	for j := 0; j < len(s); j++ {
		o := p.short1(s[j])
		switch {
		case o == nil:
			return res, 0, usageErr(Unknown, "-"+s, "-"+s[j:j+1], "invalid option -- '%c'", s[j])
		case o.Values > 0:
			if j+1 < len(s) {
				return res, 0, usageErr(Unwanted, "-"+s, "-"+s[j:j+1], "option '-%c' takes its values in the following arguments", s[j])
			}
			r, used, err := values(o, "-"+s[j:j+1], o.Values, rest)
			if err != nil {
				return res, 0, err
			}
			return append(res, r), used, nil
		case !o.takesValue():
			res = append(res, Result{Key: o.id()})
			continue
		case j+1 < len(s):
			return append(res, Result{Key: o.id(), Val: s[j+1:], HasVal: true}), 0, nil
		case o.Optional:
			return append(res, Result{Key: o.id()}), 0, nil
		case len(rest) == 0:
			return res, 0, usageErr(Missing, "-"+s, "-"+s[j:j+1], "option requires an argument -- '%c'", s[j])
		}
		return append(res, Result{Key: o.id(), Val: rest[0]}), 1, nil
	}
	return res, 0, nil
}

// Flags is a map view of results: the last value of each key.
type Flags map[string]string

// ToFlags collects res into a Flags.
func ToFlags(res []Result) Flags {
	f := Flags{}
	for _, r := range res {
		f[r.Key] = r.Val
	}
	return f
}

// Has reports whether the option key was given.
func (f Flags) Has(key string) bool {
	_, ok := f[key]
	return ok
}

// UsageError is the package's UsageError with the parser's hint style.
func (p *Parser) UsageError(c *commands.Context, status int, format string, args ...any) int {
	if !p.NamedHint {
		return UsageError(c, status, format, args...)
	}
	c.Errorf(format, args...)
	c.Errorf("Try '%s --help' for more information.", c.Name())
	return status
}

// UsageError prints "cmd: msg" and GNU's --help hint, and returns status.
func UsageError(c *commands.Context, status int, format string, args ...any) int {
	c.Errorf(format, args...)
	fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
	return status
}

// SoleHelp is --help and --version for commands that take no options but
// honour these two when they are the only argument, as GNU true, false,
// echo and printf do. done reports that one was handled.
func SoleHelp(c *commands.Context, help string) (status int, done bool) {
	if len(c.Args) != 2 {
		return 0, false
	}
	switch c.Args[1] {
	case "--help":
		return writeText(c, help), true
	case "--version":
		return writeText(c, c.Name()+" (justbash)\n"), true
	}
	return 0, false
}
