// Package cliopt is a small GNU getopt_long style parser shared by the data,
// archive and network commands (gzip, tar, zip, sqlite3, curl, yq, ...).
package cliopt

import (
	"fmt"
	"strings"
)

// Opt is one option: a short letter and/or a long name, and whether it
// takes a value. Key names it in results (defaults to Long, then Short).
type Opt struct {
	Short byte
	Long  string
	Arg   bool
	Key   string
}

func (o Opt) id() string {
	switch {
	case o.Key != "":
		return o.Key
	case o.Long != "":
		return o.Long
	}
	return string(o.Short)
}

// Result is one option occurrence in command-line order.
type Result struct {
	Key string
	Val string
}

// Set is an option table.
type Set struct {
	Opts []Opt
	// StopAtOperand ends option parsing at the first operand.
	StopAtOperand bool
}

// Parse splits args into options and operands. "--" ends options; "-" is an
// operand. Long options may be abbreviated when unambiguous and take their
// value as --name=value or as the next argument.
func (s *Set) Parse(args []string) ([]Result, []string, error) {
	var res []Result
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return res, append(ops, args[i+1:]...), nil
		case strings.HasPrefix(a, "--"):
			r, used, err := s.long(a[2:], args[i+1:])
			if err != nil {
				return nil, nil, err
			}
			res = append(res, r)
			i += used
		case len(a) > 1 && a[0] == '-':
			rs, used, err := s.short(a[1:], args[i+1:])
			if err != nil {
				return nil, nil, err
			}
			res = append(res, rs...)
			i += used
		default:
			if s.StopAtOperand {
				return res, append(ops, args[i:]...), nil
			}
			ops = append(ops, a)
		}
	}
	return res, ops, nil
}

func (s *Set) long(body string, rest []string) (Result, int, error) {
	name, val, hasVal := strings.Cut(body, "=")
	o, err := s.findLong(name)
	if err != nil {
		return Result{}, 0, err
	}
	switch {
	case !o.Arg && hasVal:
		return Result{}, 0, fmt.Errorf("option '--%s' doesn't allow an argument", o.Long)
	case !o.Arg:
		return Result{Key: o.id()}, 0, nil
	case hasVal:
		return Result{Key: o.id(), Val: val}, 0, nil
	case len(rest) == 0:
		return Result{}, 0, fmt.Errorf("option '--%s' requires an argument", o.Long)
	}
	return Result{Key: o.id(), Val: rest[0]}, 1, nil
}

func (s *Set) findLong(name string) (*Opt, error) {
	var match *Opt
	n := 0
	for i := range s.Opts {
		o := &s.Opts[i]
		if o.Long == "" {
			continue
		}
		if o.Long == name {
			return o, nil
		}
		if strings.HasPrefix(o.Long, name) {
			match = o
			n++
		}
	}
	switch n {
	case 0:
		return nil, fmt.Errorf("unrecognized option '--%s'", name)
	case 1:
		return match, nil
	}
	return nil, fmt.Errorf("option '--%s' is ambiguous", name)
}

func (s *Set) short(group string, rest []string) ([]Result, int, error) {
	var res []Result
	for k := 0; k < len(group); k++ {
		o := s.findShort(group[k])
		if o == nil {
			return nil, 0, fmt.Errorf("invalid option -- '%c'", group[k])
		}
		if !o.Arg {
			res = append(res, Result{Key: o.id()})
			continue
		}
		if k+1 < len(group) {
			return append(res, Result{Key: o.id(), Val: group[k+1:]}), 0, nil
		}
		if len(rest) == 0 {
			return nil, 0, fmt.Errorf("option requires an argument -- '%c'", group[k])
		}
		return append(res, Result{Key: o.id(), Val: rest[0]}), 1, nil
	}
	return res, 0, nil
}

func (s *Set) findShort(ch byte) *Opt {
	for i := range s.Opts {
		if s.Opts[i].Short == ch {
			return &s.Opts[i]
		}
	}
	return nil
}
