package awk

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// mainInput walks ARGV at run time, as awk does (BEGIN may change ARGV).
type mainInput struct {
	argi    int
	rr      *recordReader
	file    vfs.File
	sawFile bool
	done    bool
}

// writeError ends the program when output cannot be written (for example
// a closed pipe after "| head -1").
type writeError struct{ err error }

func (in *interp) stdinReader() *recordReader {
	if in.stdinRR == nil {
		in.stdinRR = newRecordReader(in.c.Stdin)
	}
	return in.stdinRR
}

// openNextFile advances to the next input operand; false when there is none.
func (in *interp) openNextFile() bool {
	m := &in.main
	for {
		argc := int(in.globals[vARGC].toNum())
		m.argi++
		if m.argi >= argc {
			if m.sawFile {
				return false
			}
			m.sawFile = true
			m.rr = in.stdinReader()
			// gawk and mawk both name standard input "-" here.
			in.globals[vFILENAME] = str("-")
			in.globals[vFNR] = num(0)
			return true
		}
		e, ok := in.garr[vARGV].get(strconv.Itoa(m.argi))
		if !ok {
			continue
		}
		arg := in.toStr(e.v)
		if arg == "" {
			continue
		}
		if eq := strings.IndexByte(arg, '='); eq >= 0 {
			// gawk's arg_assign forgets the source line of any operand
			// with '=', an assignment or not.
			in.line = 0
			if eq > 0 && isIdent(arg[:eq]) {
				in.assignOperand(arg[:eq], arg[eq+1:])
				continue
			}
		}
		m.sawFile = true
		in.globals[vFNR] = num(0)
		in.globals[vFILENAME] = str(arg)
		if arg == "-" || arg == "/dev/stdin" {
			m.rr = in.stdinReader()
			return true
		}
		f, err := in.c.FS.OpenFile(in.c.Abs(arg), os.O_RDONLY, 0)
		if err == nil {
			if st, serr := f.Stat(); serr == nil && st.IsDir() {
				f.Close()
				in.warn("warning: command line argument `%s' is a directory: skipped", arg)
				continue
			}
		}
		if err != nil {
			in.fatal("cannot open file `%s' for reading: %s", arg, commands.ErrText(err))
		}
		m.file = f
		m.rr = newRecordReader(f)
		return true
	}
}

func isIdent(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '_' && !isAlpha(s[i]) && !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func (in *interp) closeMainFile() {
	m := &in.main
	if m.file != nil {
		m.file.Close()
		m.file = nil
	}
	m.rr = nil
}

// nextMainRecord reads the next record of the main input, updating NR/FNR.
func (in *interp) nextMainRecord() (string, bool) {
	m := &in.main
	for !m.done {
		if m.rr == nil {
			if !in.openNextFile() {
				m.done = true
				break
			}
			if len(in.prog.beginFiles) > 0 {
				switch in.runFileBlocks(in.prog.beginFiles) {
				case ctlExit:
					m.done = true
					continue
				case ctlNextFile:
					// gawk skips the file but still runs ENDFILE.
					if in.runFileBlocks(in.prog.endFiles) == ctlExit {
						m.done = true
					}
					in.closeMainFile()
					continue
				}
			}
		}
		rec, term, ok := in.readRecord(m.rr)
		if ok {
			in.globals[vNR] = num(in.globals[vNR].toNum() + 1)
			in.globals[vFNR] = num(in.globals[vFNR].toNum() + 1)
			in.globals[vRT] = str(term)
			return rec, true
		}
		if m.rr.err != nil {
			in.errorMsg("read error: %s", m.rr.err.Error())
			in.exitCode = 2
		}
		if len(in.prog.endFiles) > 0 && in.runFileBlocks(in.prog.endFiles) == ctlExit {
			m.done = true
		}
		in.closeMainFile()
	}
	return "", false
}

// outStream is an open output redirection.
type outStream struct {
	w    *bufio.Writer
	f    vfs.File
	pipe *bytes.Buffer // "| cmd": collected and run on close
	cmd  string
}

type inStream struct {
	rr *recordReader
	f  vfs.File
}

func (in *interp) output(redir tok, dest string) *bufio.Writer {
	if s, ok := in.outputs[dest]; ok {
		return s.w
	}
	s := &outStream{cmd: dest}
	switch {
	case redir == tPipe:
		s.pipe = &bytes.Buffer{}
		s.w = bufio.NewWriter(&limitedBuffer{b: s.pipe, in: in})
	case dest == "/dev/stdout" || dest == "-":
		s.w = in.out
	case dest == "/dev/stderr":
		s.w = bufio.NewWriterSize(in.c.Stderr, 1)
	default:
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if redir == tAppend {
			flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		f, err := in.c.FS.OpenFile(in.c.Abs(dest), flag, 0o644)
		if err != nil {
			in.fatal("can't redirect to `%s': %s", dest, commands.ErrText(err))
		}
		s.f = f
		s.w = bufio.NewWriter(f)
	}
	in.outputs[dest] = s
	return s.w
}

// limitedBuffer caps what a "| cmd" pipe may collect.
type limitedBuffer struct {
	b  *bytes.Buffer
	in *interp
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if l.b.Len()+len(p) > l.in.strMax() {
		return 0, errors.New("pipe buffer limit exceeded")
	}
	return l.b.Write(p)
}

func (in *interp) runScript(cmd string, stdin io.Reader, stdout io.Writer) int {
	if in.c.Script == nil {
		in.fatal("cannot run command `%s': no shell available", cmd)
	}
	in.flushOut()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	return in.c.Script(in.ctx, cmd, nil, commands.IO{Stdin: stdin, Stdout: stdout, Stderr: in.c.Stderr})
}

func (in *interp) flushOut() {
	if err := in.out.Flush(); err != nil {
		panic(writeError{err})
	}
}

// closeStream implements close(name); the result is the exit status of a
// command or 0, and -1 when nothing of that name is open.
func (in *interp) closeStream(name string) int {
	r := -1
	if s, ok := in.outputs[name]; ok {
		delete(in.outputs, name)
		r = in.finishOutput(s)
	}
	if s, ok := in.inputs[name]; ok {
		delete(in.inputs, name)
		if s.f != nil {
			s.f.Close()
		}
		r = 0
	}
	return r
}

func (in *interp) finishOutput(s *outStream) int {
	err := s.w.Flush()
	switch {
	case s.pipe != nil:
		if err != nil {
			in.errorMsg("%s", err.Error())
		}
		return in.runScript(s.cmd, bytes.NewReader(s.pipe.Bytes()), in.out)
	case s.f != nil:
		s.f.Close()
	}
	if err != nil && s.w != in.out {
		in.errorMsg("write to `%s' failed: %s", s.cmd, commands.ErrText(err))
		return -1
	}
	return 0
}

func (in *interp) closeAll() {
	for _, name := range sortedNames(in.outputs) {
		s := in.outputs[name]
		delete(in.outputs, name)
		in.finishOutput(s)
	}
	for name, s := range in.inputs {
		if s.f != nil {
			s.f.Close()
		}
		delete(in.inputs, name)
	}
}

func sortedNames(m map[string]*outStream) []string {
	var names []string
	for k := range m {
		names = append(names, k)
	}
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && names[j] < names[j-1]; j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
	return names
}

func isBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe)
}
