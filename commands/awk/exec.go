package awk

func (in *interp) execBlock(b *blockStmt) ctl {
	for _, s := range b.list {
		if c := in.exec(s); c != ctlNone {
			return c
		}
	}
	return ctlNone
}

func (in *interp) exec(s stmt) ctl {
	switch s := s.(type) {
	case *exprStmt:
		in.at(s.line)
		in.eval(s.e)
	case *printStmt:
		in.at(s.line)
		in.print(s)
	case *blockStmt:
		return in.execBlock(s)
	case *ifStmt:
		if in.eval(s.cond).toBool() {
			return in.exec(s.then)
		} else if s.els_ != nil {
			return in.exec(s.els_)
		}
	case *whileStmt:
		for in.eval(s.cond).toBool() {
			in.checkCtx()
			c := in.exec(s.body)
			if c == ctlBreak {
				break
			}
			if c != ctlNone && c != ctlContinue {
				return c
			}
		}
	case *doStmt:
		for {
			in.checkCtx()
			c := in.exec(s.body)
			if c == ctlBreak {
				break
			}
			if c != ctlNone && c != ctlContinue {
				return c
			}
			if !in.eval(s.cond).toBool() {
				break
			}
		}
	case *forStmt:
		return in.execFor(s)
	case *forInStmt:
		return in.execForIn(s)
	case *nextStmt:
		return ctlNext
	case *nextfileStmt:
		return ctlNextFile
	case *exitStmt:
		if s.e != nil {
			in.exitCode = int(int32(in.eval(s.e).toNum())) & 0xff
		}
		return ctlExit
	case *returnStmt:
		if s.e != nil {
			v := in.eval(s.e)
			in.retVal = v
		} else {
			in.retVal = value{}
		}
		return ctlReturn
	case *breakStmt:
		return ctlBreak
	case *continueStmt:
		return ctlContinue
	case *deleteStmt:
		a := in.array(s.arr)
		if s.keys == nil {
			a.clear()
		} else {
			a.delete(in.key(s.keys))
		}
	default:
		in.fatal("internal error: unknown statement %T", s)
	}
	return ctlNone
}

func (in *interp) execFor(s *forStmt) ctl {
	if s.init != nil {
		in.exec(s.init)
	}
	for s.cond == nil || in.eval(s.cond).toBool() {
		in.checkCtx()
		c := in.exec(s.body)
		if c == ctlBreak {
			break
		}
		if c != ctlNone && c != ctlContinue {
			return c
		}
		if s.post != nil {
			in.exec(s.post)
		}
	}
	return ctlNone
}

func (in *interp) execForIn(s *forInStmt) ctl {
	a := in.array(s.arr)
	var keys []string
	if how := in.sortedIn(); how != "" {
		keys = in.sortedKeys(a, how)
	} else {
		keys = a.keys()
	}
	for _, k := range keys {
		in.checkCtx()
		// elements deleted during the loop are skipped
		if _, ok := a.get(k); !ok {
			continue
		}
		in.assign(s.v, strnum(k))
		c := in.exec(s.body)
		if c == ctlBreak {
			break
		}
		if c != ctlNone && c != ctlContinue {
			return c
		}
	}
	return ctlNone
}

func (in *interp) sortedIn() string {
	p := in.garr[vPROCINFO]
	if p == nil {
		return ""
	}
	e, ok := p.get("sorted_in")
	if !ok {
		return ""
	}
	return in.toStr(e.v)
}
