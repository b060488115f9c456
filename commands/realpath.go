package commands

import "path"

func init() { register("realpath", runRealpath) }

var realpathOpts = optParser{opts: []opt{
	{short: 'e', long: "canonicalize-existing"},
	{short: 'm', long: "canonicalize-missing"},
	{short: 's', long: "strip"}, {long: "no-symlinks", key: "s"},
	{short: 'q', long: "quiet"},
	{short: 'z', long: "zero"},
	{long: "relative-to", arg: true},
}, usage: 1, help: "Usage: realpath [OPTION]... FILE...\nPrint the resolved absolute file name;\nall but the last component must exist\n  -e  all components of the path must exist\n  -m  no path components need exist or be a directory\n  -s  don't expand symlinks\n"}

func runRealpath(ctx contextT, c *Context) int {
	res, ops, status, ok := realpathOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) == 0 {
		return c.usageError(1, "missing operand")
	}
	f := toFlags(res)
	mode := byte('f')
	for _, r := range res {
		if r.key == "e" || r.key == "m" {
			mode = r.key[0]
		}
	}
	end := "\n"
	if f.has("z") {
		end = "\x00"
	}
	out := newOut(c.Stdout)
	for _, op := range ops {
		var s string
		var err error
		if f.has("s") {
			s = c.Abs(op)
		} else {
			s, err = canonicalize(c.FS, rawAbs(c, op), mode)
		}
		if err != nil {
			if !f.has("q") {
				out.Flush()
				c.Errorf("%s: %s", op, ErrText(err))
			}
			status = 1
			continue
		}
		if rel, ok := f["relative-to"]; ok {
			base, _ := canonicalize(c.FS, c.Abs(rel), 'm')
			s = relPath(base, s)
		}
		out.WriteString(s + end)
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
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
