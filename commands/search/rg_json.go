package search

import (
	"encoding/base64"
	"encoding/json"
	"unicode/utf8"
)

// rgStats are the totals of the --json summary. Elapsed times are reported
// as zero: the sandbox does not expose timing that would make output vary.
type rgStats struct {
	searches, searchesWithMatch int64
	matchedLines, matches       int64
	bytesSearched               int64
}

// rgData is ripgrep's arbitrary-data object: {"text":...} for UTF-8,
// {"bytes":base64} otherwise.
type rgData map[string]string

func rgDataOf(b []byte) rgData {
	if utf8.Valid(b) {
		return rgData{"text": string(b)}
	}
	return rgData{"bytes": base64.StdEncoding.EncodeToString(b)}
}

type rgSubmatch struct {
	Match rgData `json:"match"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

type rgJSONLine struct {
	Path       rgData       `json:"path"`
	Lines      rgData       `json:"lines"`
	LineNumber int          `json:"line_number"`
	Offset     int          `json:"absolute_offset"`
	Submatches []rgSubmatch `json:"submatches"`
}

type rgElapsed struct {
	Secs  int    `json:"secs"`
	Nanos int    `json:"nanos"`
	Human string `json:"human"`
}

type rgJSONStats struct {
	Elapsed           rgElapsed `json:"elapsed"`
	Searches          int64     `json:"searches"`
	SearchesWithMatch int64     `json:"searches_with_match"`
	BytesSearched     int64     `json:"bytes_searched"`
	BytesPrinted      int64     `json:"bytes_printed"`
	MatchedLines      int64     `json:"matched_lines"`
	Matches           int64     `json:"matches"`
}

var zeroElapsed = rgElapsed{Human: "0.000000s"}

func (g *rgRun) jsonMsg(typ string, data any) {
	b, err := json.Marshal(struct {
		Type string `json:"type"`
		Data any    `json:"data"`
	}{typ, data})
	if err != nil {
		return
	}
	g.out.Write(b)
	g.out.WriteByte('\n')
}

func (g *rgRun) jsonPath(f *rgFile) rgData {
	return rgDataOf([]byte(f.shown))
}

// jsonLine emits begin (once per file) and a match or context message.
func (g *rgRun) jsonLine(f *rgFile, no int, raw []byte, sep byte, locs [][]int) {
	if !f.began {
		f.began = true
		g.stats.searchesWithMatch++
		g.jsonMsg("begin", map[string]any{"path": g.jsonPath(f)})
	}
	text := raw
	subs := []rgSubmatch{}
	for _, l := range locs {
		subs = append(subs, rgSubmatch{Match: rgDataOf(text[l[0]:l[1]]), Start: l[0], End: l[1]})
	}
	typ := "match"
	if sep != ':' {
		typ = "context"
	}
	g.jsonMsg(typ, rgJSONLine{Path: g.jsonPath(f), Lines: rgDataOf(text), LineNumber: no, Offset: f.offset, Submatches: subs})
}

func (g *rgRun) jsonEnd(f *rgFile) {
	g.stats.bytesSearched += int64(f.bytesRead)
	g.jsonMsg("end", map[string]any{
		"path":          g.jsonPath(f),
		"binary_offset": nil,
		"stats": rgJSONStats{Elapsed: zeroElapsed, Searches: 1, SearchesWithMatch: 1,
			BytesSearched: int64(f.bytesRead), MatchedLines: f.lines, Matches: f.matches},
	})
}

func (g *rgRun) jsonSummary() {
	g.jsonMsg("summary", map[string]any{
		"elapsed_total": zeroElapsed,
		"stats": rgJSONStats{Elapsed: zeroElapsed, Searches: g.stats.searches,
			SearchesWithMatch: g.stats.searchesWithMatch, BytesSearched: g.stats.bytesSearched,
			MatchedLines: g.stats.matchedLines, Matches: g.stats.matches},
	})
}
