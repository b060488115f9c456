package jq

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/justbash/justbash/commands/internal/opts"
)

// options is the parsed jq command line.
type options struct {
	filter     string
	haveFilter bool
	// fromFile is the filter's file: with the -f switch (filterFile), the
	// first operand.
	fromFile   string
	filterFile bool
	files      []string

	raw, join, rawNul, ascii, compact, nullInput, slurp bool
	exitStatus, sortKeys, color, rawInput, tab, seq     bool
	stream                                              bool
	indent                                              int

	// named holds --arg/--argjson/--slurpfile/--rawfile values in order.
	namedKeys []string
	namedVals []any
	// pendingFiles are --slurpfile/--rawfile reads done after parsing.
	slurpFiles []fileArg
	rawFiles   []fileArg

	positional []any
	// argMode is "" (operands are files), "args" or "jsonargs".
	argMode string
	// libPaths are the -L module search directories, in order.
	libPaths []string
}

// fileArg is a --slurpfile/--rawfile/--argfile request; idx is the slot
// of namedVals it fills, or -1 when an earlier option already bound the
// name. one: --argfile binds a file of one value to that value, not to an
// array of it.
type fileArg struct {
	name, path string
	idx        int
	one        bool
}

// usageErr is a command-line problem: jq prints it and exits 2. bare
// messages are printed without the "jq: " prefix, as jq 1.6 prints -L's.
type usageErr struct {
	msg  string
	bare bool
}

func (e *usageErr) Error() string { return e.msg }

// errHelp and errVersion end the parse at -h and -V, which jq acts on
// where it meets them.
var (
	errHelp    = errors.New("help")
	errVersion = errors.New("version")
)

// twoValues are the options that take a name and a value, with the word
// jq's message uses for the value.
var twoValues = map[string]string{
	"arg": "value", "argjson": "text", "slurpfile": "filename",
	"rawfile": "filename", "argfile": "filename",
}

// jqOpts is jq 1.6's command line on the shared parser: long names are
// exact and never take "=value", --arg and its kin take two values, and
// an argument is an option only when a letter or a dash follows the dash,
// so filters such as "-5 % 3" and "-.a" are operands.
var jqOpts = opts.Parser{Exact: true, NoInline: true, Check: checkCluster,
	Operand: func(a string) bool { return !isOptish(a) },
	Opts: []opts.Opt{
		{Short: 'r', Long: "raw-output"},
		{Short: 'j', Long: "join-output"},
		{Short: 'a', Long: "ascii-output"},
		{Short: 'c', Long: "compact-output"},
		{Short: 'n', Long: "null-input"},
		{Short: 's', Long: "slurp"},
		{Short: 'e', Long: "exit-status"},
		{Short: 'S', Long: "sort-keys"},
		{Short: 'C', Long: "color-output"},
		{Short: 'M', Long: "monochrome-output"},
		{Short: 'R', Long: "raw-input"},
		{Short: 'f', Long: "from-file"},
		{Short: 'h', Long: "help"},
		{Short: 'V', Long: "version"},
		{Short: 'L', Arg: true},
		{Long: "library-path", Arg: true, Key: "L"},
		{Long: "tab"}, {Long: "seq"}, {Long: "stream"}, {Long: "unbuffered"},
		{Long: "raw-output0"}, {Long: "args"}, {Long: "jsonargs"},
		{Long: "indent", Arg: true},
		{Long: "arg", Values: 2}, {Long: "argjson", Values: 2},
		{Long: "slurpfile", Values: 2}, {Long: "rawfile", Values: 2},
		{Long: "argfile", Values: 2},
	}}

// checkCluster refuses what jq's letter counting refuses: a letter given
// twice in one word (-rr) and -L anywhere but first (-nL).
func checkCluster(a string) error {
	if a[1] == '-' || a[1] == 'L' {
		return nil
	}
	for i := 1; i < len(a); i++ {
		if a[i] == 'L' || strings.IndexByte(a[i+1:], a[i]) >= 0 {
			return &usageErr{msg: "Unknown option " + a}
		}
	}
	return nil
}

// parseArgs reads jq's command line: options may appear anywhere, the
// first operand is the filter (or, with -f, the file holding it), the rest
// are files or, after --args / --jsonargs, positional values. A "--" ends
// the options, as in jq 1.7 (jq 1.6 prints its usage when "--" comes
// before the filter).
func parseArgs(args []string) (*options, error) {
	res, operands, err := jqOpts.Split(args)
	o := &options{indent: 2}
	for _, r := range res {
		if e := o.apply(r); e != nil {
			return nil, e
		}
	}
	if err != nil {
		return nil, splitErr(err)
	}
	for _, a := range operands {
		if err := o.operand(a); err != nil {
			return nil, err
		}
	}
	if o.filterFile {
		// -f is a switch: the first operand names the filter's file, and
		// with none jq tries "." (its default filter) as one.
		o.fromFile = "."
		if o.haveFilter {
			o.fromFile, o.haveFilter = o.filter, false
		}
	}
	return o, nil
}

