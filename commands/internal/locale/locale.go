// Package locale reads the character type the sandbox environment selects
// (LC_ALL, then LC_CTYPE, then LANG), for the commands whose output
// depends on it: byte or character counts, how bytes outside ASCII print.
package locale

import "strings"

// UTF8 reports whether the first of LC_ALL, LC_CTYPE and LANG that is
// set names a UTF-8 locale; when none is set it returns unset, the
// caller's default (the shell exports C.UTF-8; a bare command context has
// nothing).
func UTF8(getenv func(string) string, unset bool) bool {
	for _, v := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if l := getenv(v); l != "" {
			l = strings.ToLower(l)
			return strings.Contains(l, "utf-8") || strings.Contains(l, "utf8")
		}
	}
	return unset
}
