// Package fnmatch is fnmatch(3) with the flags the commands use (ls -I,
// du --exclude, find -name, tree -P, rg -g).
package fnmatch
