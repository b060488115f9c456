package repl

import (
	"path"
	"slices"
	"strings"

	"github.com/justbash/justbash/vfs"
)

// Completer proposes completions for the word being typed. words are the
// words of the current command up to the cursor, quotes removed; the last
// one is the partial word (empty right after a space). It returns full
// replacements for that last word; the ones that do not start with it are
// dropped.
type Completer func(words []string) []string

// completionEnv is everything the completion logic reads, gathered so that
// complete stays a pure function of its inputs.
type completionEnv struct {
	commands []string // command names, builtins and keywords
	fs       vfs.FS   // the sandbox filesystem, for paths
	dir      string   // working directory
	home     string   // for ~
	extra    []Completer
	// spec returns the `complete` options registered for a command.
	spec func(name string) ([]string, bool)
}

// complete returns the typed word before the cursor (as typed, quotes and
// backslashes included) and the candidates that replace it, sorted and
// without duplicates.
func complete(line string, cursor int, env completionEnv) (word string, cands []string) {
	runes := []rune(line)
	cursor = max(0, min(cursor, len(runes)))
	lx := lexLine(string(runes[:cursor]))
	word = lx.raw
	words := append(slices.Clone(lx.words), lx.value)
	var out []string
	if lx.commandPosition() && !strings.Contains(lx.value, "/") {
		for _, name := range env.commands {
			if strings.HasPrefix(name, lx.value) {
				out = append(out, lx.quote(name))
			}
		}
	} else if specs, ok := argSpec(lx, env); ok {
		for _, c := range specs {
			out = append(out, lx.quote(c))
		}
	} else if !strings.HasPrefix(lx.value, "$") {
		for _, p := range completePath(lx.value, env) {
			out = append(out, lx.quote(p))
		}
	}
	for _, c := range env.extra {
		for _, cand := range safeComplete(c, slices.Clone(words)) {
			if strings.HasPrefix(cand, word) {
				out = append(out, cand)
			}
		}
	}
	slices.Sort(out)
	return word, slices.Compact(out)
}

// argSpec completes an argument from the command's `complete` spec, if
// it has one the editor can answer.
func argSpec(lx lexed, env completionEnv) ([]string, bool) {
	if env.spec == nil || lx.afterRedirect() {
		return nil, false
	}
	name := lx.commandName()
	if name == "" {
		return nil, false
	}
	opts, ok := env.spec(name)
	if !ok {
		return nil, false
	}
	return specCandidates(opts, lx.value, env)
}

// safeComplete calls a caller's completer; a panic in it must not take the
// REPL down, it just contributes nothing.
func safeComplete(c Completer, words []string) (out []string) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	return c(words)
}

// completePath lists the sandbox entries whose path starts with prefix.
// Directories get a trailing slash so the user can keep typing; hidden
// entries show only when the prefix asks for them with a dot.
func completePath(prefix string, env completionEnv) []string {
	shown, base := "", prefix
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		shown, base = prefix[:i+1], prefix[i+1:]
	}
	dir := shown
	switch {
	case dir == "" && strings.HasPrefix(prefix, "~"):
		return nil // "~user" names: there are no other users
	case strings.HasPrefix(dir, "~/"):
		dir = path.Join(env.home, dir[2:])
	case dir == "":
		dir = env.dir
	case !path.IsAbs(dir):
		dir = path.Join(env.dir, dir)
	}
	if env.fs == nil {
		return nil
	}
	ents, err := env.fs.ReadDir(path.Clean(dir))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, base) || (strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".")) {
			continue
		}
		cand := shown + name
		if isDir(env.fs, path.Join(dir, name)) {
			cand += "/"
		}
		out = append(out, cand)
	}
	return out
}

// isDir follows symlinks, so a link to a directory completes with a slash.
func isDir(fsys vfs.FS, p string) bool {
	fi, err := fsys.Stat(p)
	return err == nil && fi.IsDir()
}
