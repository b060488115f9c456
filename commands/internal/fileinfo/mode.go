package fileinfo

import (
	"io/fs"
	"strconv"
	"strings"
)

// Permission bits are handled as the 12 unix bits (07777) and converted to
// fs.FileMode at the edges, because symbolic modes talk about setuid and
// sticky bits that FileMode keeps outside Perm().

func UnixPerm(m fs.FileMode) uint32 {
	u := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		u |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		u |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		u |= 0o1000
	}
	return u
}

func ModeOf(u uint32) fs.FileMode {
	m := fs.FileMode(u & 0o777)
	if u&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if u&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if u&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m
}

// applyMode computes the new permission bits for spec (octal or a comma
// list of symbolic clauses like "u+x,go-w,a=r") from old. umask applies to
// clauses without a who part, as chmod(1) specifies.
func ApplyMode(spec string, old uint32, isDir bool, umask uint32) (uint32, bool) {
	if spec != "" && strings.Trim(spec, "01234567") == "" {
		v, err := strconv.ParseUint(spec, 8, 32)
		if err != nil || v > 0o7777 {
			return 0, false
		}
		// GNU keeps a directory's setuid/setgid bits unless 5+ digits say otherwise.
		if isDir && len(spec) < 5 {
			return uint32(v) | old&0o6000, true
		}
		return uint32(v), true
	}
	mode := old
	for _, clause := range strings.Split(spec, ",") {
		var ok bool
		if mode, ok = applyClause(clause, mode, isDir, umask); !ok {
			return 0, false
		}
	}
	return mode, true
}

func applyClause(cl string, mode uint32, isDir bool, umask uint32) (uint32, bool) {
	i := 0
	var who uint32
	for ; i < len(cl) && strings.IndexByte("ugoa", cl[i]) >= 0; i++ {
		who |= map[byte]uint32{'u': 0o4700, 'g': 0o2070, 'o': 0o1007, 'a': 0o7777}[cl[i]]
	}
	mask := ^umask
	if who != 0 {
		mask = 0o7777
	} else {
		who = 0o7777
	}
	if i == len(cl) {
		return 0, false
	}
	for i < len(cl) {
		op := cl[i]
		if op != '+' && op != '-' && op != '=' {
			return 0, false
		}
		i++
		var bits uint32
		for ; i < len(cl) && strings.IndexByte("+-=", cl[i]) < 0; i++ {
			b, ok := permLetter(cl[i], mode, isDir)
			if !ok {
				return 0, false
			}
			bits |= b
		}
		bits &= who
		switch op {
		case '+':
			mode |= bits & mask
		case '-':
			mode &^= bits & mask
		case '=':
			clear := who
			if who == 0o7777 && mask != 0o7777 {
				clear = 0o7777
			}
			// "=" never clears a directory's setuid/setgid bits it does not mention.
			if isDir {
				clear &^= 0o6000
			}
			mode = mode&^clear | bits&mask
		}
	}
	return mode, true
}

// permLetter maps one permission letter to bits over all classes; u/g/o
// copy the current bits of that class.
func permLetter(ch byte, mode uint32, isDir bool) (uint32, bool) {
	switch ch {
	case 'r':
		return 0o444, true
	case 'w':
		return 0o222, true
	case 'x':
		return 0o111, true
	case 'X':
		if isDir || mode&0o111 != 0 {
			return 0o111, true
		}
		return 0, true
	case 's':
		return 0o6000, true
	case 't':
		return 0o1000, true
	case 'u':
		v := mode >> 6 & 7
		return v<<6 | v<<3 | v, true
	case 'g':
		v := mode >> 3 & 7
		return v<<6 | v<<3 | v, true
	case 'o':
		v := mode & 7
		return v<<6 | v<<3 | v, true
	}
	return 0, false
}
