package shell

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/interp"

	"github.com/justbash/justbash/commands"
)

// interp only knows file descriptors 0, 1 and 2. Descriptors 3 and up live
// in a table of ours, one per session: the rewrite in rewrite_fd.go turns
// "exec 3>file" and "cmd 3<file" into calls of fdCmd, which the call
// handler runs against the table, and turns ">&3" and "<&3" into
// redirections to a marked path that the open handler resolves from it.

const (
	fdCmd = "__justbash_fd"
	// fdMarker prefixes the target of a rewritten >&N / <&N: bash's
	// /dev/fd/N names the same descriptor.
	fdMarker = "/dev/fd/"
	// firstNamedFd is where exec {var}>file starts allocating, as in bash.
	firstNamedFd = 10
	maxFd        = 1023
)

// fdHandle is an open file shared by the descriptors that dup it.
type fdHandle struct {
	rw   io.ReadWriter
	c    io.Closer // nil for the shell's own streams
	refs int
}

type fdTable struct {
	mu    sync.Mutex
	fds   map[int]*fdHandle
	saved map[int][]*fdHandle // per-command redirections: the outer value
}

func newFdTable() *fdTable {
	return &fdTable{fds: map[int]*fdHandle{}, saved: map[int][]*fdHandle{}}
}

// put makes fd refer to h (nil closes it). The caller holds mu.
func (t *fdTable) put(fd int, h *fdHandle) {
	if old := t.fds[fd]; old != nil {
		t.release(old)
	}
	if h == nil {
		delete(t.fds, fd)
		return
	}
	h.refs++
	t.fds[fd] = h
}

func (t *fdTable) release(h *fdHandle) {
	h.refs--
	if h.refs <= 0 && h.c != nil {
		h.c.Close()
	}
}

func (t *fdTable) get(fd int) *fdHandle {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.fds[fd]
}

// fdFile is what the open handler returns for a table descriptor: closing
// it (interp does after the command) must not close the descriptor.
type fdFile struct{ rw io.ReadWriter }

func (f fdFile) Read(p []byte) (int, error)  { return f.rw.Read(p) }
func (f fdFile) Write(p []byte) (int, error) { return f.rw.Write(p) }
func (f fdFile) Close() error                { return nil }

// errBadFd is bash's message for a descriptor that is not open.
var errBadFd = errText("Bad file descriptor")

// openDevFd resolves /dev/fd/N for a descriptor of the table, or reports
// bash's error for one that is not open (unless a VFS file has that name,
// such as a process substitution's). ok is false when the VFS should
// decide.
func (sess *Session) openDevFd(hc interp.HandlerContext, abs, n string) (io.ReadWriteCloser, error, bool) {
	fd, err := strconv.Atoi(strings.TrimSuffix(n, "-"))
	if err != nil || fd < 0 {
		return nil, nil, false
	}
	if fd <= 2 || sess.fds.get(fd) != nil {
		f, err := sess.openFd(hc, n)
		return f, err, true
	}
	if _, err := sess.sh.fs.Stat(abs); err == nil {
		return nil, nil, false
	}
	return nil, &fs.PathError{Op: "bash:", Path: strconv.Itoa(fd), Err: errBadFd}, true
}

// openFd resolves a rewritten >&N / <&N target (or /dev/fd/N) for the open
// handler.
func (sess *Session) openFd(hc interp.HandlerContext, target string) (io.ReadWriteCloser, error) {
	spec := strings.TrimSuffix(target, "-")
	switch spec {
	case "0":
		return rwc{r: hc.Stdin}, nil
	case "1":
		return rwc{w: hc.Stdout}, nil
	case "2":
		return rwc{w: hc.Stderr}, nil
	case "":
		if target == "-" {
			return rwc{}, nil
		}
	}
	fd, err := strconv.Atoi(spec)
	if err != nil || fd < 0 {
		return nil, &fs.PathError{Op: "bash:", Path: target, Err: errText("ambiguous redirect")}
	}
	if h := sess.fds.get(fd); h != nil {
		return fdFile{h.rw}, nil
	}
	return nil, &fs.PathError{Op: "bash:", Path: spec, Err: errBadFd}
}

