package commands

import (
	"strconv"
	"strings"
)

// quoteArg quotes an operand for a diagnostic the way coreutils does in
// the C locale: 'x', with embedded quotes spelled '\”.
func QuoteArg(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// finishOut flushes a buffered writer and maps a failure to the status.
func (c *Context) FinishOut(out interface{ Flush() error }, status int) int {
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return status
}

func Itoa(n int) string { return strconv.Itoa(n) }
