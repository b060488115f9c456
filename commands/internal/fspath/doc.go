// Package fspath resolves and splits sandbox paths: realpath, and the
// basename/dirname rules of POSIX.
package fspath
