package shell

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// interp's background jobs have pids g1, g2, ... and its wait knows only
// those. Job specs (%1, %+), wait -n and jobs are built on a session table:
// every "X &" is rewritten to
//
//	{ JOB start; { X; JOB done "$__JUSTBASH_BGN" $?; } & }
//
// where "JOB start" numbers the job (the number interp gives it too, as
// long as jobs start from the main shell) and puts it in __JUSTBASH_BGN,
// and "JOB done" records its status and the order jobs finished in.

// $! is a number in bash, so each job also has a pseudo-pid, pidBase plus
// its number, which "JOB start" stores in bgPidVar (what $! reads, see
// rewrite.go); wait and jobs -p accept and print it.

const (
	jobCmd   = "__justbash_job"
	bgnVar   = "__JUSTBASH_BGN"
	bgPidVar = "__JUSTBASH_BGPID"
	pidBase  = 1000
)

type job struct {
	text   string
	done   bool
	waited bool
	killed bool
	status int
	// ctx is what the job's commands run under; kill cancels it.
	ctx    context.Context
	cancel context.CancelFunc
}

type jobTable struct {
	mu     sync.Mutex
	jobs   map[int]*job
	seq    int
	finish []int // job numbers in the order they finished
	notify chan struct{}
}

func (jt *jobTable) init() {
	if jt.jobs == nil {
		jt.jobs = map[int]*job{}
		jt.notify = make(chan struct{}, 1)
	}
}

// rewriteBackground applies the rewrite above to a background statement.
func rewriteBackground(st *syntax.Stmt, done map[syntax.Node]bool) {
	if !st.Background || done[st] {
		return
	}
	pos := st.Position
	text, _ := printNode(&syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Negated: st.Negated})
	text = strings.Join(strings.Fields(text), " ")
	inner := &syntax.Stmt{Position: pos, Cmd: st.Cmd, Redirs: st.Redirs, Negated: st.Negated}
	if callsExit(inner) {
		// exit would end the job before it reports.
		inner = &syntax.Stmt{Position: pos, Cmd: &syntax.Subshell{Lparen: pos, Rparen: pos, Stmts: []*syntax.Stmt{inner}}}
	}
	bgn := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{
		&syntax.ParamExp{Dollar: pos, Short: true, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: bgnVar}}}}}}
	doneCall := jobCall(pos, litWord(pos, "done"), bgn, statusWord(pos))
	// The job's own number, which only its subshell sees (killcmd.go).
	mark := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
		Name: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: jobVar}, Value: bgn}}}}
	bg := &syntax.Stmt{Position: pos, Background: true,
		Cmd: &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{mark, inner, doneCall}}}
	done[bg] = true
	start := jobCall(pos, litWord(pos, "start"), &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: pos, Right: pos, Value: strings.TrimSpace(text)}}})
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{start, bg}}
	st.Background, st.Redirs, st.Negated = false, nil, false
}

func jobCall(pos syntax.Pos, words ...*syntax.Word) *syntax.Stmt {
	args := append([]*syntax.Word{litWord(pos, forceExec), litWord(pos, jobCmd)}, words...)
	return &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: args}}
}

// jobHandle answers "JOB start TEXT" and "JOB done N STATUS".
func (sess *Session) jobHandle(args []string) []string {
	jt := &sess.jobs
	jt.mu.Lock()
	defer jt.mu.Unlock()
	jt.init()
	if len(args) == 2 && args[0] == "start" {
		jt.seq++
		base := context.Background()
		if rs := sess.current(); rs != nil {
			base = rs.baseCtx
		}
		ctx, cancel := context.WithCancel(base)
		jt.jobs[jt.seq] = &job{text: args[1], ctx: ctx, cancel: cancel}
		return []string{"eval", bgnVar + "=" + strconv.Itoa(jt.seq) + " " + bgPidVar + "=" + strconv.Itoa(pidBase+jt.seq)}
	}
	if len(args) == 3 && args[0] == "done" {
		n, _ := strconv.Atoi(args[1])
		st, _ := strconv.Atoi(args[2])
		if j := jt.jobs[n]; j != nil && !j.killed {
			j.done, j.status = true, st
			jt.finish = append(jt.finish, n)
			select {
			case jt.notify <- struct{}{}:
			default:
			}
		}
		return []string{forceExec, statusCmd, args[2]}
	}
	return []string{"true"}
}

