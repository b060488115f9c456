// Package printf holds the commands that format and generate text: printf
// (also used by the shell's printf builtin through PrintfZone), echo, seq,
// expr and yes.
package printf
