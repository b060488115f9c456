package shell

import (
	"strconv"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// interp has no PIPESTATUS. Each pipeline is rewritten so that every stage
// reports its status to the session, and the pipeline as a whole publishes
// the table when it ends:
//
//	a | b   →   { { a; PS set K 0 $?; } | { b; PS set K 1 $?; }; PS end K 2 $?; }
//
// where PS is psCmd, K a number unique to the pipeline, and each PS call
// exits with the status it was given, so $?, pipefail and ! are unchanged.
// A stage that calls exit runs in a subshell, so that it still reports
// (bash runs every stage in its own process anyway).
//
// A statement that reads PIPESTATUS starts with "PS sync $?": when a
// simple command ran after the last pipeline ended, the table becomes that
// command's status alone, as bash sets it after any command.

const psCmd = "__justbash_ps"

// pipeStatus is the session's PIPESTATUS bookkeeping.
type pipeStatus struct {
	mu      sync.Mutex
	pending map[string]map[int]int
	pub     []string
	pubAt   uint64
	// cmds counts the user's simple commands (see callHandler).
	cmds atomic.Uint64
}

var pipeIDs atomic.Uint64

func (ps *pipeStatus) get() expand.Variable {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return expand.Variable{Set: true, Kind: expand.Indexed, List: append([]string(nil), ps.pub...)}
}

// handle runs "PS op args... status" and returns the status to exit with.
func (ps *pipeStatus) handle(args []string) string {
	if len(args) < 2 {
		return "0"
	}
	op, status := args[0], args[len(args)-1]
	ps.mu.Lock()
	defer ps.mu.Unlock()
	switch op {
	case "set":
		if len(args) == 4 {
			i, _ := strconv.Atoi(args[2])
			n, _ := strconv.Atoi(status)
			if ps.pending == nil {
				ps.pending = map[string]map[int]int{}
			}
			if ps.pending[args[1]] == nil {
				ps.pending[args[1]] = map[int]int{}
			}
			ps.pending[args[1]][i] = n
		}
	case "end":
		if len(args) == 4 {
			n, _ := strconv.Atoi(args[2])
			tab := ps.pending[args[1]]
			delete(ps.pending, args[1])
			out := make([]string, 0, n)
			for i := 0; i < n && i < 1024; i++ {
				out = append(out, strconv.Itoa(tab[i]))
			}
			ps.pub = out
			ps.pubAt = ps.cmds.Load()
		}
	case "sync":
		if at := ps.cmds.Load(); at != ps.pubAt {
			ps.pub = []string{status}
			ps.pubAt = at
		}
	}
	return status
}

func psCall(pos syntax.Pos, words ...*syntax.Word) *syntax.Stmt {
	args := append([]*syntax.Word{litWord(pos, forceExec), litWord(pos, psCmd)}, words...)
	return &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: args}}
}

func statusWord(pos syntax.Pos) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Dollar: pos, Short: true,
		Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "?"}}}}
}

// pipeStages flattens a | b | c into its stages.
func pipeStages(bc *syntax.BinaryCmd) []*syntax.Stmt {
	var stages []*syntax.Stmt
	if x, ok := bc.X.Cmd.(*syntax.BinaryCmd); ok && isPipe(x) && !bc.X.Negated && len(bc.X.Redirs) == 0 && !bc.X.Background {
		stages = pipeStages(x)
	} else {
		stages = []*syntax.Stmt{bc.X}
	}
	return append(stages, bc.Y)
}

func isPipe(bc *syntax.BinaryCmd) bool { return bc.Op == syntax.Pipe || bc.Op == syntax.PipeAll }

// rewritePipeline applies the rewrite above to a statement that is a
// pipeline. done marks the nodes it made, which the walk visits next.
//
// The last stage runs in a subshell too, as in bash without lastpipe (a
// script that mentions lastpipe keeps it in the current shell).
func rewritePipeline(st *syntax.Stmt, done map[syntax.Node]bool, lastpipe bool) {
	bc, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || !isPipe(bc) || done[bc] {
		return
	}
	pos := st.Position
	id := litWord(pos, "p"+strconv.FormatUint(pipeIDs.Add(1), 10))
	stages := pipeStages(bc)
	for i, s := range stages {
		inner := s
		if callsExit(s) || (i == len(stages)-1 && !lastpipe) {
			inner = &syntax.Stmt{Position: s.Position, Cmd: &syntax.Subshell{Lparen: s.Position, Rparen: s.Position, Stmts: []*syntax.Stmt{s}}}
		}
		set := psCall(pos, litWord(pos, "set"), id, litWord(pos, strconv.Itoa(i)), statusWord(pos))
		stages[i] = &syntax.Stmt{Position: s.Position, Cmd: &syntax.Block{Lbrace: s.Position, Rbrace: s.Position, Stmts: []*syntax.Stmt{inner, set}}}
	}
	// Rebuild the chain left to right with the operators of the original.
	ops := pipeOps(bc)
	chain := stages[0]
	for i := 1; i < len(stages); i++ {
		nb := &syntax.BinaryCmd{OpPos: pos, Op: ops[i-1], X: chain, Y: stages[i]}
		done[nb] = true
		chain = &syntax.Stmt{Position: pos, Cmd: nb}
	}
	end := psCall(pos, litWord(pos, "end"), id, litWord(pos, strconv.Itoa(len(stages))), statusWord(pos))
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{chain, end}}
}

func pipeOps(bc *syntax.BinaryCmd) []syntax.BinCmdOperator {
	var ops []syntax.BinCmdOperator
	if x, ok := bc.X.Cmd.(*syntax.BinaryCmd); ok && isPipe(x) && !bc.X.Negated && len(bc.X.Redirs) == 0 && !bc.X.Background {
		ops = pipeOps(x)
	}
	return append(ops, bc.Op)
}

// callsExit reports whether a stage calls exit itself (not in a nested
// subshell or command substitution, which have their own process).
func callsExit(st *syntax.Stmt) bool {
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.CallExpr:
			if len(n.Args) > 0 && n.Args[0].Lit() == "exit" {
				found = true
			}
		}
		return !found
	})
	return found
}

// readsPipeStatus reports whether a simple command's words read
// PIPESTATUS (outside nested commands).
func readsPipeStatus(cmd syntax.Command) bool {
	switch cmd.(type) {
	case *syntax.CallExpr, *syntax.DeclClause:
	default:
		return false
	}
	found := false
	syntax.Walk(cmd, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.ParamExp:
			if n.Param != nil && n.Param.Value == "PIPESTATUS" {
				found = true
			}
		}
		return !found
	})
	return found
}

// syncPipeStatus makes a statement that reads PIPESTATUS update it first.
func syncPipeStatus(st *syntax.Stmt, done map[syntax.Node]bool) {
	if done[st.Cmd] || !readsPipeStatus(st.Cmd) {
		return
	}
	pos := st.Position
	done[st.Cmd] = true
	inner := &syntax.Stmt{Position: pos, Cmd: st.Cmd, Redirs: st.Redirs}
	sync := psCall(pos, litWord(pos, "sync"), statusWord(pos))
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{sync, inner}}
	st.Redirs = nil
}
