package toolcmd

import (
	"encoding/json"
	"sort"
	"strings"
)

// Complete returns completions for the last word of a command line being
// typed (words so far; the last is the partial word, "" after a space):
// namespaces and `tools` first, then kebab-case subcommands, then the
// tool's parameters as --name, name= or, after name=, its enum values.
func (r *Registry) Complete(words []string) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	last := words[len(words)-1]
	if len(words) == 1 {
		return withPrefix(append(r.Namespaces(), ReservedNamespace), last)
	}
	ns := words[0]
	if ns == ReservedNamespace {
		return r.completeTools(words)
	}
	ix := r.index(ns)
	if len(ix.subs) == 0 {
		return nil
	}
	if len(words) == 2 {
		names := make([]string, 0, len(ix.subs)+1)
		for _, sc := range ix.subs {
			names = append(names, sc.name)
		}
		if strings.HasPrefix(last, "-") {
			names = append(names, "--help")
		}
		return withPrefix(names, last)
	}
	sc, given, ok := resolveSub(ix, words[1:len(words)-1])
	if !ok {
		return nil
	}
	e := r.get(sc.path)
	if e == nil {
		return nil
	}
	return completeParams(e.in().params(), given, last)
}

func completeParams(ps []param, given []string, last string) []string {
	used := map[string]bool{}
	for _, g := range given {
		k, _, _ := strings.Cut(strings.TrimLeft(g, "-"), "=")
		used[k] = true
	}
	var cands []string
	switch {
	case strings.HasPrefix(last, "-"):
		for _, p := range ps {
			if !used[p.name] {
				cands = append(cands, "--"+p.name)
			}
		}
		cands = append(cands, "--json", "--help")
	case strings.Contains(last, "="):
		key, _, _ := strings.Cut(last, "=")
		for _, p := range ps {
			if p.name != key || p.schema == nil {
				continue
			}
			for _, v := range p.schema.Enum {
				s, ok := v.(string)
				if !ok {
					b, _ := json.Marshal(v)
					s = string(b)
				}
				cands = append(cands, key+"="+s)
			}
		}
	default:
		for _, p := range ps {
			if !used[p.name] {
				cands = append(cands, p.name+"=")
			}
		}
	}
	return withPrefix(cands, last)
}

func (r *Registry) completeTools(words []string) []string {
	last := words[len(words)-1]
	if len(words) == 2 {
		return withPrefix([]string{"describe", "list", "search"}, last)
	}
	if len(words) != 3 {
		return nil
	}
	switch words[1] {
	case "list":
		return withPrefix(r.Namespaces(), last)
	case "describe":
		var paths []string
		for _, t := range r.List() {
			paths = append(paths, t.Path)
		}
		return withPrefix(paths, last)
	}
	return nil
}

func withPrefix(xs []string, prefix string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if strings.HasPrefix(x, prefix) && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}
