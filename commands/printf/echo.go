package printf

import (
	"context"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/escape"
	"github.com/justbash/justbash/commands/internal/opts"
)

const echoHelp = `Usage: echo [SHORT-OPTION]... [STRING]...
  or:  echo LONG-OPTION
Echo the STRING(s) to standard output.

  -n             do not output the trailing newline
  -e             enable interpretation of backslash escapes
  -E             disable interpretation of backslash escapes (default)
      --help     display this help and exit
      --version  output version information and exit
`

// runEcho is /bin/echo, GNU coreutils' echo (the shell's own echo is its
// builtin): only arguments made purely of the letters n, e and E are
// options, "--" is printed like any word, and -e reads coreutils' escapes
// (\NNN octal without a leading 0; no \u or \E).
func runEcho(ctx context.Context, c *commands.Context) int {
	if st, done := opts.SoleHelp(c, echoHelp); done {
		return st
	}
	args := c.Args[1:]
	newline, escapes := true, false
	for len(args) > 0 && isEchoFlags(args[0]) {
		for _, f := range args[0][1:] {
			switch f {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		var stop bool
		s, stop, _ = escape.Expand(s, escape.EscCoreutils)
		if stop {
			newline = false
		}
	}
	if newline {
		s += "\n"
	}
	if _, err := c.Stdout.Write([]byte(s)); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

func isEchoFlags(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	for _, f := range a[1:] {
		if f != 'n' && f != 'e' && f != 'E' {
			return false
		}
	}
	return true
}
