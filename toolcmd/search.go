package toolcmd

import (
	"sort"
	"strings"
)

// Match is one search hit.
type Match struct {
	Tool  Tool
	Score int
}

// Search ranks the visible tools against a free-text query by the words of
// their path and description: a word naming a path segment scores most,
// a prefix of one less, a description word least; tools matching every
// query word get a bonus. Tools matching nothing are left out.
func (r *Registry) Search(query string) []Match {
	qwords := words(query)
	if len(qwords) == 0 {
		return nil
	}
	var out []Match
	for _, e := range r.entries() {
		if s := scoreTool(&e.tool, qwords, strings.ToLower(query)); s > 0 {
			out = append(out, Match{Tool: e.tool, Score: s})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Tool.Path < out[j].Tool.Path
	})
	return out
}

func scoreTool(t *Tool, qwords []string, query string) int {
	path := strings.ToLower(t.Path)
	if strings.TrimSpace(query) == path {
		return 1000
	}
	nameWords := words(t.Path)
	descWords := words(t.Description)
	total, matched := 0, 0
	for _, w := range qwords {
		s := 0
		switch {
		case hasWord(nameWords, w):
			s = 10
		case hasPrefixWord(nameWords, w):
			s = 6
		case len(w) >= 3 && strings.Contains(path, w):
			s = 4
		}
		switch {
		case hasWord(descWords, w):
			s += 3
		case len(w) >= 3 && hasPrefixWord(descWords, w):
			s++
		}
		if s > 0 {
			matched++
		}
		total += s
	}
	if matched == len(qwords) && len(qwords) > 1 {
		total += 5
	}
	return total
}

// words splits text into lower-case words, breaking camelCase, kebab,
// snake and dotted names, and drops a plural "s" so "numbers" finds
// "number".
func words(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) }) {
		for _, w := range strings.Split(KebabCase(f), "-") {
			if w = stem(w); w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

func stem(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

func hasWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

func hasPrefixWord(ws []string, w string) bool {
	for _, x := range ws {
		if strings.HasPrefix(x, w) {
			return true
		}
	}
	return false
}
