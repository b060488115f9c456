// Package escape expands backslash escapes the way echo -e, printf's %b
// and format strings, stat --printf and xargs read them.
package escape
