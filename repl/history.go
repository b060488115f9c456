package repl

import (
	"context"
	"fmt"
	"strconv"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/toolcmd"
)

// historySource is the part of the editor's history the history command
// reads (readline's sources satisfy it).
type historySource interface {
	GetLine(pos int) (string, error)
	Len() int
}

// historyCommand is bash's `history [N]`: the numbered lines, oldest first.
type historyCommand struct{ src historySource }

func (h historyCommand) Run(_ context.Context, c *commands.Context) int {
	n := h.src.Len()
	first := 0
	if len(c.Args) > 1 {
		k, err := strconv.Atoi(c.Args[1])
		if err != nil || k < 0 {
			fmt.Fprintf(c.Stderr, "history: %s: numeric argument required\n", c.Args[1])
			return 1
		}
		first = max(0, n-k)
	}
	for i := first; i < n; i++ {
		line, err := h.src.GetLine(i)
		if err != nil {
			continue
		}
		fmt.Fprintf(c.Stdout, "%5d  %s\n", i+1, line)
	}
	return 0
}

// describer returns the descriptions of tool candidates at the cursor:
// subcommands show their tool's description, parameters theirs.
func (r *runner) describer(line string, cursor int) func(string) string {
	inv := r.sh.Tools()
	if inv == nil || inv.Registry == nil {
		return nil
	}
	runes := []rune(line)
	lx := lexLine(string(runes[:max(0, min(cursor, len(runes)))]))
	words := lx.words
	if len(words) == 0 || !inv.Registry.HasNamespace(words[0]) {
		return nil
	}
	return func(cand string) string {
		return describeCandidate(inv.Registry, words, cand)
	}
}

func describeCandidate(reg *toolcmd.Registry, words []string, cand string) string {
	ns := words[0]
	if len(words) == 1 {
		// A subcommand: the tool whose kebab-case name it is.
		for _, t := range reg.List() {
			if n, rest, ok := toolcmd.SplitPath(t.Path); ok && n == ns && toolcmd.KebabCase(rest) == cand {
				return firstLine(t.Description)
			}
		}
		return ""
	}
	return ""
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
