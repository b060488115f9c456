// Package fileinfo reads and formats what ls, stat, find, cp and chmod show
// of a file: the GNU mode string (drwxr-xr-x), Unix permission bits,
// symbolic chmod modes, inode/link/time fields of the sandbox FS, and the
// printf-style field padding of stat and find -printf.
package fileinfo
