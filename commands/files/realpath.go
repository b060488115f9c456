package files

import (
	"context"
	"path"
	"strings"
	"syscall"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

var realpathOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'e', Long: "canonicalize-existing"},
	{Short: 'm', Long: "canonicalize-missing"},
	{Short: 's', Long: "strip"}, {Long: "no-symlinks", Key: "s"},
	{Short: 'q', Long: "quiet"},
	{Short: 'z', Long: "zero"},
	{Long: "relative-to", Arg: true}, {Long: "relative-base", Arg: true},
}, Usage: 1, Help: "Usage: realpath [OPTION]... FILE...\nPrint the resolved absolute file name;\nall but the last component must exist\n  -e  all components of the path must exist\n  -m  no path components need exist or be a directory\n  -s  don't expand symlinks\n"}

func runRealpath(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := realpathOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	f := opts.ToFlags(res)
	mode := byte('f')
	for _, r := range res {
		if r.Key == "e" || r.Key == "m" {
			mode = r.Key[0]
		}
	}
	end := "\n"
	if f.Has("z") {
		end = "\x00"
	}
	relTo, relBase, st := realpathBases(c, f, mode)
	if st >= 0 {
		return st
	}
	out := commands.NewOut(c.Stdout)
	for _, op := range ops {
		var s string
		var err error
		if f.Has("s") {
			s = c.Abs(op)
		} else {
			s, err = canonicalize(c.FS, rawAbs(c, op), mode)
		}
		if err != nil {
			if !f.Has("q") {
				out.Flush()
				c.Errorf("%s: %s", op, commands.ErrText(err))
			}
			status = 1
			continue
		}
		if relTo != "" && (relBase == "" || pathPrefix(relBase, s)) {
			s = relPath(relTo, s)
		}
		out.WriteString(s + end)
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return status
}

// relPath expresses the absolute target relative to the absolute base.
func relPath(base, target string) string {
	b, t := splitAbs(base), splitAbs(target)
	i := 0
	for i < len(b) && i < len(t) && b[i] == t[i] {
		i++
	}
	var parts []string
	for range b[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return path.Join(parts...)
}

func splitAbs(p string) []string {
	var out []string
	for p != "/" && p != "." && p != "" {
		out = append([]string{path.Base(p)}, out...)
		p = path.Dir(p)
	}
	return out
}

// realpathBases canonicalizes --relative-to and --relative-base as GNU
// does, dying on one that does not resolve: --relative-base alone is also
// the base paths are made relative to, and a --relative-to outside the
// base turns relative output off. st >= 0 ends the run.
func realpathBases(c *commands.Context, f opts.Flags, mode byte) (relTo, relBase string, st int) {
	canon := func(name string) (string, bool) {
		s, err := canonicalize(c.FS, rawAbs(c, name), mode)
		if err == nil && mode == 'e' {
			if fi, serr := c.FS.Stat(s); serr == nil && !fi.IsDir() {
				err = syscall.ENOTDIR
			}
		}
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			return "", false
		}
		return s, true
	}
	to, hasTo := f["relative-to"]
	base, hasBase := f["relative-base"]
	if hasBase && !hasTo {
		to, hasTo = base, true
	}
	if hasTo {
		var ok bool
		if relTo, ok = canon(to); !ok {
			return "", "", 1
		}
	}
	if !hasBase {
		return relTo, "", -1
	}
	b, ok := canon(base)
	if !ok {
		return "", "", 1
	}
	if !pathPrefix(b, relTo) {
		return "", relTo, -1
	}
	return relTo, b, -1
}

// pathPrefix reports whether p is prefix or inside it.
func pathPrefix(prefix, p string) bool {
	return prefix == "/" || p == prefix || strings.HasPrefix(p, prefix+"/")
}
