package run

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/quote"

	"io"
	"strings"
	"sync"
)

// xargsPool runs command lines, up to x.procs at a time.
type xargsPool struct {
	x   *xargsRun
	sem chan struct{}
	wg  sync.WaitGroup
}

func (x *xargsRun) newPool() *xargsPool {
	x.stdout, x.stderr = x.c.Stdout, x.c.Stderr
	if x.procs > 1 {
		// Parallel runs share the streams; serialise each write.
		var mu sync.Mutex
		x.stdout = &lockedWriter{mu: &mu, w: x.c.Stdout}
		x.stderr = &lockedWriter{mu: &mu, w: x.c.Stderr}
	}
	return &xargsPool{x: x, sem: make(chan struct{}, x.procs)}
}

func (p *xargsPool) launch(argv []string) {
	if p.x.stopped() {
		return
	}
	p.sem <- struct{}{}
	p.wg.Add(1)
	go func() {
		defer func() { <-p.sem; p.wg.Done() }()
		p.x.runOne(argv)
	}()
}

// wait lets the running lines finish and gives xargs' status.
func (p *xargsPool) wait() int {
	p.wg.Wait()
	p.x.mu.Lock()
	defer p.x.mu.Unlock()
	return p.x.status
}

// batcher cuts the stream of items into command lines by -n, -L and -s
// (or one line per item with -I), launching each as soon as it is full so
// endless input runs commands as it arrives, as GNU xargs does.
type batcher struct {
	x      *xargsRun
	pool   *xargsPool
	base   int
	cur    []string
	size   int
	lines  int
	anyArg bool
}

func (x *xargsRun) newBatcher(pool *xargsPool) *batcher {
	b := &batcher{x: x, pool: pool}
	for _, a := range x.cmd {
		b.base += len(a) + 1
	}
	b.size = b.base
	return b
}

func (b *batcher) add(it xargsItem) {
	x := b.x
	b.anyArg = true
	if x.hasRepl {
		argv := make([]string, len(x.cmd))
		for i, a := range x.cmd {
			argv[i] = strings.ReplaceAll(a, x.replace, it.s)
		}
		b.pool.launch(argv)
		return
	}
	if len(b.cur) > 0 && b.size+len(it.s)+1 > x.maxChars {
		b.flush()
	}
	b.cur = append(b.cur, it.s)
	b.size += len(it.s) + 1
	if it.lineEnd {
		b.lines++
	}
	if x.maxArgs > 0 && len(b.cur) >= x.maxArgs || x.maxLines > 0 && b.lines >= x.maxLines {
		b.flush()
	}
}

// flush launches the pending command line, if any.
func (b *batcher) flush() {
	if len(b.cur) > 0 {
		b.pool.launch(append(append([]string{}, b.x.cmd...), b.cur...))
	}
	b.cur, b.size, b.lines = nil, b.base, 0
}

// finish launches the last line; with no input at all the command still
// runs once (without -r and -I), as in GNU.
func (b *batcher) finish() {
	if !b.anyArg && !b.x.noEmpty && !b.x.hasRepl {
		b.pool.launch(append([]string{}, b.x.cmd...))
		return
	}
	b.flush()
}

func (x *xargsRun) stopped() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.stop || x.ctx.Err() != nil
}

// runOne runs one command line and folds its status into xargs' own:
// 123 for 1-125, 124 (and stop) for 255, 126/127 stop at once.
func (x *xargsRun) runOne(argv []string) {
	if x.prompt {
		// GNU xargs -p shows the command, then reads the answer from
		// /dev/tty; with no terminal (the sandbox has none) it stops there.
		io.WriteString(x.stderr, strings.Join(argv, " ")+
			"xargs: failed to open /dev/tty for reading: No such device or address\n")
		x.mu.Lock()
		x.status, x.stop = 1, true
		x.mu.Unlock()
		return
	}
	if x.trace {
		quoted := make([]string, len(argv))
		for i, a := range argv {
			quoted[i] = quote.ShellEscape(a)
		}
		io.WriteString(x.stderr, strings.Join(quoted, " ")+"\n")
	}
	st := 127
	if x.c.Exec != nil {
		errw := &notFoundWriter{w: x.stderr, quoted: "xargs: '" + argv[0] + "': No such file or directory\n",
			bare: "xargs: " + argv[0] + ": No such file or directory\n"}
		st = x.c.Exec(x.ctx, argv, commands.IO{Stdin: commands.EofReader{}, Stdout: x.stdout, Stderr: errw})
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

// notFoundWriter passes a command's stderr through, but for the
// sandbox's "xargs: 'NAME': No such file or directory" (worded as env
// and find word it), which GNU xargs writes without the quotes. The line
// comes in one write.
type notFoundWriter struct {
	w            io.Writer
	quoted, bare string
}

func (n *notFoundWriter) Write(p []byte) (int, error) {
	if string(p) == n.quoted {
		if _, err := io.WriteString(n.w, n.bare); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return n.w.Write(p)
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
