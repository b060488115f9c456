package eval

import (
	"fmt"
	"strconv"
	"strings"
)

// builtinHistory is history: list, -c, -d N, -s ARGS, -p ARGS, and the
// file operations -a -w -r -n [FILE].
func (r *Runner) builtinHistory(args []string) int {
	o, args, st := r.historyOptions(args[1:])
	if st >= 0 {
		return st
	}
	clear, del, store, print, fileOp, delArg := o.clear, o.del, o.store, o.print, o.fileOp, o.delArg
	h := r.history()
	switch {
	case clear:
		h.list, h.written, h.base, h.saved = nil, 0, 1, false
		return 0
	case del:
		return r.histDelete(delArg)
	case print:
		r.dropOwnLine()
		status := 0
		for _, a := range args {
			out, _, _, err := r.expander().expand(a)
			if err != nil {
				r.errorf("history: %s: history expansion failed", a)
				status = 1
				continue
			}
			r.writeOut("history", out+"\n")
		}
		return status
	case store:
		r.dropOwnLine()
		if len(args) > 0 {
			r.histAdd(strings.Join(args, " "))
		}
		return 0
	case fileOp != 0:
		name, _ := r.lookupVar("HISTFILE").scalar()
		if len(args) > 0 {
			name = args[0]
		}
		if name == "" {
			return 1
		}
		switch fileOp {
		case 'a':
			if !r.histWrite(name, h.written, true) {
				return 1
			}
			h.written = len(h.list)
		case 'w':
			if !r.histWrite(name, 0, false) {
				return 1
			}
			h.written = len(h.list)
		case 'r', 'n':
			r.histRead(name, fileOp == 'n')
		}
		return 0
	}
	from := 0
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 0 {
			r.errorf("history: %s: numeric argument required", args[0])
			return 1
		}
		from = max(len(h.list)-n, 0)
	}
	var b strings.Builder
	for i := from; i < len(h.list); i++ {
		fmt.Fprintf(&b, "%5d  %s\n", i+h.base, h.list[i])
	}
	r.writeOut("history", b.String())
	return 0
}

// dropOwnLine removes the entry of the line running history -s or -p:
// bash replaces it with what -s stores, and -p leaves no trace.
func (r *Runner) dropOwnLine() {
	h := r.history()
	if h.saved && len(h.list) > 0 {
		h.list = h.list[:len(h.list)-1]
		h.saved = false
	}
}

// histDelete is history -d N or -d START-END; a negative number counts
// back from the end (-1 is the last entry).
func (r *Runner) histDelete(arg string) int {
	h := r.history()
	pos := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, false
		}
		if n < 0 {
			n += len(h.list) + h.base
		}
		if n < h.base || n >= h.base+len(h.list) {
			r.errorf("history: %s: history position out of range", s)
			return 0, true
		}
		return n - h.base + 1, true
	}
	from, to := arg, arg
	if k := strings.IndexByte(arg[min(1, len(arg)):], '-'); k >= 0 {
		from, to = arg[:k+1], arg[k+2:]
	}
	a, okA := pos(from)
	if !okA {
		r.errorf("history: %s: history position out of range", arg)
		return 1
	}
	if a == 0 {
		return 1
	}
	b := a
	if to != from || from != arg {
		var okB bool
		if b, okB = pos(to); !okB {
			r.errorf("history: %s: history position out of range", arg)
			return 1
		}
		if b == 0 {
			return 1
		}
	}
	if b < a {
		return 1
	}
	h.list = append(h.list[:a-1], h.list[b:]...)
	return 0
}

// historyOpts are history's options.
type historyOpts struct {
	clear, del, store, print bool
	fileOp                   byte // one of -a -w -r -n
	delArg                   string
}

// historyOptions reads history's options; a status >= 0 ends the builtin.
func (r *Runner) historyOptions(args []string) (historyOpts, []string, int) {
	var o historyOpts
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		args = args[1:]
		for k := 1; k < len(a); k++ {
			switch c := a[k]; c {
			case 'c':
				o.clear = true
			case 's':
				o.store = true
			case 'p':
				o.print = true
			case 'a', 'w', 'r', 'n':
				if o.fileOp != 0 && o.fileOp != c {
					r.errorf("history: cannot use more than one of -anrw")
					return o, nil, 1
				}
				o.fileOp = c
			case 'd':
				o.del = true
				if k+1 < len(a) {
					o.delArg = a[k+1:]
				} else if len(args) > 0 {
					o.delArg, args = args[0], args[1:]
				} else {
					r.errorf("history: -d: option requires an argument")
					return o, nil, 2
				}
				k = len(a)
			default:
				r.errorf("history: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]")
				return o, nil, 2
			}
		}
	}
	return o, args, -1
}
