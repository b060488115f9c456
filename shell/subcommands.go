package shell

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/awk"
	"github.com/justbash/justbash/commands/jq"
	"github.com/justbash/justbash/commands/sed"
)

// registerSubpackageCommands adds the commands that live in their own
// packages (they are too big for one file), unless the caller's registry
// already has a command of that name.
func registerSubpackageCommands(reg *commands.Registry) {
	for name, cmd := range map[string]commands.Command{
		"awk": awk.New(),
		"sed": sed.New(),
		"jq":  jq.New(),
	} {
		if _, ok := reg.Lookup(name); !ok {
			reg.Register(name, cmd)
		}
	}
}
