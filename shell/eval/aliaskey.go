package eval

import (
	"strconv"
	"strings"
)

// aliasKey names one use of an alias the reader substituted at a parse
// error: the word and where it stood. Only the expansion of that use is
// kept from expanding the word again (alias ls='ls -l'); the same alias
// further on in the text is expanded afresh, as bash does.
func aliasKey(word string, at int) string { return word + "@" + strconv.Itoa(at) }

// aliasInComsub finds, for a parse error at off, an alias as the first
// word of a $( before it (the last such one not yet expanded): in posix mode bash expands aliases
// while it reads a command substitution (so an alias can supply its
// case, its braces or its closing parenthesis).
func (r *Runner) aliasInComsub(text string, off int, done map[string]bool) (int, int, string, bool) {
	if !r.opts[optPosix] {
		return 0, 0, "", false
	}
	for open := strings.LastIndex(text[:off], "$("); open >= 0; open = strings.LastIndex(text[:open], "$(") {
		if strings.HasPrefix(text[open:], "$((") {
			continue
		}
		start := open + 2
		for start < len(text) && strings.IndexByte(" \t\n", text[start]) >= 0 {
			start++
		}
		end := start
		for end < len(text) && !strings.ContainsRune(" \t\n;|&()<>\"", rune(text[end])) {
			end++
		}
		word := text[start:end]
		if val, ok := r.aliasEscaped(word); ok && !done[aliasKey(word, start)] {
			return start, end, val, true
		}
	}
	return 0, 0, "", false
}
