// Package text holds the line and field filters: cat, head, tail, tac,
// cut, tr, fold, fmt, nl, expand, unexpand, paste, column, rev, wc, split
// and tee.
package text
