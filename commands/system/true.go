package system

import (
	"context"

	"github.com/justbash/justbash/commands"
)

func runTrue(context.Context, *commands.Context) int  { return 0 }
func runFalse(context.Context, *commands.Context) int { return 1 }
