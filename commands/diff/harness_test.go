package diff

import (
	"testing"

	"github.com/justbash/justbash/commands/internal/cmdtest"
)

// h is the shared harness (commands/internal/cmdtest) over this family's
// commands; the helpers below keep the tables short.
var h = cmdtest.H{Reg: cmdtest.NewRegistry(Register)}

type (
	cmdCase = cmdtest.Case
)

func runCases(t *testing.T, cases []cmdCase) { t.Helper(); h.Cases(t, cases) }