// fdBuiltin runs fdCmd: "set SPEC..." (exec N>file), "push SPEC..." (a
// redirection of one command) and "pop STATUS FD..." (its end, which
// restores the outer descriptors and returns STATUS). A SPEC is three
// words: the descriptor (or {var}), the operator and its target.
func (sess *Session) fdBuiltin(hc interp.HandlerContext, args []string) []string {
	if len(args) == 0 {
		return []string{"true"}
	}
	t := sess.fds
	mode, args := args[0], args[1:]
	if mode == "pop" {
		if len(args) == 0 {
			return []string{"true"}
		}
		t.mu.Lock()
		for _, a := range args[1:] {
			fd, _ := strconv.Atoi(a)
			st := t.saved[fd]
			if len(st) == 0 {
				continue
			}
			prev := st[len(st)-1]
			t.saved[fd] = st[:len(st)-1]
			t.put(fd, prev)
			if prev != nil {
				t.release(prev) // put took a second reference
			}
		}
		t.mu.Unlock()
		return []string{forceExec, statusCmd, args[0]}
	}
	var assigns []string
	for len(args) >= 3 {
		name, op, target := args[0], args[1], args[2]
		args = args[3:]
		fd, varName, err := sess.fdNumber(name)
		if err == nil {
			var h *fdHandle
			h, err = sess.fdOpen(hc, op, target)
			if err == nil {
				t.mu.Lock()
				if mode == "push" {
					prev := t.fds[fd]
					if prev != nil {
						prev.refs++
					}
					t.saved[fd] = append(t.saved[fd], prev)
				}
				t.put(fd, h)
				t.mu.Unlock()
			}
		}
		if err != nil {
			return []string{forceExec, "__justbash_fail", err.Error(), "1"}
		}
		if varName != "" {
			assigns = append(assigns, varName+"="+strconv.Itoa(fd))
		}
	}
	if len(assigns) > 0 {
		return []string{"eval", strings.Join(assigns, "; ")}
	}
	return []string{"true"}
}

// fdNumber parses the descriptor of a SPEC; {var} allocates a free one.
func (sess *Session) fdNumber(name string) (int, string, error) {
	if v, ok := strings.CutPrefix(name, "{"); ok {
		v = strings.TrimSuffix(v, "}")
		t := sess.fds
		t.mu.Lock()
		defer t.mu.Unlock()
		for fd := firstNamedFd; fd <= maxFd; fd++ {
			if t.fds[fd] == nil {
				return fd, v, nil
			}
		}
		return 0, "", errors.New(name + ": Too many open files")
	}
	fd, err := strconv.Atoi(name)
	if err != nil || fd < 0 || fd > maxFd {
		return 0, "", fmt.Errorf("%s: Bad file descriptor", name)
	}
	return fd, "", nil
}

// fdOpen opens the target of one SPEC. A nil handle closes the descriptor.
func (sess *Session) fdOpen(hc interp.HandlerContext, op, target string) (*fdHandle, error) {
	switch op {
	case ">&", "<&":
		src := strings.TrimSuffix(target, "-")
		switch src {
		case "":
			if target == "-" {
				return nil, nil
			}
		case "0":
			return &fdHandle{rw: rwc{r: hc.Stdin}}, nil
		case "1":
			return &fdHandle{rw: rwc{w: hc.Stdout}}, nil
		case "2":
			return &fdHandle{rw: rwc{w: hc.Stderr}}, nil
		}
		n, err := strconv.Atoi(src)
		if err != nil {
			return nil, fmt.Errorf("%s: ambiguous redirect", target)
		}
		t := sess.fds
		t.mu.Lock()
		defer t.mu.Unlock()
		h := t.fds[n]
		if h == nil {
			return nil, fmt.Errorf("%s: Bad file descriptor", src)
		}
		if strings.HasSuffix(target, "-") && src != target {
			// N>&M- moves M: the handle survives through N.
			h.refs++
			t.put(n, nil)
			h.refs--
		}
		return h, nil
	case "<<", "<<<":
		return &fdHandle{rw: rwc{r: strings.NewReader(target)}}, nil
	}
	flag, ok := map[string]int{
		">":  os.O_WRONLY | os.O_CREATE | os.O_TRUNC,
		">|": os.O_WRONLY | os.O_CREATE | os.O_TRUNC,
		">>": os.O_WRONLY | os.O_CREATE | os.O_APPEND,
		"<":  os.O_RDONLY,
		"<>": os.O_RDWR | os.O_CREATE,
	}[op]
	if !ok {
		return nil, fmt.Errorf("%s: unsupported redirection", op)
	}
	if op == ">|" {
		target = clobberMarker + target
	}
	f, err := sess.openIn(hc, target, flag, 0o666)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %v", pe.Path, pe.Err)
		}
		return nil, err
	}
	return &fdHandle{rw: f, c: f}, nil
}

// statusCmd exits with the status given as its argument.
const statusCmd = "__justbash_status"

func statusCommand(c *commands.Context) int {
	if len(c.Args) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(c.Args[1])
	return n & 0xff
}
