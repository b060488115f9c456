package repl

import (
	"path"
	"strings"
)

// specCandidates completes an argument of a command that has a `complete`
// spec (opts as the builtin was given them). It handles the parts a line
// editor can answer without running shell code: -W word lists (split on
// blanks, not expanded), -P/-S prefix and suffix, -X filters, and the
// file and directory actions. ok is false when the spec asks only for
// something else (-F function, -C command): completion then goes on as if
// there were no spec.
func specCandidates(opts []string, value string, env completionEnv) (cands []string, ok bool) {
	var words []string
	var prefix, suffix, filter string
	files, dirs, fallback := false, false, false
	for i := 0; i < len(opts); i++ {
		a := opts[i]
		arg := func() string {
			if i+1 < len(opts) {
				i++
				return opts[i]
			}
			return ""
		}
		switch a {
		case "-W":
			words = append(words, strings.Fields(arg())...)
			ok = true
		case "-P":
			prefix = arg()
		case "-S":
			suffix = arg()
		case "-X":
			filter = arg()
		case "-A":
			switch arg() {
			case "file":
				files, ok = true, true
			case "directory":
				dirs, ok = true, true
			}
		case "-o":
			if o := arg(); o == "default" || o == "bashdefault" {
				fallback = true
			}
		case "-F", "-C", "-G":
			arg()
		default:
			if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") {
				files = files || strings.Contains(a, "f")
				dirs = dirs || strings.Contains(a, "d")
				ok = ok || files || dirs
			}
		}
	}
	if !ok && !fallback {
		return nil, false
	}
	var all []string
	for _, w := range words {
		if strings.HasPrefix(w, value) {
			all = append(all, w)
		}
	}
	if files || dirs {
		for _, p := range completePath(value, env) {
			if files || strings.HasSuffix(p, "/") {
				all = append(all, p)
			}
		}
	}
	for _, c := range all {
		if filter == "" || !filtered(filter, c) {
			cands = append(cands, prefix+c+suffix)
		}
	}
	if len(cands) == 0 && fallback {
		return nil, false
	}
	return cands, true
}

// filtered applies complete's -X pattern: matching candidates are removed,
// or kept only, when the pattern starts with "!".
func filtered(pattern, cand string) bool {
	neg := strings.HasPrefix(pattern, "!")
	m, err := path.Match(strings.TrimPrefix(pattern, "!"), cand)
	if err != nil {
		return false
	}
	return m != neg
}

// commandName is the command whose arguments are being typed: the first
// word that is not a keyword or an assignment.
func (lx lexed) commandName() string {
	for _, w := range lx.words {
		if prefixWords[w] || isAssignment(w) {
			continue
		}
		return w
	}
	return ""
}

// afterRedirect reports whether the partial word follows < or >: a file
// name, whatever the command's spec says.
func (lx lexed) afterRedirect() bool {
	n := len(lx.words)
	return n > 0 && (lx.words[n-1] == "<" || lx.words[n-1] == ">")
}
