package main

import "strings"

// maxCells bounds the quadratic comparison; longer pairs are compared on
// their common prefix and suffix only, which underestimates the ratio.
const maxCells = 64 << 20

// splitLines splits text into lines without their newlines; a final
// newline does not make an empty last line.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// lineRatio is the similarity of two texts by lines, as Python's
// difflib.SequenceMatcher.ratio() reports it: 2·M/T where T is the total
// number of lines and M the lines they have in common, in order (a longest
// common subsequence here). Two empty texts are identical: 1.
func lineRatio(a, b string) float64 {
	la, lb := splitLines(a), splitLines(b)
	total := len(la) + len(lb)
	if total == 0 {
		return 1
	}
	return 2 * float64(commonLines(la, lb)) / float64(total)
}

// commonLines is the length of a longest common subsequence of a and b.
func commonLines(a, b []string) int {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	a, b = a[pre:], b[pre:]
	suf := 0
	for suf < len(a) && suf < len(b) && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	a, b = a[:len(a)-suf], b[:len(b)-suf]
	if len(a) == 0 || len(b) == 0 || len(a)*len(b) > maxCells {
		return pre + suf
	}
	prev := make([]int32, len(b)+1)
	cur := make([]int32, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return pre + suf + int(prev[len(b)])
}
