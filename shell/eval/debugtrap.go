package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The DEBUG trap runs, as in bash, before each simple command (before
// its words are expanded: a command substitution in them runs after the
// trap), before [[ ]] and (( )), before each round of a for loop (showing
// "for NAME in WORDS"), before each expression of for (( )) and before
// case matches its word. BASH_COMMAND is that command as bash prints it.
// Subshells, command substitutions and background jobs keep the trap
// (trap -p lists it) but do not run it unless set -T is on.

// debugHead runs the DEBUG trap before a compound command's part, with
// BASH_COMMAND showing text.
func (r *Runner) debugHead(text string) {
	if !r.debugWanted() {
		return
	}
	if r.inTrap == "" {
		r.bashNode, r.bashRds, r.bashHead = nil, nil, text
	}
	r.runDebugTrap()
}

// debugCommand runs the DEBUG trap before [[ ]] or (( )); false means
// extdebug skips the command.
func (r *Runner) debugCommand(c syntax.Command) bool {
	if !r.debugWanted() {
		return true
	}
	r.setBashCommand(c, nil)
	return r.runDebugTrap()
}

func (r *Runner) debugWanted() bool {
	text, ok := r.traps["DEBUG"]
	return ok && text != "" && !r.debugBlocked()
}

// debugBlocked: no DEBUG trap in a trap's commands, except a RETURN
// trap's (bash runs that one without marking a trap as running), nor in
// a subshell that did not inherit it.
func (r *Runner) debugBlocked() bool {
	return r.inTrap != "" && r.inTrap != "RETURN" || r.debugOff
}

// debugFuncEntry is the DEBUG trap as a function starts, before its
// first command, at the line where it was defined: bash runs it there
// when the function inherits the trap (set -T).
func (r *Runner) debugFuncEntry(f *funcDef) {
	if !r.debugWanted() || !r.opts[optFuncTrace] && !r.debugInherited {
		return
	}
	line := r.lineno
	r.lineno = f.line
	r.runDebugTrap()
	r.lineno = line
}

// debugFor is the DEBUG trap before a round of for NAME in WORDS, at the
// line of the for.
func (r *Runner) debugFor(at syntax.Pos, l *syntax.WordIter) {
	if !r.debugWanted() {
		return
	}
	r.setLine(at)
	words := `"$@"`
	if l.InPos.IsValid() {
		words = ""
		if n := len(l.Items); n > 0 {
			words = r.srcOffsets(int(l.Items[0].Pos().Offset()), int(l.Items[n-1].End().Offset()))
		}
	}
	r.debugHead("for " + l.Name.Value + " in " + words)
}

// debugArithFor is the DEBUG trap before an expression of for (( )):
// its text as xtrace shows it, or 1 when it is empty, at the loop's line.
func (r *Runner) debugArithFor(at syntax.Pos, e syntax.ArithmExpr) {
	if !r.debugWanted() {
		return
	}
	r.setLine(at)
	text := "1"
	if e != nil {
		text = strings.TrimSpace(r.nodeText(e))
		if r.src != nil && e.End().IsValid() {
			for i := int(e.End().Offset()); i < len(r.src.text) && (r.src.text[i] == ' ' || r.src.text[i] == '\t'); i++ {
				text += r.src.text[i : i+1]
			}
		}
	}
	r.debugHead("((" + text + "))")
}

// debugCase is the DEBUG trap before case WORD in.
func (r *Runner) debugCase(c *syntax.CaseClause) {
	if r.debugWanted() {
		r.debugHead("case " + r.nodeText(c.Word) + " in")
	}
}

// sourceReturnTrap runs the RETURN trap as a file read by . or source
// finishes, at the line of that command, where a function's return would
// run it (the trap was set at this function depth or above, or set -T).
// After a return, the trap sees $? as it was before that return.
func (r *Runner) sourceReturnTrap(line int, returned bool) {
	trap, ok := r.traps["RETURN"]
	if !ok || trap == "" || r.inTrap != "" || r.flow != flowNone {
		return
	}
	if !r.opts[optFuncTrace] && r.returnTrapDepth < r.funcDepth {
		return
	}
	status := r.status
	if returned {
		r.status = r.beforeReturn
	}
	r.lineno = line
	r.runTrap("RETURN", trap)
	r.status = status
}

// sourceDebugOff keeps the DEBUG trap from running in a file read by .
// or source (and its RETURN trap) unless set -T is on, as bash does; it
// returns the function that restores the previous state.
func (r *Runner) sourceDebugOff() func() {
	saved := r.debugOff
	if !r.opts[optFuncTrace] {
		r.debugOff = true
	}
	return func() { r.debugOff = saved }
}

// debugRedirOnly is the DEBUG trap before a command of redirections only
// (> f), which bash counts as a simple command.
func (r *Runner) debugRedirOnly(st *syntax.Stmt) {
	if r.debugWanted() {
		r.debugHead(commandText(r.src, st))
	}
}
