package eval

import (
	"io/fs"
	"strings"
)

// symbolicPerm applies a symbolic mode (u=rwx,g+w,o-x) to the permissions
// perm, as umask reads one: clauses of [ugoa]* then +, - or = and r, w, x.
func (r *Runner) symbolicPerm(mode string, perm fs.FileMode) (fs.FileMode, bool) {
	for i := 0; i < len(mode); {
		var who fs.FileMode
		for ; i < len(mode) && strings.IndexByte("ugoa", mode[i]) >= 0; i++ {
			who |= map[byte]fs.FileMode{'u': 0o700, 'g': 0o070, 'o': 0o007, 'a': 0o777}[mode[i]]
		}
		if who == 0 {
			who = 0o777
		}
		if i >= len(mode) || strings.IndexByte("+-=", mode[i]) < 0 {
			c := byte(0)
			if i < len(mode) {
				c = mode[i]
			}
			r.errorf("umask: `%c': invalid symbolic mode operator", c)
			return 0, false
		}
		op := mode[i]
		i++
		var bits fs.FileMode
		for ; i < len(mode) && mode[i] != ','; i++ {
			switch mode[i] {
			case 'r':
				bits |= 0o444
			case 'w':
				bits |= 0o222
			case 'x':
				bits |= 0o111
			default:
				r.errorf("umask: `%c': invalid symbolic mode character", mode[i])
				return 0, false
			}
		}
		switch op {
		case '+':
			perm |= bits & who
		case '-':
			perm &^= bits & who
		case '=':
			perm = perm&^who | bits&who
		}
		if i < len(mode) {
			i++ // the comma
		}
	}
	return perm, true
}
