package commands

import (
	"io"
	"os"
)

func init() { register("tee", runTee) }

var teeOpts = optParser{opts: []opt{
	{short: 'a', long: "append"},
	{short: 'i', long: "ignore-interrupts"},
	{short: 'p'}, {long: "output-error", arg: true},
}, usage: 1, help: "Usage: tee [OPTION]... [FILE]...\nCopy standard input to each FILE, and also to standard output.\n  -a, --append  append to the given FILEs, do not overwrite\n"}

func runTee(ctx contextT, c *Context) int {
	res, ops, status, ok := teeOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if toFlags(res).has("a") {
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
			c.Errorf("%s: %s", name, ErrText(err))
			status = 1
			continue
		}
		defer w.Close()
		sinks = append(sinks, &sink{name: name, w: w})
	}
	buf := make([]byte, 32*1024)
	in := ctxReader{ctx, c.stdin()}
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
					if s.name == "" && isPipeErr(err) {
						continue
					}
					name := s.name
					if name == "" {
						name = "standard output"
					}
					c.Errorf("%s: %s", name, ErrText(err))
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
			c.Errorf("read error: %s", ErrText(rerr))
			return 1
		}
	}
}
