package commands

import (
	"io"
	"strings"
	"sync"
)

// dispatch groups items into command lines and runs them, up to x.procs
// at a time.
func (x *xargsRun) dispatch(items []xargsItem) int {
	x.stdout, x.stderr = x.c.Stdout, x.c.Stderr
	if x.procs > 1 {
		// Parallel runs share the streams; serialise each write.
		var mu sync.Mutex
		x.stdout = &lockedWriter{mu: &mu, w: x.c.Stdout}
		x.stderr = &lockedWriter{mu: &mu, w: x.c.Stderr}
	}
	sem := make(chan struct{}, x.procs)
	var wg sync.WaitGroup
	launch := func(argv []string) {
		if x.stopped() {
			return
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			x.runOne(argv)
		}()
	}
	if len(items) == 0 {
		if !x.noEmpty && !x.hasRepl {
			launch(append([]string{}, x.cmd...))
		}
	}
	if x.hasRepl {
		for _, it := range items {
			argv := make([]string, len(x.cmd))
			for i, a := range x.cmd {
				argv[i] = strings.ReplaceAll(a, x.replace, it.s)
			}
			launch(argv)
		}
	} else {
		x.batches(items, launch)
	}
	wg.Wait()
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.status
}

// batches cuts items into command lines by -n, -L and -s.
func (x *xargsRun) batches(items []xargsItem, launch func([]string)) {
	base := 0
	for _, a := range x.cmd {
		base += len(a) + 1
	}
	var cur []string
	size, lines := base, 0
	for _, it := range items {
		if len(cur) > 0 && size+len(it.s)+1 > x.maxChars {
			launch(append(append([]string{}, x.cmd...), cur...))
			cur, size, lines = nil, base, 0
		}
		cur = append(cur, it.s)
		size += len(it.s) + 1
		if it.lineEnd {
			lines++
		}
		if x.maxArgs > 0 && len(cur) >= x.maxArgs || x.maxLines > 0 && lines >= x.maxLines {
			launch(append(append([]string{}, x.cmd...), cur...))
			cur, size, lines = nil, base, 0
		}
	}
	if len(cur) > 0 {
		launch(append(append([]string{}, x.cmd...), cur...))
	}
}

func (x *xargsRun) stopped() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.stop || x.ctx.Err() != nil
}

// runOne runs one command line and folds its status into xargs' own:
// 123 for 1-125, 124 (and stop) for 255, 126/127 stop at once.
func (x *xargsRun) runOne(argv []string) {
	if x.trace {
		quoted := make([]string, len(argv))
		for i, a := range argv {
			quoted[i] = shellEscape(a)
		}
		io.WriteString(x.stderr, strings.Join(quoted, " ")+"\n")
	}
	st := 127
	if x.c.Exec != nil {
		st = x.c.Exec(x.ctx, argv, IO{Stdin: eofReader{}, Stdout: x.stdout, Stderr: x.stderr})
	} else {
		io.WriteString(x.stderr, "xargs: "+argv[0]+": No such file or directory\n")
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	switch {
	case st == 0:
	case st == 255:
		io.WriteString(x.stderr, "xargs: "+argv[0]+": exited with status 255; aborting\n")
		x.status, x.stop = 124, true
	case st == 126 || st == 127:
		x.status, x.stop = st, true
	case st > 128 && st < 255:
		x.status, x.stop = 125, true
	default:
		if x.status == 0 {
			x.status = 123
		}
	}
}

// lockedWriter serialises writes from parallel commands.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
