package opts

import (
	"errors"
	"fmt"
	"strings"

	"github.com/justbash/justbash/commands"
)

// Item is one step of Walk: an option occurrence or an operand.
type Item struct {
	Result
	// Operand: Val is an operand, not an option's value.
	Operand bool
	// AfterEnd: the operand follows "--".
	AfterEnd bool
	// Word is the argument the item came from ("-j1" for -j with the
	// attached value 1); a value in the next argument is not part of it.
	Word string
}

// Walk is Parse for a command whose getopt string starts with '-' (GNU
// join's "-a:e:..."): getopt then permutes nothing and hands operands to
// the loop in turn with the options, so what an operand means can depend
// on the option before it (join's "-o 1.1 2.2 f1 f2"), and the first error
// in command-line order wins — a bad value, an extra operand or an unknown
// option, whichever comes first. visit sees each item; when it returns ok
// false, Walk stops with its status. Usage errors print GNU's wording.
func (p *Parser) Walk(c *commands.Context, args []string, visit func(Item) (status int, ok bool)) (status int, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" && !p.NoEnd {
			for _, op := range args[i+1:] {
				if st, ok := visit(Item{Result: Result{Val: op}, Operand: true, AfterEnd: true, Word: op}); !ok {
					return st, false
				}
			}
			return 0, true
		}
		if len(a) < 2 || a[0] != '-' || (p.Operand != nil && a[1] != '-' && p.Operand(a)) {
			if st, ok := visit(Item{Result: Result{Val: a}, Operand: true, Word: a}); !ok {
				return st, false
			}
			continue
		}
		rs, used, err := p.option(a, args[i+1:])
		// A cluster's letters before a bad one take effect first, as
		// getopt returns them one by one.
		if err != nil {
			rs, _, _ = p.prefixOf(a, args[i+1:])
		}
		for _, r := range rs {
			if st, ok := visit(Item{Result: r, Word: a}); !ok {
				return st, false
			}
		}
		if err != nil {
			_, _, st, _ := p.Parse(c, args[i:i+1+min(1, len(args)-i-1)])
			return st, false
		}
		i += used
	}
	return 0, true
}

// prefixOf returns the results of a short cluster's letters before its
// first bad one (none for a long option).
func (p *Parser) prefixOf(a string, rest []string) ([]Result, int, error) {
	if len(a) > 1 && a[1] == '-' || p.LongOnly {
		return nil, 0, nil
	}
	return p.short(a[1:], rest)
}

// WalkLenient is Walk for a command whose getopt loop carries on past a
// bad option, as GNU nl's does: getopt's message prints where it comes,
// the walk goes on (with the rest of a cluster after an unknown letter),
// and bad reports that there was one, for the caller's single TryHelp at
// the end. visit sees each good option in order (operands are collected,
// permuted as getopt does); it stops the walk by returning ok false, for
// a value the command dies on at once. --help and --version print and
// stop the walk with status 0.
func (p *Parser) WalkLenient(c *commands.Context, args []string, visit func(Item) (status int, ok bool)) (operands []string, bad bool, status int, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" && !p.NoEnd {
			return append(operands, args[i+1:]...), bad, 0, true
		}
		if len(a) < 2 || a[0] != '-' || (p.Operand != nil && a[1] != '-' && p.Operand(a)) {
			operands = append(operands, a)
			continue
		}
		for word := a; word != ""; {
			cur := word
			rs, used, err := p.option(cur, args[i+1:])
			if err != nil {
				rs, _, _ = p.prefixOf(cur, args[i+1:])
			}
			for _, r := range rs {
				if st, ok := visit(Item{Result: r, Word: a}); !ok {
					return nil, bad, st, false
				}
			}
			word = ""
			var e *Error
			switch {
			case err == nil:
				i += used
			case errors.As(err, &e):
				c.Errorf("%s", e.Msg)
				bad = true
				// getopt goes on with the letters after an unknown one.
				if e.Kind == Unknown && !strings.HasPrefix(cur, "--") && 2+len(rs) < len(cur) {
					word = "-" + cur[2+len(rs):]
				}
			default: // --help, --version
				_, _, st, _ := p.Parse(c, []string{a})
				return nil, bad, st, false
			}
		}
	}
	return operands, bad, 0, true
}

// TryHelp prints GNU's hint after usage errors and returns status.
func TryHelp(c *commands.Context, status int) int {
	fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
	return status
}
