package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"

	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"syscall"
)

var mkdirOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'p', Long: "parents"},
	{Short: 'v', Long: "verbose"},
	{Short: 'm', Long: "mode", Arg: true},
}, Usage: 1, Help: `Usage: mkdir [OPTION]... DIRECTORY...
Create the DIRECTORY(ies), if they do not already exist.

  -m, --mode=MODE   set file mode (as in chmod), not a=rwx - umask
  -p, --parents     no error if existing, make parent directories as needed
  -v, --verbose     print a message for each created directory
      --help        display this help and exit
`}

func runMkdir(ctx context.Context, c *commands.Context) int {
	res, dirs, status, ok := mkdirOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(dirs) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	mode, hasMode := fs.FileMode(0o777&^identity.Umask), false
	if m, ok := f["m"]; ok {
		// Symbolic modes start from a=rwx, as GNU mkdir does.
		v, ok := fileinfo.ApplyMode(m, 0o777, true, identity.Umask)
		if !ok {
			c.Errorf("invalid mode '%s'", m)
			return 1
		}
		mode, hasMode = fileinfo.ModeOf(v), true
	}
	for _, d := range dirs {
		if ctx.Err() != nil {
			return 1
		}
		var err error
		existed := false
		if f.Has("p") {
			_, serr := c.FS.Stat(c.Abs(d))
			existed = serr == nil
			d, err = mkdirParents(c, d, mode, f.Has("v"))
		} else {
			err = c.FS.Mkdir(c.Abs(d), mode)
			if err == nil && f.Has("v") {
				fmt.Fprintf(c.Stdout, "mkdir: created directory '%s'\n", d)
			}
		}
		// -m applies exactly (umask aside) to directories mkdir created.
		if err == nil && hasMode && !existed {
			err = c.FS.Chmod(c.Abs(d), mode)
		}
		if err != nil {
			c.Errorf("cannot create directory '%s': %s", d, commands.ErrText(err))
			status = 1
		}
	}
	return status
}

// mkdirParents creates d and its missing parents, walking the operand's
// components as typed so -v names them as GNU does ("a", "a/b", then the
// operand itself). On failure it returns the name to blame.
func mkdirParents(c *commands.Context, d string, mode fs.FileMode, verbose bool) (string, error) {
	abs := c.Abs(d)
	if fi, err := c.FS.Stat(abs); err == nil {
		if fi.IsDir() {
			return d, nil
		}
		return d, fs.ErrExist
	}
	trimmed := strings.TrimRight(d, "/")
	for i := 0; i <= len(trimmed); i++ {
		if i < len(trimmed) && (trimmed[i] != '/' || i == 0 || trimmed[i-1] == '/') {
			continue
		}
		shown := trimmed[:i]
		last := i == len(trimmed)
		if last {
			shown = d
		}
		if base := path.Base(shown); base == "." || base == ".." {
			continue
		}
		p := c.Abs(shown)
		if fi, err := c.FS.Stat(p); err == nil {
			if !fi.IsDir() {
				return shown, syscall.ENOTDIR
			}
			continue
		}
		perm := 0o777&^identity.Umask | 0o300
		if last {
			perm = int(mode)
		}
		if err := c.FS.Mkdir(p, fs.FileMode(perm)); err != nil && !errors.Is(err, fs.ErrExist) {
			if last {
				return d, err
			}
			return shown, err
		}
		if verbose {
			fmt.Fprintf(c.Stdout, "mkdir: created directory '%s'\n", shown)
		}
	}
	return d, nil
}
