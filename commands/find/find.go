package find

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fspath"

	"bufio"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"
)

const findHelp = `Usage: find [-H] [-L] [-P] [starting-point...] [expression]

Operators: ( EXPR ) ! EXPR -not EXPR EXPR1 -a EXPR2 EXPR1 -o EXPR2 EXPR1 , EXPR2
Options: -depth -maxdepth LEVELS -mindepth LEVELS -xdev -follow
Tests: -name -iname -path -ipath -wholename -regex -iregex -regextype
       -type -xtype -empty -size N[bcwkMG] -perm [-/]MODE -newer FILE
       -mtime N -mmin N -atime -amin -ctime -cmin -user -group -uid -gid
       -links N -inum N -samefile FILE -readable -writable -executable
       -true -false -lname -ilname
Actions: -print -print0 -printf FORMAT -ls -delete -prune -quit
       -exec COMMAND ; -exec COMMAND {} + -execdir COMMAND ; -ok COMMAND ;
`

// findWalk is the state of one find run.
type findWalk struct {
	c        *commands.Context
	ctx      context.Context
	out      *bufio.Writer
	expr     findExpr
	follow   byte // 'P' (never), 'H' (operands), 'L' (always)
	depthFst bool
	minDepth int
	maxDepth int
	now      time.Time
	status   int
	quit     bool
	batches  []*findExec
	regexTyp string
	files    map[string]*findOutFile // -fprint and friends
}

// findEntry is one visited file.
type findEntry struct {
	path  string // as printed
	abs   string
	start string // the starting point it was found under
	depth int
	fi    fs.FileInfo
	prune bool
}

func runFind(ctx context.Context, c *commands.Context) int {
	args := c.Args[1:]
	if len(args) == 1 && args[0] == "--help" {
		fmt.Fprint(c.Stdout, findHelp)
		return 0
	}
	w := &findWalk{c: c, ctx: ctx, out: commands.NewOut(c.Stdout), follow: 'P', maxDepth: -1, now: time.Now(), regexTyp: "emacs"}
	for len(args) > 0 && len(args[0]) == 2 && strings.Contains("-H-L-P", args[0]) && args[0][0] == '-' {
		w.follow = args[0][1]
		args = args[1:]
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	var starts []string
	for len(args) > 0 && !isFindExprStart(args[0]) {
		starts, args = append(starts, args[0]), args[1:]
	}
	noStarts := len(starts) == 0
	if noStarts {
		starts = []string{"."}
	}
	p := &findParser{w: w, toks: args, noStarts: noStarts}
	expr, err := p.parseTop()
	if err != "" {
		w.out.Flush()
		w.closeFiles()
		c.Errorf("%s", err)
		return 1
	}
	w.expr = expr
	for _, s := range starts {
		if w.quit || ctx.Err() != nil {
			break
		}
		w.start(s)
	}
	w.flushBatches()
	w.closeFiles()
	if err := w.out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	if ctx.Err() != nil {
		return 1
	}
	return w.status
}

// isFindExprStart tells where the starting points end: at the first
// argument that begins an expression.
func isFindExprStart(a string) bool {
	return a == "!" || a == "(" || a == ")" || a == "," || len(a) > 1 && a[0] == '-'
}

func (w *findWalk) errorf(format string, args ...any) {
	w.out.Flush()
	w.c.Errorf(format, args...)
	w.status = 1
}

func (w *findWalk) start(s string) {
	if s == "" {
		w.errorf("'': No such file or directory")
		return
	}
	abs := w.c.Abs(s)
	fi, err := w.c.FS.Lstat(abs)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 && w.follow != 'P' {
		if sfi, serr := w.c.FS.Stat(abs); serr == nil {
			fi = sfi
		}
	}
	if err != nil {
		w.errorf("'%s': %s", s, commands.ErrText(err))
		return
	}
	w.visit(&findEntry{path: s, abs: abs, start: s, fi: fi}, nil)
}

// visit evaluates e and descends into it. ancestors holds the directories
// on the current path so -L cannot loop forever.
func (w *findWalk) visit(e *findEntry, ancestors []string) {
	if w.quit || w.ctx.Err() != nil {
		return
	}
	inRange := e.depth >= w.minDepth
	if inRange && !w.depthFst {
		w.expr.eval(w, e)
	}
	if e.fi.IsDir() && !e.prune && (w.maxDepth < 0 || e.depth < w.maxDepth) && !w.quit {
		w.descend(e, ancestors)
	}
	if inRange && w.depthFst && !w.quit {
		w.expr.eval(w, e)
	}
}

func (w *findWalk) descend(e *findEntry, ancestors []string) {
	if w.follow == 'L' {
		if real, err := fspath.RealPath(w.c.FS, e.abs); err == nil {
			for _, a := range ancestors {
				if a == real {
					w.errorf("File system loop detected; '%s' is part of the same file system loop as '%s'.", e.path, e.start)
					return
				}
			}
			ancestors = append(ancestors, real)
		}
	}
	ents, err := w.c.FS.ReadDir(e.abs)
	if err != nil {
		w.errorf("'%s': %s", e.path, commands.ErrText(err))
		return
	}
	prefix := e.path
	if !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	for _, de := range ents {
		if w.quit || w.ctx.Err() != nil {
			return
		}
		child := &findEntry{path: prefix + de.Name(), abs: path.Join(e.abs, de.Name()), start: e.start, depth: e.depth + 1}
		fi, err := de.Info()
		if err == nil && w.follow == 'L' && fi.Mode()&fs.ModeSymlink != 0 {
			if sfi, serr := w.c.FS.Stat(child.abs); serr == nil {
				fi = sfi
			}
		}
		if err != nil {
			w.errorf("'%s': %s", child.path, commands.ErrText(err))
			continue
		}
		child.fi = fi
		w.visit(child, ancestors)
	}
}
