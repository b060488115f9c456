package eval

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// fc's special results when resolving a history specification.
const (
	fcInvalid  = -2
	fcNotFound = -3
)

const fcUsage = "fc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"

// builtinFc is fc: list (-l), re-run with substitutions (-s, -e -), or
// hand a range to an editor command and run what it leaves (-e ename).
// Numbers count as bash counts them: negative ones back from the command
// before fc, out-of-range ones clamp when listing.
func (r *Runner) builtinFc(args []string) int {
	o, args, ok := r.fcOptions(args[1:])
	if !ok {
		return 2
	}
	listing, noNum, reverse, execute, ename := o.listing, o.noNum, o.reverse, o.execute, o.ename
	h := r.history()
	if execute {
		return r.fcExecute(args)
	}
	n := len(h.list)
	if n == 0 {
		return 0
	}
	lastHist := n - 1
	if h.saved {
		lastHist--
	}
	realLast := n - 1
	lastHist = max(lastHist, 0)
	var beg, end int
	switch {
	case len(args) > 0:
		beg = r.fcNum(args[0], lastHist, realLast, listing, true)
		switch {
		case len(args) > 1:
			end = r.fcNum(args[1], lastHist, realLast, listing, false)
		case beg == realLast && listing:
			end = realLast
		case listing:
			end = lastHist
		default:
			end = beg
		}
	case listing:
		end = lastHist
		beg = max(end-15, 0)
	default:
		beg, end = lastHist, lastHist
	}
	switch {
	case beg == fcInvalid || end == fcInvalid:
		r.errorf("fc: history specification out of range")
		return 1
	case beg == fcNotFound || end == fcNotFound:
		r.errorf("fc: no command found")
		return 1
	}
	if !listing && h.saved {
		// The fc being run is not itself part of what it edits.
		h.list = h.list[:len(h.list)-1]
		h.saved = false
		end = min(end, len(h.list)-1)
		beg = min(beg, len(h.list)-1)
	}
	if end < beg {
		beg, end = end, beg
		reverse = !reverse
	}
	var b strings.Builder
	for k := range end - beg + 1 {
		i := beg + k
		if reverse {
			i = end - k
		}
		if i < 0 || i >= len(h.list) {
			continue
		}
		if listing {
			if !noNum {
				b.WriteString(strconv.Itoa(i + h.base))
			}
			b.WriteString("\t ")
		}
		b.WriteString(h.list[i])
		b.WriteByte('\n')
	}
	if listing {
		r.writeOut("fc", b.String())
		return 0
	}
	return r.fcEdit(ename, b.String())
}

// fcNum resolves one history specification to a list index.
func (r *Runner) fcNum(spec string, lastHist, realLast int, listing, first bool) int {
	h := r.history()
	s, neg := spec, false
	if strings.HasPrefix(s, "-") {
		s, neg = s[1:], true
	}
	if s != "" && isDigit(s[0]) {
		n, _ := strconv.Atoi(leadingDigits(s))
		if neg {
			n = -n
		}
		switch {
		case n < 0:
			return max(n+lastHist+1, 0)
		case n == 0:
			if neg {
				if listing {
					return realLast
				}
				return fcInvalid
			}
			return lastHist
		}
		n -= h.base
		if n < 0 || n >= lastHist {
			if first {
				return 0
			}
			return lastHist
		}
		return n
	}
	for j := lastHist; j >= 0; j-- {
		if strings.HasPrefix(h.list[j], spec) {
			return j
		}
	}
	return fcNotFound
}

func leadingDigits(s string) string {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i]
}

// fcExecute is fc -s [pat=rep ...] [command]: the command, with each
// pat replaced by rep, is shown, takes fc's place in the list, and runs.
func (r *Runner) fcExecute(args []string) int {
	h := r.history()
	var reps [][2]string
	for len(args) > 0 && strings.Contains(args[0], "=") {
		p, v, _ := strings.Cut(args[0], "=")
		reps = append(reps, [2]string{p, v})
		args = args[1:]
	}
	lastHist := len(h.list) - 1
	if h.saved {
		lastHist--
	}
	cmd, found := "", false
	if lastHist >= 0 {
		if len(args) == 0 {
			cmd, found = h.list[lastHist], true
		} else if i := r.fcNum(args[0], lastHist, len(h.list)-1, false, true); i >= 0 && i < len(h.list) {
			cmd, found = h.list[i], true
		}
	}
	if !found {
		r.errorf("fc: no command found")
		return 1
	}
	for _, rp := range reps {
		if rp[0] != "" {
			cmd = strings.ReplaceAll(cmd, rp[0], rp[1])
		}
	}
	fmt.Fprintln(r.stderr(), cmd)
	if h.saved && len(h.list) > 0 {
		h.list[len(h.list)-1] = cmd
	} else {
		r.histAdd(cmd)
	}
	r.status = 0
	r.evalText(cmd, "fc")
	return r.status
}

// fcEdit writes the commands to a file, runs the editor on it, and runs
// what the file then holds, each line shown first.
func (r *Runner) fcEdit(ename, text string) int {
	if ename == "" {
		if v, ok := r.lookupVar("FCEDIT").scalar(); ok && v != "" {
			ename = v
		} else {
			ename = "vi"
		}
	}
	name := fmt.Sprintf("/tmp/bash-fc.%d", r.pid)
	f, err := r.cfg.FS.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		r.errorf("fc: %s: cannot open temp file: %s", name, errText(err))
		return 1
	}
	io.WriteString(f, text)
	f.Close()
	defer r.cfg.FS.Remove(name)
	r.status = 0
	r.evalText(ename+" "+name, "fc")
	if r.status != 0 {
		return r.status
	}
	f, err = r.cfg.FS.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		return 1
	}
	data, _ := io.ReadAll(io.LimitReader(f, 16<<20))
	f.Close()
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		fmt.Fprint(r.stderr(), line)
		r.histAdd(strings.TrimSuffix(line, "\n"))
		r.evalText(line, "fc")
	}
	return r.status
}

// fcOpts are fc's options.
type fcOpts struct {
	listing, noNum, reverse, execute bool
	ename                            string
}

// fcOptions reads fc's options (-e takes a word; -e - is -s).
func (r *Runner) fcOptions(args []string) (fcOpts, []string, bool) {
	var o fcOpts
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && !isDigit(args[0][1]) {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for k := 1; k < len(a); k++ {
			switch a[k] {
			case 'l':
				o.listing = true
			case 'n':
				o.noNum = true
			case 'r':
				o.reverse = true
			case 's':
				o.execute = true
			case 'e':
				if k+1 < len(a) {
					o.ename = a[k+1:]
				} else if len(args) > 0 {
					o.ename, args = args[0], args[1:]
				} else {
					r.errorf("fc: -e: option requires an argument")
					fmt.Fprintln(r.stderr(), fcUsage)
					return o, nil, false
				}
				k = len(a)
			default:
				r.errorf("fc: -%c: invalid option", a[k])
				fmt.Fprintln(r.stderr(), fcUsage)
				return o, nil, false
			}
		}
	}
	if o.ename == "-" {
		o.execute = true
	}
	return o, args, true
}
