package find

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/envlist"

	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
)

// action builds the node for an action primary; ok is false when t is not one.
func (p *findParser) action(t string) (findExpr, bool) {
	switch t {
	case "-print":
		p.hasAction = true
		return findPred(func(w *findWalk, e *findEntry) bool { return w.print(e, "\n") }), true
	case "-print0":
		p.hasAction = true
		return findPred(func(w *findWalk, e *findEntry) bool { return w.print(e, "\x00") }), true
	case "-printf":
		p.hasAction = true
		f, ok := p.arg(t)
		if !ok {
			return nil, true
		}
		if err := commands.CheckFormatWidths(f, p.w.c.Limits.StringMax()); err != nil {
			p.err = err.Error()
			return nil, true
		}
		return findPred(func(w *findWalk, e *findEntry) bool {
			w.out.WriteString(w.printf(f, e))
			return true
		}), true
	case "-ls":
		p.hasAction = true
		return findPred(func(w *findWalk, e *findEntry) bool {
			w.out.WriteString(w.lsLine(e))
			return true
		}), true
	case "-fprint", "-fprint0", "-fls", "-fprintf":
		p.hasAction = true
		return p.fileAction(t), true
	case "-delete":
		p.hasAction = true
		p.w.depthFst = true
		return findPred(func(w *findWalk, e *findEntry) bool { return w.delete(e) }), true
	case "-prune":
		return findPred(func(w *findWalk, e *findEntry) bool {
			if !w.depthFst {
				e.prune = true
			}
			return true
		}), true
	case "-quit":
		return findPred(func(w *findWalk, e *findEntry) bool { w.quit = true; return true }), true
	case "-exec", "-execdir", "-ok", "-okdir":
		p.hasAction = true
		return p.execAction(t), true
	}
	return nil, false
}

// fileAction is -fprint, -fprint0, -fls or -fprintf: the output goes to
// a file, created (and emptied) when the expression is read even if
// nothing matches, as GNU does; one file named twice is one stream.
func (p *findParser) fileAction(t string) findExpr {
	name, ok := p.arg(t)
	if !ok {
		return nil
	}
	var format string
	if t == "-fprintf" {
		if format, ok = p.arg(t); !ok {
			return nil
		}
		if err := commands.CheckFormatWidths(format, p.w.c.Limits.StringMax()); err != nil {
			p.err = err.Error()
			return nil
		}
	}
	out, err := p.w.outFile(name)
	if err != nil {
		p.err = fmt.Sprintf("'%s': %s", name, commands.ErrText(err))
		return nil
	}
	return findPred(func(w *findWalk, e *findEntry) bool {
		switch t {
		case "-fprint":
			out.WriteString(e.path + "\n")
		case "-fprint0":
			out.WriteString(e.path + "\x00")
		case "-fls":
			out.WriteString(w.lsLine(e))
		default:
			out.WriteString(w.printf(format, e))
		}
		return true
	})
}

// outFile opens (once) a file named by -fprint and friends.
func (w *findWalk) outFile(name string) (*bufio.Writer, error) {
	if f, ok := w.files[name]; ok {
		return f.w, nil
	}
	wc, err := w.c.OpenWrite(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		return nil, err
	}
	if w.files == nil {
		w.files = map[string]*findOutFile{}
	}
	f := &findOutFile{w: bufio.NewWriter(wc), c: wc}
	w.files[name] = f
	return f.w, nil
}

// findOutFile is an open -fprint destination.
type findOutFile struct {
	w *bufio.Writer
	c io.Closer
}

// closeFiles flushes and closes the -fprint files.
func (w *findWalk) closeFiles() {
	for name, f := range w.files {
		err := f.w.Flush()
		if cerr := f.c.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			w.errorf("%s: %s", name, commands.ErrText(err))
		}
	}
	w.files = nil
}

func (w *findWalk) print(e *findEntry, end string) bool {
	w.out.WriteString(e.path)
	w.out.WriteString(end)
	return true
}

func (w *findWalk) delete(e *findEntry) bool {
	if e.path == "." || e.depth == 0 && path.Base(e.path) == "." {
		return true
	}
	if err := w.c.FS.Remove(e.abs); err != nil {
		w.errorf("cannot delete '%s': %s", e.path, commands.ErrText(err))
		return false
	}
	return true
}

