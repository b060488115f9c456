package shell

import (
	"io/fs"
	"path"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// cdBuiltin implements bash's cd on top of interp's, which knows only
// "cd [dir]": options -L/-P and --, cd -, CDPATH, bash's errors, and the
// check that every directory before a ".." exists. The directory it
// decides on is passed to interp's cd as a clean absolute path, which
// comes back here and goes through unchanged.
//
// viaBuiltin is true for "builtin cd", which the script of a rerouted cd
// uses: a clean absolute directory then goes straight to interp.
func (sess *Session) cdBuiltin(hc interp.HandlerContext, args []string, viaBuiltin bool) []string {
	physical := false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'L':
				physical = false
			case 'P':
				physical = true
			case 'e', '@':
			default:
				return printText("", "bash: cd: -"+string(c)+": invalid option\ncd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n", 2)
			}
		}
	}
	if len(args) > 1 {
		return printText("", "bash: cd: too many arguments\n", 1)
	}
	show := false
	var dir string
	switch {
	case len(args) == 0:
		home := hc.Env.Get("HOME")
		if !home.IsSet() {
			return printText("", "bash: cd: HOME not set\n", 1)
		}
		dir = home.String()
	case args[0] == "-":
		old := hc.Env.Get("OLDPWD")
		if !old.IsSet() || old.String() == "" {
			return printText("", "bash: cd: OLDPWD not set\n", 1)
		}
		dir, show = old.String(), true
	default:
		dir = args[0]
	}
	if dir == "" {
		return []string{"true"}
	}
	target, viaCDPath, ok := sess.cdTarget(hc, dir, physical)
	if !ok {
		return printText("", "bash: cd: "+dir+": No such file or directory\n", 1)
	}
	if viaBuiltin && len(args) == 1 && !show && !viaCDPath && target == dir {
		return []string{"builtin", "cd", target}
	}
	script := "builtin cd " + quote(target) + " && { export OLDPWD"
	if show || viaCDPath {
		script += "; echo " + quote(target)
	}
	return []string{"eval", script + "; }"}
}

// cdTarget resolves dir against CDPATH and the working directory.
func (sess *Session) cdTarget(hc interp.HandlerContext, dir string, physical bool) (string, bool, bool) {
	relative := !strings.HasPrefix(dir, "/") && dir != "." && dir != ".." &&
		!strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../")
	if cdpath := hc.Env.Get("CDPATH").String(); relative && cdpath != "" {
		for _, base := range strings.Split(cdpath, ":") {
			if base == "" {
				base = "."
			}
			if p, ok := sess.cdResolve(hc.Dir, path.Join(base, dir), physical); ok {
				return p, base != ".", true
			}
		}
	}
	p, ok := sess.cdResolve(hc.Dir, dir, physical)
	return p, false, ok
}

// cdResolve makes dir absolute: lexically (checking that each directory a
// ".." leaves exists, as bash does), or with symlinks resolved.
func (sess *Session) cdResolve(cwd, dir string, physical bool) (string, bool) {
	if !path.IsAbs(dir) {
		dir = cwd + "/" + dir
	}
	cur := "/"
	for _, part := range strings.Split(dir, "/") {
		switch part {
		case "", ".":
			continue
		case "..":
			if !sess.isDir(cur) {
				return "", false
			}
			cur = path.Dir(cur)
			continue
		}
		cur = path.Join(cur, part)
		if physical {
			cur = sess.realpath(cur)
		}
	}
	return cur, sess.isDir(cur)
}

func (sess *Session) isDir(p string) bool {
	fi, err := sess.sh.fs.Stat(p)
	return err == nil && fi.IsDir()
}

// realpath resolves the symlinks of p, whose parent is already resolved.
func (sess *Session) realpath(p string) string {
	for range 40 {
		fi, err := sess.sh.fs.Lstat(p)
		if err != nil || !isLink(fi.Mode()) {
			return p
		}
		target, err := sess.sh.fs.Readlink(p)
		if err != nil {
			return p
		}
		if !path.IsAbs(target) {
			target = path.Join(path.Dir(p), target)
		}
		p = path.Clean(target)
	}
	return p
}

func isLink(m fs.FileMode) bool { return m&fs.ModeSymlink != 0 }
