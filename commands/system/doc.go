// Package system holds the commands that report on the sandbox itself:
// date, id, whoami, hostname, uname, nproc, printenv, pwd, which, help,
// clear, history, true and false.
package system
