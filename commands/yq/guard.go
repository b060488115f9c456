package yq

import (
	"github.com/justbash/justbash/commands/internal/boundio"
)

// maxDepth bounds the nesting of an input document. The YAML, JSON, TOML
// and XML decoders all recurse once per level, so a 10 MB "[[[[...]]]]"
// or a YAML nested a million levels deep would exhaust the Go stack, a
// crash nothing can recover from. The input is therefore scanned first,
// without recursion, and refused when it nests deeper than this (the
// bound encoding/json uses for its own input).
const maxDepth = 10000

// nestingDepth over-estimates how deeply data nests in format: brackets
// and braces (and XML start tags) are counted, and for YAML the
// indentation of each line and the "- " sequence entries that open a
// level on it. Over-estimating only refuses absurd inputs; the scan must
// never under-estimate, so closing brackets inside JSON strings are
// skipped and everything else that might open a level counts.
func nestingDepth(data []byte, format string) int {
	switch format {
	case "xml":
		return xmlDepth(data)
	case "csv", "tsv":
		return 0
	}
	depth, deepest := 0, 0
	inStr := false
	lineStart, indent, dashes := true, 0, 0
	for i := 0; i < len(data); i++ {
		ch := data[i]
		if format == "json" && inStr {
			switch ch {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		if format == "yaml" {
			switch {
			case ch == '\n':
				lineStart, indent, dashes = true, 0, 0
				continue
			case lineStart && (ch == ' ' || ch == '\t'):
				indent++
			case lineStart && ch == '-' && i+1 < len(data) && (data[i+1] == ' ' || data[i+1] == '\n'):
				dashes++
				indent++ // "- - x" nests by position as well
			case lineStart && ch == '?' || lineStart && ch == ':':
				indent++
			default:
				lineStart = false
			}
			deepest = max(deepest, depth+indent+dashes)
		}
		switch ch {
		case '"':
			if format == "json" {
				inStr = true
			}
		case '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return deepest
}

// xmlDepth counts open elements: "<name" opens, "</" and "/>" close.
func xmlDepth(data []byte) int {
	depth, deepest := 0, 0
	for i := 0; i+1 < len(data); i++ {
		switch {
		case data[i] == '<' && data[i+1] == '/':
			if depth > 0 {
				depth--
			}
		case data[i] == '<' && data[i+1] != '!' && data[i+1] != '?':
			depth++
			deepest = max(deepest, depth)
		case data[i] == '/' && data[i+1] == '>':
			if depth > 0 {
				depth--
			}
		}
	}
	return deepest
}

// checkDepth refuses input that nests deeper than maxDepth.
func checkDepth(data []byte, format string) error {
	if nestingDepth(data, format) > maxDepth {
		return boundio.DepthLimit(maxDepth)
	}
	return nil
}

// nodeBudget is how many values the YAML conversion may produce for an
// input of n bytes. Without aliases a document cannot hold more values
// than bytes; aliases may repeat a subtree, which is fine up to a point,
// but nine lines of anchors each naming the previous one nine times
// ("billion laughs") expand to 10^9 values. The budget allows generous
// reuse and stops the exponential case early.
func nodeBudget(n int) int64 { return 2*int64(n) + 1<<20 }

// aliasLimit is the error for a document whose aliases expand past the
// node budget.
func aliasLimit(budget int64) error {
	return &boundio.LimitError{Name: "max yaml alias expansion (values)", Limit: budget}
}
