package shell

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/commands"
)

// interp prints the report of the time keyword on standard output; bash
// prints it on standard error. So "time X" becomes
//
//	{ TIME start; X; TIME stop [-p] "$__JUSTBASH_T0" $?; }
//
// where TIME start puts the clock in __JUSTBASH_T0 (through the call
// handler) and TIME stop prints the report on stderr and exits with X's
// status. The sandbox has no CPU accounting: user and sys are 0.

const (
	timeCmd = "__justbash_time"
	timeVar = "__JUSTBASH_T0"
)

func rewriteTime(st *syntax.Stmt) {
	tc, ok := st.Cmd.(*syntax.TimeClause)
	if !ok {
		return
	}
	pos := st.Position
	call := func(words ...*syntax.Word) *syntax.Stmt {
		args := append([]*syntax.Word{litWord(pos, forceExec), litWord(pos, timeCmd)}, words...)
		return &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: args}}
	}
	t0 := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{
		&syntax.ParamExp{Dollar: pos, Short: true, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: timeVar}}}}}}
	stopArgs := []*syntax.Word{litWord(pos, "stop")}
	if tc.PosixFormat {
		stopArgs = append(stopArgs, litWord(pos, "-p"))
	}
	stopArgs = append(stopArgs, t0, statusWord(pos))
	stmts := []*syntax.Stmt{call(litWord(pos, "start"))}
	if tc.Stmt != nil {
		stmts = append(stmts, tc.Stmt)
	}
	stmts = append(stmts, call(stopArgs...))
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: stmts}
}

// timeStart is the call handler's answer to "TIME start".
func timeStart() []string {
	return []string{"eval", timeVar + "=" + strconv.FormatInt(time.Now().UnixNano(), 10)}
}

// timeCommand is "TIME stop [-p] T0 STATUS".
func timeCommand(ctx context.Context, c *commands.Context) int {
	args := c.Args[1:]
	if len(args) < 3 || args[0] != "stop" {
		return 0
	}
	posix := args[1] == "-p"
	if posix {
		args = args[1:]
	}
	t0, _ := strconv.ParseInt(args[1], 10, 64)
	status, _ := strconv.Atoi(args[2])
	real := time.Duration(0)
	if t0 > 0 {
		real = time.Since(time.Unix(0, t0))
	}
	if posix {
		fmt.Fprintf(c.Stderr, "real %.2f\nuser 0.00\nsys 0.00\n", real.Seconds())
		return status
	}
	min := int(real.Minutes())
	sec := real.Seconds() - float64(min*60)
	fmt.Fprintf(c.Stderr, "\nreal\t%dm%.3fs\nuser\t0m0.000s\nsys\t0m0.000s\n", min, sec)
	return status
}
