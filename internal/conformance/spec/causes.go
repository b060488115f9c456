package spec

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Cause groups failures that probably share a fix in the shell: a timeout
// or limit, else the first line the sandbox wrote to stderr (normalised:
// positions and the "bash:" prefix dropped), else the kind of mismatch.
func Cause(r *CaseResult) string {
	o := r.Out
	if o.TimedOut {
		return "timeout"
	}
	if o.Err != nil {
		return "error: " + normalise(o.Err.Error())
	}
	if line := telltaleLine(o.Stderr); line != "" {
		return normalise(line)
	}
	stdoutBad := slices.Contains(r.Problems, "stdout")
	statusBad := slices.Contains(r.Problems, "status")
	switch {
	case stdoutBad && statusBad:
		return fmt.Sprintf("stdout and status differ (no stderr; status want %d got %d)", r.Expect.Status, o.Status)
	case statusBad:
		return fmt.Sprintf("status differs (no stderr; want %d got %d)", r.Expect.Status, o.Status)
	case stdoutBad:
		return "stdout differs (no stderr)"
	}
	return strings.Join(r.Problems, ", ")
}

// telltales rank stderr lines: many cases print errors on purpose, so a
// line naming a missing feature says more than the first line does.
var telltales = []*regexp.Regexp{
	regexp.MustCompile(`internal error|panic`),
	regexp.MustCompile(`command not found|not supported|unsupported|invalid option|not implemented`),
	regexp.MustCompile(`^(bash: )*(bash|-c):\d+:\d+: `),
}

// telltaleLine picks the stderr line most likely to name the cause.
func telltaleLine(stderr string) string {
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	for _, re := range telltales {
		for _, l := range lines {
			if re.MatchString(l) {
				return l
			}
		}
	}
	if len(lines) > 0 {
		return lines[0]
	}
	return ""
}

var (
	// "bash: line 3: ", "-c: line 1: " and the like.
	posPrefix = regexp.MustCompile(`^((bash|sh|-c|\S+\.sh)(: line \d+)?: )+`)
	// mvdan/sh's parser positions: "bash:3:5: ".
	parsePos    = regexp.MustCompile(`^((bash|-c|\S+\.sh):)?\d+:\d+: `)
	aliasParse  = regexp.MustCompile(`^alias: could not parse ".*": (\d+:\d+: )?`)
	notFound    = regexp.MustCompile(`^(\S+): command not found$`)
	quotedValue = regexp.MustCompile(`"[^"]*"$`)
)

// normalise strips what differs between occurrences of one problem and
// names the kind of problem.
func normalise(s string) string {
	s = strings.TrimSpace(s)
	s = posPrefix.ReplaceAllString(s, "")
	switch {
	case parsePos.MatchString(s):
		s = "parse error: " + parsePos.ReplaceAllString(s, "")
	case aliasParse.MatchString(s):
		s = "alias value is not a simple command: " + aliasParse.ReplaceAllString(s, "")
	case notFound.MatchString(s):
		s = "missing command: " + notFound.FindStringSubmatch(s)[1]
	case strings.Contains(s, "invalid name") || strings.Contains(s, "not found"):
		s = quotedValue.ReplaceAllString(s, `"…"`)
	case strings.HasPrefix(s, "unsupported redirect fd"):
		s = "unsupported redirect fd (3-9)"
	default:
		s = "stderr: " + s
	}
	if len(s) > 100 {
		s = s[:100] + "…"
	}
	return s
}

// CauseCount is one row of a failure ranking.
type CauseCount struct {
	Cause    string
	Count    int
	Examples []CaseID
}

// RankCauses groups failing results by Cause, most frequent first.
func RankCauses(failing []*CaseResult) []CauseCount {
	idx := map[string]*CauseCount{}
	var rows []*CauseCount
	for _, r := range failing {
		c := Cause(r)
		row := idx[c]
		if row == nil {
			row = &CauseCount{Cause: c}
			idx[c] = row
			rows = append(rows, row)
		}
		row.Count++
		if len(row.Examples) < 4 {
			row.Examples = append(row.Examples, r.ID())
		}
	}
	slices.SortStableFunc(rows, func(a, b *CauseCount) int { return b.Count - a.Count })
	out := make([]CauseCount, len(rows))
	for i, r := range rows {
		out[i] = *r
	}
	return out
}

// FirstDiff describes the first line where got differs from want.
func FirstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g || i >= len(wl) || i >= len(gl) {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, w, g)
		}
	}
	return ""
}

// Family is the coarse group of a cause: "missing command", "parse error",
// the builtin that complained ("read", "shopt"), or the cause itself.
func Family(cause string) string {
	if strings.Contains(cause, "internal error") {
		return "internal error (recovered panic)"
	}
	for _, p := range []string{"missing command", "parse error", "alias value is not a simple command"} {
		if strings.HasPrefix(cause, p+":") {
			return p
		}
	}
	if rest, ok := strings.CutPrefix(cause, "stderr: "); ok {
		if name, _, ok := strings.Cut(rest, ": "); ok && !strings.Contains(name, " ") {
			return name + ": …"
		}
	}
	return cause
}
