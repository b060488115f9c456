package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stmts runs a list of statements until one changes the flow.
func (r *Runner) stmts(list []*syntax.Stmt) {
	for _, st := range list {
		r.stmt(st)
		if r.flow != flowNone {
			return
		}
	}
}

// stmt runs one statement: background, negation, redirections, and the
// errexit and ERR-trap rules that apply to its status.
func (r *Runner) stmt(st *syntax.Stmt) {
	if err := r.g.step(); err != nil {
		r.stop(err)
		return
	}
	if r.ctx.Err() != nil {
		// A background job that kill ended.
		r.exit(143)
		return
	}
	if r.opts[optNoExec] && !r.interactive {
		// set -n: a non-interactive shell reads on but runs nothing more.
		return
	}
	r.setLine(lineOf(st))
	if st.Background {
		r.background(st)
		return
	}
	nproc := len(r.procFDs)
	// An even number of ! cancels out entirely, set -e included (bash
	// toggles one flag per !).
	negated := st.Negated && r.negations(st.Pos())%2 == 1
	if negated {
		r.noErrExit++
	}
	redirFailed := false
	if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(st.Redirs) > 0 {
		// A simple command expands its words before its redirections.
		r.call(c, st.Redirs)
		r.notePipeStatus(st.Cmd)
	} else if len(st.Redirs) > 0 {
		if st.Cmd == nil {
			r.debugRedirOnly(st)
		}
		restore, ok := r.redirect(st.Redirs)
		if ok {
			r.command(st.Cmd)
			r.notePipeStatus(st.Cmd)
		} else {
			r.status = 1
			r.notePipeStatus(st.Cmd)
			// A failed redirection is the compound command's own
			// failure: set -e and ERR apply to it.
			redirFailed = true
		}
		restore()
	} else {
		r.command(st.Cmd)
		r.notePipeStatus(st.Cmd)
	}
	if len(r.procFDs) > nproc {
		r.closeProcFDs(nproc)
	}
	if r.sigpipe != nil && r.sigpipe.Load() && r.flow == flowNone {
		// The reader of this subshell's pipe is gone: SIGPIPE.
		r.exit(141)
		return
	}
	if negated {
		r.noErrExit--
		if r.status == 0 {
			r.status = 1
		} else {
			r.status = 0
		}
		return
	}
	// A function that a trap handler's return ended has had its ERR
	// trap: the failure it returns does not run it again.
	trapped := r.returnedByTrap
	r.returnedByTrap = false
	if r.status != 0 && r.flow == flowNone && (redirFailed || checksErrExit(st.Cmd)) && !r.simplePipeElem(st) {
		r.failed(!trapped)
	}
}

// notePipeStatus sets PIPESTATUS after a command that is not a pipeline:
// bash records the status of simple commands, ( ), [[ ]], (( )) and
// declarations (before any !); compound commands leave what their last
// inner command set, and a function definition leaves it alone.
func (r *Runner) notePipeStatus(cmd syntax.Command) {
	switch cmd.(type) {
	case *syntax.CallExpr, *syntax.Subshell, *syntax.TestClause, *syntax.ArithmCmd,
		*syntax.DeclClause, *syntax.LetClause:
		r.pipeStatus, r.lastPipeStatus = nil, r.status
	}
}

// checksErrExit reports whether a failure of cmd itself triggers set -e
// and the ERR trap: a && or || list does not (its last command did or
// did not on its own), a pipeline does.
func checksErrExit(cmd syntax.Command) bool {
	switch c := cmd.(type) {
	case *syntax.BinaryCmd:
		return c.Op == syntax.Pipe || c.Op == syntax.PipeAll
	case *syntax.Block, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause,
		*syntax.CaseClause, *syntax.TimeClause:
		// A compound command's own status does not: the commands in
		// it already did (`{ a && b; }` fails quietly when a fails).
		// A subshell, like a function call, counts as one command.
		return false
	}
	return cmd != nil
}

