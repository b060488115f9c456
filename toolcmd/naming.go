package toolcmd

import (
	"sort"
	"strings"
	"unicode"

	"github.com/iancoleman/strcase"
)

// KebabCase turns a tool name segment into its subcommand spelling:
// listPets → list-pets, getPetById → get-pet-by-id, read_file → read-file,
// parseXMLDocument → parse-xml-document. strcase alone splits digits into
// words (v2Api → v-2-api); a digit run stays glued to the word before it
// here (v2Api → v2-api, base64Encode → base64-encode) unless the original
// name separated it explicitly (file_2 → file-2). Dots are kept so deeper
// paths stay dotted (b.cD → b.c-d).
func KebabCase(name string) string {
	segs := strings.Split(name, ".")
	for i, seg := range segs {
		segs[i] = kebabSegment(seg)
	}
	return strings.Join(segs, ".")
}

func kebabSegment(seg string) string {
	// Explicit separators are honoured first, so digits are only re-glued
	// where strcase invented the split.
	pieces := strings.FieldsFunc(seg, func(r rune) bool {
		return r == '_' || r == '-' || r == ' '
	})
	for i, p := range pieces {
		pieces[i] = glueDigits(strcase.ToKebab(p))
	}
	return strings.Join(pieces, "-")
}

// glueDigits joins "-<digits>" onto the preceding word: "v-2-api" → "v2-api".
func glueDigits(s string) string {
	if !strings.ContainsAny(s, "0123456789") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '-' && i > 0 && i+1 < len(s) && isDigit(s[i+1]) && !isDigit(s[i-1]) || s[i] == '-' && i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]) {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// subcmd is one subcommand of a namespace command.
type subcmd struct {
	name  string // kebab-case, as listed in help
	alias string // the original spelling when it differs, else ""
	path  string // the tool path
}

// nsIndex is the subcommand table of one namespace.
type nsIndex struct {
	ns     string
	subs   []subcmd // sorted by name
	byName map[string]int
}

func buildIndex(ns string, paths []string) *nsIndex {
	sort.Strings(paths)
	ix := &nsIndex{ns: ns, byName: make(map[string]int, 2*len(paths))}
	for _, p := range paths {
		rest := p[len(ns)+1:]
		sc := subcmd{name: KebabCase(rest), path: p}
		if sc.name != rest {
			sc.alias = rest
		}
		ix.subs = append(ix.subs, sc)
	}
	sort.SliceStable(ix.subs, func(i, j int) bool { return ix.subs[i].name < ix.subs[j].name })
	// Kebab names are claimed first, aliases second, so a tool literally
	// named "list-pets" is not hidden by the alias of another.
	for i, sc := range ix.subs {
		if _, dup := ix.byName[sc.name]; !dup {
			ix.byName[sc.name] = i
		}
	}
	for i, sc := range ix.subs {
		if _, dup := ix.byName[sc.alias]; sc.alias != "" && !dup {
			ix.byName[sc.alias] = i
		}
	}
	// One word for a dotted path works too (`shop pets-list-pets` for
	// pets.list-pets), as the flattened names of earlier versions did.
	for i, sc := range ix.subs {
		flat := strings.ReplaceAll(sc.name, ".", "-")
		if _, dup := ix.byName[flat]; !dup {
			ix.byName[flat] = i
		}
	}
	// The JavaScript spellings work in bash too: `gh repos.pullsListFiles`.
	for i, sc := range ix.subs {
		for _, js := range []string{JSPath(sc.path[len(ns)+1:]), CamelPath(sc.path[len(ns)+1:])} {
			if _, dup := ix.byName[js]; !dup {
				ix.byName[js] = i
			}
		}
	}
	return ix
}

// lookup finds a subcommand by its kebab name or alias.
func (ix *nsIndex) lookup(name string) (subcmd, bool) {
	if i, ok := ix.byName[name]; ok {
		return ix.subs[i], true
	}
	return subcmd{}, false
}

// isWordRune reports whether r belongs to a search word.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// JSName is how a tool-path segment is written in JavaScript: kept when
// it is an identifier already ("pets_getPet"), else its CamelName
// ("pulls_list-files" → "pullsListFiles").
func JSName(seg string) string {
	if isIdent(seg) {
		return seg
	}
	return CamelName(seg)
}

// CamelName is the camelCase form of a segment, which the registry also
// resolves: "pulls_list-files" and "repos_get" → "pullsListFiles",
// "reposGet". A leading digit gets "_" in front.
func CamelName(seg string) string {
	var b strings.Builder
	up := false
	for _, r := range seg {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '$' {
			up = b.Len() > 0
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	out := b.String()
	if out == "" {
		return "_"
	}
	if unicode.IsDigit(rune(out[0])) {
		out = "_" + out
	}
	return out
}

// JSPath is a tool path with every segment in its JSName spelling, which
// the registry resolves as well as the path itself:
// tools.gh.repos.pullsListFiles reaches gh.repos.pulls_list-files.
func JSPath(path string) string { return mapSegments(path, JSName) }

// CamelPath is a tool path with every segment in its CamelName form.
func CamelPath(path string) string { return mapSegments(path, CamelName) }

func mapSegments(path string, f func(string) string) string {
	segs := strings.Split(path, ".")
	for i, s := range segs {
		segs[i] = f(s)
	}
	return strings.Join(segs, ".")
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || r == '$' || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// group lists the subcommands under a group prefix ("repos" for
// repos.get, repos.list-for-org…), given in any spelling; nil when the
// words name no group.
func (ix *nsIndex) group(words []string) (string, []subcmd) {
	var parts []string
	for _, w := range words {
		if !isPlainWord(w) {
			break
		}
		parts = append(parts, w)
	}
	for n := len(parts); n > 0; n-- {
		g := strings.Join(parts[:n], ".")
		var out []subcmd
		for _, sc := range ix.subs {
			rest := sc.path[len(ix.ns)+1:]
			for _, spelling := range []string{sc.name, rest, JSPath(rest)} {
				// A group is a dotted prefix, or for flattened names
				// (repos_pulls_list_files) the first word.
				if strings.HasPrefix(spelling, g+".") || n == 1 && (strings.HasPrefix(spelling, g+"-") || strings.HasPrefix(spelling, g+"_")) {
					out = append(out, sc)
					break
				}
			}
		}
		if len(out) > 0 {
			return KebabCase(g), out
		}
	}
	return "", nil
}