// findExec is one -exec/-execdir/-ok action.
type findExec struct {
	argv   []string
	dir    bool // -execdir
	ask    bool // -ok
	batch  bool // terminated by '+'
	pend   []string
	pendAt string // directory of the pending batch (-execdir +)
	size   int
}

// findBatchLimit bounds the argument bytes of one '+' invocation, like
// ARG_MAX does for the real find.
const findBatchLimit = 128 * 1024

func (p *findParser) execAction(t string) findExpr {
	x := &findExec{dir: strings.HasSuffix(t, "dir"), ask: strings.HasPrefix(t, "-ok")}
	for {
		if !p.more() {
			p.err = fmt.Sprintf("missing argument to `%s'", t)
			return nil
		}
		a := p.peek()
		p.pos++
		if a == ";" {
			break
		}
		if a == "+" && len(x.argv) > 0 && x.argv[len(x.argv)-1] == "{}" && !x.ask {
			x.batch = true
			x.argv = x.argv[:len(x.argv)-1]
			break
		}
		x.argv = append(x.argv, a)
	}
	if len(x.argv) == 0 {
		p.err = fmt.Sprintf("missing argument to `%s'", t)
		return nil
	}
	if x.batch {
		p.w.batches = append(p.w.batches, x)
	}
	return findPred(func(w *findWalk, e *findEntry) bool { return w.runExec(x, e) })
}

func (w *findWalk) runExec(x *findExec, e *findEntry) bool {
	name, dir := e.path, ""
	if x.dir {
		dir = path.Dir(e.abs)
		name = "./" + path.Base(e.path)
		if e.path == "/" {
			dir, name = "/", "/"
		}
	}
	if x.batch {
		if x.dir && x.pendAt != dir && len(x.pend) > 0 {
			w.flushExec(x)
		}
		x.pendAt = dir
		x.pend = append(x.pend, name)
		x.size += len(name) + 1
		if x.size >= findBatchLimit {
			w.flushExec(x)
		}
		return true
	}
	argv := make([]string, len(x.argv))
	for i, a := range x.argv {
		argv[i] = strings.ReplaceAll(a, "{}", name)
	}
	if x.ask && !w.confirm(argv) {
		return false
	}
	return w.execIn(dir, argv) == 0
}

// confirm asks on stderr and reads the answer from stdin, as -ok does.
func (w *findWalk) confirm(argv []string) bool {
	w.out.Flush()
	fmt.Fprintf(w.c.Stderr, "< %s ... %s > ? ", argv[0], argv[len(argv)-1])
	lb, _ := commands.ReadLine(bufio.NewReader(w.c.In()), '\n', 4096)
	line := string(lb)
	return strings.HasPrefix(strings.TrimSpace(line), "y") || strings.HasPrefix(strings.TrimSpace(line), "Y")
}

// execIn runs argv in the sandbox, in dir when set (via PWD, which is how
// nested runs learn their working directory).
func (w *findWalk) execIn(dir string, argv []string) int {
	w.out.Flush()
	if w.c.Exec == nil {
		w.errorf("'%s': No such file or directory", argv[0])
		return 127
	}
	ctx := w.ctx
	if dir != "" {
		env := append(envlist.Unset(w.c.Environ, "PWD"), "PWD="+dir)
		ctx = commands.WithExecEnv(ctx, env)
	}
	st := w.c.Exec(ctx, argv, commands.IO{Stdin: w.c.Stdin, Stdout: w.c.Stdout, Stderr: w.c.Stderr})
	if st == 127 || st == 126 {
		w.status = 1
	}
	return st
}

func (w *findWalk) flushExec(x *findExec) {
	if len(x.pend) == 0 {
		return
	}
	argv := append(append([]string{}, x.argv...), x.pend...)
	x.pend, x.size = nil, 0
	if w.execIn(x.pendAt, argv) != 0 {
		w.status = 1
	}
}

func (w *findWalk) flushBatches() {
	for _, x := range w.batches {
		if w.ctx.Err() != nil {
			return
		}
		w.flushExec(x)
	}
}
