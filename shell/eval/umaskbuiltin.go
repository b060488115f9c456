package eval

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

const umaskUsage = "umask [-p] [-S] [mode]"

// builtinUmask shows or sets the file creation mask. A mode is octal or
// symbolic (u=rwx,g+w,o-x: clauses of who, an operator and permissions,
// applied to the permissions the mask leaves). -S shows the mask
// symbolically, also after setting it; -p prints it as a umask command.
func (r *Runner) builtinUmask(args []string) int {
	flags, rest, ok := r.builtinFlags("umask", "pS", umaskUsage, args[1:])
	if !ok {
		return 2
	}
	if len(rest) > 0 {
		mask, ok := r.parseUmask(rest[0])
		if !ok {
			return 1
		}
		r.umaskSet, r.umaskVal = true, mask
		if !flags['S'] {
			return 0
		}
	}
	m := r.umask()
	prefix := ""
	if flags['p'] {
		prefix = "umask "
		if flags['S'] {
			prefix = "umask -S "
		}
	}
	if flags['S'] {
		return r.writeOut("umask", prefix+symbolicPerms(^m&0o777)+"\n")
	}
	return r.writeOut("umask", fmt.Sprintf("%s%04o\n", prefix, m))
}

// parseUmask reads an octal or symbolic mode into a mask.
func (r *Runner) parseUmask(s string) (fs.FileMode, bool) {
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		n, err := strconv.ParseUint(s, 8, 32)
		if err != nil || n > 0o7777 {
			r.errorf("umask: %s: octal number out of range", s)
			return 0, false
		}
		return fs.FileMode(n & 0o777), true
	}
	perm, ok := r.symbolicPerm(s, ^r.umask()&0o777)
	if !ok {
		return 0, false
	}
	return ^perm & 0o777, true
}

// symbolicPerms shows permissions as umask -S does: u=rwx,g=rx,o=rx.
func symbolicPerms(perm fs.FileMode) string {
	part := func(shift uint) string {
		var b strings.Builder
		for i, c := range "rwx" {
			if perm>>shift&(4>>i) != 0 {
				b.WriteRune(c)
			}
		}
		return b.String()
	}
	return "u=" + part(6) + ",g=" + part(3) + ",o=" + part(0)
}
