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

// setDirStackElem is DIRSTACK[N]=DIR: assigning an element changes the
// directory already at that place in the stack (the manual: "Assigning to
// members of this array variable may be used to modify directories
// already in the stack"). Element 0 is the current directory, which only
// cd and pushd change, and an index past the stack changes nothing.
func (r *Runner) setDirStackElem(sub, val string, appendTo bool) bool {
	i, ok := r.arithText(sub)
	if !ok {
		return false
	}
	if i < 0 {
		i += int64(len(r.dirs)) + 1
	}
	if i < 1 || i > int64(len(r.dirs)) {
		return true
	}
	if appendTo {
		val = r.dirs[i-1] + val
	}
	r.dirs[i-1] = val
	return true
}
