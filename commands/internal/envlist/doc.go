// Package envlist edits and prints environment lists of "NAME=value"
// strings, shared by env, printenv and find -exec.
package envlist