var gPid = regexp.MustCompile(`^g[0-9]+$`)

// waitBuiltin handles job specs, wait -n and pids interp does not know.
func (sess *Session) waitBuiltin(ctx context.Context, args []string) []string {
	jt := &sess.jobs
	if len(args) > 0 && args[0] == "-n" {
		if len(args) > 1 {
			return sess.waitBuiltin(ctx, args[1:2])
		}
		return sess.waitNext(ctx)
	}
	out := []string{"wait"}
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			return nil
		}
		jt.mu.Lock()
		n, ok := jt.resolve(a)
		if ok {
			if j := jt.jobs[n]; j != nil {
				j.waited = true
			}
		}
		jt.mu.Unlock()
		switch {
		case ok:
			out = append(out, "g"+strconv.Itoa(n))
		case strings.HasPrefix(a, "%"):
			return printText("", "bash: wait: "+a+": no such job\n", 127)
		case gPid.MatchString(a) || isDigits(a):
			return printText("", "bash: wait: pid "+a+" is not a child of this shell\n", 127)
		default:
			return printText("", "bash: wait: `"+a+"': not a pid or valid job spec\n", 1)
		}
	}
	if len(args) == 0 {
		jt.mu.Lock()
		for _, j := range jt.jobs {
			j.waited = true
		}
		jt.mu.Unlock()
	}
	return out
}

// resolve finds the job a spec or pid names; jt.mu is held.
func (jt *jobTable) resolve(a string) (int, bool) {
	var nums []int
	for n := range jt.jobs {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	switch {
	case a == "%+" || a == "%%" || a == "%":
		if len(nums) > 0 {
			return nums[len(nums)-1], true
		}
	case a == "%-":
		if len(nums) > 1 {
			return nums[len(nums)-2], true
		}
	case strings.HasPrefix(a, "%") && isDigits(a[1:]):
		n, _ := strconv.Atoi(a[1:])
		return n, jt.jobs[n] != nil
	case gPid.MatchString(a):
		n, _ := strconv.Atoi(a[1:])
		return n, jt.jobs[n] != nil
	case isDigits(a) && len(a) < 10:
		n, _ := strconv.Atoi(a)
		return n - pidBase, jt.jobs[n-pidBase] != nil
	}
	return 0, false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// waitNext is wait -n: the status of the next job to finish (127 when no
// job is left to wait for).
func (sess *Session) waitNext(ctx context.Context) []string {
	jt := &sess.jobs
	for {
		jt.mu.Lock()
		jt.init()
		pending := false
		for _, n := range jt.finish {
			if j := jt.jobs[n]; j != nil && !j.waited {
				j.waited = true
				jt.mu.Unlock()
				return []string{"wait", "g" + strconv.Itoa(n)}
			}
		}
		for _, j := range jt.jobs {
			if !j.done && !j.waited {
				pending = true
			}
		}
		ch := jt.notify
		jt.mu.Unlock()
		if !pending {
			return []string{forceExec, statusCmd, "127"}
		}
		select {
		case <-ch:
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return []string{forceExec, statusCmd, "130"}
		}
	}
}

// killedState is how jobs shows a job a signal ended.
var killedState = map[int]string{1: "Hangup", 9: "Killed", 10: "User defined signal 1", 12: "User defined signal 2", 14: "Alarm clock", 15: "Terminated"}

// jobsBuiltin lists the jobs not yet waited for.
func (sess *Session) jobsBuiltin(args []string) []string {
	pids := slices.Contains(args, "-p")
	jt := &sess.jobs
	jt.mu.Lock()
	defer jt.mu.Unlock()
	var nums []int
	for n, j := range jt.jobs {
		if !j.waited {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	var sb strings.Builder
	for i, n := range nums {
		j := jt.jobs[n]
		if pids {
			fmt.Fprintf(&sb, "%d\n", pidBase+n)
			continue
		}
		mark, state := " ", "Running"
		switch i {
		case len(nums) - 1:
			mark = "+"
		case len(nums) - 2:
			mark = "-"
		}
		if j.done {
			state = "Done"
			if j.status != 0 {
				state = fmt.Sprintf("Exit %d", j.status)
			}
			if name, ok := killedState[j.status-128]; ok && j.killed {
				state = name
			}
		}
		fmt.Fprintf(&sb, "[%d]%s  %-24s%s &\n", n, mark, state, j.text)
	}
	return printText(sb.String(), "", 0)
}
