package main

import (
	"context"
	"fmt"
	"os"

	"github.com/justbash/justbash/shell"
)

func main() {
	sh, err := shell.New(shell.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	res, err := sh.Exec(context.Background(), os.Args[2], shell.WithStdout(os.Stdout), shell.WithStderr(os.Stderr))
	_ = err
	os.Exit(res.ExitCode)
}