// failed runs the ERR trap and applies set -e after a command failed.
func (r *Runner) failed(errTrap bool) {
	if r.noErrExit > 0 {
		return
	}
	status := r.status
	if trap, ok := r.traps["ERR"]; ok && errTrap && trap != "" && r.inTrap == "" {
		r.runTrap("ERR", trap)
		if r.flow == flowNone {
			r.status = status
		}
	}
	if r.opts[optErrExit] && r.flow == flowNone {
		r.exit(status)
	}
}

func (r *Runner) setLine(p syntax.Pos) {
	if p.IsValid() {
		r.lineno = int(p.Line())
		if r.src != nil {
			r.lineno += r.src.lineBase - r.src.padsBefore(int(p.Offset())) + r.src.cutsBefore(int(p.Offset()))
		}
	}
}

// command runs one command node.
func (r *Runner) command(cmd syntax.Command) {
	switch c := cmd.(type) {
	case nil:
		// A statement of redirections only.
		if r.status != 1 || true {
			r.status = 0
		}
	case *syntax.CallExpr:
		r.call(c, nil)
	case *syntax.Block:
		r.stmts(c.Stmts)
	case *syntax.Subshell:
		r.subshellCmd(c.Stmts)
	case *syntax.BinaryCmd:
		r.binary(c)
	case *syntax.IfClause:
		r.ifClause(c)
	case *syntax.WhileClause:
		r.whileClause(c)
	case *syntax.ForClause:
		r.forClause(c)
	case *syntax.CaseClause:
		r.caseClause(c)
	case *syntax.FuncDecl:
		r.funcDecl(c)
	case *syntax.ArithmCmd:
		if r.debugCommand(c) {
			r.arithCmd(c)
		}
	case *syntax.TestClause:
		if r.debugCommand(c) {
			r.testClause(c)
		}
	case *syntax.DeclClause:
		r.declClause(c)
	case *syntax.LetClause:
		r.letClause(c)
	case *syntax.TimeClause:
		r.timeClause(c)
	case *syntax.CoprocClause:
		r.coproc(c)
	default:
		r.errorf("unsupported command %T", cmd)
		r.status = 2
	}
}

// binary runs &&, || and pipelines.
func (r *Runner) binary(b *syntax.BinaryCmd) {
	switch b.Op {
	case syntax.AndStmt, syntax.OrStmt:
		r.noErrExit++
		r.stmt(b.X)
		r.noErrExit--
		if r.flow != flowNone {
			return
		}
		if (r.status == 0) == (b.Op == syntax.AndStmt) {
			r.stmt(b.Y)
		}
	case syntax.Pipe, syntax.PipeAll:
		r.pipeline(b)
	}
}

// condition runs the statements of an if/while condition with set -e
// suspended, and reports whether they succeeded.
func (r *Runner) condition(list []*syntax.Stmt) bool {
	r.noErrExit++
	r.stmts(list)
	r.noErrExit--
	return r.status == 0
}

func (r *Runner) ifClause(c *syntax.IfClause) {
	for c != nil {
		if len(c.Cond) == 0 { // else
			r.stmts(c.Then)
			return
		}
		ok := r.condition(c.Cond)
		if r.flow != flowNone {
			return
		}
		if ok {
			r.stmts(c.Then)
			return
		}
		c = c.Else
	}
	r.status = 0
}

// loopBody runs one iteration's body and reports whether the loop goes on.
func (r *Runner) loopBody(body []*syntax.Stmt) bool {
	r.stmts(body)
	switch r.flow {
	case flowBreak:
		r.flowN--
		if r.flowN <= 0 {
			r.flow = flowNone
		}
		return false
	case flowContinue:
		r.flowN--
		if r.flowN <= 0 {
			r.flow = flowNone
			return true
		}
		return false
	case flowNone:
		return true
	}
	return false
}

