package gnure

import "github.com/justbash/justbash/commands/internal/posixre"

// translateRegex turns a POSIX BRE (ere=false) or ERE into Go RE2 syntax
// the way GNU grep reads it: groups and intervals are checked here with
// glibc's messages. Back-references have no RE2 equivalent and are
// reported as errors.
func Translate(p string, ere bool) (string, error) {
	return posixre.Translate(p, ere, posixre.Options{CheckGroups: true})
}

// TranslateRefs is Translate accepting back-references, written as the
// markers package backtrack matches (posixre.HasBackrefs tells).
func TranslateRefs(p string, ere bool) (string, error) {
	return posixre.Translate(p, ere, posixre.Options{CheckGroups: true, Backrefs: true})
}
