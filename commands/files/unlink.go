package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

var unlinkOpts = opts.Parser{Usage: 1, Help: "Usage: unlink FILE\nCall the unlink function to remove the specified FILE.\n"}

func runUnlink(ctx context.Context, c *commands.Context) int {
	_, ops, status, ok := unlinkOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	switch {
	case len(ops) == 0:
		return opts.UsageError(c, 1, "missing operand")
	case len(ops) > 1:
		return opts.UsageError(c, 1, "extra operand '%s'", ops[1])
	}
	abs := c.Abs(ops[0])
	fi, err := c.FS.Lstat(abs)
	if err == nil && fi.IsDir() {
		c.Errorf("cannot unlink '%s': Is a directory", ops[0])
		return 1
	}
	if err == nil {
		err = c.FS.Remove(abs)
	}
	if err != nil {
		c.Errorf("cannot unlink '%s': %s", ops[0], commands.ErrText(err))
		return 1
	}
	return 0
}
