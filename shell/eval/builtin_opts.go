package eval

import (
	"fmt"
	"strings"
)

// builtinFlags reads the leading single-letter options of a builtin the
// way bash's internal getopt does for builtins that take only flags: "--"
// ends the options (and is consumed), "-" alone or a word without a dash
// is the first operand. A letter outside allowed is reported with the
// builtin's usage line; ok is then false and the status is 2.
func (r *Runner) builtinFlags(name, allowed, usage string, args []string) (flags map[byte]bool, rest []string, ok bool) {
	flags = map[byte]bool{}
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			return flags, args[1:], true
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for i := 1; i < len(a); i++ {
			c := a[i]
			if strings.IndexByte(allowed, c) < 0 {
				r.errorf("%s: -%c: invalid option", name, c)
				fmt.Fprintf(r.stderr(), "%s: usage: %s\n", name, usage)
				return nil, nil, false
			}
			flags[c] = true
		}
		args = args[1:]
	}
	return flags, args, true
}

// aliasLine is how alias lists one alias: a name that looks like an
// option is put after "--" so that the line reads back.
func aliasLine(name, value string) string {
	if strings.HasPrefix(name, "-") {
		return "alias -- " + name + "=" + shellQuote(value) + "\n"
	}
	return "alias " + name + "=" + shellQuote(value) + "\n"
}
