package eval

import (
	"strconv"
	"strings"
	"syscall"
)

// fdDevice finds the descriptor a device name stands for: /dev/stdin,
// /dev/stdout, /dev/stderr and /dev/fd/N name the shell's own descriptors
// (bash and Linux open them so), which the sandbox keeps in the
// descriptor table rather than in the filesystem. ok is false for any
// other name.
func (r *Runner) fdDevice(name string) (e *fdEntry, ok bool, err error) {
	n := -1
	switch {
	case name == "/dev/stdin":
		n = 0
	case name == "/dev/stdout":
		n = 1
	case name == "/dev/stderr":
		n = 2
	case strings.HasPrefix(name, "/dev/fd/"):
		v, cerr := strconv.Atoi(name[len("/dev/fd/"):])
		if cerr != nil || v < 0 {
			return nil, false, nil
		}
		n = v
	default:
		return nil, false, nil
	}
	if e = r.fds.get(n); e == nil {
		return nil, true, syscall.ENOENT // as open(2) of a closed /dev/fd/N
	}
	return e, true, nil
}
