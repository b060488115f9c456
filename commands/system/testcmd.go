package system

import (
	"bytes"
	"context"
	"io"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
)

// runTest is test(1) and [(1), the programs env, xargs and find -exec
// run (a script's own "test" is the shell's builtin). The builtin does
// the evaluating, in a nested shell of the same sandbox, so the rules
// live in one place; its messages are reworded the way coreutils words
// them where the two differ only in form.
func runTest(ctx context.Context, c *commands.Context) int {
	name := c.Name()
	// A sole --help is help for [, as in coreutils; test takes it as a
	// non-empty string (true, no output), as coreutils' test does.
	if name == "[" {
		if st, done := opts.SoleHelp(c, testHelp); done {
			return st
		}
	}
	if c.Script == nil {
		c.Errorf("not available in this sandbox")
		return 2
	}
	// The script is one of two fixed texts: the operands only ever
	// travel as positional parameters.
	script := `builtin test "$@"`
	if name == "[" {
		script = `builtin [ "$@"`
	}
	var errb bytes.Buffer
	st := c.Script(ctx, script, c.Args[1:], commands.IO{Stdin: c.In(), Stdout: c.Stdout, Stderr: &boundedBuf{b: &errb, max: 64 << 10}})
	for _, line := range strings.SplitAfter(errb.String(), "\n") {
		if line == "" {
			continue
		}
		io.WriteString(c.Stderr, coreutilsTestMessage(name, line))
	}
	return st
}

// coreutilsTestMessage turns a line of the builtin's stderr ("bash: line
// 1: test: x: integer expression expected") into coreutils' ("test:
// invalid integer 'x'").
func coreutilsTestMessage(name, line string) string {
	_, msg, ok := strings.Cut(line, ": "+name+": ")
	if !ok {
		return line
	}
	msg = strings.TrimSuffix(msg, "\n")
	switch {
	case strings.HasSuffix(msg, ": integer expression expected"):
		msg = "invalid integer " + commands.QuoteArg(strings.TrimSuffix(msg, ": integer expression expected"))
	case strings.HasSuffix(msg, ": binary operator expected"):
		msg = commands.QuoteArg(strings.TrimSuffix(msg, ": binary operator expected")) + ": binary operator expected"
	case msg == "missing `]'":
		msg = "missing ']'"
	}
	return name + ": " + msg + "\n"
}

// boundedBuf keeps at most max bytes of what is written to it: the
// builtin's messages are short, but their operands come from the input.
type boundedBuf struct {
	b   *bytes.Buffer
	max int
}

func (w *boundedBuf) Write(p []byte) (int, error) {
	if room := w.max - w.b.Len(); room > 0 {
		w.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// testHelp is coreutils' help for test and [, cut after its first
// paragraph: the operators are the shell builtin's (help test).
const testHelp = "Usage: test EXPRESSION\n  or:  test\n  or:  [ EXPRESSION ]\n  or:  [ ]\n  or:  [ OPTION\nExit with the status determined by EXPRESSION.\n\nThe expressions are those of the shell's test builtin (help test).\n"
