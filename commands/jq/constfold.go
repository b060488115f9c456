package jq

import (
	"strconv"
	"strings"

	"github.com/itchyny/gojq"
)

// constDivZero finds what jq 1.6's constant folding refuses at compile
// time: a number literal divided by a literal zero ("1/0", "(1)/0.0"),
// worded as jq words it, "Division by zero? at <top-level>, line 1:"
// and the program's line padded with a space per column before the
// division. "" when there is none. (A remainder by zero is a run-time
// error in jq 1.6, so only / is checked.)
func constDivZero(q *gojq.Query, filter string) string {
	d := findDivZero(q, 0)
	if d == nil {
		return ""
	}
	col := 0
	if d != q {
		// gojq keeps no positions: the division starts at its dividend's
		// first appearance (after any opening parentheses).
		lit := numLit(d.Left)
		if k := strings.Index(filter, lit.Number); k >= 0 {
			for col = k; col > 0 && filter[col-1] == '('; col-- {
			}
		}
	}
	line, _, _ := strings.Cut(filter, "\n")
	return "Division by zero? at <top-level>, line 1:\n" + line + strings.Repeat(" ", min(col, len(line)))
}

// findDivZero walks the query tree (bounded in depth: gojq's parser has
// already bounded it) for a literal division by zero.
func findDivZero(q *gojq.Query, depth int) *gojq.Query {
	if q == nil || depth > 200 {
		return nil
	}
	if q.Op == gojq.OpDiv && numLit(q.Left) != nil {
		if r := numLit(q.Right); r != nil {
			if v, err := strconv.ParseFloat(r.Number, 64); err == nil && v == 0 {
				return q
			}
		}
	}
	for _, sub := range []*gojq.Query{q.Left, q.Right} {
		if d := findDivZero(sub, depth+1); d != nil {
			return d
		}
	}
	if t := q.Term; t != nil {
		if t.Query != nil {
			if d := findDivZero(t.Query, depth+1); d != nil {
				return d
			}
		}
		if t.Array != nil {
			if d := findDivZero(t.Array.Query, depth+1); d != nil {
				return d
			}
		}
	}
	return nil
}

// numLit is the number literal a query is (parentheses allowed), or nil.
func numLit(q *gojq.Query) *gojq.Term {
	for q != nil && q.Op == 0 && q.Term != nil && len(q.Term.SuffixList) == 0 {
		switch q.Term.Type {
		case gojq.TermTypeNumber:
			return q.Term
		case gojq.TermTypeQuery:
			q = q.Term.Query
			continue
		}
		return nil
	}
	return nil
}
