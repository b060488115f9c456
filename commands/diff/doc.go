// Package diff holds the commands that compare files: diff (normal and
// unified output, Myers' algorithm) and cmp.
package diff
