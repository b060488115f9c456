package mcpserver

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Selector matches exposed tool names: an exact name, a glob (anchored;
// `*` is any run of characters, `?` exactly one) or a regular expression
// (unanchored, RE2 syntax).
type Selector struct {
	Exact string
	Glob  string
	Regex string
	re    *regexp.Regexp
}

// Match reports whether name is selected.
func (s Selector) Match(name string) bool {
	if s.re != nil {
		return s.re.MatchString(name)
	}
	return name == s.Exact
}

func (s Selector) String() string {
	switch {
	case s.Glob != "":
		return fmt.Sprintf("{glob: %q}", s.Glob)
	case s.Regex != "":
		return fmt.Sprintf("{regex: %q}", s.Regex)
	}
	return fmt.Sprintf("%q", s.Exact)
}

// globRegexp turns a glob into an anchored regular expression.
func globRegexp(glob string) string {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range glob {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return b.String()
}

// parseSelectors reads a selector list: a single tool name, or an array of
// names, {glob: …} and {regex: …} objects.
func parseSelectors(f fields, key string, v any) ([]Selector, error) {
	if s, ok := v.(string); ok {
		return []Selector{{Exact: s}}, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, f.errorf(key, "must be a tool name or an array of names, {glob} and {regex} selectors (got %s)", describe(v))
	}
	out := make([]Selector, 0, len(arr))
	for i, x := range arr {
		sel, err := parseSelector(f, fmt.Sprintf("%s[%d]", key, i), x)
		if err != nil {
			return nil, err
		}
		out = append(out, sel)
	}
	return out, nil
}

func parseSelector(f fields, key string, x any) (Selector, error) {
	switch t := x.(type) {
	case string:
		return Selector{Exact: t}, nil
	case map[string]any:
		if len(t) != 1 {
			return Selector{}, f.errorf(key, "a selector object must have exactly one of glob or regex")
		}
		for k, v := range t {
			pat, ok := v.(string)
			if !ok || pat == "" {
				return Selector{}, f.errorf(key+"."+k, "must be a non-empty string (got %s)", describe(v))
			}
			switch k {
			case "glob":
				return Selector{Glob: pat, re: regexp.MustCompile(globRegexp(pat))}, nil
			case "regex":
				re, err := regexp.Compile(pat)
				if err != nil {
					return Selector{}, f.errorf(key+".regex", "invalid regular expression: %v", err)
				}
				return Selector{Regex: pat, re: re}, nil
			}
			return Selector{}, f.errorf(key+"."+k, "unknown selector (want glob or regex)")
		}
	}
	return Selector{}, f.errorf(key, "must be a tool name, {glob: …} or {regex: …} (got %s)", describe(x))
}

func anyMatch(sels []Selector, name string) bool {
	for _, s := range sels {
		if s.Match(name) {
			return true
		}
	}
	return false
}

// isPrefixSep reports the characters an inferred prefix may end with.
func isPrefixSep(b byte) bool { return b == '-' || b == '_' || b == '.' || b == ':' }

// InferPrefix returns the prefix shared by all names, cut after its last
// separator (- _ . :), so "github_list_issues" and "github_get_issue" give
// "github_". It needs at least two names and never eats a whole name.
func InferPrefix(names []string) string {
	if len(names) < 2 {
		return ""
	}
	p := names[0]
	for _, n := range names[1:] {
		i := 0
		for i < len(p) && i < len(n) && p[i] == n[i] {
			i++
		}
		p = p[:i]
	}
	cut := -1
	for i := 0; i < len(p); i++ {
		if isPrefixSep(p[i]) {
			cut = i
		}
	}
	if cut < 0 {
		return ""
	}
	p = p[:cut+1]
	// Keep the run of separators together ("tool__x" strips "tool__").
	for _, n := range names {
		if len(n) <= len(p) {
			return ""
		}
	}
	return p
}

// SnakeCase converts a tool name to snake_case: words split at
// non-alphanumerics and at case changes (readValue, HTTPServer), digits
// stay with the word before them.
func SnakeCase(name string) string {
	rs := []rune(name)
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return strings.Join(words, "_")
}

// Alias is the identifier form of a tool name used as a property in
// execute_code: characters outside [A-Za-z0-9_$] become "_", and a leading
// digit gets a "_" in front.
func Alias(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < 128 && (r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		s = "_" + s
	}
	return s
}

// exposeNames maps upstream tool names to the names agents see, applying
// the server's prefix rule and normalisation. It fails on an empty or a
// duplicate result, which would make a tool unreachable.
func exposeNames(def *ServerDef, set Settings, names []string) (map[string]string, error) {
	prefix := ""
	switch def.Strip {
	case StripFixed:
		prefix = def.StripPrefix
	case StripInfer:
		prefix = InferPrefix(names)
	case StripInherit:
		if set.AutoStripToolPrefixes {
			prefix = InferPrefix(names)
		}
	}
	normalize := set.NormalizeToolNames
	if def.Normalize != nil {
		normalize = *def.Normalize
	}
	out := make(map[string]string, len(names))
	seen := map[string]string{}
	for _, n := range names {
		e := strings.TrimPrefix(n, prefix)
		if normalize {
			e = SnakeCase(e)
		}
		if e == "" {
			return nil, fmt.Errorf("tool %q has an empty name after prefix stripping and normalization", n)
		}
		if other, dup := seen[e]; dup {
			return nil, fmt.Errorf("tools %q and %q both become %q after prefix stripping and normalization", other, n, e)
		}
		seen[e] = n
		out[n] = e
	}
	return out, nil
}
