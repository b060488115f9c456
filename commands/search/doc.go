// Package search holds grep (with egrep/fgrep behaviour through -E/-F) and
// rg, which share the matcher of grep_match.go.
package search
