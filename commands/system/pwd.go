package system

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fspath"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"path"
	"strings"
)

var pwdOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'L', Long: "logical"},
	{Short: 'P', Long: "physical"},
}, Usage: 1, Help: `Usage: pwd [OPTION]...
Print the full filename of the current working directory.

  -L, --logical   use PWD from environment, even if it contains symlinks
  -P, --physical  avoid all symlinks (the default)
      --help      display this help and exit
`}

// runPwd is the pwd program (the shell's builtin pwd is separate): like
// GNU's it prints the physical directory unless -L is given and $PWD
// names the working directory.
func RunPwd(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := pwdOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) > 0 {
		c.Errorf("ignoring non-option arguments")
	}
	logical := false
	for _, r := range res {
		logical = r.Key == "L"
	}
	phys, err := fspath.RealPath(c.FS, c.Dir)
	if err != nil {
		c.Errorf("error retrieving current directory: %s", commands.ErrText(err))
		return 1
	}
	dir := phys
	if logical {
		if p, ok := c.LookupEnv("PWD"); ok && validLogicalPwd(c, p, phys) {
			dir = p
		}
	}
	if _, err := fmt.Fprintln(c.Stdout, dir); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

// validLogicalPwd checks what POSIX asks of $PWD for pwd -L: absolute,
// no "." or ".." components, and resolving to the working directory.
func validLogicalPwd(c *commands.Context, p, phys string) bool {
	if !path.IsAbs(p) {
		return false
	}
	for _, part := range strings.Split(p, "/") {
		if part == "." || part == ".." {
			return false
		}
	}
	rp, err := fspath.RealPath(c.FS, p)
	return err == nil && rp == phys
}
