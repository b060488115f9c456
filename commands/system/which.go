package system

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"path"
	"strings"
)

var whichOpts = opts.Parser{Opts: []opts.Opt{{Short: 'a', Long: "all"}, {Short: 's'}}, Usage: 2,
	Help: `Usage: which [-as] COMMAND...
Print the path of each COMMAND found on PATH.

  -a   print all matching paths, not just the first
  -s   print nothing; only set the exit status
      --help  display this help and exit

Exit status: 0 if all were found, 1 if some were not, 2 for a bad option.
`}

// runWhich finds commands on PATH: a name resolves in a PATH directory when
// the sandbox knows the command and the directory holds a file for it.
func runWhich(ctx context.Context, c *commands.Context) int {
	res, names, status, ok := whichOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	out := commands.NewOut(c.Stdout)
	for _, name := range names {
		found := which(c, name, f.Has("a"))
		if len(found) == 0 {
			status = 1
		}
		if !f.Has("s") {
			for _, p := range found {
				out.WriteString(p + "\n")
			}
		}
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return status
}

func which(c *commands.Context, name string, all bool) []string {
	if name == "" {
		return nil
	}
	if strings.Contains(name, "/") {
		if fi, err := c.FS.Stat(c.Abs(name)); err == nil && !fi.IsDir() {
			return []string{name}
		}
		return nil
	}
	if c.Lookup == nil {
		return nil
	}
	if _, ok := c.Lookup(name); !ok {
		return nil
	}
	var found []string
	seen := map[string]bool{}
	for _, dir := range strings.Split(c.Getenv("PATH"), ":") {
		if dir == "" {
			dir = "."
		}
		p := path.Join(dir, name)
		if seen[p] {
			continue
		}
		seen[p] = true
		fi, err := c.FS.Stat(c.Abs(p))
		if err != nil || fi.IsDir() {
			continue
		}
		found = append(found, p)
		if !all {
			break
		}
	}
	return found
}