func (r *Runner) whileClause(c *syntax.WhileClause) {
	r.loopDepth++
	defer func() { r.loopDepth-- }()
	status := 0
	for {
		if err := r.g.step(); err != nil {
			r.stop(err)
			return
		}
		ok := r.condition(c.Cond)
		if r.flow != flowNone {
			r.loopCondFlow()
			if r.flow != flowNone {
				return
			}
			break
		}
		if ok == c.Until {
			break
		}
		r.status = 0
		if !r.loopBody(c.Do) {
			status = r.status
			if r.flow == flowNone {
				r.status = status
				return
			}
			return
		}
		status = r.status
	}
	r.status = status
}

// loopCondFlow handles break/continue run inside a loop's condition.
func (r *Runner) loopCondFlow() {
	if r.flow == flowBreak || r.flow == flowContinue {
		r.flowN--
		if r.flowN <= 0 {
			r.flow = flowNone
		}
	}
}

func (r *Runner) forClause(c *syntax.ForClause) {
	r.loopDepth++
	defer func() { r.loopDepth-- }()
	switch l := c.Loop.(type) {
	case *syntax.WordIter:
		var items []string
		if l.InPos.IsValid() {
			var ok bool
			if items, ok = r.expandFields(l.Items); !ok {
				return
			}
		} else {
			items = append([]string(nil), r.params...)
		}
		if !isName(l.Name.Value) {
			r.errorf("`%s': not a valid identifier", l.Name.Value)
			r.status = 1
			return
		}
		if c.Select && len(items) == 0 {
			r.status = 0 // bash neither prompts nor reads
			return
		}
		if c.Select {
			r.selectLoop(l.Name.Value, items, c.Do)
			return
		}
		r.status = 0
		for _, it := range items {
			if err := r.g.step(); err != nil {
				r.stop(err)
				return
			}
			r.debugFor(c.Pos(), l)
			r.traceFor(l)
			if ok, stop := r.setLoopRef(l.Name.Value, it); stop {
				return
			} else if !ok && !r.setVar(l.Name.Value, it, false) {
				r.loopVarFailed()
				return
			}
			if !r.loopBody(c.Do) {
				return
			}
		}
	case *syntax.CStyleLoop:
		r.cLoop(l, c.Do)
	}
}

func (r *Runner) cLoop(l *syntax.CStyleLoop, body []*syntax.Stmt) {
	expr := func(e syntax.ArithmExpr) (int64, bool) {
		// The expressions run at the loop's own line, not the
		// body's last one.
		r.setLine(l.Lparen)
		return r.arithCmdOnce("((", strings.TrimSpace(r.nodeText(e)))
	}
	r.debugArithFor(l.Lparen, l.Init)
	r.traceArithFor(l.Init)
	if l.Init != nil {
		if _, ok := expr(l.Init); !ok {
			return
		}
	}
	r.status = 0
	for {
		if err := r.g.step(); err != nil {
			r.stop(err)
			return
		}
		r.debugArithFor(l.Lparen, l.Cond)
		r.traceArithFor(l.Cond)
		if l.Cond != nil {
			n, ok := expr(l.Cond)
			if !ok {
				return
			}
			if n == 0 {
				break
			}
		}
		if !r.loopBody(body) {
			return
		}
		r.debugArithFor(l.Lparen, l.Post)
		r.traceArithFor(l.Post)
		if l.Post != nil {
			if _, ok := expr(l.Post); !ok {
				return
			}
		}
	}
}

func (r *Runner) caseClause(c *syntax.CaseClause) {
	r.debugCase(c)
	r.traceCase(c)
	word, ok := r.expandString(c.Word)
	if !ok {
		return
	}
	// The bodies see $? as it was before case (or as the word's command
	// substitutions left it); case itself is 0 when no body ran.
	matched, ran := false, false
	defer func() {
		if !ran && r.flow == flowNone {
			r.status = 0
		}
	}()
	for i := 0; i < len(c.Items); i++ {
		it := c.Items[i]
		if !matched {
			for _, pw := range it.Patterns {
				pat, ok := r.expandPattern(pw)
				if !ok {
					return
				}
				p, ok := r.compilePattern(pat, r.shopts["nocasematch"])
				if !ok {
					return
				}
				if p.Match(word) {
					matched = true
					break
				}
			}
			if !matched {
				continue
			}
		}
		if len(it.Stmts) == 0 {
			r.status = 0
		}
		ran = true
		r.stmts(it.Stmts)
		if r.flow != flowNone {
			return
		}
		switch it.Op {
		case syntax.Fallthrough: // ;& runs the next body unconditionally
			continue
		case syntax.Resume: // ;;& tests the next patterns
			matched = false
			continue
		}
		return
	}
}

