package main

import (
	"context"
	"slices"
)

// divergesFunc runs an invocation on both sides and says whether they
// differ.
type divergesFunc func(Inv) (gnu, ours Outcome, differ bool)

// maxShrinkRuns bounds the work spent minimising one invocation.
const maxShrinkRuns = 48

// Shrink simplifies inv while it still diverges, keeping each step that
// does: drop the producer stage, empty stdin, switch to the C locale, then
// drop the command's words one at a time (last first, those not marked
// Keep), repeated until nothing more can go.
func Shrink(ctx context.Context, inv Inv, gnu, ours Outcome, diverges divergesFunc) (Inv, Outcome, Outcome) {
	cur := inv
	runs := 0
	try := func(c Inv) bool {
		if runs >= maxShrinkRuns || ctx.Err() != nil {
			return false
		}
		runs++
		if g, o, differ := diverges(c); differ {
			cur, gnu, ours = c, g, o
			return true
		}
		return false
	}
	if len(cur.Stages) > 1 {
		c := cur
		c.Stages = []Stage{cur.Stages[len(cur.Stages)-1]}
		try(c)
	}
	if cur.Stdin != "" {
		c := cur
		c.Stdin = ""
		try(c)
	}
	if cur.Locale != "C" {
		c := cur
		c.Locale = "C"
		try(c)
	}
	for changed := true; changed; {
		changed = false
		last := len(cur.Stages) - 1
		for i := len(cur.Stages[last].Words) - 1; i >= 0; i-- {
			ws := cur.Stages[last].Words
			if i >= len(ws) || ws[i].Keep {
				continue
			}
			c := cur
			c.Stages = slices.Clone(cur.Stages)
			c.Stages[last].Words = slices.Delete(slices.Clone(ws), i, i+1)
			if try(c) {
				changed = true
			}
		}
	}
	return cur, gnu, ours
}
