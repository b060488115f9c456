// Package archive holds gzip/gunzip/zcat, tar and zip/unzip. Extraction is
// confined: members named with "..", and symlinks or existing links that
// would lead outside the target directory, are refused, so an archive can
// never write outside the directory the user chose.
package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/justbash/justbash/vfs"
)

// errEscape is returned when a member would land outside the target.
var errEscape = errors.New("path escapes the extraction directory")

// memberPath cleans an archive member name into a path relative to the
// target directory. Leading slashes are stripped (stripped reports it, as
// GNU tar warns); a ".." component is refused outright.
func memberPath(name string) (rel string, stripped bool, err error) {
	n := strings.ReplaceAll(name, "\\", "/")
	for strings.HasPrefix(n, "/") {
		n = n[1:]
		stripped = true
	}
	for _, comp := range strings.Split(n, "/") {
		if comp == ".." {
			//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
			return "", stripped, fmt.Errorf("Member name contains '..'")
		}
	}
	n = path.Clean(n)
	if n == "." || n == "" {
		return ".", stripped, nil
	}
	return n, stripped, nil
}

// insideRoot reports whether abs is root or below it.
func insideRoot(root, abs string) bool {
	return abs == root || root == "/" || strings.HasPrefix(abs, root+"/")
}

// linkTargetOK checks that a symlink placed at rel (relative to root) with
// the given target would point inside root when read lexically.
func linkTargetOK(root, rel, target string) bool {
	if path.IsAbs(target) {
		return false
	}
	joined := path.Join(root, path.Dir(rel), target)
	return insideRoot(root, joined)
}

// resolveParent follows every existing symlink among the parent components
// of rel and returns the absolute destination, refusing any step that
// leaves root. The final component itself is not followed: callers replace
// it rather than write through it.
func resolveParent(fsys vfs.FS, root, rel string) (string, error) {
	cur := root
	comps := strings.Split(rel, "/")
	hops := 0
	for i := 0; i < len(comps)-1; i++ {
		next := path.Join(cur, comps[i])
		fi, err := fsys.Lstat(next)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		hops++
		if hops > 40 {
			return "", errEscape
		}
		target, err := fsys.Readlink(next)
		if err != nil {
			return "", err
		}
		if path.IsAbs(target) {
			next = path.Clean(target)
		} else {
			next = path.Join(cur, target)
		}
		if !insideRoot(root, next) {
			return "", errEscape
		}
		// Re-walk the remaining components from the link's destination.
		rest := append(strings.Split(strings.TrimPrefix(strings.TrimPrefix(next, root), "/"), "/"), comps[i+1:]...)
		comps = filterEmpty(rest)
		cur = root
		i = -1
	}
	final := path.Join(cur, comps[len(comps)-1])
	if !insideRoot(root, final) {
		return "", errEscape
	}
	return final, nil
}

func filterEmpty(s []string) []string {
	out := s[:0]
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return []string{"."}
	}
	return out
}
