// Package gnure turns GNU regular expressions (BRE, ERE, Emacs syntax for
// find -regex and expr) into Go RE2 syntax, and Go's regexp errors into
// GNU's wording ("Invalid range end"), for grep, sed, awk, expr, nl and find.
package gnure
