package main

import "strings"

// oneLine folds a multi-line message (a server's stderr, a YAML excerpt)
// into one line, so each failing source is one line of the report.
func oneLine(s string) string {
	var b strings.Builder
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if b.Len() > 0 {
			// "server stderr:" introduces what follows; elsewhere the
			// lines are separate statements.
			if strings.HasSuffix(b.String(), ":") {
				b.WriteString(" ")
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(f)
	}
	return b.String()
}
