package repl_test

import (
	"context"
	"os"

	"github.com/justbash/justbash/repl"
	"github.com/justbash/justbash/shell"
)

// A Go program with its own sandbox starts the interactive shell with one
// call; extra completion sources come in as options.
func ExampleRun() {
	sh, err := shell.New(shell.Options{})
	if err != nil {
		panic(err)
	}
	status, err := repl.Run(context.Background(), sh,
		repl.WithCompleter(func(words []string) []string {
			if len(words) == 2 && words[0] == "math" {
				return []string{"add", "mul"}
			}
			return nil
		}))
	if err != nil {
		os.Exit(1)
	}
	os.Exit(status)
}
