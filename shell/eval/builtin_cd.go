package eval

import (
	"path"
	"strings"
	"syscall"
)

// checkDotDot is the check bash's cd makes in logical mode before it
// folds ".." away: every directory named before a ".." must exist, as it
// would for the kernel resolving the path as written (cd nosuch/.. fails).
func (r *Runner) checkDotDot(dir string) error {
	if !strings.Contains(dir, "..") {
		return nil
	}
	cur := r.dir
	if path.IsAbs(dir) {
		cur = "/"
	}
	for _, c := range strings.Split(dir, "/") {
		switch c {
		case "", ".":
		case "..":
			fi, err := r.cfg.FS.Stat(cur)
			if err != nil {
				return err
			}
			if !fi.IsDir() {
				return syscall.ENOTDIR
			}
			cur = path.Dir(cur)
		default:
			cur = path.Join(cur, c)
		}
	}
	return nil
}
