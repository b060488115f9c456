// Package files holds the commands that list, inspect and change files and
// directories: ls, stat, cp, mv, rm, rmdir, mkdir, ln, touch, chmod,
// truncate, unlink, readlink, realpath, du, df, tree, file, mktemp,
// basename and dirname.
package files
