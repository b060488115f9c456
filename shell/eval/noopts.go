package eval

import "fmt"

// skipNoOptions is how bash's builtins that take no options read their
// arguments: a leading "--" is dropped; any other word starting with '-'
// (but "-" alone) is an invalid option, reported by its first two bytes,
// with usage and status 2.
func (r *Runner) skipNoOptions(name, usage string, args []string) ([]string, bool) {
	if len(args) == 0 {
		return args, true
	}
	if args[0] == "--" {
		return args[1:], true
	}
	if len(args[0]) > 1 && args[0][0] == '-' {
		r.errorf("%s: %s: invalid option", name, args[0][:2])
		fmt.Fprintf(r.stderr(), "%s: usage: %s\n", name, usage)
		return nil, false
	}
	return args, true
}
