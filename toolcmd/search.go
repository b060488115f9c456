package toolcmd

import (
	"math"
	"sort"
	"strings"
)

// Match is one search hit.
type Match struct {
	Tool Tool
	// Score is the relevance ×100 (BM25F; see Search).
	Score int
}

// Field weights of the BM25F ranking: a word in the tool's name counts
// most, then its summary (first line of the description, or its title),
// then its tags, then the rest of the description.
const (
	wName    = 3.0
	wSummary = 2.5
	wTags    = 1.5
	wDesc    = 1.0
	bm25K1   = 1.2
	bm25B    = 0.75
	// prefixWeight is how much a query word that only starts a tool's
	// word counts ("pet" in "petstore").
	prefixWeight = 0.4
)

// doc is one tool's words per field.
type doc struct {
	e      *entry
	fields [4][]string // name, summary, tags, description
}

var fieldWeights = [4]float64{wName, wSummary, wTags, wDesc}

// searchIndex is the BM25 statistics of the visible tools, rebuilt when
// the registry changes.
type searchIndex struct {
	docs   []doc
	avgLen [4]float64
	df     map[string]int
}

func buildSearchIndex(es []*entry) *searchIndex {
	ix := &searchIndex{df: map[string]int{}}
	var total [4]int
	for _, e := range es {
		d := doc{e: e}
		summary, rest := splitSummary(e.tool)
		d.fields[0] = words(e.tool.Path)
		d.fields[1] = words(summary)
		d.fields[2] = words(strings.Join(e.tool.Tags, " "))
		d.fields[3] = words(rest)
		seen := map[string]bool{}
		for f, ws := range d.fields {
			total[f] += len(ws)
			for _, w := range ws {
				if !seen[w] {
					seen[w] = true
					ix.df[w]++
				}
			}
		}
		ix.docs = append(ix.docs, d)
	}
	for f := range total {
		if len(es) > 0 {
			ix.avgLen[f] = math.Max(1, float64(total[f])/float64(len(es)))
		}
	}
	return ix
}

// splitSummary separates a tool's one-line summary from the rest of its
// description; the title stands in when the description has no summary.
func splitSummary(t Tool) (string, string) {
	desc := strings.TrimSpace(t.Description)
	first, rest, _ := strings.Cut(desc, "\n")
	if t.Annotations.Title != "" && !strings.EqualFold(strings.TrimSpace(first), t.Annotations.Title) {
		return t.Annotations.Title, desc
	}
	return first, rest
}

// Search ranks the visible tools against a free-text query with BM25F
// over name, summary, tags and description. A query that is a tool's
// path (or its JavaScript spelling) ranks that tool first; a summary
// that says exactly what was asked ("get repository" for "Get a
// repository") ranks next. Tools matching nothing are left out.
func (r *Registry) Search(query string) []Match {
	qwords := uniqueWords(words(query))
	if len(qwords) == 0 {
		return nil
	}
	ix := r.searchIndex()
	n := float64(len(ix.docs))
	q := strings.TrimSpace(query)
	var out []Match
	for i := range ix.docs {
		d := &ix.docs[i]
		score, matched := 0.0, 0
		for _, w := range qwords {
			tf := 0.0
			for f, ws := range d.fields {
				c := termFreq(ws, w)
				if c == 0 {
					continue
				}
				norm := 1 - bm25B + bm25B*float64(len(ws))/ix.avgLen[f]
				tf += fieldWeights[f] * c / norm
			}
			if tf == 0 {
				continue
			}
			matched++
			df := float64(max(ix.df[w], 1))
			idf := math.Log(1 + (n-df+0.5)/(df+0.5))
			score += idf * tf / (bm25K1 + tf)
		}
		if matched == 0 {
			continue
		}
		// Every query word should count: a tool matching all of them
		// beats one matching a rare word twice.
		score *= 0.5 + 0.5*float64(matched)/float64(len(qwords))
		score += summaryBonus(d.fields[1], qwords)
		if q == d.e.tool.Path || q == JSPath(d.e.tool.Path) {
			score += 1000
		}
		out = append(out, Match{Tool: d.e.tool, Score: int(math.Round(score * 100))})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Tool.Path < out[j].Tool.Path
	})
	return out
}

// termFreq counts w in ws, a word that w only begins counting partly.
func termFreq(ws []string, w string) float64 {
	c := 0.0
	for _, x := range ws {
		switch {
		case x == w:
			c++
		case len(w) >= 3 && strings.HasPrefix(x, w):
			c += prefixWeight
		}
	}
	return c
}

// summaryBonus rewards a summary that says what was asked: 20 when its
// words are exactly the query's, 10 with one word more, else 0.
func summaryBonus(summary, q []string) float64 {
	if len(summary) == 0 || len(summary) > len(q)+1 {
		return 0
	}
	for _, w := range q {
		if !hasWord(summary, w) {
			return 0
		}
	}
	if len(uniqueWords(summary)) == len(q) {
		return 20
	}
	return 10
}

// searchIndex returns the index for the registry's current version.
func (r *Registry) searchIndex() *searchIndex {
	v := r.Version()
	r.searchMu.Lock()
	defer r.searchMu.Unlock()
	if r.search == nil || r.searchVersion != v {
		r.search = buildSearchIndex(r.entries())
		r.searchVersion = v
	}
	return r.search
}

// stopWord: these words carry no meaning for ranking. A switch, not a
// package-level map that every start of the binary would build.
func stopWord(w string) bool {
	switch w {
	case "a", "an", "the", "of", "for", "to", "in", "on", "and", "or", "by", "with", "is", "be", "it", "this", "that":
		return true
	}
	return false
}

// words splits text into lower-case words, breaking camelCase, kebab,
// snake and dotted names, and reduces plurals ("numbers" → "number",
// "repositories" → "repository"); stop words are dropped.
func words(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) }) {
		for _, w := range strings.Split(KebabCase(f), "-") {
			if w = stem(w); w != "" && !stopWord(w) {
				out = append(out, w)
			}
		}
	}
	return out
}

func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us"):
		return w[:len(w)-1]
	}
	return w
}

func uniqueWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !hasWord(out, w) {
			out = append(out, w)
		}
	}
	return out
}

func hasWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}
