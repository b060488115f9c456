package jq

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// options is the parsed jq command line.
type options struct {
	filter     string
	haveFilter bool
	fromFile   string
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

// fileArg is a --slurpfile/--rawfile request; idx is the slot of namedVals
// it fills, or -1 when an earlier option already bound the name.
type fileArg struct {
	name, path string
	idx        int
}

// usageErr is a command-line problem: jq prints it and exits 2.
type usageErr struct{ msg string }

func (e *usageErr) Error() string { return e.msg }

// shortFlags maps jq's single-letter switches to the fields they set.
func (o *options) short(ch byte) bool {
	switch ch {
	case 'r':
		o.raw = true
	case 'j':
		o.raw, o.join = true, true
	case 'a':
		o.ascii = true
	case 'c':
		o.compact = true
	case 'n':
		o.nullInput = true
	case 's':
		o.slurp = true
	case 'e':
		o.exitStatus = true
	case 'S':
		o.sortKeys = true
	case 'C':
		o.color = true
	case 'M':
		o.color = false
	case 'R':
		o.rawInput = true
	case 'h':
		return false
	default:
		return false
	}
	return true
}

var longSwitch = map[string]byte{
	"raw-output": 'r', "join-output": 'j', "ascii-output": 'a',
	"compact-output": 'c', "null-input": 'n', "slurp": 's',
	"exit-status": 'e', "sort-keys": 'S', "color-output": 'C',
	"monochrome-output": 'M', "raw-input": 'R',
}

// parseArgs follows jq's own loop: options may appear anywhere, the first
// operand is the filter (unless -f), the rest are files or, after --args /
// --jsonargs, positional values.
func parseArgs(args []string) (*options, error) {
	o := &options{indent: 2}
	need := func(i, n int, flag string) error {
		if i+n >= len(args) {
			return &usageErr{fmt.Sprintf("%s takes %s", flag, plural(n))}
		}
		return nil
	}
	endOpts := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if endOpts || !isOptish(a) {
			if err := o.operand(a); err != nil {
				return nil, err
			}
			continue
		}
		if a == "--" {
			endOpts = true
			continue
		}
		if strings.HasPrefix(a, "--") {
			n, err := o.long(a[2:], args, i, need)
			if err != nil {
				return nil, err
			}
			i += n
			continue
		}
		n, err := o.shortGroup(a, args, i, need)
		if err != nil {
			return nil, err
		}
		i += n
	}
	return o, nil
}

func plural(n int) string {
	if n == 1 {
		return "one parameter"
	}
	return "two parameters (e.g. --arg varname value)"
}

func (o *options) shortGroup(a string, args []string, i int, need func(int, int, string) error) (int, error) {
	used := 0
	for k := 1; k < len(a); k++ {
		switch a[k] {
		case 'f':
			if err := need(i+used, 1, "-f"); err != nil {
				return 0, err
			}
			used++
			o.fromFile = args[i+used]
		case 'L':
			// -L dir or -Ldir: a module search directory.
			if k < len(a)-1 {
				o.libPaths = append(o.libPaths, strings.TrimPrefix(a[k+1:], "="))
				return used, nil
			}
			if err := need(i+used, 1, "-L"); err != nil {
				return 0, err
			}
			used++
			o.libPaths = append(o.libPaths, args[i+used])
			return used, nil
		default:
			if !o.short(a[k]) {
				return 0, &usageErr{fmt.Sprintf("Unknown arguments: %s", a)}
			}
		}
	}
	return used, nil
}

func (o *options) long(name string, args []string, i int, need func(int, int, string) error) (int, error) {
	if ch, ok := longSwitch[name]; ok {
		o.short(ch)
		return 0, nil
	}
	switch name {
	case "tab":
		o.tab = true
	case "seq":
		o.seq = true
	case "stream":
		o.stream = true
	case "raw-output0":
		o.raw, o.join, o.rawNul = true, true, true
	case "args", "jsonargs":
		o.argMode = name
	case "indent":
		if err := need(i, 1, "--indent"); err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(args[i+1])
		if err != nil || n < -1 {
			return 0, &usageErr{"--indent takes a number"}
		}
		if n > 7 {
			return 0, &usageErr{"Cannot indent more than 7 characters"}
		}
		o.indent = n
		return 1, nil
	case "library-path":
		if err := need(i, 1, "--library-path"); err != nil {
			return 0, err
		}
		o.libPaths = append(o.libPaths, args[i+1])
		return 1, nil
	case "from-file":
		if err := need(i, 1, "--from-file"); err != nil {
			return 0, err
		}
		o.fromFile = args[i+1]
		return 1, nil
	case "arg", "argjson", "slurpfile", "rawfile":
		return 2, o.named(name, args, i, need)
	default:
		return 0, &usageErr{fmt.Sprintf("Unknown arguments: --%s", name)}
	}
	return 0, nil
}

func (o *options) named(kind string, args []string, i int, need func(int, int, string) error) error {
	if err := need(i, 2, "--"+kind); err != nil {
		return err
	}
	key, val := args[i+1], args[i+2]
	switch kind {
	case "arg":
		o.setNamed(key, val)
	case "argjson":
		v, err := parseOneJSON(val)
		if err != nil {
			return &usageErr{"Invalid JSON text passed to --argjson"}
		}
		o.setNamed(key, v)
	case "slurpfile":
		o.slurpFiles = append(o.slurpFiles, fileArg{key, val, o.setNamed(key, nil)})
	case "rawfile":
		o.rawFiles = append(o.rawFiles, fileArg{key, val, o.setNamed(key, nil)})
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
	if !o.haveFilter && o.fromFile == "" {
		o.filter, o.haveFilter = a, true
		return nil
	}
	switch o.argMode {
	case "args":
		o.positional = append(o.positional, a)
	case "jsonargs":
		v, err := parseOneJSON(a)
		if err != nil {
			return &usageErr{"Invalid JSON text passed to --jsonargs"}
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
