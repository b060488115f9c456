package main

import "context"

// divergesFunc runs a script on both sides and says whether they differ.
type divergesFunc func(script string) (bash, ours Outcome, differ bool)

// maxShrinkRuns bounds the work spent minimising one script.
const maxShrinkRuns = 64

// Shrink drops statements one at a time, last first, keeping each removal
// after which the script still diverges, and repeats until no statement can
// go. Statements of a script are mostly independent, so this greedy pass
// usually leaves the one or two that matter.
func Shrink(ctx context.Context, s Script, bash, ours Outcome, diverges divergesFunc) (Script, Outcome, Outcome) {
	cur := s
	runs := 0
	for changed := true; changed && len(cur.Stmts) > 1; {
		changed = false
		for i := len(cur.Stmts) - 1; i >= 0 && len(cur.Stmts) > 1; i-- {
			if runs >= maxShrinkRuns || ctx.Err() != nil {
				return cur, bash, ours
			}
			runs++
			cand := cur
			cand.Stmts = append(append([]Stmt(nil), cur.Stmts[:i]...), cur.Stmts[i+1:]...)
			if b, o, differ := diverges(cand.Text()); differ {
				cur, bash, ours = cand, b, o
				changed = true
			}
		}
	}
	return cur, bash, ours
}
