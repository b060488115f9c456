package eval

import "fmt"

const mapfileUsage = "[-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]"

type mapfileOpt struct {
	c   byte
	val string
}

// mapfileOpts reads mapfile's options as bash's getopt does: letters may
// be grouped (-tn 2), an option's value is the rest of its word or the
// next word; an unknown option or a missing value is a usage error.
func (r *Runner) mapfileOpts(name string, args []string) ([]mapfileOpt, []string, bool) {
	var out []mapfileOpt
	usage := func() { fmt.Fprintf(r.stderr(), "%s: usage: %s %s\n", name, name, mapfileUsage) }
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for i := 1; i < len(a); i++ {
			c := a[i]
			switch c {
			case 't':
				out = append(out, mapfileOpt{c: c})
				continue
			case 'd', 'n', 'O', 's', 'u', 'C', 'c':
			default:
				r.errorf("%s: -%c: invalid option", name, c)
				usage()
				return nil, nil, false
			}
			val := a[i+1:]
			if val == "" {
				if len(args) == 0 {
					r.errorf("%s: -%c: option requires an argument", name, c)
					usage()
					return nil, nil, false
				}
				val, args = args[0], args[1:]
			}
			out = append(out, mapfileOpt{c: c, val: val})
			break
		}
	}
	return out, args, true
}
