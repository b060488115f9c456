package awk

import (
	"fmt"

	"github.com/justbash/justbash/commands"
)

// runProgram runs setup, BEGIN, the main loop and END, turning runtime
// errors into "awk: ..." and status 2.
func (in *interp) runProgram(setup func()) (status int) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		switch e := r.(type) {
		case *runtimeError:
			in.out.Flush()
			where := in.where()
			if e.bare {
				where = ""
			}
			fmt.Fprintf(in.c.Stderr, "awk: %sfatal: %s\n", where, e.msg)
			status = 2
		case *limitPanic:
			in.out.Flush()
			fmt.Fprintln(in.c.Stderr, e.err.Error())
			status = commands.StatusLimit
		case writeError:
			if !isBrokenPipe(e.err) {
				fmt.Fprintf(in.c.Stderr, "awk: write failure: %v\n", e.err)
			}
			status = 2
		default:
			panic(r)
		}
		in.closeQuietly()
	}()
	setup()
	p := in.prog
	if in.runBlocks(p.begins) != ctlExit && (len(p.items) > 0 || len(p.ends) > 0 || len(p.beginFiles) > 0 || len(p.endFiles) > 0) {
		in.mainLoop()
	}
	in.inEnd = true
	in.runBlocks(in.prog.ends)
	in.closeAll()
	in.flushOut()
	return in.exitCode
}

func (in *interp) closeQuietly() {
	defer func() { _ = recover() }()
	for name, s := range in.outputs {
		if s.f != nil {
			s.w.Flush()
			s.f.Close()
		}
		delete(in.outputs, name)
	}
	in.closeMainFile()
}

// runBlocks runs BEGIN or END actions.
func (in *interp) runBlocks(blocks []*blockStmt) (c ctl) {
	defer in.catchCtl(&c)
	for _, b := range blocks {
		c = in.execBlock(b)
		if c == ctlExit {
			in.exiting = true
			return c
		}
	}
	return ctlNone
}

// runFileBlocks runs BEGINFILE or ENDFILE rules; it reports exit and
// nextfile (which in BEGINFILE skips the file).
func (in *interp) runFileBlocks(blocks []*blockStmt) (c ctl) {
	defer in.catchCtl(&c)
	for _, b := range blocks {
		switch c = in.execBlock(b); c {
		case ctlExit:
			in.exiting = true
			return c
		case ctlNextFile:
			return c
		}
	}
	return ctlNone
}

// catchCtl turns a next/exit raised inside a function back into a control
// code at the top level.
func (in *interp) catchCtl(c *ctl) {
	if r := recover(); r != nil {
		cp, ok := r.(ctlPanic)
		if !ok {
			panic(r)
		}
		in.frame, in.depth = nil, 0
		*c = cp.ctl
		if cp.ctl == ctlExit {
			in.exiting = true
		}
	}
}

func (in *interp) mainLoop() ctl {
	for {
		in.checkCtx()
		rec, ok := in.nextMainRecord()
		if !ok {
			return ctlNone
		}
		in.setRecord(rec)
		switch in.runItems() {
		case ctlExit:
			in.exiting = true
			return ctlExit
		case ctlNextFile:
			// nextfile still runs ENDFILE, as in gawk.
			if in.runFileBlocks(in.prog.endFiles) == ctlExit {
				in.exiting = true
				return ctlExit
			}
			in.closeMainFile()
		}
	}
}

func (in *interp) runItems() (c ctl) {
	defer in.catchCtl(&c)
	for _, it := range in.prog.items {
		if !in.itemMatches(it) {
			continue
		}
		if it.body == nil {
			in.print(&printStmt{})
			continue
		}
		switch c = in.execBlock(it.body); c {
		case ctlNext:
			return ctlNone
		case ctlExit, ctlNextFile:
			return c
		}
	}
	return ctlNone
}

func (in *interp) itemMatches(it *item) bool {
	in.at(it.line)
	if it.pat == nil {
		return true
	}
	if it.pat2 == nil {
		return in.eval(it.pat).toBool()
	}
	if !it.inRange {
		if !in.eval(it.pat).toBool() {
			return false
		}
		it.inRange = !in.eval(it.pat2).toBool()
		return true
	}
	if in.eval(it.pat2).toBool() {
		it.inRange = false
	}
	return true
}
