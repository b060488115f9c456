package opts

import (
	"fmt"
	"strings"

	"github.com/justbash/justbash/commands"
)

// ArgMatch picks the value of an option that takes one of a few words, as
// gnulib's argmatch does for GNU tools (uniq --group=METHOD, sort
// --sort=WORD): an exact name wins, else a unique prefix; names with the
// same val are synonyms, so a prefix of several synonyms is not
// ambiguous. On no match it prints GNU's "invalid argument" (or
// "ambiguous argument") message, the valid names (synonyms on one line)
// and the --help hint, and returns ok false; the caller exits with its
// usage status.
func ArgMatch(c *commands.Context, option, arg string, names []string, vals []int) (val int, ok bool) {
	found := -1
	ambiguous := false
	for i, n := range names {
		if n == arg {
			return vals[i], true
		}
		if strings.HasPrefix(n, arg) {
			switch {
			case found < 0:
				found = i
			case vals[found] != vals[i]:
				ambiguous = true
			}
		}
	}
	if found >= 0 && !ambiguous {
		return vals[found], true
	}
	kind := "invalid"
	if ambiguous {
		kind = "ambiguous"
	}
	c.Errorf("%s argument %s for %s", kind, commands.QuoteArg(arg), commands.QuoteArg(option))
	var b strings.Builder
	b.WriteString("Valid arguments are:")
	for i, n := range names {
		if i > 0 && vals[i] == vals[i-1] {
			fmt.Fprintf(&b, ", '%s'", n)
			continue
		}
		fmt.Fprintf(&b, "\n  - '%s'", n)
	}
	b.WriteString("\n")
	fmt.Fprint(c.Stderr, b.String())
	fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
	return 0, false
}
