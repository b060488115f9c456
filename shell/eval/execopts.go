package eval

import "fmt"

// execOpts are exec's options: -a NAME gives the command NAME as its
// argument zero, -l puts a dash before it (a login command), -c runs it
// with an empty environment.
type execOpts struct {
	argv0    string
	login    bool
	clearEnv bool
}

// execFlags reads exec's -c, -l and -a NAME (clustered or not) and
// returns the command words. A letter it does not know, or -a without a
// name, is reported with exec's usage line.
func (r *Runner) execFlags(args []string) ([]string, execOpts, bool) {
	var eo execOpts
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for i := 1; i < len(a); i++ {
			switch a[i] {
			case 'c':
				eo.clearEnv = true
			case 'l':
				eo.login = true
			case 'a':
				if i+1 < len(a) {
					eo.argv0, i = a[i+1:], len(a)
				} else if len(args) > 0 {
					eo.argv0, args = args[0], args[1:]
				} else {
					r.errorf("exec: -a: option requires an argument")
					fmt.Fprintf(r.stderr(), "exec: usage: %s\n", execUsage)
					return nil, eo, false
				}
			default:
				r.errorf("exec: -%c: invalid option", a[i])
				fmt.Fprintf(r.stderr(), "exec: usage: %s\n", execUsage)
				return nil, eo, false
			}
		}
	}
	return args, eo, true
}

// execExternal runs the command exec replaces the shell with, found by
// its first word, with exec's argument zero and environment.
func (r *Runner) execExternal(args []string, eo execOpts) {
	if eo.argv0 == "" && !eo.login && !eo.clearEnv {
		r.runExternal(args)
		return
	}
	p, status := r.findCommand(args[0])
	if status != 0 || r.cfg.Exec == nil {
		r.runExternal(args)
		return
	}
	argv := append([]string(nil), args...)
	if eo.argv0 != "" {
		argv[0] = eo.argv0
	}
	if eo.login {
		argv[0] = "-" + argv[0]
	}
	hc := r.handlerCtx()
	if eo.clearEnv {
		hc.Env = nil
	}
	r.status = r.cfg.Exec(r.ctx, hc, p, argv)
	if e := r.g.err(); e != nil {
		r.stop(e)
	}
}
