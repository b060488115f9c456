// Package run holds the commands that run other commands: env, timeout,
// time, xargs, and sleep.
package run
