package eval

import (
	"fmt"
	"strings"
)

// dirStackUsage are the usage lines of dirs, pushd and popd.
var dirStackUsage = map[string]string{
	"dirs":  "dirs [-clpv] [+N] [-N]",
	"pushd": "pushd [-n] [+N | -N | dir]",
	"popd":  "popd [-n] [+N | -N]",
}

// dirStackArgs checks the words of dirs, pushd and popd before they act:
// a word of a dash and letters other than the builtin's options is read
// as a -N that is not a number ("invalid number", the usage line, status
// 2). It also refuses a second operand to pushd (status 1). It returns
// 0 when the words are fine.
func (r *Runner) dirStackArgs(name, opts string, args []string) int {
	operands := 0
	for i, a := range args {
		if a == "--" {
			operands += len(args) - i - 1
			break
		}
		if len(a) > 1 && a[0] == '-' && !isDigits(a[1:]) {
			if strings.Trim(a[1:], opts) == "" {
				continue
			}
			r.errorf("%s: %s: invalid number", name, a)
			fmt.Fprintf(r.stderr(), "%s: usage: %s\n", name, dirStackUsage[name])
			return 2
		}
		operands++
	}
	if name == "pushd" && operands > 1 {
		r.errorf("pushd: too many arguments")
		return 1
	}
	return 0
}