// splitErr words a parse error as jq 1.6 does.
func splitErr(err error) error {
	var e *opts.Error
	switch {
	case errors.As(err, new(*usageErr)):
		return err
	case !errors.As(err, &e):
		return &usageErr{msg: err.Error()}
	case e.Kind != opts.Missing:
		return &usageErr{msg: "Unknown option " + e.Arg}
	case e.Name == "-L" || e.Name == "--library-path":
		return &usageErr{msg: "-L takes a parameter: (e.g. -L /search/path or -L/search/path)", bare: true}
	}
	name := strings.TrimPrefix(e.Name, "--")
	if word, ok := twoValues[name]; ok {
		return &usageErr{msg: fmt.Sprintf("--%s takes two parameters (e.g. --%s varname %s)", name, name, word)}
	}
	return &usageErr{msg: e.Name + " takes one parameter"}
}

// apply sets what one option asks for, in command-line order.
func (o *options) apply(r opts.Result) error {
	switch r.Key {
	case "r":
		o.raw = true
	case "a":
		o.ascii = true
	case "c":
		o.compact = true
	case "n":
		o.nullInput = true
	case "s":
		o.slurp = true
	case "e":
		o.exitStatus = true
	case "S":
		o.sortKeys = true
	case "R":
		o.rawInput = true
	case "tab":
		o.tab = true
	case "seq":
		o.seq = true
	case "stream":
		o.stream = true
	case "h":
		return errHelp
	case "V":
		return errVersion
	case "j":
		o.raw, o.join = true, true
	case "raw-output0":
		o.raw, o.join, o.rawNul = true, true, true
	case "C":
		o.color = true
	case "M":
		o.color = false
	case "f":
		o.filterFile = true
	case "L":
		o.libPaths = append(o.libPaths, strings.TrimPrefix(r.Val, "="))
	case "args", "jsonargs":
		o.argMode = r.Key
	case "indent":
		// jq reads the number with atoi: "3x" is 3, "x" is 0.
		n := atoi(r.Val)
		if n < -1 || n > 7 {
			return &usageErr{msg: "--indent takes a number between -1 and 7"}
		}
		o.indent = n
	case "arg", "argjson", "slurpfile", "rawfile", "argfile":
		return o.named(r.Key, r.Vals[0], r.Vals[1])
	}
	return nil
}

// atoi is C's: optional blanks and sign, then digits; anything else ends
// the number, and no digits give 0. It saturates rather than overflow.
func atoi(s string) int {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	n := 0
	for i := 0; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		if n < 1<<20 {
			n = n*10 + int(s[i]-'0')
		}
	}
	if neg {
		return -n
	}
	return n
}

func (o *options) named(kind, key, val string) error {
	switch kind {
	case "arg":
		o.setNamed(key, val)
	case "argjson":
		v, err := parseOneJSON(val)
		if err != nil {
			return &usageErr{msg: "invalid JSON text passed to --argjson"}
		}
		o.setNamed(key, v)
	case "slurpfile", "argfile":
		o.slurpFiles = append(o.slurpFiles, fileArg{key, val, o.setNamed(key, nil), kind == "argfile"})
	case "rawfile":
		o.rawFiles = append(o.rawFiles, fileArg{key, val, o.setNamed(key, nil), false})
	}
	return nil
}

// setNamed records $name and returns its slot. As in jq 1.6, the first
// binding of a name is the one the program sees: a later --arg, --argjson,
// --slurpfile or --rawfile of the same name is ignored (slot -1).
func (o *options) setNamed(key string, v any) int {
	for _, k := range o.namedKeys {
		if k == key {
			return -1
		}
	}
	o.namedKeys = append(o.namedKeys, key)
	o.namedVals = append(o.namedVals, v)
	return len(o.namedVals) - 1
}

func (o *options) operand(a string) error {
	if !o.haveFilter {
		o.filter, o.haveFilter = a, true
		return nil
	}
	switch o.argMode {
	case "args":
		o.positional = append(o.positional, a)
	case "jsonargs":
		v, err := parseOneJSON(a)
		if err != nil {
			return &usageErr{msg: "Invalid JSON text passed to --jsonargs"}
		}
		o.positional = append(o.positional, v)
	default:
		o.files = append(o.files, a)
	}
	return nil
}

// parseOneJSON decodes exactly one JSON value, keeping number literals.
func parseOneJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data")
	}
	return v, nil
}

// isOptish mirrors jq: only "-" followed by a letter or a dash is an
// option, so filters such as "-5 % 3" or "-.a" are operands.
func isOptish(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	c := a[1]
	return c == '-' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}
