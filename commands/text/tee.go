package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"errors"
	"io"
	"os"
	"syscall"
)

var teeOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Long: "append"},
	{Short: 'i', Long: "ignore-interrupts"},
	{Short: 'p'}, {Long: "output-error", Optional: true},
}, Usage: 1, Help: "Usage: tee [OPTION]... [FILE]...\nCopy standard input to each FILE, and also to standard output.\n  -a, --append  append to the given FILEs, do not overwrite\n"}

func runTee(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := teeOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	for _, r := range res {
		// The mode only matters for write errors on pipes, which the
		// sandbox reports as tee's default does; a bad one is refused.
		if r.Key == "output-error" && r.HasVal {
			if _, ok := opts.ArgMatch(c, "--output-error", r.Val,
				[]string{"warn", "warn-nopipe", "exit", "exit-nopipe"}, []int{0, 1, 2, 3}); !ok {
				return 1
			}
		}
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if opts.ToFlags(res).Has("a") {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	type sink struct {
		name string
		w    io.Writer
		dead bool
	}
	sinks := []*sink{{name: "", w: c.Stdout}}
	for _, name := range ops {
		w, err := c.OpenWrite(name, flag)
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		defer w.Close()
		sinks = append(sinks, &sink{name: name, w: w})
	}
	buf := make([]byte, 32*1024)
	in := commands.NewCtxReader(ctx, c.In())
	for {
		n, rerr := in.Read(buf)
		if n > 0 {
			live := 0
			for _, s := range sinks {
				if s.dead {
					continue
				}
				if _, err := s.w.Write(buf[:n]); err != nil {
					s.dead = true
					if s.name == "" && commands.IsPipeErr(err) {
						continue
					}
					name := s.name
					if name == "" {
						name = "standard output"
					}
					c.Errorf("%s: %s", name, commands.ErrText(err))
					status = 1
					continue
				}
				live++
			}
			if live == 0 {
				return max(status, 1)
			}
		}
		if rerr == io.EOF {
			return status
		}
		if rerr != nil {
			c.Errorf("read error: %s", commands.ErrText(rerr))
			if errors.Is(rerr, syscall.EBADF) {
				// A closed stdin also fails GNU tee's final close.
				c.Errorf("standard input: %s", commands.ErrText(rerr))
			}
			return 1
		}
	}
}
