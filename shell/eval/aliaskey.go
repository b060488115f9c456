package eval

import "strconv"

// aliasKey names one use of an alias the reader substituted at a parse
// error: the word and where it stood. Only the expansion of that use is
// kept from expanding the word again (alias ls='ls -l'); the same alias
// further on in the text is expanded afresh, as bash does.
func aliasKey(word string, at int) string { return word + "@" + strconv.Itoa(at) }
