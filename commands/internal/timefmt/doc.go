// Package timefmt is the one strftime of the commands: Strftime (C
// conversions), DateFormat (date +FORMAT with GNU's flags and widths) used
// by date, ls, find -printf, stat and printf %(...)T, and ParseDate, the
// date -d / touch -d / find -newermt parser.
package timefmt
