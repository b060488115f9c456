package shell

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The rewrites below run on every parsed script (and eval'd text) before
// interp sees it, for what no handler can intercept:
//   - $$ and $PPID would show host pids: they read variables of ours.
//   - <(cmd) would make a host FIFO: it becomes $(cmd | psub), where psub
//     stores the output in a VFS file and prints its path.
//   - function bodies start with a local depth counter, which the call
//     handler compares with Limits.MaxCallDepth (local is dynamically
//     scoped, so the counter unwinds by itself on return).
//   - [[ -O f ]] and [[ -G f ]] would read the host's passwd.
//
// Others give bash's behaviour where interp lacks it, each in its file:
// PIPESTATUS and pipeline subshells (rewrite_pipe.go), job specs and
// wait -n (jobs.go), time on stderr (rewrite_time.go), declare -f/-F/-p
// (declfunc.go, declprint.go), $- (shellopts.go), -v on array elements
// (rewrite_varset.go), ${#assoc[@]} (rewrite_assoc.go), and tildes and
// backslashes in assignment values (rewrite_tilde.go).

const (
	pidVar   = "__JUSTBASH_PID"
	ppidVar  = "__JUSTBASH_PPID"
	depthVar = "__JUSTBASH_DEPTH"
	dashVar  = "__JUSTBASH_DASH"
	psubCmd  = "__justbash_psub"
)

var depthStmt = func() *syntax.Stmt {
	f, err := syntax.NewParser().Parse(strings.NewReader("local "+depthVar+"=$(("+depthVar+"+1))"), "")
	if err != nil {
		panic(err)
	}
	return f.Stmts[0]
}()

var errProcSubstOut = errors.New("process substitution >(...) is not supported in this sandbox")

// needsRewrite is a cheap pre-check for eval'd text.
func needsRewrite(src string) bool {
	for _, s := range []string{">&", "<&", ">|", "3>", "4>", "5>", "6>", "7>", "8>", "9>", "3<", "4<", "5<", "6<", "7<", "8<", "9<", "}>", "}<", "$$", "${$", "PPID", "<(", ">(", "()", "function", "-O", "-G", "((", "let", "[", "-f", "-F", "-p", "|", "PIPESTATUS", "$-", "${-", "-v", "${#", "~", "&", "time", "$!", "${!}", "\\"} {
		if strings.Contains(src, s) {
			return true
		}
	}
	return false
}

// rewrite applies the rewrites to f, parsed from src. isAssoc reports the
// names known to be associative arrays besides those declared in f (nil:
// none).
func rewrite(f *syntax.File, src string, isAssoc assocScope) error {
	declared := declaredAssoc(f)
	assoc := func(name string) bool {
		return declared[name] || isAssoc != nil && isAssoc(name)
	}
	var err error
	done := map[syntax.Node]bool{}
	lastpipe := strings.Contains(src, "lastpipe")
	syntax.Walk(f, func(node syntax.Node) bool {
		if err != nil {
			return false
		}
		switch n := node.(type) {
		case *syntax.Stmt:
			if msg := rewriteStmt(n, assoc, done, lastpipe); msg != "" {
				err = errors.New(msg)
				return false
			}
		case *syntax.ArithmExp:
			if containsBadAssign(n.X) {
				err = errors.New(errArithTarget)
				return false
			}
		case *syntax.CStyleLoop:
			for _, e := range []syntax.ArithmExpr{n.Init, n.Cond, n.Post} {
				if e != nil && containsBadAssign(e) {
					err = errors.New(errArithTarget)
					return false
				}
			}
		case *syntax.DeclClause:
			fixAssocDecl(n, src)
		case *syntax.Assign:
			rewriteAssign(n, assoc, src)
		case *syntax.ParamExp:
			if n.Param != nil {
				fixSubscript(&n.Index, n.Param.Value, assoc, src)
				switch n.Param.Value {
				case "$":
					n.Param = &syntax.Lit{ValuePos: n.Param.ValuePos, ValueEnd: n.Param.ValueEnd, Value: pidVar}
				case "-":
					n.Param = &syntax.Lit{ValuePos: n.Param.ValuePos, ValueEnd: n.Param.ValueEnd, Value: dashVar}
				case "!":
					// interp's $! is "gN"; bash's is a pid (jobs.go).
					n.Param = &syntax.Lit{ValuePos: n.Param.ValuePos, ValueEnd: n.Param.ValueEnd, Value: bgPidVar}
				case "PPID":
					n.Param = &syntax.Lit{ValuePos: n.Param.ValuePos, ValueEnd: n.Param.ValueEnd, Value: ppidVar}
				}
			}
		case *syntax.DblQuoted:
			assocLenParts(n.Parts, assoc)
		case *syntax.Word:
			assocLenParts(n.Parts, assoc)
			for i, part := range n.Parts {
				ps, ok := part.(*syntax.ProcSubst)
				if !ok {
					continue
				}
				if ps.Op != syntax.CmdIn {
					err = errProcSubstOut
					return false
				}
				n.Parts[i] = procSubstToCmdSubst(ps)
			}
		case *syntax.FuncDecl:
			if n.Body != nil && !hasDepthStmt(n.Body) {
				n.Body = &syntax.Stmt{Position: n.Body.Position, Cmd: &syntax.Block{
					Lbrace: n.Body.Position,
					Stmts:  []*syntax.Stmt{depthStmt, n.Body},
				}}
			}
		case *syntax.UnaryTest:
			rewriteVarSetTest(n, src)
			if n.Op == syntax.TsUsrOwn || n.Op == syntax.TsGrpOwn {
				n.Op = syntax.TsExists
			}
		}
		return true
	})
	return err
}

func hasDepthStmt(body *syntax.Stmt) bool {
	b, ok := body.Cmd.(*syntax.Block)
	return ok && len(b.Stmts) > 0 && b.Stmts[0] == depthStmt
}

// procSubstToCmdSubst turns <(stmts) into $( { stmts; } | psub ).
func procSubstToCmdSubst(ps *syntax.ProcSubst) *syntax.CmdSubst {
	lit := func(s string) *syntax.Word {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: ps.OpPos, Value: s}}}
	}
	left := &syntax.Stmt{Position: ps.OpPos, Cmd: &syntax.Block{Lbrace: ps.OpPos, Stmts: ps.Stmts}}
	right := &syntax.Stmt{Position: ps.OpPos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit(forceExec), lit(psubCmd)}}}
	pipe := &syntax.Stmt{Position: ps.OpPos, Cmd: &syntax.BinaryCmd{OpPos: ps.OpPos, Op: syntax.Pipe, X: left, Y: right}}
	return &syntax.CmdSubst{Left: ps.OpPos, Right: ps.Rparen, Stmts: []*syntax.Stmt{pipe}}
}

// rewriteStmt applies the statement-level rewrites; it returns an error
// text for a shape that cannot run.
func rewriteStmt(n *syntax.Stmt, assoc assocScope, done map[syntax.Node]bool, lastpipe bool) string {
	rewriteFdStmt(n)
	rewriteDeclFunc(n)
	rewriteTime(n)
	rewriteBackground(n, done)
	rewritePipeline(n, done, lastpipe)
	syncPipeStatus(n, done)
	expandAssocAppend(n, assoc)
	return rewriteArithCmd(n)
}

// rewriteAssign fixes an assignment's value and subscripts.
func rewriteAssign(n *syntax.Assign, assoc assocScope, src string) {
	if !n.Naked {
		tildeAssign(n.Value)
		unescapeAssign(n.Value)
	}
	if n.Array != nil {
		for _, e := range n.Array.Elems {
			if e.Index != nil {
				unescapeAssign(e.Value)
			}
		}
	}
	if n.Name != nil {
		fixSubscript(&n.Index, n.Name.Value, assoc, src)
		if assoc(n.Name.Value) {
			quoteAssocKeys(n, src)
		}
	}
}