func (r *Runner) funcDecl(f *syntax.FuncDecl) {
	name := f.Name.Value
	if r.opts[optPosix] && isSpecialBuiltin(name) {
		// A fatal error in posix mode: the shell (or subshell) ends with 2.
		r.fatal(2, "`%s': is a special builtin", name)
		return
	}
	if old := r.funcs[name]; old != nil && old.readonly {
		// bash has read the whole definition when it refuses it: the
		// message carries the line the definition ends on.
		r.setLine(f.End())
		r.errorf("%s: readonly function", name)
		r.status = 1
		return
	}
	file := ""
	if r.src != nil {
		file = r.src.file
	}
	putMap(&r.funcs, name, &funcDef{decl: f, src: r.src, file: file, line: r.lineno})
	r.status = 0
}

func (r *Runner) arithCmd(c *syntax.ArithmCmd) {
	text := r.srcOffsets(int(c.Left.Offset())+2, int(c.Right.Offset()))
	if text == "" && c.X != nil {
		text = r.nodeText(c.X)
	}
	r.xtrace("((" + text + "))")
	n, ok := r.arithCmdOnce("((", text)
	if !ok {
		r.status = 1
		return
	}
	if n != 0 {
		r.status = 0
	} else {
		r.status = 1
	}
}

func (r *Runner) subshellCmd(list []*syntax.Stmt) {
	sub := r.subshell()
	r.dropCoprocFds(sub)
	// ( ) is outside any loop: break and continue there are errors.
	// (Pipeline stages and $( ) keep the loop: break ends them.)
	sub.loopDepth = 0
	sub.stmts(list)
	if sub.flow == flowExit {
		sub.status = sub.exitCode
	}
	sub.runExitTrap()
	sub.jobs.waitAll()
	sub.fds.releaseAll()
	r.status = sub.status
	if e := r.g.err(); e != nil {
		r.stop(e)
	}
}

// letClause runs let: each argument is an arithmetic expression.
func (r *Runner) letClause(c *syntax.LetClause) {
	args := make([]string, 0, len(c.Exprs))
	for _, e := range c.Exprs {
		if w, ok := e.(*syntax.Word); ok {
			s, ok := r.expandString(w)
			if !ok {
				return
			}
			args = append(args, s)
			continue
		}
		// An expression the parser read as arithmetic is still a word
		// to bash: expanded once here, evaluated as it stands by let.
		s, ok := r.expandText(r.nodeText(e))
		if !ok {
			return
		}
		args = append(args, trimQuotes(s))
	}
	if len(args) > 0 && r.dashDashHelp([]string{"let", args[0]}) {
		return
	}
	r.status = r.builtinLet(args)
}

// xtrace prints a trace line for set -x.
func (r *Runner) xtrace(line string) {
	if !r.opts[optXTrace] {
		return
	}
	ps4, _ := r.lookupVar("PS4").scalar()
	prefix := ""
	if ps4 != "" {
		// bash turns xtrace off while it expands PS4, so a command
		// substitution in it is not traced (which would recurse).
		r.opts[optXTrace] = false
		s, ok := r.expandText(ps4)
		r.opts[optXTrace] = true
		if ok {
			prefix = s
		}
		if prefix != "" {
			prefix = strings.Repeat(prefix[:1], r.traceDepth+r.funcTraceLevel()) + prefix
		}
	}
	r.traceWriter().Write([]byte(prefix + line + "\n"))
}

func (r *Runner) funcTraceLevel() int { return 0 }
