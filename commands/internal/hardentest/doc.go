// Package hardentest holds the regression tests of the hardening pass over
// the commands (bounded reads, allocation checks, cancellation): one
// harness runs any command, built-in or from its own package, against an
// in-memory filesystem with /dev/zero and /dev/urandom, with given limits,
// and reports status, output and the heap growth it caused. It has no
// non-test code.
package hardentest
