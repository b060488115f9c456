// Package quote quotes strings for the shell, as ls --quoting-style=shell,
// printf %q, stat %N and xargs -p show them.
package quote
